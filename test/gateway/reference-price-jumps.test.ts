/**
 * A reference price is confirmed before it moves the band: the jump rule's exact boundary on
 * decimal strings, and the ticker holding a jump until the next poll confirms it (polled by hand
 * from a scripted loopback ticker, so each poll's answer is known).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Dec } from '../../src/decimal/dec.js';
import { DEFAULT_MAX_PRICE_JUMP, isPriceJump, readMaxPriceJump } from '../../src/gateway/price-jump.js';
import {
  createReferenceTicker,
  type ReferenceTicker,
  type TickerEvent,
} from '../../src/gateway/reference-ticker.js';
import { isInvalidArgumentError } from '../../src/index.js';
import { json, type LoopbackServer, startLoopbackServer } from '../../test-support/loopback-server.js';

const jump = (from: string, to: string, ratio: string) =>
  isPriceJump(Dec.parse(from), Dec.parse(to), Dec.parse(ratio));

describe('isPriceJump: |new − old| > old × ratio, exact', () => {
  it('exactly at the ratio is not a jump; one unit of the last decimal beyond is, either way', () => {
    expect(jump('100000.00', '110000.00', '0.1')).toBe(false);
    expect(jump('100000.00', '110000.01', '0.1')).toBe(true);
    expect(jump('100000.00', '90000.00', '0.1')).toBe(false);
    expect(jump('100000.00', '89999.99', '0.1')).toBe(true);
  });

  it('where floats would round: 0.3 × 0.1 is 0.03 exactly', () => {
    // 0.3 * 0.1 is 0.030000000000000002 in doubles, and 0.33 - 0.3 is 0.030000000000000027.
    expect(jump('0.3', '0.33', '0.1')).toBe(false);
    expect(jump('0.3', '0.330000000000000001', '0.1')).toBe(true);
    expect(jump('0.3', '0.27', '0.1')).toBe(false);
    expect(jump('0.3', '0.269999999999999999', '0.1')).toBe(true);
  });

  it('prices and ratios past 2^53 units stay exact', () => {
    expect(jump('12345678901234567890.5', '13580246791358024679.55', '0.1')).toBe(false);
    expect(jump('12345678901234567890.5', '13580246791358024679.56', '0.1')).toBe(true);
    expect(jump('100', '100.000000000000000000001', '0.000000000000000000000009')).toBe(true);
    expect(jump('100', '100.000000000000000000001', '0.00000000000000000000001')).toBe(false);
  });

  it('the same price is never a jump; 1000× always is under the default', () => {
    const ratio = DEFAULT_MAX_PRICE_JUMP;
    expect(jump('68920.40', '68920.4', ratio)).toBe(false);
    expect(jump('100000.00', '100000000.00', ratio)).toBe(true);
    expect(jump('100000.00', '100.00', ratio)).toBe(true);
  });

  it('the ratio is a plain decimal above 0; anything else is refused naming options.maxPriceJump', () => {
    expect(readMaxPriceJump(undefined).toString()).toBe('0.1');
    expect(readMaxPriceJump('0.025').toString()).toBe('0.025');
    expect(readMaxPriceJump(0.5).toString()).toBe('0.5');
    for (const bad of ['0', '0.0', '-0.1', '1e-1', '', 'ten percent', Number.NaN, null, {}]) {
      let thrown: unknown;
      try {
        readMaxPriceJump(bad);
      } catch (error) {
        thrown = error;
      }
      expect(isInvalidArgumentError(thrown), String(bad)).toBe(true);
      expect((thrown as { argument: string }).argument).toBe('options.maxPriceJump');
    }
  });
});

describe('the ticker holds a jump until the next poll confirms it', () => {
  let server: LoopbackServer | undefined;
  let ticker: ReferenceTicker | undefined;
  /** What the scripted ticker answers next, symbol by symbol. */
  let answer: Record<string, string> = {};

  afterEach(async () => {
    await ticker?.stop();
    ticker = undefined;
    await server?.close();
    server = undefined;
  });

  async function start(maxPriceJump?: string) {
    server = await startLoopbackServer((req, res) =>
      json(
        200,
        Object.entries(answer).map(([symbol, price]) => ({ symbol, price })),
      )(req, res, 0),
    );
    const events: TickerEvent[] = [];
    ticker = createReferenceTicker({
      upstreamUrl: server.baseUrl,
      intervalMs: 60_000,
      ...(maxPriceJump === undefined ? {} : { maxPriceJump }),
      onEvent: (event) => events.push(event),
    });
    return { ticker, events };
  }

  async function pollWith(prices: Record<string, string>): Promise<void> {
    answer = prices;
    await ticker!.poll();
  }

  it('the first price is taken as it is; one wild poll is held; the price in force stays, aging from its own poll', async () => {
    const { ticker, events } = await start();
    await pollWith({ BTCUSDT: '100000.00', ETHUSDT: '3500.00' });
    expect(ticker.quote('BTCUSDT')?.price).toBe('100000.00');
    const before = ticker.quote('BTCUSDT')!.ageMs;

    await pollWith({ BTCUSDT: '100000000.00', ETHUSDT: '3510.00' });
    expect(ticker.quote('BTCUSDT')?.price).toBe('100000.00');
    expect(ticker.quote('BTCUSDT')!.ageMs).toBeGreaterThanOrEqual(before);
    expect(ticker.quote('ETHUSDT')?.price).toBe('3510.00'); // a small move is taken at once
    expect(ticker.health()).toMatchObject({
      maxPriceJump: '0.1',
      heldPrices: 1,
      jumpsHeld: 1,
      jumpsConfirmed: 0,
    });
    expect(events).toContainEqual({
      type: 'ticker-jumps-held',
      jumps: [{ symbol: 'BTCUSDT', from: '100000.00', to: '100000000.00' }],
    });

    // The wild answer was a one-off: the next poll is back near the price in force, which is taken.
    await pollWith({ BTCUSDT: '100100.00', ETHUSDT: '3510.00' });
    expect(ticker.quote('BTCUSDT')?.price).toBe('100100.00');
    expect(ticker.health()).toMatchObject({ heldPrices: 0, jumpsHeld: 1, jumpsConfirmed: 0 });
  });

  it('a second poll within the ratio of the held price confirms the jump', async () => {
    const { ticker, events } = await start();
    await pollWith({ BTCUSDT: '100000.00' });
    await pollWith({ BTCUSDT: '100000000.00' });
    expect(ticker.quote('BTCUSDT')?.price).toBe('100000.00');
    await pollWith({ BTCUSDT: '100000000.00' });
    expect(ticker.quote('BTCUSDT')?.price).toBe('100000000.00');
    expect(ticker.quote('BTCUSDT')!.ageMs).toBeLessThan(60_000);
    expect(ticker.health()).toMatchObject({ heldPrices: 0, jumpsHeld: 1, jumpsConfirmed: 1 });
    expect(events.at(-1)).toEqual({
      type: 'ticker-jumps-confirmed',
      jumps: [{ symbol: 'BTCUSDT', from: '100000.00', to: '100000000.00' }],
    });
  });

  it('the boundary against the price in force and against the held price, on the polled strings', async () => {
    const { ticker } = await start('0.1');
    await pollWith({ BTCUSDT: '100000.00' });
    await pollWith({ BTCUSDT: '110000.00' }); // exactly 10 %: taken
    expect(ticker.quote('BTCUSDT')?.price).toBe('110000.00');
    await pollWith({ BTCUSDT: '121000.01' }); // 10 % of 110000 is 11000: one cent beyond, held
    expect(ticker.quote('BTCUSDT')?.price).toBe('110000.00');
    // Confirmation is measured from the held price, 121000.01: 10 % above it plus a cent is a new jump, held.
    await pollWith({ BTCUSDT: '133100.021' });
    expect(ticker.quote('BTCUSDT')?.price).toBe('110000.00');
    expect(ticker.health()).toMatchObject({ heldPrices: 1, jumpsHeld: 2 });
    // Exactly 10 % above the held 133100.021 confirms it.
    await pollWith({ BTCUSDT: '146410.0231' });
    expect(ticker.quote('BTCUSDT')?.price).toBe('146410.0231');
    expect(ticker.health()).toMatchObject({ heldPrices: 0, jumpsConfirmed: 1 });
  });

  it('a symbol missing from a poll keeps both its price in force and its held jump', async () => {
    const { ticker } = await start();
    await pollWith({ BTCUSDT: '100000.00', ETHUSDT: '3500.00' });
    await pollWith({ BTCUSDT: '1.00', ETHUSDT: '3500.00' });
    await pollWith({ ETHUSDT: '3500.00' });
    expect(ticker.quote('BTCUSDT')?.price).toBe('100000.00');
    expect(ticker.health().heldPrices).toBe(1);
    await pollWith({ BTCUSDT: '1.05', ETHUSDT: '3500.00' });
    expect(ticker.quote('BTCUSDT')?.price).toBe('1.05');
  });

  it('a bad maxPriceJump is refused when the ticker is made', () => {
    expect(() => createReferenceTicker({ upstreamUrl: 'http://127.0.0.1:9', maxPriceJump: '0' })).toThrow(
      /options\.maxPriceJump/,
    );
  });
});

describe("the ticker's options", () => {
  it.each([
    [{ upstreamUrl: 'api.example.com' }, 'options.upstreamUrl'],
    [{ upstreamUrl: 'ftp://127.0.0.1' }, 'options.upstreamUrl'],
    [{ upstreamUrl: 'http://127.0.0.1:1', intervalMs: 0 }, 'options.intervalMs'],
    [{ upstreamUrl: 'http://127.0.0.1:1', intervalMs: -5 }, 'options.intervalMs'],
    [{ upstreamUrl: 'http://127.0.0.1:1', intervalMs: Number.NaN }, 'options.intervalMs'],
    [{ upstreamUrl: 'http://127.0.0.1:1', timeoutMs: 1.5 }, 'options.timeoutMs'],
    [{ upstreamUrl: 'http://127.0.0.1:1', maxBodyBytes: 0 }, 'options.maxBodyBytes'],
    [{ upstreamUrl: 'http://127.0.0.1:1', maxPriceJump: '1e-1' }, 'options.maxPriceJump'],
  ])('%j is refused, naming %s', (options, argument) => {
    expect(() => createReferenceTicker(options)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', argument }),
    );
  });

  it('a ratio given as a number is read in plain notation', async () => {
    const ticker = createReferenceTicker({ upstreamUrl: 'http://127.0.0.1:1', maxPriceJump: 0.0000001 });
    expect(ticker.health().maxPriceJump).toBe('0.0000001');
    await ticker.stop();
  });
});
