import { describe, expect, it } from 'vitest';
import type { ValidationContext } from '../../src/index.js';
import { PAIR_RULES } from '../../src/rules/pair-rules.js';
import { FAIL, NOT_SURE, PASS, type PairRule } from '../../src/rules/rule.js';
import type { ViolationCode } from '../../src/validation/violation-codes.js';
import {
  compiledPairOf,
  fastOnly,
  fastVerdictOnly,
  generalPath,
  readForRules,
} from '../../test-support/engine-internals.js';
import { modelValidate } from '../../test-support/model/spec-model.js';
import { book, definition, limitOrder, marketOrder, SYMBOL } from './fixtures.js';

/**
 * Each rule's fast form at its hand-over to the exact form: values whose safe-integer units, once
 * scaled onto the pair's grid or multiplied by a factor, land just under 2^53 (9007199254740991,
 * judged in safe integers) or just past it (judged exactly: a fast check NOT_SURE, a product
 * compared in BigInt, an explanation left to the exact check, or a quantity count past 2^53). Each
 * case says where it is judged, so a threshold that moves fails here by name, and then holds
 * `checkOrder`, `validateOrder`, the general path and the big.js model (test-support/model) to one
 * answer, limits, values and suggestions included.
 *
 * The fixture pair: tick 0.01, step 0.0001, quantity 0.001..1000, MARKET caps 100 (buy) and 50
 * (sell), bands +5% / -10%, fallback ratio 2%, precisions 8 and 8.
 */

/** Where the rule's fast form judges the case. */
type Where =
  /** its fast check decides, and a failure is explained in safe integers; */
  | 'fast'
  /** its fast check decides FAIL, but the explanation would pass 2^53: the exact check explains; */
  | 'fast, explained exactly'
  /** its fast check is not sure: the whole order is judged by the exact checks; */
  | 'not sure'
  /** the quantity counted on the grid passes 2^53: the whole order is judged by the exact checks. */
  | 'count past 2^53';

interface HandOver {
  readonly name: string;
  readonly rule: ViolationCode;
  readonly pair: Record<string, unknown>;
  readonly order: Record<string, unknown>;
  readonly context?: ValidationContext;
  readonly where: Where;
  /** Whether the rule breaks (the model is the reference; this says the case is the one meant). */
  readonly breaks: boolean;
}

/** A pair whose quantities run to 10^13, counted in thousandths. */
const BIG_QUANTITIES = { stepSize: '0.001', baseAssetPrecision: 3, maxTradeAmount: '100000000000000' };
/** The same with a step of 7 thousandths, so that counts near 2^53 sit within a step of it. */
const STEP_7 = { ...BIG_QUANTITIES, stepSize: '0.007', minTradeAmount: '0.007' };
/** Caps of MARKET orders far from every case. */
const WIDE_CAPS = { marketBuyLimitSize: '100000000000000', marketSellLimitSize: '100000000000000' };
const SELL_BAND = { sellLimitPriceRatio: '0.0001', tickSize: '0.001', quoteAssetPrecision: 3 };
const WIDE = { maxTradeAmount: '100000000000000', ...WIDE_CAPS };

const CASES: readonly HandOver[] = [
  // PRICE_TICK, tick 0.3 (3 units at scale 1): the price counted in tenths is 10 × the price.
  {
    name: 'on the tick, 9007199254740990 tenths: judged in safe integers',
    rule: 'PRICE_TICK',
    pair: { tickSize: '0.3' },
    order: limitOrder('BUY', '900719925474099', '1'),
    where: 'fast',
    breaks: false,
  },
  {
    name: 'off the tick, 9007199254740980 tenths: explained in safe integers',
    rule: 'PRICE_TICK',
    pair: { tickSize: '0.3' },
    order: limitOrder('BUY', '900719925474098', '1'),
    where: 'fast',
    breaks: true,
  },
  {
    name: 'on the tick past 2^53 (900719925474102, the issue’s case): not sure, and passes',
    rule: 'PRICE_TICK',
    pair: { tickSize: '0.3' },
    order: limitOrder('BUY', '900719925474102', '1'),
    where: 'not sure',
    breaks: false,
  },
  {
    name: 'off the tick past 2^53 (900719925474100): not sure, and fails',
    rule: 'PRICE_TICK',
    pair: { tickSize: '0.3' },
    order: limitOrder('SELL', '900719925474100', '1'),
    where: 'not sure',
    breaks: true,
  },
  {
    name: 'tick 7e-15, price 13: 1.3e16 units, whose double a division would call a multiple of 7',
    rule: 'PRICE_TICK',
    pair: { tickSize: '0.000000000000007', quoteAssetPrecision: 15 },
    order: limitOrder('BUY', '13', '1'),
    where: 'not sure',
    breaks: true,
  },
  {
    name: 'tick 0.7, off it within a tick of 2^53: the rounding down would pass it',
    rule: 'PRICE_TICK',
    pair: { tickSize: '0.7' },
    order: limitOrder('BUY', '900719925474099', '1'),
    where: 'fast, explained exactly',
    breaks: true,
  },
  // PRICE_PRECISION: the fitting price is the same rounding, within a tick of 2^53.
  {
    name: 'a BUY written with 2 places for 1, within a tick of 2^53: explained exactly',
    rule: 'PRICE_PRECISION',
    pair: { tickSize: '0.7', quoteAssetPrecision: 1 },
    order: limitOrder('BUY', '900719925474099.00', '1'),
    where: 'fast, explained exactly',
    breaks: true,
  },
  {
    name: 'a SELL written with 2 places for 1, within a tick of 2^53: explained exactly',
    rule: 'PRICE_PRECISION',
    pair: { tickSize: '0.7', quoteAssetPrecision: 1 },
    order: limitOrder('SELL', '900719925474099.00', '1'),
    where: 'fast, explained exactly',
    breaks: true,
  },
  {
    name: 'a BUY written with 2 places for 1, well under 2^53: explained in safe integers',
    rule: 'PRICE_PRECISION',
    pair: { tickSize: '0.3', quoteAssetPrecision: 1 },
    order: limitOrder('BUY', '900719925474098.00', '1'),
    where: 'fast',
    breaks: true,
  },
  // PRICE_ABOVE_BUY_LIMIT, factor 1.05 (105 at scale 2): 85782850045152 × 105 = 9007199254740960,
  // 85782850045153 × 105 = 9007199254741065.
  {
    name: 'reference × factor just under 2^53, price at the edge',
    rule: 'PRICE_ABOVE_BUY_LIMIT',
    pair: {},
    order: limitOrder('BUY', '90071992547409.6', '1'),
    context: { referencePrice: '85782850045152' },
    where: 'fast',
    breaks: false,
  },
  {
    name: 'reference × factor just under 2^53, price a tenth above the edge',
    rule: 'PRICE_ABOVE_BUY_LIMIT',
    pair: { tickSize: '0.1' },
    order: limitOrder('BUY', '90071992547409.7', '1'),
    context: { referencePrice: '85782850045152' },
    where: 'fast',
    breaks: true,
  },
  {
    name: 'reference × factor past 2^53 (compared in BigInt), price under the edge 90071992547410.65',
    rule: 'PRICE_ABOVE_BUY_LIMIT',
    pair: { tickSize: '0.1' },
    order: limitOrder('BUY', '90071992547410.6', '1'),
    context: { referencePrice: '85782850045153' },
    where: 'fast',
    breaks: false,
  },
  {
    name: 'reference × factor past 2^53 (compared in BigInt), price over the edge: explained exactly',
    rule: 'PRICE_ABOVE_BUY_LIMIT',
    pair: { tickSize: '0.1' },
    order: limitOrder('BUY', '90071992547410.7', '1'),
    context: { referencePrice: '85782850045153' },
    where: 'fast, explained exactly',
    breaks: true,
  },
  {
    name: 'reference × factor past 2^53 (compared in BigInt), the price exactly at the edge',
    rule: 'PRICE_ABOVE_BUY_LIMIT',
    pair: { buyLimitPriceRatio: '0.25' },
    order: limitOrder('BUY', '100000000000001', '1'),
    context: { referencePrice: '80000000000000.8' },
    where: 'fast',
    breaks: false,
  },
  {
    name: 'reference × factor past 2^53, a price with more decimals than the edge, under it',
    rule: 'PRICE_ABOVE_BUY_LIMIT',
    pair: { buyLimitPriceRatio: '9' },
    order: limitOrder('BUY', '9999999999999.99', '1'),
    context: { referencePrice: '999999999999999' },
    where: 'fast',
    breaks: false,
  },
  // PRICE_BELOW_SELL_LIMIT, factor 0.9999 (9999 at scale 4): 900810006474 × 9999 =
  // 9007199254733526, 900810006475 × 9999 = 9007199254743525 (prices have at most 15 digits).
  {
    name: 'reference × factor just under 2^53, price a thousandth above the edge',
    rule: 'PRICE_BELOW_SELL_LIMIT',
    pair: SELL_BAND,
    order: limitOrder('SELL', '900719925473.353', '1'),
    context: { referencePrice: '900810006474' },
    where: 'fast',
    breaks: false,
  },
  {
    name: 'reference × factor just under 2^53, price a thousandth under the edge',
    rule: 'PRICE_BELOW_SELL_LIMIT',
    pair: SELL_BAND,
    order: limitOrder('SELL', '900719925473.352', '1'),
    context: { referencePrice: '900810006474' },
    where: 'fast',
    breaks: true,
  },
  {
    name: 'reference × factor past 2^53 (compared in BigInt), price above the edge',
    rule: 'PRICE_BELOW_SELL_LIMIT',
    pair: SELL_BAND,
    order: limitOrder('SELL', '900719925474.353', '1'),
    context: { referencePrice: '900810006475' },
    where: 'fast',
    breaks: false,
  },
  {
    name: 'reference × factor past 2^53 (compared in BigInt), price under it: explained exactly',
    rule: 'PRICE_BELOW_SELL_LIMIT',
    pair: SELL_BAND,
    order: limitOrder('SELL', '900719925474.352', '1'),
    context: { referencePrice: '900810006475' },
    where: 'fast, explained exactly',
    breaks: true,
  },
  {
    name: 'reference × factor past 2^53 (compared in BigInt), price exactly at the edge',
    rule: 'PRICE_BELOW_SELL_LIMIT',
    pair: { sellLimitPriceRatio: '0.75' },
    order: limitOrder('SELL', '100000000000001', '1'),
    context: { referencePrice: '400000000000004' },
    where: 'fast',
    breaks: false,
  },
  // QUANTITY_STEP and QUANTITY_PRECISION, counted in thousandths.
  {
    name: 'on the step, 9007199254740990 thousandths: judged in safe integers',
    rule: 'QUANTITY_STEP',
    pair: BIG_QUANTITIES,
    order: limitOrder('BUY', '1', '9007199254740.99'),
    where: 'fast',
    breaks: false,
  },
  {
    name: 'step 0.007, off it within a step of 2^53: the rounding down would pass it',
    rule: 'QUANTITY_STEP',
    pair: STEP_7,
    order: limitOrder('BUY', '1', '9007199254740.99'),
    where: 'fast, explained exactly',
    breaks: true,
  },
  {
    name: 'step 0.007, 4 places for 3, within a step of 2^53: explained exactly',
    rule: 'QUANTITY_PRECISION',
    pair: STEP_7,
    order: limitOrder('SELL', '1', '9007199254740.9900'),
    where: 'fast, explained exactly',
    breaks: true,
  },
  {
    name: 'a count of 9007199254741000 thousandths (past 2^53), on the step',
    rule: 'QUANTITY_STEP',
    pair: BIG_QUANTITIES,
    order: limitOrder('BUY', '1', '9007199254741'),
    where: 'count past 2^53',
    breaks: false,
  },
  {
    name: 'a count past 2^53, off the step 0.007',
    rule: 'QUANTITY_STEP',
    pair: STEP_7,
    order: limitOrder('BUY', '1', '9007199254741'),
    where: 'count past 2^53',
    breaks: true,
  },
  // QUANTITY_BELOW_MIN / QUANTITY_ABOVE_MAX / MARKET_SIZE_ABOVE_MAX: bounds counted at 2^53 - 1.
  {
    name: 'a maximum of exactly 2^53 - 1 thousandths, the quantity a thousandth under it',
    rule: 'QUANTITY_ABOVE_MAX',
    pair: { ...BIG_QUANTITIES, maxTradeAmount: '9007199254740.991' },
    order: limitOrder('BUY', '1', '9007199254740.99'),
    where: 'fast',
    breaks: false,
  },
  {
    name: 'a maximum of 9007199254740.99, the quantity at it',
    rule: 'QUANTITY_ABOVE_MAX',
    pair: { ...BIG_QUANTITIES, maxTradeAmount: '9007199254740.99' },
    order: limitOrder('BUY', '1', '9007199254740.99'),
    where: 'fast',
    breaks: false,
  },
  {
    name: 'a maximum of 9007199254740.99, the quantity 9007199254741 (its count past 2^53)',
    rule: 'QUANTITY_ABOVE_MAX',
    pair: { ...BIG_QUANTITIES, maxTradeAmount: '9007199254740.99' },
    order: limitOrder('BUY', '1', '9007199254741'),
    where: 'count past 2^53',
    breaks: true,
  },
  {
    name: 'a minimum of 2^53 + 1 thousandths, the quantity a thousandth under 2^53',
    rule: 'QUANTITY_BELOW_MIN',
    pair: { ...BIG_QUANTITIES, minTradeAmount: '9007199254740.993' },
    order: limitOrder('BUY', '1', '9007199254740.99'),
    where: 'fast',
    breaks: true,
  },
  {
    name: 'a MARKET BUY cap of exactly 2^53 - 1 thousandths, the quantity under it',
    rule: 'MARKET_SIZE_ABOVE_MAX',
    pair: { ...BIG_QUANTITIES, marketBuyLimitSize: '9007199254740.991' },
    order: marketOrder('BUY', '9007199254740.99'),
    where: 'fast',
    breaks: false,
  },
  {
    name: 'a MARKET SELL cap of 9007199254740.98, the quantity a hundredth above it',
    rule: 'MARKET_SIZE_ABOVE_MAX',
    pair: { ...BIG_QUANTITIES, marketSellLimitSize: '9007199254740.98' },
    order: marketOrder('SELL', '9007199254740.99'),
    where: 'fast',
    breaks: true,
  },
  {
    name: 'a MARKET SELL cap of 9007199254740.99, the quantity past 2^53 thousandths',
    rule: 'MARKET_SIZE_ABOVE_MAX',
    pair: { ...BIG_QUANTITIES, marketSellLimitSize: '9007199254740.99' },
    order: marketOrder('SELL', '9007199254741'),
    where: 'count past 2^53',
    breaks: true,
  },
  // NOTIONAL_ABOVE_MAX: price × quantity at 2^53.
  {
    name: 'a LIMIT notional of 2^53 - 1 units (6361 × 141600365.5831), a maximum a unit under it',
    rule: 'NOTIONAL_ABOVE_MAX',
    pair: WIDE,
    order: limitOrder('BUY', '6361', '141600365.5831'),
    context: { maxNotional: '900719925474.099' },
    where: 'fast',
    breaks: true,
  },
  {
    name: 'a LIMIT notional of 2^53 - 1 units, a maximum a thousandth above it',
    rule: 'NOTIONAL_ABOVE_MAX',
    pair: WIDE,
    order: limitOrder('BUY', '6361', '141600365.5831'),
    context: { maxNotional: '900719925474.1' },
    where: 'fast',
    breaks: false,
  },
  {
    name: 'a LIMIT notional of 2^53 + 1 units (321 × 28059810762.433), under its maximum: in BigInt',
    rule: 'NOTIONAL_ABOVE_MAX',
    pair: { ...WIDE, stepSize: '0.001', baseAssetPrecision: 3 },
    order: limitOrder('SELL', '321', '28059810762.433'),
    context: { maxNotional: '9007199254741' },
    where: 'fast',
    breaks: false,
  },
  {
    name: 'a LIMIT notional of 2^53 + 1 units, over its maximum: in BigInt, its text printed from a bigint',
    rule: 'NOTIONAL_ABOVE_MAX',
    pair: { ...WIDE, stepSize: '0.001', baseAssetPrecision: 3 },
    order: limitOrder('SELL', '321', '28059810762.433'),
    context: { maxNotional: '9007199254740.99' },
    where: 'fast',
    breaks: true,
  },
  {
    name: 'a notional past 2^53 units (1001 × 8998201053.696), over a maximum whose units scaled pass 2^53',
    rule: 'NOTIONAL_ABOVE_MAX',
    pair: { ...WIDE, stepSize: '0.001', baseAssetPrecision: 3 },
    order: limitOrder('BUY', '1001', '8998201053.696'),
    context: { maxNotional: '9007199254749.69' },
    where: 'fast',
    breaks: true,
  },
  {
    name: 'a LIMIT notional of 9000000000010000 units (0.0625 × 14400000000016), a maximum equal to it',
    rule: 'NOTIONAL_ABOVE_MAX',
    pair: { ...WIDE, stepSize: '1', baseAssetPrecision: 0, tickSize: '0.0001' },
    order: limitOrder('BUY', '0.0625', '14400000000016'),
    context: { maxNotional: '900000000001' },
    where: 'fast',
    breaks: false,
  },
  {
    name: 'a MARKET BUY whose worst-case price passes 2^53 units: not sure',
    rule: 'NOTIONAL_ABOVE_MAX',
    pair: WIDE,
    order: marketOrder('BUY', '1'),
    context: { referencePrice: '100000000000000', maxNotional: '102000000000000' },
    where: 'not sure',
    breaks: false,
  },
  {
    name: 'a MARKET SELL whose worst-case price passes 2^53 units, over its maximum: not sure',
    rule: 'NOTIONAL_ABOVE_MAX',
    pair: WIDE,
    order: marketOrder('SELL', '1'),
    context: { referencePrice: '100000000000000', maxNotional: '97999999999999' },
    where: 'not sure',
    breaks: true,
  },
];

function ruleOf(code: ViolationCode): PairRule {
  const rule = PAIR_RULES.find((r) => r.code === code);
  if (rule === undefined) throw new Error(`no rule ${code}`);
  return rule;
}

/** Where the rule's fast form judges the case, read off the rule itself. */
function whereJudged(c: HandOver): Where {
  const b = book(c.pair);
  const fast = compiledPairOf(b, SYMBOL)?.fast;
  if (fast === undefined) throw new Error(`the pair of "${c.name}" has no fast form`);
  const read = readForRules(fast, c.order, c.context as Record<string, unknown> | undefined);
  if (read === undefined) return 'count past 2^53';
  const rule = ruleOf(c.rule);
  const verdict = rule.fastCheck(fast, read);
  if (verdict === NOT_SURE) return 'not sure';
  expect([PASS, FAIL]).toContain(verdict);
  if (verdict === PASS) return 'fast';
  return rule.explainFast(fast, read, PAIR_RULES.indexOf(rule)) === undefined
    ? 'fast, explained exactly'
    : 'fast';
}

describe.each(CASES.map((c) => [`${c.rule}: ${c.name}`, c] as const))('%s', (_, c) => {
  it('is judged where the case says, and the rule breaks as it says', () => {
    expect(whereJudged(c)).toBe(c.where);
    const model = modelValidate([definition(c.pair)], c.order, c.context);
    expect(model.codes.includes(c.rule)).toBe(c.breaks);
  });

  it('checkOrder, validateOrder, the general path and the big.js model agree', () => {
    const b = book(c.pair);
    const model = modelValidate([definition(c.pair)], c.order, c.context);
    const result = b.validateOrder(c.order, c.context);
    expect(result.violations.map((v) => v.code)).toEqual(model.codes);
    expect(result.ok).toBe(model.codes.length === 0);
    result.violations.forEach((v, n) => {
      const expected = model.violations[n];
      // The model fixes value, limit and suggestion for the rules the README fixes them for.
      if (expected?.value !== undefined) expect(v.value, v.code).toBe(expected.value);
      if (expected?.limit !== undefined) expect(v.limit, v.code).toBe(expected.limit);
      if (expected?.suggestion !== undefined) expect(v.suggestion ?? [], v.code).toEqual(expected.suggestion);
    });
    expect(result.skipped.map((s) => s.check)).toEqual(model.skipped.map((s) => s.check));
    expect(generalPath(b)(c.order, c.context)).toEqual(result);
    // The fast ways answered themselves (no fallback to the general path hid a wrong answer).
    expect(fastOnly(b)(c.order, c.context)).toEqual(result);
    const verdict = { ok: result.ok, codes: model.codes, skipped: result.skipped };
    expect(fastVerdictOnly(b)(c.order, c.context)).toEqual(verdict);
    expect(b.checkOrder(c.order, c.context)).toEqual(verdict);
  });
});

it('covers every rule that computes in safe integers', () => {
  const covered = new Set(CASES.map((c) => c.rule));
  const arithmetic = PAIR_RULES.map((r) => r.code).filter(
    (code) => code !== 'SYMBOL_NOT_TRADING' && code !== 'TRADING_DISABLED',
  );
  expect([...covered].sort()).toEqual(arithmetic.sort());
  for (const where of ['fast', 'fast, explained exactly', 'not sure', 'count past 2^53'] as const)
    expect(CASES.some((c) => c.where === where)).toBe(true);
});
