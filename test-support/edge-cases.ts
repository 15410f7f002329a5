import fc from 'fast-check';
import type { PairDefinition, ValidationContext } from '../src/index.js';
import { pairDefinitionArb } from '../src/testing/index.js';

/**
 * Orders at the fast path's edges, shared by its property test and by `npm run bench --
 * --exactness`, which runs a million of them: counts of grid units where doubles stop being
 * exact (around 2^53) and at the 15/16-digit frontier, grids such as `0.00000012` and `110`,
 * values with 15 decimals, references and limits of 17 and 30 digits; strings, and numbers where
 * they print the same.
 */

/**
 * Counts of grid units on both sides of the fast path's frontier: small ones, those giving 15
 * significant digits (the most it reads) or 16, round ones with many trailing zeros, and those
 * where doubles stop being exact (around 2^53).
 */
const EDGE_COUNTS = [
  1n,
  7n,
  83_333_333_333_333n,
  999_999_999_999_999n,
  4_000_000_000_000n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 53n + 1n,
  2n ** 52n,
  10n ** 15n,
  10n ** 15n + 1n,
  10n ** 16n + 7n,
  123_456_789_012_345_678n,
];

const EDGE_GRIDS = ['0.00000012', '110', '0.5', '0.000000000000001', '0.2', '25'];

/**
 * An edge case: a pair whose bounds never bind, so only grids, precisions (on the text as sent),
 * bands and notional decide.
 */
export interface EdgeCase {
  readonly definition: PairDefinition;
  readonly order: Record<string, unknown>;
  readonly context: ValidationContext;
}

/**
 * `units` grid steps as plain decimal text, computed exactly; nudged off the grid by a last
 * decimal digit 1 when `offGrid`.
 */
function times(grid: string, units: bigint, offGrid: boolean): string {
  const [whole = '', fraction = ''] = grid.split('.');
  const digits = (BigInt(whole + fraction) * units).toString().padStart(fraction.length + 1, '0');
  const cut = digits.length - fraction.length;
  const text = fraction.length === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
  if (!offGrid) return text;
  return text.includes('.') ? `${text}1` : `${text}.1`;
}

/** A pair with edge grids and an order of an edge count of grid units on each (or just off), as strings. */
export const edgeCaseArb: fc.Arbitrary<EdgeCase> = fc
  .record({
    definition: pairDefinitionArb({ tradingOnly: true }),
    tick: fc.constantFrom(...EDGE_GRIDS),
    step: fc.constantFrom(...EDGE_GRIDS),
    priceUnits: fc.constantFrom(...EDGE_COUNTS),
    quantityUnits: fc.constantFrom(...EDGE_COUNTS),
    offGrid: fc.constantFrom('none', 'price', 'quantity'),
    // Precisions that cover the grid (the usual case), fall one place short of it, or are absent.
    precision: fc.constantFrom('cover', 'cover', 'short', 'absent'),
    // Trailing zeros as a user might write them: none, or up to three (sent, so they count).
    zeros: fc.constantFrom(0, 0, 1, 3),
    asNumbers: fc.boolean(),
    side: fc.constantFrom('BUY', 'SELL'),
    type: fc.constantFrom('LIMIT', 'MARKET'),
    referencePrice: fc.option(fc.constantFrom('1', '64000.5', '0.0000001', '99999999999999999'), {
      nil: undefined,
    }),
    maxNotional: fc.option(fc.constantFrom('1', '1000000', '123456789012345678901234567890'), {
      nil: undefined,
    }),
  })
  .map(
    ({
      definition,
      tick,
      step,
      priceUnits,
      quantityUnits,
      offGrid,
      precision,
      zeros,
      asNumbers,
      side,
      type,
      referencePrice,
      maxNotional,
    }) => {
      const huge = '1000000000000000000000000';
      const precisionOf = (grid: string) => {
        const places = grid.split('.')[1]?.length ?? 0;
        if (precision === 'absent') return null;
        return precision === 'cover' ? places + 1 : Math.max(0, places - 1);
      };
      const d: PairDefinition = {
        ...definition,
        tickSize: tick,
        tickSizeSource: 'tickSize',
        stepSize: step,
        quoteAssetPrecision: precisionOf(tick),
        baseAssetPrecision: precisionOf(step),
        maxTradeAmount: huge,
        marketBuyLimitSize: huge,
        marketSellLimitSize: huge,
        minTradeAmount: '0',
      };
      // As a JS number where that prints the same text, as a trader's code would send it; else as
      // text, now and then with trailing zeros (64 characters at most, as the decimal rule allows).
      const spell = (text: string) => {
        if (asNumbers && String(Number(text)) === text) return Number(text);
        const padded = zeros === 0 ? text : `${text}${text.includes('.') ? '' : '.'}${'0'.repeat(zeros)}`;
        return padded.length <= 64 ? padded : text;
      };
      const quantity = spell(times(step, quantityUnits, offGrid === 'quantity'));
      const order: Record<string, unknown> = { symbol: d.symbol, side, type, quantity };
      if (type === 'LIMIT') {
        order.price = spell(times(tick, priceUnits, offGrid === 'price'));
        order.timeInForce = 'GTC';
      }
      const context: { referencePrice?: string; maxNotional?: string } = {};
      if (referencePrice !== undefined) context.referencePrice = referencePrice;
      if (maxNotional !== undefined) context.maxNotional = maxNotional;
      return { definition: d, order, context };
    },
  );

/** Caps of 16 to 20 digits, as venues derive them from 64-bit integers. */
const LONG_BOUNDS = [
  '18446744073709551615',
  '92233720368547758.07',
  '12345678901234567890',
  '9999999999999999',
];

/** Canonical plain text of `units × 10^-scale` for non-negative units. */
function plainOf(units: bigint, scale: number): string {
  const digits = units.toString().padStart(scale + 1, '0');
  if (scale === 0) return digits;
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return fraction === '' ? digits.slice(0, -scale) : `${digits.slice(0, -scale)}.${fraction}`;
}

/**
 * `base` (plain text) × (d ± 1) / d, cut to `digits` significant digits, its last one never 0: a
 * decimal of 17 to 40 significant digits as a strategy computing with a decimal library sends it
 * (`0.01333333333333333333`), in exact integer arithmetic.
 */
function longNear(base: string, d: bigint, up: boolean, digits: number): string {
  const [whole = '', fraction = ''] = base.split('.');
  const quotient = (BigInt(whole + fraction) * (up ? d + 1n : d - 1n) * 10n ** 60n) / d;
  const all = quotient.toString();
  let kept = all.slice(0, digits);
  let scale = fraction.length + 60 - (all.length - kept.length);
  if (scale < 0) {
    kept += '0'.repeat(-scale);
    scale = 0;
  }
  if (kept.endsWith('0')) kept = `${kept.slice(0, -1)}3`;
  return plainOf(BigInt(kept), scale);
}

/**
 * An order past safe integers: a quantity, a price, a reference price or a notional limit of 17
 * to 40 significant digits (near the pair's own values, as a budget divided by a price), on-grid
 * quantities past 2^53 grid units, and pairs whose caps have 16 to 20 digits; the rest on the
 * pair's grids. Strings, and now and then a JS number (whose `String(n)` has up to 17 digits).
 */
export const longDigitCaseArb: fc.Arbitrary<EdgeCase> = fc
  .record({
    definition: pairDefinitionArb({ tradingOnly: true }),
    tick: fc.constantFrom(...EDGE_GRIDS),
    step: fc.constantFrom(...EDGE_GRIDS),
    maxTradeAmount: fc.option(fc.constantFrom(...LONG_BOUNDS), { nil: undefined }),
    marketSize: fc.option(fc.constantFrom(...LONG_BOUNDS), { nil: undefined }),
    quantity: fc.constantFrom('long', 'long', 'grid', 'cap', 'short'),
    price: fc.constantFrom('long', 'short'),
    referencePrice: fc.constantFrom('64000.5', '0.0000144', '3', 'long', 'long'),
    maxNotional: fc.constantFrom('none', '1000000', '123456789012345678901234567890', 'long'),
    denominator: fc.constantFrom(3n, 7n, 11n, 99n),
    up: fc.boolean(),
    digits: fc.integer({ min: 17, max: 40 }),
    count: fc.constantFrom(...EDGE_COUNTS, 37n, 999n),
    asNumber: fc.boolean(),
    side: fc.constantFrom('BUY', 'SELL'),
    type: fc.constantFrom('LIMIT', 'MARKET'),
  })
  .map((c) => {
    const long = (base: string) => longNear(base, c.denominator, c.up, c.digits);
    const places = (grid: string) => grid.split('.')[1]?.length ?? 0;
    const cap = c.maxTradeAmount ?? '1000000000000000000000000';
    const d: PairDefinition = {
      ...c.definition,
      tickSize: c.tick,
      tickSizeSource: 'tickSize',
      stepSize: c.step,
      quoteAssetPrecision: places(c.tick) + 1,
      baseAssetPrecision: places(c.step) + 1,
      minTradeAmount: c.step,
      maxTradeAmount: cap,
      marketBuyLimitSize: c.marketSize ?? cap,
      marketSellLimitSize: c.marketSize ?? cap,
    };
    const reference = c.referencePrice === 'long' ? long('64000.5') : c.referencePrice;
    const onCap = (() => {
      const capUnits = BigInt(cap.replace('.', '')) * 10n ** BigInt(places(c.step));
      const stepUnits = BigInt(c.step.replace('.', '')) * 10n ** BigInt(places(cap));
      const scale = places(cap) + places(c.step);
      return plainOf((capUnits / stepUnits - (c.up ? 0n : 1n) + (c.count & 1n)) * stepUnits, scale);
    })();
    const quantityText =
      c.quantity === 'long'
        ? long(times(c.step, (c.count & 1023n) + 1n, false))
        : c.quantity === 'grid'
          ? times(c.step, c.count, false)
          : c.quantity === 'cap'
            ? onCap
            : times(c.step, 37n, false);
    const spell = (text: string): string | number => {
      const n = Number(text);
      return c.asNumber && n >= 1e-6 && n < 1e21 ? n : text;
    };
    const order: Record<string, unknown> = {
      symbol: d.symbol,
      side: c.side,
      type: c.type,
      quantity: spell(quantityText),
    };
    if (c.type === 'LIMIT') {
      order.price = c.price === 'long' ? long(reference) : times(c.tick, 12345n, false);
      order.timeInForce = 'GTC';
    }
    const context: { referencePrice: string; maxNotional?: string } = { referencePrice: reference };
    if (c.maxNotional !== 'none')
      context.maxNotional = c.maxNotional === 'long' ? long('25000') : c.maxNotional;
    return { definition: d, order, context };
  });
