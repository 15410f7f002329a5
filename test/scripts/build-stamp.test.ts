// `npm test` builds only when dist/ is stale (scripts/build-stamp.ts): every change to what a
// build reads or wrote must count as stale, or a test could run against an old build.
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, staleBuild, stampPath, writeStamp } from '../../scripts/build-stamp.js';

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
};

/** A package as a build leaves it: sources, configuration, outputs and the stamp. */
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'build-stamp-'));
  write('src/index.ts', 'export const a = 1;\n');
  write('src/cli/bin.ts', 'console.log(1);\n');
  for (const file of BUILD_INPUTS) write(file, `${file}\n`);
  write('dist/index.js', 'export const a = 1;\n');
  write('dist/cli.js', '#!/usr/bin/env node\nconsole.log(1);\n');
  chmodSync(join(root, 'dist/cli.js'), 0o755);
  writeStamp(root);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the build stamp', () => {
  it('holds right after a build, and again once a change is undone', () => {
    expect(staleBuild(root)).toBeUndefined();
    write('src/index.ts', 'export const a = 2;\n');
    expect(staleBuild(root)).toBeDefined();
    write('src/index.ts', 'export const a = 1;\n');
    expect(staleBuild(root)).toBeUndefined();
  });

  const changes: [string, () => void][] = [
    ['a source edited', () => write('src/cli/bin.ts', 'console.log(2);\n')],
    ['a source added', () => write('src/new.ts', 'export {};\n')],
    ['a source removed', () => rmSync(join(root, 'src/cli/bin.ts'))],
    ...BUILD_INPUTS.map((file): [string, () => void] => [
      `${file} edited`,
      () => write(file, `${file} changed\n`),
    ]),
    ['an output edited', () => write('dist/index.js', 'export const a = 3;\n')],
    ['an output added', () => write('dist/extra.js', '\n')],
    ['an output removed', () => rmSync(join(root, 'dist/index.js'))],
    ['the command no longer executable', () => chmodSync(join(root, 'dist/cli.js'), 0o644)],
    ['no dist/ at all', () => rmSync(join(root, 'dist'), { recursive: true })],
    ['no stamp', () => rmSync(stampPath(root))],
  ];

  it.each(changes)('is stale after %s', (_what, change) => {
    change();
    expect(staleBuild(root)).toBeDefined();
  });
});
