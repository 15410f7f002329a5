// Each command's flags are declared once (src/cli/flag-schema.ts): how util.parseArgs reads
// each, and one zod schema for its type, check and default. These hold the table to the help,
// the defaults to the library's, and the first fault to a usage error naming the flag.
import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECK_FLAGS, check, checkCommand } from '../../src/cli/commands/check.js';
import { DIFF_FLAGS, diffCommand } from '../../src/cli/commands/diff.js';
import { FETCH_FLAGS, fetch, fetchCommand } from '../../src/cli/commands/fetch.js';
import { type Flags, type FlagTable, parseFlags } from '../../src/cli/flag-schema.js';
import { DEFAULT_MAX_LINE_BYTES } from '../../src/cli/read-json-lines.js';
import { UsageError } from '../../src/cli/usage-error.js';
import { DEFAULT_CLIENT_OPTIONS } from '../../src/node.js';
import { fakeIo, tempDir, writeSampleSnapshot } from './harness.js';

const TABLES = [
  ['check', CHECK_FLAGS, checkCommand.help],
  ['fetch', FETCH_FLAGS, fetchCommand.help],
  ['diff', DIFF_FLAGS, diffCommand.help],
] as const;

describe('the flag tables', () => {
  it.each(TABLES)("%s's help names every flag it declares, with its short form", (_name, table, help) => {
    const { flags } = table();
    expect(Object.keys(flags).length).toBeGreaterThan(0);
    for (const [name, flag] of Object.entries(flags)) {
      expect(help).toContain(`--${name}`);
      if (flag.short !== undefined) expect(help).toContain(`-${flag.short}, --${name}`);
    }
  });

  it('fills in the defaults the library and the help state', () => {
    const checked = parseFlags(['--rules', 'r.json'], CHECK_FLAGS(), 1).flags;
    expect(checked).toMatchObject({
      rules: 'r.json',
      'max-line-bytes': DEFAULT_MAX_LINE_BYTES,
      'allow-empty': false,
      json: false,
    });
    expect(checked['max-notional']).toBeUndefined();
    const fetched = parseFlags(['--base-url', 'http://127.0.0.1:9'], FETCH_FLAGS(), 0).flags;
    expect(fetched.request?.options).toEqual({
      timeoutMs: DEFAULT_CLIENT_OPTIONS.timeoutMs,
      retries: DEFAULT_CLIENT_OPTIONS.retries,
      symbolsFormat: DEFAULT_CLIENT_OPTIONS.symbolsFormat,
    });
  });

  it('converts each value as its schema says', () => {
    const checked = parseFlags(
      ['-r', 'r.json', '--max-notional', '6.4e4', '--max-line-bytes', '250', '--json'],
      CHECK_FLAGS(),
      1,
    ).flags;
    expect(checked).toMatchObject({ 'max-notional': '64000', 'max-line-bytes': 250, json: true });
    const fetched = parseFlags(
      ['--base-url', 'http://h/api/v3/exchangeInfo/', '--symbols', 'A, B', '--retries', '0'],
      FETCH_FLAGS(),
      0,
    ).flags;
    expect(fetched.request).toMatchObject({
      baseUrl: 'http://h',
      stripped: true,
      query: { symbols: ['A', 'B'] },
      options: { retries: 0 },
    });
  });

  it.each([
    [CHECK_FLAGS, ['--max-notional', '0'], '--rules'],
    [CHECK_FLAGS, ['-r', 'r', '--max-notional', '0', '--max-line-bytes', '0'], '--max-notional'],
    [CHECK_FLAGS, ['-r', 'r', '--max-line-bytes', '1e6'], '--max-line-bytes'],
    [FETCH_FLAGS, ['--base-url', 'http://h', '--timeout-ms', '0'], '--timeout-ms'],
    [FETCH_FLAGS, ['--base-url', 'http://h', '--retries', 'x'], '--retries'],
    [FETCH_FLAGS, ['--base-url', 'http://h', '--symbols-format', 'xml'], '--symbols-format'],
    [FETCH_FLAGS, ['--base-url', 'http://h', '--status', 'halt'], '--status'],
    [FETCH_FLAGS, ['--base-url', 'http://h', '--symbol', 'A', '--symbols', 'B'], '--symbols'],
    [FETCH_FLAGS, ['--from-file', 'f', '--timeout-ms', 'x'], '--from-file'],
    [FETCH_FLAGS, ['--out', 'o'], '--base-url'],
  ] as const)('refuses %#: a usage error that starts with the flag at fault', (table, args, flag) => {
    let thrown: unknown;
    try {
      parseFlags(args, (table as () => FlagTable<Flags, unknown>)(), 1);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as UsageError).exitCode).toBe(2);
    expect((thrown as UsageError).message.startsWith(`${flag} `)).toBe(true);
  });
});

describe('the reference-price file', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    temp = await tempDir();
  });
  afterEach(async () => {
    await temp.remove();
  });

  it('checks every symbol, __proto__ included, and names the one at fault', async () => {
    const rules = temp.path('rules.json');
    await writeSampleSnapshot(rules);
    const prices = temp.path('prices.json');
    await writeFile(prices, '{"BTCUSDT": "64000", "__proto__": "0"}');
    const { io, stderr } = fakeIo(['--rules', rules, '--reference-prices', prices, '-'], { stdin: '' });
    expect(await check(io)).toBe(2);
    expect(stderr.lines).toEqual([
      expect.stringMatching(/^order-preflight: check: --reference-prices .*"__proto__"/),
    ]);
  });
});

describe('fetch refuses a bad flag before it opens a connection', () => {
  it('with no network reachable, a bad --retries is still exit 2', async () => {
    const { io, stderr } = fakeIo(['--base-url', 'http://127.0.0.1:9', '--retries', '1.5']);
    expect(await fetch(io)).toBe(2);
    expect(stderr.text).toMatch(/^order-preflight: fetch: --retries /);
  });
});
