// Bounded reading: a line over --max-line-bytes is reported by number without being held, a
// value over 1 KiB is refused as soon as it is seen, and memory stays flat whatever the input.
import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { check } from '../../src/cli/commands/check.js';
import { MAX_VALUE_BYTES } from '../../src/cli/read-json-lines.js';
import { fakeIo, jsonLines, limit, tempDir, writeSampleSnapshot } from './harness.js';

const GOOD = limit('BTCUSDT', 'BUY', '63999.99', '0.0015');
const OFF_TICK = limit('BTCUSDT', 'BUY', '64000.005', '0.0015');

interface Verdict {
  line: number;
  ok: boolean;
  reason?: string;
  error?: string;
  violations: { code: string }[];
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

/** A line of exactly `bytes` bytes that is a JSON object (padded with spaces inside). */
function paddedOrder(bytes: number): string {
  const text = JSON.stringify(GOOD);
  return `${text.slice(0, -1)}${' '.repeat(bytes - text.length)}}`;
}

async function checkFile(content: string | Buffer, ...flags: string[]) {
  const orders = temp.path('orders.jsonl');
  await writeFile(orders, content);
  const { io, stdout, stderr } = fakeIo(['--rules', rules, '--json', ...flags, orders]);
  const status = await check(io);
  return { status, verdicts: verdicts(stdout.text), stderr: stderr.text };
}

describe('--max-line-bytes', () => {
  it('reports a line over the default 1 MiB by its number, unread, and checks the others', async () => {
    const huge = `{"symbol":"${'A'.repeat(3 * 1024 * 1024)}"}`;
    const { status, verdicts: seen, stderr } = await checkFile(jsonLines(GOOD, huge, OFF_TICK, GOOD));
    expect(status).toBe(1);
    expect(seen.map((v) => [v.line, v.ok, v.reason])).toEqual([
      [1, true, undefined],
      [2, false, 'LINE_TOO_LONG'],
      [3, false, undefined],
      [4, true, undefined],
    ]);
    expect(seen[1]?.error).toMatch(/1048576/);
    expect(stderr).toMatch(
      /checked 3 orders: 2 passed, 1 refused; 1 unreadable line \(line 2; 1 longer than/,
    );
  });

  it('is exact: N bytes are read, N + 1 are not; a CR before the newline does not count', async () => {
    const { verdicts: seen } = await checkFile(
      `${paddedOrder(200)}\n${paddedOrder(201)}\r\n${paddedOrder(200)}\r\n`,
      '--max-line-bytes',
      '200',
    );
    expect(seen.map((v) => [v.line, v.ok, v.reason])).toEqual([
      [1, true, undefined],
      [2, false, 'LINE_TOO_LONG'],
      [3, true, undefined],
    ]);
  });

  it('reads a last line without a newline, whether short or too long', async () => {
    const short = await checkFile(jsonLines(GOOD).concat(JSON.stringify(OFF_TICK)));
    expect(short.verdicts.map((v) => [v.line, v.ok])).toEqual([
      [1, true],
      [2, false],
    ]);
    const long = await checkFile(`${JSON.stringify(GOOD)}\n${'x'.repeat(5_000)}`, '--max-line-bytes', '1000');
    expect(long.verdicts.map((v) => [v.line, v.reason])).toEqual([
      [1, undefined],
      [2, 'LINE_TOO_LONG'],
    ]);
  });

  it('finds lines across chunk boundaries, with a byte-order mark, from stdin in tiny chunks', async () => {
    const text = `\uFEFF${jsonLines(GOOD, OFF_TICK, '', 'x'.repeat(300), GOOD)}`;
    const bytes = Buffer.from(text);
    const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    const { io, stdout } = fakeIo(['--rules', rules, '--json', '--max-line-bytes', '250', '-']);
    const status = await check({ ...io, stdin: Readable.from(chunks) });
    expect(status).toBe(1);
    expect(verdicts(stdout.text).map((v) => [v.line, v.ok, v.reason])).toEqual([
      [1, true, undefined],
      [2, false, undefined],
      [4, false, 'LINE_TOO_LONG'],
      [5, true, undefined],
    ]);
  });

  it.each([['0'], ['-1'], ['1e6'], ['lots'], ['999999999999']])(
    'refuses --max-line-bytes %s',
    async (value) => {
      const { io, stderr } = fakeIo(['--rules', rules, '--max-line-bytes', value, '-'], { stdin: '' });
      expect(await check(io)).toBe(2);
      expect(stderr.lines).toEqual([expect.stringMatching(/--max-line-bytes/)]);
    },
  );

  it('keeps the first few unreadable line numbers and a count, not every one', async () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => (i === 0 ? GOOD : 'nope'));
    const { status, stderr } = await checkFile(jsonLines(...lines));
    expect(status).toBe(1);
    expect(stderr).toMatch(/9999 unreadable lines \(lines 2, 3, 4, 5, 6 and 9994 more\)/);
  });

  it('holds memory flat on a 256 MiB line with no newline, fed from a real stream', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const total = 256 * 1024 * 1024;
    let sent = 0;
    let baseline = Number.POSITIVE_INFINITY;
    let peak = 0;
    const sample = () => {
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    // Sampled on every pull: while the reader holds what it has read, this is when it shows.
    const stdin = new Readable({
      read() {
        if (sent === 0) baseline = sample();
        peak = Math.max(peak, sample());
        if (sent >= total) this.push(null);
        else {
          this.push(sent === 0 ? Buffer.concat([Buffer.from(`${JSON.stringify(GOOD)}\n`), chunk]) : chunk);
          sent += chunk.length;
        }
      },
    });
    const { io, stdout, stderr } = fakeIo(['--rules', rules, '--json', '-']);
    const status = await check({ ...io, stdin });
    expect(status).toBe(1);
    expect(verdicts(stdout.text).map((v) => [v.line, v.ok, v.reason])).toEqual([
      [1, true, undefined],
      [2, false, 'LINE_TOO_LONG'],
    ]);
    expect(stderr.text).toMatch(/checked 1 order: 1 passed/);
    // Holding the line would cost 256 MiB or more; the reader keeps at most 1 MiB and a chunk.
    expect(peak - baseline).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);
});

describe(`values over ${MAX_VALUE_BYTES} bytes are refused`, () => {
  it('a long string or number makes its line VALUE_TOO_LONG; the limit itself is accepted', async () => {
    const atLimit = { ...GOOD, clientOrderId: 'c'.repeat(MAX_VALUE_BYTES) };
    const overString = { ...GOOD, symbol: 'B'.repeat(MAX_VALUE_BYTES + 1) };
    const overNumber = `{"symbol":"BTCUSDT","side":"BUY","type":"LIMIT","price":1${'0'.repeat(MAX_VALUE_BYTES)},"quantity":"1"}`;
    const escapes = { ...GOOD, symbol: '"'.repeat(MAX_VALUE_BYTES) };
    const {
      status,
      verdicts: seen,
      stderr,
    } = await checkFile(jsonLines(atLimit, overString, overNumber, escapes, GOOD));
    expect(status).toBe(1);
    expect(seen.map((v) => [v.line, v.reason])).toEqual([
      [1, undefined],
      [2, 'VALUE_TOO_LONG'],
      [3, 'VALUE_TOO_LONG'],
      // Written as \" each: 2048 bytes in the line, counted as written.
      [4, 'VALUE_TOO_LONG'],
      [5, undefined],
    ]);
    expect(seen[1]?.error).toMatch(/string of more than 1024 bytes/);
    expect(seen[2]?.error).toMatch(/number of more than 1024 bytes/);
    expect(stderr).toMatch(/3 unreadable lines \(lines 2, 3, 4\)/);
  });

  it('a 900 KB string inside the line cap is refused where it starts, read no further', async () => {
    const big = { ...GOOD, symbol: 'S'.repeat(900_000) };
    const lines = Array.from({ length: 5 }, () => big);
    const { verdicts: seen } = await checkFile(jsonLines(...lines));
    expect(seen.map((v) => v.reason)).toEqual(Array(5).fill('VALUE_TOO_LONG'));
    // The string's opening quote, counted from 1: `{"symbol":"` is 11 bytes.
    expect(seen.every((v) => v.error?.endsWith('(at byte 11)'))).toBe(true);
  }, 30_000);

  it('the limit is documented in the help', async () => {
    const { io, stdout } = fakeIo(['--help']);
    expect(await check(io)).toBe(0);
    expect(stdout.text).toMatch(/longer than 1024 bytes/);
    expect(stdout.text).toMatch(/--max-line-bytes N/);
    expect(stdout.text).toMatch(/--allow-empty/);
  });
});
