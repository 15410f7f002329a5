// `order-preflight --version` and `--help` must start fast: they load none of the commands, the
// library, zod or undici. Each run records every module the real program resolves.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLI_FROM_SOURCE, REPO_ROOT, requireBuiltCli, runChild, tempDir } from './harness.js';

const RECORDER = fileURLToPath(new URL('./fixtures/record-imports.mjs', import.meta.url));
/** What only a command needs: the library's entry, the commands, the heavy dependencies. */
const HEAVY =
  /\/src\/index\.ts$|\/src\/cli\/commands\/|\/dist\/index\.js$|node_modules\/(zod|undici|lossless-json|big\.js)\//;

let temp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.remove();
});

async function loadedBy(program: readonly string[], args: readonly string[]): Promise<string[]> {
  const record = temp.path(`imports-${args.join('-')}.txt`);
  const result = await runChild(process.execPath, ['--import', RECORDER, ...program, ...args], {
    env: { RECORD_IMPORTS_TO: record },
  });
  expect(result.status).toBe(0);
  return existsSync(record) ? (await readFile(record, 'utf8')).split('\n').filter((url) => url !== '') : [];
}

describe('commands load lazily (from source)', () => {
  it('--version and --help load no command, no library, no zod or undici', async () => {
    for (const args of [['--version'], ['--help']]) {
      const loaded = await loadedBy(CLI_FROM_SOURCE, args);
      // The recorder works: the program's own modules are there.
      expect(loaded).toContainEqual(expect.stringMatching(/\/src\/cli\/main\.ts$/));
      expect(loaded.filter((url) => HEAVY.test(url))).toEqual([]);
    }
  }, 60_000);

  it('a command loads its own module only', async () => {
    const loaded = await loadedBy(CLI_FROM_SOURCE, ['diff', '--help']);
    const commands = loaded.filter((url) => url.includes('/src/cli/commands/'));
    expect(commands.map((url) => url.replace(/^.*\/commands\//, ''))).toEqual(['diff.ts']);
  }, 60_000);
});

// dist/cli.js keeps commands apart only when tsup splits the CLI into chunks (tsup.config.ts:
// `splitting: true` for the cli entry); bundled into one file, esbuild hoists every command's
// imports of zod and undici to the top, and `--version` pays for them, which fails this test.
const DIST = `${REPO_ROOT}dist`;

describe('commands load lazily (the built CLI, split into chunks)', () => {
  beforeAll(requireBuiltCli);

  it('--version loads no command, no library, no zod or undici', async () => {
    const loaded = await loadedBy([`${DIST}/cli.js`], ['--version']);
    expect(loaded).toContainEqual(expect.stringMatching(/\/dist\/cli\.js$/));
    expect(loaded.filter((url) => HEAVY.test(url) || /\/dist\/(check|fetch|demo|diff)-/.test(url))).toEqual(
      [],
    );
  });
});
