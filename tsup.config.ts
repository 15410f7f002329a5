import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'tsup';

export default defineConfig([
  // The entry points. Splitting puts what they share (the error classes above all) in
  // one chunk, so `instanceof PreflightError` holds for an error from `./node` too; the core
  // entry itself imports no Node built-in (test/package/portable-core.test.ts holds that).
  {
    entry: {
      index: 'src/index.ts',
      futures: 'src/futures.ts',
      node: 'src/node.ts',
      gateway: 'src/gateway.ts',
      testing: 'src/testing/index.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    // No source maps: they would point into `src/`, which is not published, and double the
    // package; the output is readable, unminified ES2022.
    sourcemap: false,
    // `npm run build` empties dist first: with two configs building at once, a clean here could
    // delete the other one's output.
    clean: false,
    target: 'es2022',
    platform: 'neutral',
    // The core is portable; `./node` and the CLI name their Node built-ins with the `node:`
    // prefix, which stays external.
    external: [/^node:/],
    // zod (the option schemas of `./node`) is bundled, tree-shaken to the zod/mini parts in use:
    // loading the published zod package would add over 100 ms to `import('order-preflight/node')`
    // (README, "Dependencies"). Its licence goes beside it.
    noExternal: [/^zod(\/|$)/],
    splitting: true,
    treeshake: true,
    // `require` and `import` of 'order-preflight/testing' go through guards that name a missing
    // peer (src/testing/peers.cjs); the `import` guard re-exports the names the bundle exports.
    onSuccess: async () => {
      await copyFile('src/testing/peers.cjs', 'dist/testing-peers.cjs');
      await copyFile('src/testing/require-entry.cjs', 'dist/testing-require.cjs');
      const names = Object.keys(await import(pathToFileURL('dist/testing.js').href)).sort();
      const guard = await readFile('src/testing/import-entry.mjs', 'utf8');
      await writeFile('dist/testing-import.js', guard.replace('__EXPORTS__', names.join(', ')));
      await copyFile('node_modules/zod/LICENSE', 'dist/zod.LICENSE');
    },
  },
  // The `order-preflight` command (package.json "bin"): ESM, no types. tsup marks a file that
  // starts with a shebang executable (mode 755). Its commands are separate chunks, loaded only
  // when run, so `--version` starts without the library.
  {
    entry: { cli: 'src/cli/bin.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: false,
    clean: false,
    target: 'node20',
    platform: 'node',
    noExternal: [/^zod(\/|$)/],
    splitting: true,
    treeshake: true,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
