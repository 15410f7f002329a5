import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { check } from '../../src/cli/commands/check.js';
import { Progress } from '../../src/cli/progress.js';
import { Capture, expectNoStack, fakeIo, jsonLines, limit, tempDir, writeSampleSnapshot } from './harness.js';

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

const GOOD = limit('BTCUSDT', 'BUY', '63999.99', '0.0015');
const OFF_TICK = limit('BTCUSDT', 'BUY', '64000.005', '0.0015');
/** 9% above a last price of 64000: only a reference price reveals it. */
const ABOVE_BAND = limit('BTCUSDT', 'BUY', '70000', '0.001');
const MARKET_SELL = { symbol: 'ETHUSDT', side: 'SELL', type: 'MARKET', quantity: '1.5' };

interface Verdict {
  line: number;
  ok: boolean;
  violations: { code: string; field: string; limit?: string; value?: string }[];
  skipped: { check: string; reason: string; message: string }[];
  error?: string;
}

function parseVerdicts(text: string): Verdict[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Verdict);
}

describe('order-preflight check', () => {
  it('reports passing, failing and unparseable lines with their line numbers (JSON lines)', async () => {
    const orders = temp.path('orders.jsonl');
    await writeFile(
      orders,
      jsonLines(GOOD, OFF_TICK, '', '{"symbol": oops}', '   ', MARKET_SELL, 'not json at all'),
    );
    const { io, stdout, stderr } = fakeIo(['--rules', rules, '--json', orders]);

    expect(await check(io)).toBe(1);

    const verdicts = parseVerdicts(stdout.text);
    expect(verdicts.map((v) => [v.line, v.ok])).toEqual([
      [1, true],
      [2, false],
      [4, false],
      [6, true],
      [7, false],
    ]);
    expect(verdicts[1]?.violations).toEqual([
      expect.objectContaining({ code: 'PRICE_TICK', field: 'price', limit: '0.01', value: '64000.005' }),
    ]);
    expect(verdicts[2]?.error).toMatch(/not JSON/);
    expect(verdicts[2]?.violations).toEqual([]);
    expect(verdicts[4]?.error).toMatch(/not JSON/);
    expect(stderr.text).toMatch(/checked 3 orders: 2 passed, 1 refused/);
    expect(stderr.text).toMatch(/2 unreadable lines \(lines 4, 7\)/);
    expect(expectNoStack(stderr.text)).toBe(true);
  });

  it('prints a readable table by default: a row per order, a line per violation', async () => {
    const orders = temp.path('orders.jsonl');
    await writeFile(orders, jsonLines(GOOD, OFF_TICK, '{bad'));
    const { io, stdout } = fakeIo(['--rules', rules, orders]);
    expect(await check(io)).toBe(1);
    const lines = stdout.lines;
    expect(lines[0]).toMatch(/LINE\s+RESULT\s+SYMBOL\s+SIDE\s+TYPE\s+QUANTITY\s+PRICE/);
    expect(lines).toContainEqual(
      expect.stringMatching(/^\s+1\s+PASS\s+BTCUSDT\s+BUY\s+LIMIT\s+0\.0015\s+63999\.99$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^\s+2\s+FAIL\s+BTCUSDT\s+BUY\s+LIMIT\s+0\.0015\s+64000\.005$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^\s+PRICE_TICK\s+price 64000\.005 .*0\.01.*try 64000 or 64000\.01/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^\s+3\s+ERROR\s+not JSON/));
    // Not a terminal: no colours.
    expect(stdout.text).not.toContain('\u001b[');
  });

  it('colours PASS/FAIL on a terminal, unless NO_COLOR is set', async () => {
    const orders = temp.path('orders.jsonl');
    await writeFile(orders, jsonLines(GOOD));
    const tty = fakeIo(['--rules', rules, orders], { isTTY: { stdout: true } });
    await check(tty.io);
    expect(tty.stdout.text).toContain('\u001b[32m');
    const noColour = fakeIo(['--rules', rules, orders], { isTTY: { stdout: true }, env: { NO_COLOR: '1' } });
    await check(noColour.io);
    expect(noColour.stdout.text).not.toContain('\u001b[');
  });

  it('never lets an order write terminal escapes', async () => {
    const orders = temp.path('orders.jsonl');
    await writeFile(orders, jsonLines({ ...GOOD, symbol: '\u001b[2J\u001b[31mEVIL' }));
    const { io, stdout } = fakeIo(['--rules', rules, orders], {
      isTTY: { stdout: true },
      env: { NO_COLOR: '1' },
    });
    expect(await check(io)).toBe(1);
    expect(stdout.text).not.toContain('\u001b');
    expect(stdout.text).toContain('\\u001b[2J');
  });

  it('exits 0 when every order passes', async () => {
    const orders = temp.path('orders.jsonl');
    await writeFile(orders, jsonLines(GOOD, MARKET_SELL));
    const { io, stdout, stderr } = fakeIo(['--rules', rules, '--json', orders]);
    expect(await check(io)).toBe(0);
    expect(parseVerdicts(stdout.text).every((v) => v.ok)).toBe(true);
    expect(stderr.text).toMatch(/checked 2 orders: 2 passed, 0 refused/);
    expect(stderr.text).not.toMatch(/unreadable/);
  });

  it('reads standard input with -, and when no file is named and input is piped', async () => {
    for (const argv of [
      ['--rules', rules, '--json', '-'],
      ['--rules', rules, '--json'],
    ]) {
      const { io, stdout } = fakeIo(argv, { stdin: jsonLines(GOOD, OFF_TICK) });
      expect(await check(io)).toBe(1);
      expect(parseVerdicts(stdout.text).map((v) => [v.line, v.ok])).toEqual([
        [1, true],
        [2, false],
      ]);
    }
  });

  it('refuses to wait on a terminal when no orders are named', async () => {
    const { io, stderr } = fakeIo(['--rules', rules], { isTTY: { stdin: true } });
    expect(await check(io)).toBe(2);
    expect(stderr.lines).toEqual([expect.stringMatching(/no orders to check/)]);
  });

  it('accepts CRLF line endings and a byte-order mark', async () => {
    const orders = temp.path('orders.jsonl');
    await writeFile(orders, `\uFEFF${JSON.stringify(GOOD)}\r\n\r\n${JSON.stringify(OFF_TICK)}\r\n`);
    const { io, stdout } = fakeIo(['--rules', rules, '--json', orders]);
    expect(await check(io)).toBe(1);
    expect(parseVerdicts(stdout.text).map((v) => [v.line, v.ok])).toEqual([
      [1, true],
      [3, false],
    ]);
  });

  it('judges numbers by their written digits, never rounded through a float', async () => {
    const orders = temp.path('orders.jsonl');
    // 0.00150000000000000001 rounds to the double 0.0015, which is on the 0.00001 grid; the written
    // value is not.
    await writeFile(
      orders,
      '{"symbol":"BTCUSDT","side":"BUY","type":"LIMIT","timeInForce":"GTC","price":63999.99,"quantity":0.00150000000000000001}\n',
    );
    const { io, stdout } = fakeIo(['--rules', rules, '--json', orders]);
    expect(await check(io)).toBe(1);
    expect(parseVerdicts(stdout.text)[0]?.violations.map((v) => v.code)).toContain('QUANTITY_STEP');
  });

  it("a skip for want of a reference price names --reference-prices, with the skip's code and reason kept", async () => {
    const orders = temp.path('orders.jsonl');
    await writeFile(orders, jsonLines(ABOVE_BAND));
    const prices = temp.path('prices.json');
    await writeFile(prices, JSON.stringify({ ETHUSDT: '3000' }));
    for (const argv of [
      ['--rules', rules, '--json', orders],
      ['--rules', rules, '--reference-prices', prices, '--json', orders],
    ]) {
      const { io, stdout } = fakeIo(argv);
      expect(await check(io)).toBe(0);
      const skipped = parseVerdicts(stdout.text)[0]?.skipped ?? [];
      expect(skipped.length).toBeGreaterThan(0);
      for (const skip of skipped) {
        expect(skip.reason).toBe('NO_REFERENCE_PRICE');
        expect(skip.message).toContain('--reference-prices');
        expect(skip.message).not.toContain('context.');
      }
    }
  });

  it('--reference-prices supplies each symbol its last price: the band violation appears only with it', async () => {
    const orders = temp.path('orders.jsonl');
    await writeFile(orders, jsonLines(ABOVE_BAND));
    const prices = temp.path('prices.json');
    await writeFile(prices, '{"BTCUSDT": 64000, "ETHUSDT": "3000"}');

    const without = fakeIo(['--rules', rules, '--json', orders]);
    expect(await check(without.io)).toBe(0);
    const plain = parseVerdicts(without.stdout.text)[0];
    expect(plain?.ok).toBe(true);
    expect(plain?.skipped).toContainEqual(expect.objectContaining({ reason: 'NO_REFERENCE_PRICE' }));
    expect(without.stderr.text).toMatch(/reference price/);

    const withPrices = fakeIo(['--rules', rules, '--reference-prices', prices, '--json', orders]);
    expect(await check(withPrices.io)).toBe(1);
    const banded = parseVerdicts(withPrices.stdout.text)[0];
    expect(banded?.violations).toEqual([
      expect.objectContaining({ code: 'PRICE_ABOVE_BUY_LIMIT', limit: '67200', value: '70000' }),
    ]);
    expect(banded?.skipped).toEqual([]);
  });

  it('--max-notional applies a notional limit to every order', async () => {
    const orders = temp.path('orders.jsonl');
    await writeFile(orders, jsonLines(limit('BTCUSDT', 'BUY', '63999.99', '1')));
    const { io, stdout } = fakeIo(['--rules', rules, '--max-notional', '50000', '--json', orders]);
    expect(await check(io)).toBe(1);
    expect(parseVerdicts(stdout.text)[0]?.violations).toEqual([
      expect.objectContaining({ code: 'NOTIONAL_ABOVE_MAX', limit: '50000' }),
    ]);
    const bad = fakeIo(['--rules', rules, '--max-notional', 'lots', orders]);
    expect(await check(bad.io)).toBe(2);
    expect(bad.stderr.lines).toEqual([expect.stringMatching(/--max-notional must be a positive decimal/)]);
  });

  it.each([
    ['not JSON', 'nope'],
    ['not an object', '["BTCUSDT", 64000]'],
    ['not a decimal', '{"BTCUSDT": "sixty"}'],
    ['not positive', '{"BTCUSDT": 0}'],
  ])('a --reference-prices file that is %s is a usage error', async (_what, text) => {
    const prices = temp.path('prices.json');
    await writeFile(prices, text);
    const { io, stdout, stderr } = fakeIo(['--rules', rules, '--reference-prices', prices, '-'], {
      stdin: '',
    });
    expect(await check(io)).toBe(2);
    expect(stdout.text).toBe('');
    expect(stderr.lines).toEqual([expect.stringMatching(/^order-preflight: check: --reference-prices /)]);
  });

  it('--rules is required', async () => {
    const { io, stderr } = fakeIo(['-'], { stdin: jsonLines(GOOD) });
    expect(await check(io)).toBe(2);
    expect(stderr.lines).toEqual([
      'order-preflight: check: --rules is required (see order-preflight check --help)',
    ]);
  });

  it('a missing rules file, a directory, or a missing orders file is a usage error of one line', async () => {
    const orders = temp.path('orders.jsonl');
    await writeFile(orders, jsonLines(GOOD));
    for (const argv of [
      ['--rules', temp.path('nope.json'), orders],
      ['--rules', temp.dir, orders],
      ['--rules', rules, temp.path('nope.jsonl')],
      ['--rules', rules, temp.dir],
    ]) {
      const { io, stdout, stderr } = fakeIo(argv);
      expect(await check(io)).toBe(2);
      expect(stdout.text).toBe('');
      expect(stderr.lines).toHaveLength(1);
      expect(stderr.text).toMatch(/^order-preflight: check: cannot read /);
      expect(stderr.text).toMatch(/ENOENT|EISDIR|directory/);
    }
  });

  it.each([
    ['from a newer version', '{"format":"order-preflight/rule-book","version":99}', 'version'],
    ['of another format', '{"format":"someone-else/rules","version":2}', 'format'],
  ])('a rules file that is a snapshot %s is a usage error of one line', async (_what, text, reason) => {
    await writeFile(rules, text);
    const { io, stdout, stderr } = fakeIo(['--rules', rules, '-'], { stdin: jsonLines(GOOD) });
    expect(await check(io)).toBe(2);
    expect(stdout.text).toBe('');
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toMatch(
      new RegExp(`^order-preflight: check: --rules .*rule-book snapshot refused \\(${reason}\\)`),
    );
  });

  it('a damaged snapshot (a field wrong) names the field', async () => {
    await writeSampleSnapshot(rules, (snapshot) => {
      (snapshot.symbols as Record<string, unknown>[])[0]!.tickSize = '0.010';
    });
    const { io, stderr } = fakeIo(['--rules', rules, '-'], { stdin: '' });
    expect(await check(io)).toBe(2);
    expect(stderr.lines).toEqual([expect.stringMatching(/\(schema\).*symbols\[0\]\.tickSize/)]);
  });

  it('takes one orders file at most', async () => {
    const { io, stderr } = fakeIo(['--rules', rules, 'a.jsonl', 'b.jsonl']);
    expect(await check(io)).toBe(2);
    expect(stderr.lines).toEqual([expect.stringMatching(/unexpected argument 'b\.jsonl'/)]);
  });

  it('checks a long file line by line; no progress output when stderr is not a terminal', async () => {
    const orders = temp.path('orders.jsonl');
    const lines = Array.from({ length: 5_000 }, (_, i) => JSON.stringify(i % 100 === 99 ? OFF_TICK : GOOD));
    await writeFile(orders, `${lines.join('\n')}\n`);
    const { io, stdout, stderr } = fakeIo(['--rules', rules, '--json', orders]);
    expect(await check(io)).toBe(1);
    expect(stdout.lines).toHaveLength(5_000);
    expect(stderr.text).toMatch(/checked 5000 orders: 4950 passed, 50 refused/);
    expect(stderr.text).not.toContain('\r');
    expect(stderr.text).not.toContain('\u001b');
    expect(stderr.lines).toHaveLength(2); // the summary and the reference-price note
  });

  it('leaves no progress line behind on a terminal', async () => {
    const orders = temp.path('orders.jsonl');
    await writeFile(orders, jsonLines(GOOD, OFF_TICK));
    const { io, stderr } = fakeIo(['--rules', rules, '--json', orders], { isTTY: { stderr: true } });
    expect(await check(io)).toBe(1);
    // Short input: no progress at all, just the summary.
    expect(stderr.text).toMatch(/^checked 2 orders/);
  });
});

describe('Progress', () => {
  function clock() {
    let now = 0;
    return {
      now: () => now,
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  it('appears only once the work has lasted, redraws at most every interval, and clears itself', () => {
    const time = clock();
    const out = new Capture();
    const progress = new Progress(out, { enabled: true, delayMs: 300, intervalMs: 100, now: time.now });
    progress.update({ lines: 10, refused: 0 });
    expect(out.text).toBe('');
    time.advance(300);
    progress.update({ lines: 1000, refused: 2, bytesRead: 500, totalBytes: 1000 });
    expect(out.text).toBe('\r\u001b[2Kchecking: line 1000, 50%, 2 refused');
    time.advance(50);
    progress.update({ lines: 1500, refused: 2 });
    expect(out.text).not.toContain('1500');
    time.advance(50);
    progress.update({ lines: 2000, refused: 3 });
    expect(out.text).toContain('checking: line 2000, 3 refused');
    expect(progress.visible).toBe(true);
    progress.clear();
    expect(out.text.endsWith('\r\u001b[2K')).toBe(true);
    expect(progress.visible).toBe(false);
  });

  it('writes nothing when disabled', () => {
    const time = clock();
    const out = new Capture();
    const progress = new Progress(out, { enabled: false, delayMs: 0, now: time.now });
    time.advance(1_000);
    progress.update({ lines: 1, refused: 0 });
    progress.clear();
    expect(out.text).toBe('');
  });
});
