import { readFileSync } from 'node:fs';
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseExchangeInfo, parseExchangeInfoText, RuleBook } from '../../src/index.js';

// Published WEEX spot V3 pair definitions (test/fixtures/weex-samples.json): `withGrid` carries
// tickSize and stepSize, `withoutGrid` is a published response shape with neither. They are the
// evidence for the tick inference in the docs/exchange-semantics.md ("Reading the exchange's
// definitions").
const SAMPLES = JSON.parse(
  readFileSync(new URL('../fixtures/weex-samples.json', import.meta.url), 'utf8'),
) as {
  withGrid: { symbols: Record<string, unknown>[] };
  withoutGrid: { symbols: Record<string, unknown>[] };
};

const order = (symbol: string, side: 'BUY' | 'SELL', price: string, quantity: string) => ({
  symbol,
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  price,
  quantity,
});

describe('real WEEX definitions', () => {
  it('in every published definition with both, the smallest displayDigitMerge step is the tickSize', () => {
    const info = parseExchangeInfo(SAMPLES.withGrid);
    expect(info.symbols.length).toBeGreaterThan(0);
    for (const d of info.symbols) {
      const inferred = RuleBook.fromExchangeInfo(
        parseExchangeInfo({
          ...SAMPLES.withGrid,
          symbols: [{ ...SAMPLES.withGrid.symbols.find((s) => s.symbol === d.symbol), tickSize: undefined }],
        }),
      ).definition(d.symbol);
      expect(inferred?.tickSizeSource).toBe('displayDigitMerge');
      expect(inferred?.tickSize).toBe(d.tickSize);
    }
  });

  it('the grid-less shape loads whole: its tick is inferred, no pair is set aside', () => {
    const book = RuleBook.fromExchangeInfo(parseExchangeInfoText(JSON.stringify(SAMPLES.withoutGrid)));
    expect(book.rejected).toEqual([]);
    expect(book.definition('BTCUSDT')).toMatchObject({
      tickSize: '0.01',
      tickSizeSource: 'displayDigitMerge',
      stepSize: null,
      quoteAssetPrecision: 8,
    });
    // The bug this fixes: without inference the 8-decimal precision let this pass.
    const refused = book.validateOrder(order('BTCUSDT', 'BUY', '64000.12345678', '0.001'));
    expect(refused.violations.map((v) => v.code)).toEqual(['PRICE_TICK']);
    expect(refused.violations[0]?.suggestion).toEqual(['64000.12', '64000.13']);
    expect(book.validateOrder(order('BTCUSDT', 'BUY', '64000.12', '0.001')).ok).toBe(true);
    // No step: a quantity is held to the 8-place precision, on its text.
    expect(
      book
        .validateOrder(order('BTCUSDT', 'SELL', '64000.12', '0.00100000000000'))
        .violations.map((v) => v.code),
    ).toEqual(['QUANTITY_PRECISION']);
  });

  it('a merge list finer than the real tick: the inferred grid misses off-tick prices, never refuses one on the tick', () => {
    // The documented shape's BTCUSDT lists "1,0.1,0.01"; the recorded BTCUSDT ticks at 0.1
    // (docs/exchange-semantics.md, "displayDigitMerge").
    const recordedTick = SAMPLES.withGrid.symbols.find((s) => s.symbol === 'BTCUSDT')?.tickSize;
    expect(recordedTick).toBe('0.1');
    const book = RuleBook.fromExchangeInfo(parseExchangeInfoText(JSON.stringify(SAMPLES.withoutGrid)));
    expect(book.definition('BTCUSDT')?.tickSize).toBe('0.01');
    for (const onTick of ['64000', '64000.1', '64000.9', '0.1', '99999.9'])
      expect(book.validateOrder(order('BTCUSDT', 'BUY', onTick, '0.001')).ok).toBe(true);
    // The exchange, ticking at 0.1, would refuse this; the inferred 0.01 grid lets it through.
    expect(book.validateOrder(order('BTCUSDT', 'BUY', '64000.05', '0.001')).ok).toBe(true);
  });

  it('a price on the real tick passes an inferred grid whenever the tick is a multiple of the smallest merge step', () => {
    const bookWithMerge = (merge: string) =>
      RuleBook.fromExchangeInfo(
        parseExchangeInfoText(
          JSON.stringify({
            ...SAMPLES.withoutGrid,
            symbols: [
              { ...SAMPLES.withoutGrid.symbols[0], displayDigitMerge: merge, quoteAssetPrecision: 30 },
            ],
          }),
        ),
      );
    const tickCodes = (book: RuleBook, price: string) =>
      book
        .validateOrder(order('BTCUSDT', 'BUY', price, '0.001'))
        .violations.map((v) => v.code)
        .filter((code) => code === 'PRICE_TICK');
    fc.assert(
      fc.property(
        fc.constantFrom('0.1', '0.01', '0.00001', '0.5', '25', '0.00000012'),
        fc.integer({ min: 1, max: 1_000 }),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { maxLength: 5 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (smallest, tickInSteps, coarser, count) => {
          const step = new Big(smallest);
          const tick = step.times(tickInSteps);
          const merge = [step, ...coarser.map((k) => step.times(k))].map((x) => x.toFixed()).join(',');
          const price = tick.times(count.toString()).toFixed();
          expect(tickCodes(bookWithMerge(merge), price)).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
    // The other way round, it would: a smallest step coarser than the tick refuses a price on it.
    expect(tickCodes(bookWithMerge('0.2,1'), '64000.1')).toEqual(['PRICE_TICK']);
  });

  it('the samples give the same book whether numbers are strings or JSON numbers', () => {
    const text = JSON.stringify(SAMPLES.withGrid);
    const asNumbers = text.replace(/"(-?\d+(?:\.\d+)?)"/g, '$1');
    const a = RuleBook.fromExchangeInfo(parseExchangeInfoText(text), { fetchedAt: 0 }).toJSON();
    const b = RuleBook.fromExchangeInfo(parseExchangeInfoText(asNumbers), { fetchedAt: 0 }).toJSON();
    expect(b).toEqual(a);
  });
});

describe('parseExchangeInfo on a JSON.parse result warns about digits it may have lost', () => {
  it('a 17-digit market size that arrived as a JavaScript number carries a warning', () => {
    const definition: Record<string, unknown> = {
      ...SAMPLES.withGrid.symbols[0],
      // What JSON.parse makes of 12345678901234567890: the digits are already gone.
      marketBuyLimitSize: Number('12345678901234567890'),
    };
    const info = parseExchangeInfo({ ...SAMPLES.withGrid, symbols: [definition] });
    expect(info.warnings).toEqual([
      expect.objectContaining({ symbol: definition.symbol, field: 'marketBuyLimitSize' }),
    ]);
    const lossless = parseExchangeInfoText(
      JSON.stringify({ ...SAMPLES.withGrid, symbols: [{ ...definition, marketBuyLimitSize: '@' }] }).replace(
        '"@"',
        '12345678901234567890',
      ),
    );
    expect(lossless.warnings).toEqual([]);
    expect(lossless.symbols[0]?.marketBuyLimitSize).toBe('12345678901234567890');
  });
});
