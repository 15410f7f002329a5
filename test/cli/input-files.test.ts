// The files the CLI reads whole (--rules, --reference-prices, diff's OLD and NEW) are regular
// files under a size cap: a FIFO with no writer or /dev/zero is refused at once, with exit 2 and a
// message naming the flag, never a hang or a read without end.
import { execFileSync } from 'node:child_process';
import { constants, existsSync } from 'node:fs';
import { open, readFile, symlink, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { check } from '../../src/cli/commands/check.js';
import { diff } from '../../src/cli/commands/diff.js';
import { MAX_REFERENCE_PRICES_FILE_BYTES } from '../../src/cli/load-files.js';
import { readRegularFile } from '../../src/cli/read-regular-file.js';
import { MAX_RULES_FILE_BYTES } from '../../src/cli/rules-file.js';
import { UsageError } from '../../src/cli/usage-error.js';
import { fakeIo, jsonLines, limit, runCli, tempDir, writeSampleSnapshot } from './harness.js';

const GOOD = limit('BTCUSDT', 'BUY', '63999.99', '0.0015');

let temp: Awaited<ReturnType<typeof tempDir>>;
let rules: string;

beforeEach(async () => {
  temp = await tempDir();
  rules = temp.path('rules.json');
  await writeSampleSnapshot(rules);
});
afterEach(async () => {
  await temp.remove();
});

function makeFifo(path: string): boolean {
  try {
    execFileSync('mkfifo', [path]);
    return true;
  } catch {
    return false;
  }
}

/** A file of `size` bytes that takes no disk space (a hole). */
async function sparseFile(path: string, size: number): Promise<void> {
  const file = await open(path, 'w');
  await file.truncate(size);
  await file.close();
}

/**
 * Runs `command` and, should it still be running after `ms`, releases a reader blocked opening
 * `fifo` (a writer's open lets it through; the writer's close gives it the end of input), so a
 * reader that waits on the FIFO fails the test instead of hanging vitest. Says whether it had to.
 */
async function releasingFifo<T>(fifo: string, ms: number, command: () => Promise<T>) {
  let released = false;
  const timer = setTimeout(() => {
    released = true;
    open(fifo, constants.O_WRONLY | constants.O_NONBLOCK)
      .then((writer) => writer.close())
      .catch(() => {});
  }, ms);
  try {
    return { result: await command(), released };
  } finally {
    clearTimeout(timer);
  }
}

describe('a FIFO or a device is refused at once (exit 2), never read', () => {
  it('--rules or --reference-prices naming a FIFO with no writer, or diff OLD naming one', async (context) => {
    const fifo = temp.path('fifo');
    if (!makeFifo(fifo)) {
      console.warn('SKIPPED: mkfifo is not available here, so the FIFO case of the CLI inputs is not tested');
      context.skip();
    }
    for (const [run, argv, flag] of [
      [check, ['--rules', fifo, '-'], '--rules'],
      [check, ['--rules', rules, '--reference-prices', fifo, '-'], '--reference-prices'],
      [diff, [fifo, rules], 'OLD'],
    ] as const) {
      const { io, stderr } = fakeIo(argv, { stdin: jsonLines(GOOD) });
      const { result, released } = await releasingFifo(fifo, 3_000, () => run(io));
      expect(released, `${flag}: still waiting on the FIFO after 3 s`).toBe(false);
      expect(result).toBe(2);
      expect(stderr.lines).toHaveLength(1);
      expect(stderr.text).toContain(`${flag} ${fifo}`);
      expect(stderr.text).toMatch(/FIFO/);
    }
  }, 30_000);

  it('--rules /dev/null: a character device', async (context) => {
    if (!existsSync('/dev/null')) {
      console.warn('SKIPPED: /dev/null does not exist here, so that case of the CLI inputs is not tested');
      context.skip();
    }
    const { io, stderr } = fakeIo(['--rules', '/dev/null', '-'], { stdin: '' });
    expect(await check(io)).toBe(2);
    expect(stderr.text).toContain('--rules /dev/null');
    expect(stderr.text).toMatch(/character device/);
  });

  // In a child: without the check, reading /dev/zero grows without end (600 MB before it failed).
  it('--rules /dev/zero: refused before a byte is read', async (context) => {
    if (!existsSync('/dev/zero')) {
      console.warn('SKIPPED: /dev/zero does not exist here, so that case of the CLI inputs is not tested');
      context.skip();
    }
    const result = await runCli(['check', '--rules', '/dev/zero', '-'], { input: '', timeoutMs: 20_000 });
    expect(result.signal).toBe(null);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--rules /dev/zero');
    expect(result.stderr).toMatch(/character device/);
  }, 30_000);
});

describe('files over their size cap are refused before they are read', () => {
  it(`--rules over ${MAX_RULES_FILE_BYTES} bytes: the message names the flag, the size and the limit`, async () => {
    const huge = temp.path('huge.json');
    await sparseFile(huge, MAX_RULES_FILE_BYTES + 1);
    const { io, stdout, stderr } = fakeIo(['--rules', huge, '-'], { stdin: jsonLines(GOOD) });
    expect(await check(io)).toBe(2);
    expect(stdout.text).toBe('');
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toContain('--rules');
    expect(stderr.text).toContain(String(MAX_RULES_FILE_BYTES + 1));
    expect(stderr.text).toContain(String(MAX_RULES_FILE_BYTES));
  });

  it(`--reference-prices over ${MAX_REFERENCE_PRICES_FILE_BYTES} bytes, and diff NEW over the snapshot cap`, async () => {
    const huge = temp.path('huge.json');
    await sparseFile(huge, MAX_REFERENCE_PRICES_FILE_BYTES + 1);
    const prices = fakeIo(['--rules', rules, '--reference-prices', huge, '-'], { stdin: '' });
    expect(await check(prices.io)).toBe(2);
    expect(prices.stderr.text).toContain('--reference-prices');
    expect(prices.stderr.text).toContain(String(MAX_REFERENCE_PRICES_FILE_BYTES + 1));
    expect(prices.stderr.text).toContain(String(MAX_REFERENCE_PRICES_FILE_BYTES));

    await sparseFile(huge, MAX_RULES_FILE_BYTES + 1);
    const snapshots = fakeIo([rules, huge]);
    expect(await diff(snapshots.io)).toBe(2);
    expect(snapshots.stderr.text).toContain('NEW');
    expect(snapshots.stderr.text).toContain(String(MAX_RULES_FILE_BYTES));
  });
});

describe('readRegularFile', () => {
  it('reads a file of exactly the limit; one byte more is refused', async () => {
    const path = temp.path('ten');
    await writeFile(path, '0123456789');
    expect((await readRegularFile(path, '--x', 10)).toString()).toBe('0123456789');
    await expect(readRegularFile(path, '--x', 9)).rejects.toThrow(UsageError);
    expect((await readRegularFile(path, '--x', 11)).toString()).toBe('0123456789');
  });

  it('reads an empty file, and follows a symbolic link to a regular file', async () => {
    const empty = temp.path('empty');
    await writeFile(empty, '');
    expect((await readRegularFile(empty, '--x', 10)).length).toBe(0);
    const link = temp.path('link');
    await symlink(rules, link);
    const { io } = fakeIo(['--rules', link, '-'], { stdin: jsonLines(GOOD) });
    expect(await check(io)).toBe(0);
  });

  it('refuses a directory, saying so', async () => {
    await expect(readRegularFile(temp.dir, '--rules', 10)).rejects.toThrow(/--rules .*a directory/);
  });
});

describe('the text of the files must be UTF-8, and a price is given once', () => {
  it('--rules and --reference-prices holding bytes that are not UTF-8: exit 2', async () => {
    const bad = temp.path('bad.json');
    await writeFile(bad, Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]));
    for (const argv of [
      ['--rules', bad, '-'],
      ['--rules', rules, '--reference-prices', bad, '-'],
    ]) {
      const { io, stderr } = fakeIo(argv, { stdin: '' });
      expect(await check(io)).toBe(2);
      expect(stderr.lines).toEqual([expect.stringMatching(/not UTF-8/)]);
    }
  });

  it('a symbol priced twice in --reference-prices is refused, even at the same price', async () => {
    const prices = temp.path('prices.json');
    await writeFile(prices, '{"BTCUSDT":"64000","BTCUSDT":"64000"}');
    const { io, stderr } = fakeIo(['--rules', rules, '--reference-prices', prices, '-'], { stdin: '' });
    expect(await check(io)).toBe(2);
    expect(stderr.lines).toEqual([expect.stringMatching(/--reference-prices .*"BTCUSDT" appears twice/)]);
  });

  it('a leading byte-order mark is accepted in both', async () => {
    const withMark = temp.path('rules-bom.json');
    const prices = temp.path('prices.json');
    await writeFile(withMark, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), await readFile(rules)]));
    await writeFile(prices, '\uFEFF{"BTCUSDT":"64000"}');
    const { io } = fakeIo(['--rules', withMark, '--reference-prices', prices, '-'], {
      stdin: jsonLines(GOOD),
    });
    expect(await check(io)).toBe(0);
  });
});
