import { describe, expect, it } from 'vitest';
import type { SkippedField, ViolationCode } from '../../src/index.js';
import { bookOf, definition, definitionWithout, limitOrder, marketOrder, SYMBOL } from './fixtures.js';

// docs/exchange-semantics.md, "Reading the exchange's definitions": a rule field that is absent,
// null or "" leaves only the checks that need it unperformed, each named in `skipped` with the
// field; present but wrong, it sets the pair aside.

interface FieldCase {
  readonly field: SkippedField;
  /** An order that would break the rule if the field were there (so a skip cannot hide as a pass). */
  readonly order: Record<string, unknown>;
  readonly context?: Record<string, unknown>;
  readonly check: ViolationCode;
  readonly reason: 'NO_RULE_FIELD' | 'NO_TICK_SIZE' | 'NO_STEP_SIZE';
  /** Values that are present but wrong. */
  readonly wrong: readonly unknown[];
  /** The field's value under which `order` breaks the rule (default: the fixture's own). */
  readonly breaking?: unknown;
}

const CASES: readonly FieldCase[] = [
  {
    field: 'status',
    order: marketOrder('BUY', '1'),
    check: 'SYMBOL_NOT_TRADING',
    reason: 'NO_RULE_FIELD',
    wrong: [1, true, {}],
    breaking: 'HALT',
  },
  {
    field: 'enableTrade',
    order: marketOrder('BUY', '1'),
    check: 'TRADING_DISABLED',
    reason: 'NO_RULE_FIELD',
    wrong: [1, 'yes'],
    breaking: false,
  },
  {
    field: 'stepSize',
    order: marketOrder('BUY', '1.00005'),
    check: 'QUANTITY_STEP',
    reason: 'NO_STEP_SIZE',
    wrong: ['-1', 'x'],
  },
  {
    field: 'minTradeAmount',
    order: marketOrder('BUY', '0.0001'),
    check: 'QUANTITY_BELOW_MIN',
    reason: 'NO_RULE_FIELD',
    wrong: ['-0.1', 'abc', true],
  },
  {
    field: 'maxTradeAmount',
    order: limitOrder('BUY', '100', '5000'),
    check: 'QUANTITY_ABOVE_MAX',
    reason: 'NO_RULE_FIELD',
    wrong: ['-5', 'lots'],
  },
  {
    field: 'buyLimitPriceRatio',
    order: limitOrder('BUY', '200', '1'),
    context: { referencePrice: '100' },
    check: 'PRICE_ABOVE_BUY_LIMIT',
    reason: 'NO_RULE_FIELD',
    wrong: ['-0.05', '5%'],
  },
  {
    field: 'sellLimitPriceRatio',
    order: limitOrder('SELL', '10', '1'),
    context: { referencePrice: '100' },
    check: 'PRICE_BELOW_SELL_LIMIT',
    reason: 'NO_RULE_FIELD',
    wrong: ['-0.1', []],
  },
  {
    field: 'marketBuyLimitSize',
    order: marketOrder('BUY', '500'),
    check: 'MARKET_SIZE_ABOVE_MAX',
    reason: 'NO_RULE_FIELD',
    wrong: ['-1', 'NaN'],
  },
  {
    field: 'marketSellLimitSize',
    order: marketOrder('SELL', '500'),
    check: 'MARKET_SIZE_ABOVE_MAX',
    reason: 'NO_RULE_FIELD',
    wrong: ['-1', 'Infinity'],
  },
];

const ABSENT: readonly [string, (field: string) => Record<string, unknown>][] = [
  ['absent', (field) => definitionWithout([field])],
  ['null', (field) => definition({ [field]: null })],
  ['""', (field) => definition({ [field]: '' })],
];

describe('a rule field the exchange did not send skips only its checks', () => {
  for (const c of CASES) {
    for (const [how, make] of ABSENT) {
      it(`${c.field} ${how}: ${c.check} skipped with ${c.reason}, every other check runs`, () => {
        const b = bookOf(make(c.field));
        expect(b.rejected).toEqual([]);
        expect(b.definition(SYMBOL)?.[c.field as 'status']).toBeNull();
        const result = b.validateOrder(c.order, c.context);
        expect(result.violations.map((v) => v.code)).not.toContain(c.check);
        expect(result.skipped.filter((s) => s.check === c.check)).toEqual([
          expect.objectContaining({ check: c.check, reason: c.reason, field: c.field }),
        ]);
        // The same order against the full definition breaks the rule: the skip hid a real check.
        const full = bookOf(
          definition(c.breaking === undefined ? {} : { [c.field]: c.breaking }),
        ).validateOrder(c.order, c.context);
        expect(full.violations.map((v) => v.code)).toContain(c.check);
        // Other rules still run on the pair: an off-tick price is still caught.
        const offTick = b.validateOrder(limitOrder('BUY', '100.001', '1'));
        expect(offTick.violations.map((v) => v.code)).toContain('PRICE_TICK');
      });
    }
    it(`${c.field} present but wrong sets the pair aside, naming the field`, () => {
      for (const value of c.wrong) {
        const b = bookOf(definition({ [c.field]: value }));
        expect(b.rejected.map((r) => r.reasons.map((x) => x.path))).toEqual([[c.field]]);
        expect(b.validateOrder(c.order, c.context).violations.map((v) => v.code)).toEqual([
          'SYMBOL_DEFINITION_INVALID',
        ]);
      }
    });
  }

  it('the pair field is named before the reference price: without the ratio a price would not help', () => {
    const result = bookOf(definitionWithout(['buyLimitPriceRatio'])).validateOrder(
      limitOrder('BUY', '100', '1'),
    );
    expect(result.skipped).toEqual([
      expect.objectContaining({
        check: 'PRICE_ABOVE_BUY_LIMIT',
        reason: 'NO_RULE_FIELD',
        field: 'buyLimitPriceRatio',
      }),
    ]);
  });
});

describe('the fallback ratio and the notional of a MARKET order', () => {
  const context = { referencePrice: '100', maxNotional: '1000' };

  it('an absent fallback ratio counts as 0: the side ratio bounds the worst case', () => {
    for (const [, make] of ABSENT) {
      const b = bookOf(make('marketFallbackPriceRatio'));
      expect(b.rejected).toEqual([]);
      // Buy ratio 5%: worst case 105; 10 × 105 = 1050 > 1000.
      const v = b.validateOrder(marketOrder('BUY', '10'), context).violations;
      expect(v.map((x) => x.code)).toEqual(['NOTIONAL_ABOVE_MAX']);
      expect(v[0]?.value).toBe('1050');
      expect(b.estimateOrder(marketOrder('BUY', '10'), context)).toMatchObject({
        estimated: true,
        worstCasePrice: '105',
      });
    }
  });

  it('without the fallback and the side ratio, the worst case is unknown and the notional check is skipped', () => {
    const b = bookOf(definitionWithout(['marketFallbackPriceRatio', 'sellLimitPriceRatio']));
    const result = b.validateOrder(marketOrder('SELL', '10'), context);
    expect(result.ok).toBe(true);
    expect(result.skipped).toEqual([
      expect.objectContaining({
        check: 'NOTIONAL_ABOVE_MAX',
        reason: 'NO_RULE_FIELD',
        field: 'sellLimitPriceRatio',
      }),
    ]);
    const estimate = b.estimateOrder(marketOrder('SELL', '10'), context);
    expect(estimate.estimated).toBe(false);
    // The buy side still has its ratio, and is judged.
    expect(b.validateOrder(marketOrder('BUY', '10'), context).violations.map((x) => x.code)).toEqual([
      'NOTIONAL_ABOVE_MAX',
    ]);
  });

  it('a present but negative fallback ratio sets the pair aside', () => {
    expect(bookOf(definition({ marketFallbackPriceRatio: '-0.1' })).rejected[0]?.reasons[0]?.path).toBe(
      'marketFallbackPriceRatio',
    );
  });
});

describe('display and fee fields never set a pair aside', () => {
  it.each([
    { field: 'takerFeeRate', value: null, warns: false },
    { field: 'takerFeeRate', value: 'n/a', warns: true },
    { field: 'makerFeeRate', value: {}, warns: true },
    { field: 'displayDigitMerge', value: '0.1,1,10,', warns: false },
    { field: 'displayDigitMerge', value: true, warns: true },
    { field: 'displayDigitMerge', value: '0.01,abc', warns: true },
    { field: 'enableDisplay', value: 'true', warns: false },
    { field: 'displayHot', value: 1, warns: true },
    { field: 'displayNew', value: 'no', warns: true },
    { field: 'baseAsset', value: 42, warns: true },
    { field: 'quoteAsset', value: null, warns: false },
  ])('$field = $value keeps the pair (warning: $warns)', ({ field, value, warns }) => {
    const b = bookOf(definition({ [field]: value }));
    expect(b.rejected).toEqual([]);
    expect(b.validateOrder(limitOrder('BUY', '100', '1')).ok).toBe(true);
    expect(b.warnings.map((w) => [w.symbol, w.field])).toEqual(warns ? [[SYMBOL, field]] : []);
  });

  it('without a fee rate, the estimate gives no fee', () => {
    const b = bookOf(definition({ takerFeeRate: null }));
    const estimate = b.estimateOrder(marketOrder('BUY', '1'), { referencePrice: '100' });
    expect(estimate.estimated).toBe(true);
    expect(estimate).not.toHaveProperty('expectedFee');
    expect(b.estimateOrder(limitOrder('BUY', '90', '1'), { referencePrice: '100' })).toMatchObject({
      liquidity: 'MAKER',
      feeRate: '0.0008',
    });
  });
});
