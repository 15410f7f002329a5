/**
 * Orders built from a corpus pair's own numbers, for checking that what the library reads from
 * each definition lets a realistic order through once repaired.
 */
import { decimal, decodedNumber, plain, scaled } from './decimals.js';
import type { CorpusOrder, RealCorpusPair } from './types.js';

/**
 * Five orders for one corpus pair, built from its own numbers with exact decimal arithmetic:
 * a LIMIT BUY and a LIMIT SELL priced between grid lines (reference + 0.37 and + 0.5 ticks) for
 * 3.7 and 12.34 minimums plus a digit beyond the precision, a LIMIT BUY exactly on the reference
 * price for exactly the minimum, a MARKET BUY of 7.77 minimums plus that digit, and a MARKET SELL
 * of 25 minimums written as a JS number where one holds it (`2.5e-7` as JS prints it). Each is
 * within the pair's caps and price bands once `normalizeOrder` has rounded it, in the context
 * given (`referencePrice`); a pair that is not tradable refuses them all.
 *
 * @example
 * ```ts
 * for (const { order, context } of realCorpusOrders(pair)) {
 *   const r = normalizeOrder(book, order, context);
 *   if (r.ok) expect(validateOrder(book, r.order, context).ok).toBe(true);
 * }
 * ```
 */
export function realCorpusOrders(pair: RealCorpusPair): readonly CorpusOrder[] {
  const tick = decimal(pair.tickSize);
  const min = decimal(pair.minTradeAmount);
  const reference = decimal(pair.referencePrice);
  // A digit beyond both the grid and the precision, so the quantity always needs rounding.
  const beyondBase = scaled(7, -(pair.baseAssetPrecision + 2));
  const between = (hundredths: number) => plain(reference.plus(tick.times(scaled(hundredths, -2))));
  const minimums = (hundredths: number) => plain(min.times(scaled(hundredths, -2)).plus(beyondBase));
  const context = { referencePrice: pair.referencePrice };
  const { symbol } = pair;
  const exactMinimum = plain(min.times(25n));
  const asNumber = decodedNumber(exactMinimum);
  return [
    {
      order: {
        symbol,
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        price: between(37),
        quantity: minimums(370),
      },
      context,
    },
    {
      order: {
        symbol,
        side: 'SELL',
        type: 'LIMIT',
        timeInForce: 'IOC',
        price: between(50),
        quantity: minimums(1234),
      },
      context,
    },
    {
      order: {
        symbol,
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'FOK',
        price: plain(reference),
        quantity: plain(min),
      },
      context,
    },
    { order: { symbol, side: 'BUY', type: 'MARKET', quantity: minimums(777) }, context },
    { order: { symbol, side: 'SELL', type: 'MARKET', quantity: asNumber }, context },
  ];
}
