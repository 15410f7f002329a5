// `check --rules`, `diff` and `fetch --from-file` read a raw exchangeInfo payload (the body of
// GET /api/v3/exchangeInfo as curl saves it) as well as a snapshot, told apart by content and read
// losslessly; a file that is neither is exit 2 naming the flag, the file and what was expected.
// These tests use only the commands, so they run (and fail) against a CLI without payload files.
import { existsSync } from 'node:fs';
import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { check } from '../../src/cli/commands/check.js';
import { diff } from '../../src/cli/commands/diff.js';
import { fetch } from '../../src/cli/commands/fetch.js';
import { parseRuleBookSnapshot } from '../../src/index.js';
import { fakeIo, jsonLines, limit, tempDir, writeSampleSnapshot } from './harness.js';

/** 20 digits: `JSON.parse` makes it 98765432109876540000, so only a lossless reading keeps it. */
const MAX = '98765432109876543210';
const ABOVE_MAX = '98765432109876543211';

/**
 * A payload in the wire's mixed encodings: decimals as strings, plain numbers, exponents (`1e-6`,
 * `1E-1`), a padded number (`0.00001000`), precisions as `"8"` and `8`, `serverTime` as a string,
 * an escaped character in a string, an unknown top-level key; ETHUSDT without tickSize or
 * stepSize, its tick to be inferred from an unsorted `displayDigitMerge` ending in a comma.
 */
function payloadText(maxTradeAmount = MAX): string {
  return `{
  "timezone": "UTC",
  "serverTime": "1700000000000",
  "rateLimits": [],
  "symbols": [
    {
      "symbol": "BTCUSDT", "status": "TRADING",
      "baseAsset": "\\u0042TC", "baseAssetPrecision": "8", "quoteAsset": "USDT", "quoteAssetPrecision": 8,
      "tickSize": "0.01", "stepSize": 1e-6,
      "minTradeAmount": 0.00001000, "maxTradeAmount": ${maxTradeAmount},
      "takerFeeRate": "0.001", "makerFeeRate": 0.001,
      "buyLimitPriceRatio": "0.1", "sellLimitPriceRatio": 1E-1,
      "marketBuyLimitSize": "99999", "marketSellLimitSize": 99999, "marketFallbackPriceRatio": 0,
      "enableTrade": true, "enableDisplay": true, "displayDigitMerge": "0.01,0.1,1",
      "displayNew": false, "displayHot": false
    },
    {
      "symbol": "ETHUSDT", "status": "TRADING",
      "baseAsset": "ETH", "baseAssetPrecision": 8, "quoteAsset": "USDT", "quoteAssetPrecision": "8",
      "minTradeAmount": "0.0001", "maxTradeAmount": "99999",
      "enableTrade": true, "displayDigitMerge": "0.1,0.01,1,"
    }
  ]
}`;
}

/** As an editor on Windows saves it: a byte-order mark and CRLF line endings. */
function withBomAndCrlf(text: string): string {
  return `\uFEFF${text.replaceAll('\n', '\r\n')}`;
}

let temp: Awaited<ReturnType<typeof tempDir>>;
let payload: string;

beforeEach(async () => {
  temp = await tempDir();
  payload = temp.path('info.json');
  await writeFile(payload, withBomAndCrlf(payloadText()));
});
afterEach(async () => {
  await temp.remove();
});

interface Verdict {
  line: number;
  ok: boolean;
  symbol?: string;
  side?: string;
  type?: string;
  newClientOrderId?: string;
  violations: { code: string; field: string; limit?: string; value?: string }[];
  skipped: { check: string; reason: string }[];
  reason?: string;
}

function verdicts(text: string): Verdict[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Verdict);
}

async function checkJson(rules: string, ...orders: readonly unknown[]) {
  const { io, stdout, stderr } = fakeIo(['--rules', rules, '--json', '-'], { stdin: jsonLines(...orders) });
  const status = await check(io);
  return { status, verdicts: verdicts(stdout.text), stdout: stdout.text, stderr: stderr.text };
}

/** `fetch --from-file PAYLOAD --out OUT`, asserting it succeeds; resolves to OUT. */
async function snapshotOf(payloadPath: string, name = 'snapshot.json'): Promise<string> {
  const out = temp.path(name);
  const { io, stderr } = fakeIo(['--from-file', payloadPath, '--out', out]);
  expect(await fetch(io), stderr.text).toBe(0);
  return out;
}

const ETH = (price: string) => limit('ETHUSDT', 'SELL', price, '1');

describe('check --rules PAYLOAD: read losslessly, compiled as from the wire', () => {
  it.each([
    ['quantity exactly the 20-digit maxTradeAmount', limit('BTCUSDT', 'BUY', '1', MAX), undefined],
    [
      'one more in the 20th digit',
      limit('BTCUSDT', 'BUY', '1', ABOVE_MAX),
      { code: 'QUANTITY_ABOVE_MAX', limit: MAX, value: ABOVE_MAX },
    ],
    ['minTradeAmount written 0.00001000 (a JSON number)', limit('BTCUSDT', 'BUY', '1', '0.00001'), undefined],
    [
      'just under it',
      limit('BTCUSDT', 'BUY', '1', '0.000009'),
      { code: 'QUANTITY_BELOW_MIN', limit: '0.00001', value: '0.000009' },
    ],
    [
      'off the stepSize written 1e-6',
      limit('BTCUSDT', 'BUY', '1', '0.0000105'),
      { code: 'QUANTITY_STEP', limit: '0.000001', value: '0.0000105' },
    ],
    ['on the tick inferred from displayDigitMerge', ETH('3000.01'), undefined],
    ['off it', ETH('3000.005'), { code: 'PRICE_TICK', limit: '0.01', value: '3000.005' }],
  ])('%s', async (_what, order, violation) => {
    const { status, verdicts: seen, stderr } = await checkJson(payload, order);
    expect(seen, stderr).toHaveLength(1);
    if (violation === undefined) {
      expect(status).toBe(0);
      expect(seen[0]?.violations).toEqual([]);
    } else {
      expect(status).toBe(1);
      expect(seen[0]?.violations).toEqual([expect.objectContaining(violation)]);
    }
  });

  it('gives the same verdicts as the snapshot fetch --from-file makes of it, and as a snapshot of the sample', async () => {
    const orders = [
      limit('BTCUSDT', 'BUY', '1', MAX),
      limit('BTCUSDT', 'BUY', '1', ABOVE_MAX),
      limit('BTCUSDT', 'SELL', '64000.005', '0.0000105'),
      ETH('3000.005'),
      { symbol: 'ETHUSDT', side: 'BUY', type: 'MARKET', quantity: '2' },
      limit('XRPUSDT', 'BUY', '1', '1'),
    ];
    const fromPayload = await checkJson(payload, ...orders);
    const fromSnapshot = await checkJson(await snapshotOf(payload), ...orders);
    expect(fromPayload.status).toBe(1);
    expect(fromPayload.stdout).toBe(fromSnapshot.stdout);
    expect(fromPayload.stderr).toBe(fromSnapshot.stderr);
    // A snapshot is still read as one.
    const sample = temp.path('sample.json');
    await writeSampleSnapshot(sample);
    expect((await checkJson(sample, limit('BTCUSDT', 'BUY', '63999.99', '0.0015'))).status).toBe(0);
  });

  it.each([
    ['serverTime not an integer', '{"timezone":"UTC","serverTime":"x","symbols":[]}', 'serverTime'],
    ['serverTime missing', '{"timezone":"UTC","symbols":[]}', 'serverTime'],
    ['symbols not a list', '{"timezone":"UTC","serverTime":1,"symbols":{}}', 'symbols'],
  ])('a payload with %s: exit 2, one line naming the file and the field', async (_what, text, field) => {
    await writeFile(payload, text);
    const { status, stdout, stderr } = await checkJson(payload, limit('BTCUSDT', 'BUY', '1', '1'));
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(`--rules ${payload}`);
    expect(stderr).toContain(field);
  });

  it('a payload with no pairs is read (every order is for an unknown symbol)', async () => {
    await writeFile(payload, '{"timezone":"UTC","serverTime":1,"symbols":[]}');
    const { status, verdicts: seen } = await checkJson(payload, limit('BTCUSDT', 'BUY', '1', '1'));
    expect(status).toBe(1);
    expect(seen[0]?.violations.map((v) => v.code)).toEqual(['UNKNOWN_SYMBOL']);
  });
});

/** Files that are neither a snapshot nor a payload, and whether they are JSON at all. */
const NEITHER: readonly (readonly [string, string | Buffer, 'json' | 'not json'])[] = [
  ['a JSON array of pair definitions', '[{"symbol":"BTCUSDT","tickSize":"0.01"}]', 'json'],
  ['an empty JSON array', '[]', 'json'],
  ['a JSON string', '"exchangeInfo"', 'json'],
  ['a JSON number', '42', 'json'],
  ['JSON null', 'null', 'json'],
  ['an empty object', '{}', 'json'],
  ['an error answer saved by curl', '{"code":-1121,"msg":"Invalid symbol."}', 'json'],
  ['an empty file', '', 'not json'],
  ['blank lines', ' \n\r\n', 'not json'],
  ['a payload cut short', '{"timezone":"UTC","serverTime":1,"symbols":[{"symbol"', 'not json'],
  ['bytes that are not UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 'not json'],
];

describe('a file that is neither a snapshot nor a payload: exit 2, one line naming the flag, the file and what was expected', () => {
  it.each(NEITHER)('%s', async (_what, content, json) => {
    const file = temp.path('neither.json');
    await writeFile(file, content);
    const snapshot = temp.path('snapshot.json');
    await writeSampleSnapshot(snapshot);
    for (const [run, argv, named] of [
      [check, ['--rules', file, '-'], `--rules ${file}`],
      [diff, [snapshot, file], `NEW ${file}`],
      [diff, [file, snapshot], `OLD ${file}`],
      [fetch, ['--from-file', file], `--from-file ${file}`],
    ] as const) {
      const { io, stdout, stderr } = fakeIo(argv, { stdin: jsonLines(limit('BTCUSDT', 'BUY', '1', '1')) });
      expect(await run(io), named).toBe(2);
      expect(stdout.text).toBe('');
      expect(stderr.lines).toHaveLength(1);
      expect(stderr.text).toContain(named);
      // What was expected, by the fields that tell the kinds apart.
      for (const field of ['"timezone"', '"serverTime"', '"symbols"']) expect(stderr.text).toContain(field);
      if (run !== fetch) expect(stderr.text).toContain('"format"');
      if (json === 'not json' && typeof content === 'string' && content.trim() !== '')
        expect(stderr.text).toMatch(/not JSON/);
    }
  });

  it('a "version" without "format" is read as a snapshot that lost its format', async () => {
    const file = temp.path('versioned.json');
    await writeFile(file, '{"version":2,"fetchedAt":1}');
    const { io, stderr } = fakeIo(['--rules', file, '-'], { stdin: '' });
    expect(await check(io)).toBe(2);
    expect(stderr.text).toMatch(/snapshot refused \(format\)/);
  });
});

describe('diff reads payloads and snapshots alike', () => {
  it('a payload and the snapshot made from it: no changes, either way round (exit 0)', async () => {
    const snapshot = await snapshotOf(payload);
    for (const argv of [
      [payload, snapshot],
      [snapshot, payload],
      [payload, payload],
    ]) {
      const { io, stdout, stderr } = fakeIo(argv);
      expect(await diff(io), stderr.text).toBe(0);
      expect(stdout.text).toBe('no changes\n');
    }
  });

  it('a change in the 20th digit of maxTradeAmount is shown exactly (JSON.parse would see none)', async () => {
    const snapshot = await snapshotOf(payload);
    const newer = temp.path('newer.json');
    await writeFile(newer, payloadText(ABOVE_MAX));
    const { io, stdout } = fakeIo([snapshot, newer]);
    expect(await diff(io)).toBe(1);
    expect(stdout.lines).toEqual([`~ BTCUSDT maxTradeAmount ${MAX} -> ${ABOVE_MAX}`]);
    const asJson = fakeIo(['--json', payload, newer]);
    expect(await diff(asJson.io)).toBe(1);
    const parsed = JSON.parse(asJson.stdout.text) as { changed: unknown };
    expect(parsed.changed).toEqual([
      { symbol: 'BTCUSDT', changes: [{ field: 'maxTradeAmount', before: MAX, after: ABOVE_MAX }] },
    ]);
  });
});

describe('fetch --from-file PAYLOAD: a saved payload as a snapshot, nothing fetched', () => {
  it('writes the snapshot to --out, fetchedAt the payload file time, every digit kept', async () => {
    // Whole seconds: utimes passes seconds as a float, which may land a hair under a millisecond.
    const written = new Date('2025-11-21T08:00:00Z');
    await utimes(payload, written, written);
    const out = temp.path('rules.json');
    const { io, stdout, stderr } = fakeIo(['--from-file', payload, '--out', out]);
    expect(await fetch(io)).toBe(0);
    expect(stdout.text).toBe('');
    expect(stderr.lines.length).toBeGreaterThanOrEqual(1);
    const book = parseRuleBookSnapshot(await readFile(out, 'utf8'));
    expect(book.fetchedAt).toBe(written.getTime());
    expect(book.serverTime).toBe(1_700_000_000_000);
    expect(book.symbols).toEqual(['BTCUSDT', 'ETHUSDT']);
    const snapshot = JSON.parse(await readFile(out, 'utf8')) as {
      symbols: { symbol: string; maxTradeAmount: string; tickSize: string | null }[];
    };
    expect(snapshot.symbols.map((d) => [d.symbol, d.maxTradeAmount, d.tickSize])).toEqual([
      ['BTCUSDT', MAX, '0.01'],
      ['ETHUSDT', '99999', '0.01'],
    ]);
    // Nothing left beside it.
    expect((await readdir(temp.dir)).sort()).toEqual(['info.json', 'rules.json']);
  });

  it('writes to standard output without --out', async () => {
    const { io, stdout } = fakeIo(['--from-file', payload]);
    expect(await fetch(io)).toBe(0);
    expect(parseRuleBookSnapshot(stdout.text).symbols).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('refuses a snapshot (exit 2, --out untouched): check and diff read it as it is', async () => {
    const snapshot = await snapshotOf(payload);
    const out = temp.path('copy.json');
    const { io, stderr } = fakeIo(['--from-file', snapshot, '--out', out]);
    expect(await fetch(io)).toBe(2);
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toContain(`--from-file ${snapshot}`);
    expect(existsSync(out)).toBe(false);
    expect((await readdir(temp.dir)).sort()).toEqual(['info.json', 'snapshot.json']);
  });

  it.each([
    ['--base-url', 'http://127.0.0.1:9'],
    ['--symbol', 'BTCUSDT'],
    ['--symbols', 'BTCUSDT,ETHUSDT'],
    ['--status', 'TRADING'],
    ['--symbols-format', 'json'],
    ['--timeout-ms', '100'],
    ['--retries', '0'],
  ])('refuses %s beside it (exit 2 naming the flag), before reading anything', async (flag, value) => {
    const out = temp.path('rules.json');
    const { io, stderr } = fakeIo(['--from-file', payload, flag, value, '--out', out]);
    expect(await fetch(io)).toBe(2);
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toContain(flag);
    expect(existsSync(out)).toBe(false);
  });
});

describe('check --json: each verdict carries the order symbol, side, type and newClientOrderId', () => {
  const FULL = {
    ...limit('BTCUSDT', 'BUY', '63999.99', '0.0015'),
    newClientOrderId: 'bot-7/ордер-🚀-0123456789-0123456789-012',
  };
  // Against a snapshot of the sample, so these hold whatever the rules file is.
  let rules: string;
  beforeEach(async () => {
    rules = temp.path('sample.json');
    await writeSampleSnapshot(rules);
  });

  it('present: each as written', async () => {
    const { verdicts: seen } = await checkJson(rules, FULL);
    expect(seen[0]).toMatchObject({
      line: 1,
      ok: true,
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      newClientOrderId: FULL.newClientOrderId,
    });
  });

  it('absent: left out, not null or empty', async () => {
    const { verdicts: seen } = await checkJson(
      rules,
      { symbol: 'BTCUSDT', quantity: '1' },
      { quantity: '1' },
    );
    expect(Object.keys(seen[0] ?? {}).sort()).toEqual(['line', 'ok', 'skipped', 'symbol', 'violations']);
    expect(Object.keys(seen[1] ?? {}).sort()).toEqual(['line', 'ok', 'skipped', 'violations']);
  });

  it('not a string (null, a boolean, an object, an array): left out, never echoed raw', async () => {
    const { stdout, verdicts: seen } = await checkJson(rules, {
      symbol: null,
      side: true,
      type: { name: 'LIMIT-OBJECT' },
      newClientOrderId: ['ID-IN-AN-ARRAY'],
      quantity: '1',
    });
    expect(Object.keys(seen[0] ?? {}).sort()).toEqual(['line', 'ok', 'skipped', 'violations']);
    expect(seen[0]?.ok).toBe(false);
    expect(stdout).not.toMatch(/"(symbol|side|type|newClientOrderId)":/);
    expect(stdout).not.toContain('ID-IN-AN-ARRAY');
  });

  it('a JSON number: its written digits, as the check read it', async () => {
    const { verdicts: seen } = await checkJson(
      rules,
      '{"symbol":12,"side":"BUY","type":"LIMIT","timeInForce":"GTC","price":"1","quantity":"1","newClientOrderId":1.50}',
    );
    const [verdict] = seen;
    expect(verdict?.newClientOrderId).toBe('1.50');
    expect(verdict?.symbol).toBe('12');
    // The symbol judged is the one echoed: '12' has no definition.
    expect(verdict?.violations.map((v) => v.code)).toEqual(['UNKNOWN_SYMBOL']);
  });

  it('terminal controls and bidirectional overrides arrive escaped, the same JSON strings', async () => {
    const symbol = 'EVIL\u009b2J\u202eUSDT\u2028';
    const id = 'id\u0085\u2066x';
    const { stdout, verdicts: seen } = await checkJson(rules, { ...FULL, symbol, newClientOrderId: id });
    expect(stdout).not.toMatch(/[\u0080-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(seen[0]?.symbol).toBe(symbol);
    expect(seen[0]?.newClientOrderId).toBe(id);
  });

  it('a line that cannot be read has none of them', async () => {
    const { verdicts: seen } = await checkJson(rules, '{"symbol":"BTCUSDT","side":"BUY","side":"SELL"}');
    expect(seen[0]?.reason).toBe('DUPLICATE_KEY');
    expect(Object.keys(seen[0] ?? {}).sort()).toEqual([
      'error',
      'line',
      'ok',
      'reason',
      'skipped',
      'violations',
    ]);
  });
});
