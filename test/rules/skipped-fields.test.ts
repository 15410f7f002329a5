import { describe, expect, it } from 'vitest';
import type { ValidationContext } from '../../src/index.js';
import { bookOf, definitionWithout, limitOrder, marketOrder } from './fixtures.js';

/**
 * Every skipped check names the rule, the reason and the field it lacked (the pair's field, or
 * `referencePrice`), through `validateOrder` and `checkOrder` alike: a skip that named the wrong
 * field, or none, would send the caller after the wrong fix.
 */
const FULL = { referencePrice: '100', maxNotional: '1000000' };

const CASES: readonly {
  check: string;
  reason: string;
  field: string;
  without: readonly string[];
  order: Record<string, unknown>;
  context: ValidationContext;
  overrides?: Record<string, unknown>;
}[] = [
  {
    check: 'PRICE_ABOVE_BUY_LIMIT',
    reason: 'NO_RULE_FIELD',
    field: 'buyLimitPriceRatio',
    without: ['buyLimitPriceRatio'],
    order: limitOrder('BUY', '100', '1'),
    context: FULL,
  },
  {
    check: 'PRICE_ABOVE_BUY_LIMIT',
    reason: 'NO_REFERENCE_PRICE',
    field: 'referencePrice',
    without: [],
    order: limitOrder('BUY', '100', '1'),
    context: {},
  },
  {
    check: 'PRICE_BELOW_SELL_LIMIT',
    reason: 'NO_RULE_FIELD',
    field: 'sellLimitPriceRatio',
    without: ['sellLimitPriceRatio'],
    order: limitOrder('SELL', '100', '1'),
    context: FULL,
  },
  {
    check: 'PRICE_BELOW_SELL_LIMIT',
    reason: 'NO_REFERENCE_PRICE',
    field: 'referencePrice',
    without: [],
    order: limitOrder('SELL', '100', '1'),
    context: {},
  },
  {
    check: 'MARKET_SIZE_ABOVE_MAX',
    reason: 'NO_RULE_FIELD',
    field: 'marketBuyLimitSize',
    without: ['marketBuyLimitSize'],
    order: marketOrder('BUY', '1'),
    context: FULL,
  },
  {
    check: 'MARKET_SIZE_ABOVE_MAX',
    reason: 'NO_RULE_FIELD',
    field: 'marketSellLimitSize',
    without: ['marketSellLimitSize'],
    order: marketOrder('SELL', '1'),
    context: FULL,
  },
  {
    check: 'NOTIONAL_ABOVE_MAX',
    reason: 'NO_RULE_FIELD',
    field: 'buyLimitPriceRatio',
    without: ['marketFallbackPriceRatio', 'buyLimitPriceRatio'],
    order: marketOrder('BUY', '1'),
    context: FULL,
  },
  {
    check: 'NOTIONAL_ABOVE_MAX',
    reason: 'NO_RULE_FIELD',
    field: 'sellLimitPriceRatio',
    without: ['marketFallbackPriceRatio', 'sellLimitPriceRatio'],
    order: marketOrder('SELL', '1'),
    context: FULL,
  },
  {
    check: 'NOTIONAL_ABOVE_MAX',
    reason: 'NO_REFERENCE_PRICE',
    field: 'referencePrice',
    without: [],
    order: marketOrder('BUY', '1'),
    context: { maxNotional: '1000000' },
  },
  {
    check: 'PRICE_PRECISION',
    reason: 'NO_RULE_FIELD',
    field: 'quoteAssetPrecision',
    without: ['quoteAssetPrecision'],
    order: limitOrder('BUY', '100', '1'),
    context: FULL,
  },
  {
    check: 'PRICE_TICK',
    reason: 'NO_TICK_SIZE',
    field: 'tickSize',
    without: ['tickSize'],
    order: limitOrder('BUY', '100', '1'),
    context: FULL,
    overrides: { displayDigitMerge: '' },
  },
  {
    check: 'QUANTITY_ABOVE_MAX',
    reason: 'NO_RULE_FIELD',
    field: 'maxTradeAmount',
    without: ['maxTradeAmount'],
    order: limitOrder('BUY', '100', '1'),
    context: FULL,
  },
  {
    check: 'QUANTITY_BELOW_MIN',
    reason: 'NO_RULE_FIELD',
    field: 'minTradeAmount',
    without: ['minTradeAmount'],
    order: limitOrder('BUY', '100', '1'),
    context: FULL,
  },
  {
    check: 'QUANTITY_PRECISION',
    reason: 'NO_RULE_FIELD',
    field: 'baseAssetPrecision',
    without: ['baseAssetPrecision'],
    order: limitOrder('BUY', '100', '1'),
    context: FULL,
  },
  {
    check: 'QUANTITY_STEP',
    reason: 'NO_STEP_SIZE',
    field: 'stepSize',
    without: ['stepSize'],
    order: limitOrder('BUY', '100', '1'),
    context: FULL,
  },
  {
    check: 'SYMBOL_NOT_TRADING',
    reason: 'NO_RULE_FIELD',
    field: 'status',
    without: ['status'],
    order: limitOrder('BUY', '100', '1'),
    context: FULL,
  },
  {
    check: 'TRADING_DISABLED',
    reason: 'NO_RULE_FIELD',
    field: 'enableTrade',
    without: ['enableTrade'],
    order: limitOrder('BUY', '100', '1'),
    context: FULL,
  },
];

describe('skipped checks name their field', () => {
  it.each(CASES)(
    '$check skipped for $reason names $field',
    ({ check, reason, field, without, order, context, overrides }) => {
      const b = bookOf(definitionWithout(without, overrides));
      const expected = expect.objectContaining({ check, reason, field });
      const result = b.validateOrder(order, context);
      expect(result.skipped.filter((s) => s.check === check)).toEqual([expected]);
      expect(b.checkOrder(order, context).skipped.filter((s) => s.check === check)).toEqual([expected]);
    },
  );
});
