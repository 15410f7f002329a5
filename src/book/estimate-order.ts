import type { OrderSide, OrderType } from '../order/order-input.js';
import { missingField, unreadableOrder } from '../order/read-generally.js';
import { readOrderGenerally } from '../order/read-order.js';
import { worstCasePrice } from '../pair/worst-case-price.js';
import type { Violation } from '../validation/violation-codes.js';
import { type BookPairs, pairFor } from './judge-order.js';

/**
 * What an order would cost, at worst: an estimate, not a verdict (an order can be estimated and
 * still be refused; `validateOrder` judges it). `estimated` says whether the numbers could be
 * worked out at all. Decimals are plain strings. The fee is notional × fee rate, in quote units;
 * a negative maker rate is a rebate.
 *
 * @example
 * ```ts
 * // { estimated: true, symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '0.5',
 * //   worstCasePrice: '65280', notional: '32640', liquidity: 'TAKER', feeRate: '0.001',
 * //   expectedFee: '32.64', feeAsset: 'USDT' }
 * ```
 */
export type OrderEstimate =
  | {
      readonly estimated: true;
      readonly symbol: string;
      readonly side: OrderSide;
      readonly type: OrderType;
      readonly quantity: string;
      /**
       * A LIMIT order's price; a MARKET order's bound from the fallback ratio
       * (docs/exchange-semantics.md, "Judging an order").
       */
      readonly worstCasePrice: string;
      readonly notional: string;
      /** TAKER for MARKET orders and for LIMIT orders that cross the reference price. */
      readonly liquidity: 'MAKER' | 'TAKER';
      /** Absent when the exchange sent no (readable) fee rate for that liquidity. */
      readonly feeRate?: string;
      readonly expectedFee?: string;
      /** The quote asset; absent when the exchange did not name it. */
      readonly feeAsset?: string;
    }
  | {
      readonly estimated: false;
      readonly violations: readonly Violation[];
      /** Why no estimate could be made when no violation says it (a ratio the pair lacks). */
      readonly reason?: string;
    };

/**
 * Estimates an order. It needs what the arithmetic needs (a known pair, side, type, quantity, a
 * price or, for MARKET, a reference price), not an order that passes every rule.
 */
export function estimateWith(pairs: BookPairs, rawOrder: unknown, rawContext: unknown): OrderEstimate {
  // Read once: the estimate is made from what the judge was given, and only from it.
  const reading = readOrderGenerally(rawOrder, rawContext, pairs.clientOrderIds);
  const { order, context, violations } = reading;
  // Stryker disable next-line ConditionalExpression: forced false, an unreadable order has no symbol, so no pair, and the same answer follows
  if (reading.unreadable) return { estimated: false, violations };
  try {
    const pair = pairFor(pairs, reading);
    if (
      pair === undefined ||
      order.side === undefined ||
      // Stryker disable next-line ConditionalExpression: forced false, an order with no type has no worst-case price, and the same answer follows below
      order.type === undefined ||
      order.quantity === undefined
    )
      return { estimated: false, violations };
    const price = worstCasePrice(pair, order, context);
    const buy = order.side === 'BUY';
    if (
      // Stryker disable next-line ConditionalExpression: forced true, the same: a MARKET order has a worst-case price whenever its side has a factor
      price === undefined &&
      order.type === 'MARKET' &&
      (buy ? pair.marketBuyWorstFactor : pair.marketSellWorstFactor) === null
    ) {
      const ratio = buy ? 'buyLimitPriceRatio' : 'sellLimitPriceRatio';
      return {
        estimated: false,
        violations,
        reason: `the worst-case price of a MARKET order is unknown: the exchange sent no marketFallbackPriceRatio and no ${ratio} for ${pair.symbol}`,
      };
    }
    if (price === undefined) {
      const missing =
        order.type === 'MARKET'
          ? // Stryker disable next-line StringLiteral: wording: the violation names its field without the why
            [missingField('referencePrice', 'to bound the price of a MARKET order')]
          : [];
      return { estimated: false, violations: violations.concat(missing) };
    }
    const reference = context.referencePrice?.value;
    const crosses =
      // Stryker disable next-line ConditionalExpression,StringLiteral: forced false, a MARKET order still crosses: its worst-case price is at or beyond the reference
      order.type === 'MARKET' ||
      (reference !== undefined && (order.side === 'BUY' ? price.gte(reference) : price.lte(reference)));
    const feeRate = crosses ? pair.takerFeeRate : pair.makerFeeRate;
    const notional = price.times(order.quantity.value);
    const feeAsset = pair.definition.quoteAsset;
    return {
      estimated: true,
      symbol: pair.symbol,
      side: order.side,
      type: order.type,
      quantity: order.quantity.text,
      worstCasePrice: price.toString(),
      notional: notional.toString(),
      liquidity: crosses ? 'TAKER' : 'MAKER',
      ...(feeRate === null
        ? {}
        : { feeRate: feeRate.toString(), expectedFee: notional.times(feeRate).toString() }),
      ...(feeAsset === null ? {} : { feeAsset }),
    };
  } catch (error) /* Stryker disable next-line BlockStatement: a last guard, never reached: nothing above throws on values already read */ {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral,ArrayDeclaration: a last guard, never reached: nothing above throws on values already read
    return { estimated: false, violations: [unreadableOrder(error)] };
  }
}
