import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { index: 'src/index.ts', testing: 'src/testing/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    // `npm run build` empties dist first: with two configs building at once, a clean here could
    // delete the other one's output.
    clean: false,
    target: 'node20',
    platform: 'node',
    splitting: false,
    treeshake: true,
  },
  // The `order-preflight` command (package.json "bin"): one ESM file, no types. tsup marks a
  // file that starts with a shebang executable (mode 755).
  {
    entry: { cli: 'src/cli/bin.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: true,
    clean: false,
    target: 'node20',
    platform: 'node',
    splitting: false,
    treeshake: true,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
