// `check` reads an order line as the exchange would receive the body, or not at all: bytes that
// are not UTF-8, a repeated key and a line of thousands of values are each unreadable, with their
// own reason, and the other lines are still checked.
import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { check } from '../../src/cli/commands/check.js';
import { MAX_LINE_DEPTH, MAX_LINE_VALUES } from '../../src/cli/read-json-lines.js';
import { fakeIo, jsonLines, limit, tempDir, writeSampleSnapshot } from './harness.js';

const GOOD = limit('BTCUSDT', 'BUY', '63999.99', '0.0015');
const GOOD_TEXT = JSON.stringify(GOOD);

interface Verdict {
  line: number;
  ok: boolean;
  reason?: string;
  error?: string;
  violations: { code: string; field?: string; value?: string }[];
}

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

function verdicts(text: string): Verdict[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Verdict);
}

async function checkBytes(content: Buffer | string, ...flags: string[]) {
  const orders = temp.path('orders.jsonl');
  await writeFile(orders, content);
  const { io, stdout, stderr } = fakeIo(['--rules', rules, '--json', ...flags, orders]);
  const status = await check(io);
  return { status, verdicts: verdicts(stdout.text), stderr: stderr.text };
}

/** `GOOD` with one more field, written as raw bytes. */
function withField(name: string, value: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${GOOD_TEXT.slice(0, -1)},"${name}":"`), value, Buffer.from('"}')]);
}

describe('bytes that are not UTF-8', () => {
  it('make their line NOT_UTF8 (exit 1), even in a field no rule judges; the others are checked', async () => {
    const signature = withField('signature', Buffer.from([0xff, 0xfe]));
    const input = Buffer.concat([Buffer.from(`${GOOD_TEXT}\n`), signature, Buffer.from(`\n${GOOD_TEXT}\n`)]);
    const { status, verdicts: seen, stderr } = await checkBytes(input);
    expect(status).toBe(1);
    expect(seen.map((v) => [v.line, v.ok, v.reason])).toEqual([
      [1, true, undefined],
      [2, false, 'NOT_UTF8'],
      [3, true, undefined],
    ]);
    // The first bad byte, counted from 1: just past the opening quote of the signature.
    expect(seen[1]?.error).toContain(`byte ${GOOD_TEXT.length + '"signature":"'.length + 1}`);
    expect(stderr).toMatch(/checked 2 orders: 2 passed, 0 refused; 1 unreadable line \(line 2\)/);
  });

  it.each([
    ['an overlong form', [0xc0, 0xaf]],
    ['a surrogate', [0xed, 0xa0, 0x80]],
    ['a character cut short', [0xe6, 0xbc]],
    ['a lone continuation byte', [0x80]],
  ])('%s is refused too', async (_what, bytes) => {
    const { status, verdicts: seen } = await checkBytes(
      Buffer.concat([withField('note', Buffer.from(bytes)), Buffer.from('\n')]),
    );
    expect(status).toBe(1);
    expect(seen.map((v) => v.reason)).toEqual(['NOT_UTF8']);
  });

  it('a character split across input chunks, one byte at a time, still decodes', async () => {
    const text = `\uFEFF${jsonLines({ ...GOOD, clientOrderId: 'é€😀漢' }, GOOD)}`;
    const bytes = Buffer.from(text);
    const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    const { io, stdout } = fakeIo(['--rules', rules, '--json', '-']);
    expect(await check({ ...io, stdin: Readable.from(chunks) })).toBe(0);
    expect(verdicts(stdout.text).map((v) => [v.line, v.ok])).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  it('text that is UTF-8 in every width is read as written', async () => {
    const { status, verdicts: seen } = await checkBytes(
      jsonLines({ ...GOOD, symbol: 'BTC€USDT' }, { ...GOOD, clientOrderId: 'é€😀' }),
    );
    expect(status).toBe(1);
    expect(seen.map((v) => [v.ok, v.violations[0]?.code])).toEqual([
      [false, 'UNKNOWN_SYMBOL'],
      [true, undefined],
    ]);
  });
});

describe('a key that appears twice', () => {
  it.each([
    ['with the same value', `${GOOD_TEXT.slice(0, -1)},"quantity":"0.0015"}`],
    ['with another value', `${GOOD_TEXT.slice(0, -1)},"quantity":"0.0016"}`],
    ['spelt with an escape', `${GOOD_TEXT.slice(0, -1)},"quantit\\u0079":"0.0015"}`],
  ])('%s makes its line DUPLICATE_KEY, never one value picked', async (_what, line) => {
    const { status, verdicts: seen } = await checkBytes(jsonLines(line, GOOD));
    expect(status).toBe(1);
    expect(seen.map((v) => [v.line, v.ok, v.reason])).toEqual([
      [1, false, 'DUPLICATE_KEY'],
      [2, true, undefined],
    ]);
    expect(seen[0]?.error).toContain('"quantity"');
  });
});

describe('numbers are judged by their written digits', () => {
  it('a JSON number keeps every digit: one past the tick is refused, trailing zeros are kept', async () => {
    const offTick = `{"symbol":"BTCUSDT","side":"BUY","type":"LIMIT","timeInForce":"GTC","price":63999.990000000000000000001,"quantity":0.0015}`;
    const zeros = `{"symbol":"BTCUSDT","side":"BUY","type":"LIMIT","timeInForce":"GTC","price":63999.990,"quantity":0.0015}`;
    const { verdicts: seen } = await checkBytes(jsonLines(offTick, zeros));
    expect(seen[0]?.violations).toContainEqual(
      expect.objectContaining({ code: 'PRICE_TICK', field: 'price', value: '63999.990000000000000000001' }),
    );
    // Through a double, 63999.990000000000000000001 is 63999.99 and would pass.
    expect(Number('63999.990000000000000000001')).toBe(63999.99);
    expect(seen[1]?.ok).toBe(true);
  });
});

describe('lines of many values', () => {
  it(`over ${MAX_LINE_VALUES} values or ${MAX_LINE_DEPTH} levels: TOO_MANY_VALUES, TOO_DEEP; at the bounds, read`, async () => {
    // The order object and its six fields are 7 values; an array and its items fill the rest.
    const items = (n: number) => `${GOOD_TEXT.slice(0, -1)},"x":[${Array(n).fill('1').join(',')}]}`;
    const nested = (depth: number) =>
      `${GOOD_TEXT.slice(0, -1)},"x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const { verdicts: seen } = await checkBytes(
      jsonLines(
        items(MAX_LINE_VALUES - 8),
        items(MAX_LINE_VALUES - 7),
        nested(MAX_LINE_DEPTH),
        nested(MAX_LINE_DEPTH + 1),
      ),
    );
    expect(seen.map((v) => [v.line, v.reason])).toEqual([
      [1, undefined],
      [2, 'TOO_MANY_VALUES'],
      [3, undefined],
      [4, 'TOO_DEEP'],
    ]);
  });

  it('a line of a million and a half small values is refused after the bound, and the next line is checked', async () => {
    const {
      status,
      verdicts: seen,
      stderr,
    } = await checkBytes(
      `${GOOD_TEXT}\n[${'0,'.repeat(1_500_000)}0]\n${GOOD_TEXT}\n`,
      '--max-line-bytes',
      String(4 * 1024 * 1024),
    );
    expect(status).toBe(1);
    expect(seen.map((v) => [v.line, v.ok, v.reason])).toEqual([
      [1, true, undefined],
      [2, false, 'TOO_MANY_VALUES'],
      [3, true, undefined],
    ]);
    expect(stderr).toMatch(/checked 2 orders: 2 passed, 0 refused; 1 unreadable line \(line 2\)/);
  }, 30_000);
});
