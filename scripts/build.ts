/**
 * `npm run build`: empties `dist/`, builds with tsup (tsup.config.ts) and stamps the result
 * (scripts/build-stamp.ts). `--if-stale` builds only when `dist/` is not the build of the current
 * sources; `npm test` runs it that way, so an unchanged `dist/` is not built again.
 *
 * Its log goes to stderr, tsup's included: `npm pack --json` runs this through `prepack`, and its
 * stdout must be the JSON alone for the tools that parse it.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { staleBuild, stampPath, writeStamp } from './build-stamp.js';

const root = resolve(import.meta.dirname, '..');

if (process.argv.includes('--if-stale')) {
  const stale = staleBuild(root);
  if (stale === undefined) {
    console.error('build: dist/ is the build of the current sources (stamp matches), not rebuilt');
    process.exit(0);
  }
  console.error(`build: ${stale}; building`);
}

rmSync(stampPath(root), { force: true });
rmSync(join(root, 'dist'), { recursive: true, force: true });
const tsup = spawnSync(join(root, 'node_modules', '.bin', 'tsup'), [], {
  cwd: root,
  stdio: ['inherit', process.stderr, 'inherit'],
});
if (tsup.status !== 0) process.exit(tsup.status ?? 1);
writeStamp(root);
