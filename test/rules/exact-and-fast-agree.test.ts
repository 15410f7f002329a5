import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAIR_RULES } from '../../src/rules/pair-rules.js';
import { FAIL, NOT_SURE, PASS, type PairRule, SKIP } from '../../src/rules/rule.js';
import { compiledPairOf, readForRules } from '../../test-support/engine-internals.js';
import { book, limitOrder, marketOrder, parsedContext, parsedOrder, SYMBOL } from './fixtures.js';

/**
 * Each rule module's two forms, side by side on that rule's own edge cases: the exact check and
 * the safe-integer check reach the same verdict, the fast explanation is the exact violation,
 * and a fast skip is the exact skip. Every rule is also run on every other rule's cases, so a
 * rule that answers for the wrong code, or two rules that swapped places, fail here by name.
 *
 * The fixture pair: tick 0.01, step 0.0001, quantity 0.001..1000, MARKET caps 100 (buy) and 50
 * (sell), bands +5% / -10%, fallback ratio 2%, precisions 8 and 8.
 */
interface EdgeCase {
  readonly name: string;
  readonly pair?: Record<string, unknown>;
  readonly order: Record<string, unknown>;
  readonly context?: Record<string, unknown>;
  /** The codes this case must break, in the list's order (none: it passes every rule). */
  readonly breaks: readonly string[];
}

const REF = { referencePrice: '100' };

const EDGES: Record<string, readonly EdgeCase[]> = {
  SYMBOL_NOT_TRADING: [
    { name: 'TRADING', order: limitOrder('BUY', '100', '1'), breaks: [] },
    {
      name: 'status BREAK',
      pair: { status: 'BREAK' },
      order: limitOrder('BUY', '100', '1'),
      breaks: ['SYMBOL_NOT_TRADING'],
    },
  ],
  TRADING_DISABLED: [
    { name: 'enableTrade true', order: marketOrder('SELL', '1'), breaks: [] },
    {
      name: 'enableTrade false',
      pair: { enableTrade: false },
      order: marketOrder('SELL', '1'),
      breaks: ['TRADING_DISABLED'],
    },
  ],
  PRICE_TICK: [
    { name: 'on the tick', order: limitOrder('BUY', '100.01', '1'), breaks: [] },
    { name: 'half a tick off', order: limitOrder('BUY', '100.005', '1'), breaks: ['PRICE_TICK'] },
    { name: 'below the first tick', order: limitOrder('SELL', '0.005', '1'), breaks: ['PRICE_TICK'] },
    { name: 'a number off the tick', order: limitOrder('SELL', 99.999, '1'), breaks: ['PRICE_TICK'] },
    {
      name: 'inferred tick',
      pair: { tickSize: undefined, displayDigitMerge: '0.05,0.5' },
      order: limitOrder('BUY', '100.02', '1'),
      breaks: ['PRICE_TICK'],
    },
    {
      name: 'no tick at all',
      pair: { tickSize: undefined, displayDigitMerge: undefined },
      order: limitOrder('BUY', '100.005', '1'),
      breaks: [],
    },
  ],
  PRICE_PRECISION: [
    { name: 'eight places', order: limitOrder('BUY', '100.01000000', '1'), breaks: [] },
    {
      name: 'nine places, a BUY',
      order: limitOrder('BUY', '100.010000000', '1'),
      breaks: ['PRICE_PRECISION'],
    },
    {
      name: 'nine places, a SELL off the tick',
      order: limitOrder('SELL', '100.012000000', '1'),
      breaks: ['PRICE_TICK', 'PRICE_PRECISION'],
    },
  ],
  PRICE_ABOVE_BUY_LIMIT: [
    { name: 'at the limit', order: limitOrder('BUY', '105', '1'), context: REF, breaks: [] },
    {
      name: 'one tick above',
      order: limitOrder('BUY', '105.01', '1'),
      context: REF,
      breaks: ['PRICE_ABOVE_BUY_LIMIT'],
    },
    { name: 'no reference price', order: limitOrder('BUY', '105.01', '1'), breaks: [] },
  ],
  PRICE_BELOW_SELL_LIMIT: [
    { name: 'at the limit', order: limitOrder('SELL', '90', '1'), context: REF, breaks: [] },
    {
      name: 'one tick below',
      order: limitOrder('SELL', '89.99', '1'),
      context: REF,
      breaks: ['PRICE_BELOW_SELL_LIMIT'],
    },
    { name: 'a BUY below it', order: limitOrder('BUY', '89.99', '1'), context: REF, breaks: [] },
  ],
  QUANTITY_STEP: [
    { name: 'on the step', order: marketOrder('BUY', '1.0001'), breaks: [] },
    { name: 'half a step off', order: marketOrder('BUY', '1.00005'), breaks: ['QUANTITY_STEP'] },
    { name: 'a number off the step', order: limitOrder('SELL', '100', 0.00105), breaks: ['QUANTITY_STEP'] },
    { name: 'no step', pair: { stepSize: undefined }, order: marketOrder('BUY', '1.00005'), breaks: [] },
    {
      name: 'a step of 3 grid units, on it',
      pair: { stepSize: '0.0003' },
      order: marketOrder('BUY', '0.0012'),
      breaks: [],
    },
    {
      name: 'a step of 3 grid units, off it',
      pair: { stepSize: '0.0003' },
      order: marketOrder('BUY', '0.001'),
      breaks: ['QUANTITY_STEP'],
    },
    {
      name: 'a step finer than the precision, on it',
      pair: { stepSize: '0.00003', baseAssetPrecision: 4 },
      order: marketOrder('BUY', '0.0012'),
      breaks: [],
    },
    {
      name: 'a step finer than the precision, off it',
      pair: { stepSize: '0.00003', baseAssetPrecision: 4 },
      order: marketOrder('BUY', '0.0011'),
      breaks: ['QUANTITY_STEP'],
    },
    {
      name: 'a step finer than the precision, off the precision',
      pair: { stepSize: '0.00003', baseAssetPrecision: 4 },
      order: marketOrder('BUY', '0.00123'),
      breaks: ['QUANTITY_PRECISION'],
    },
  ],
  QUANTITY_PRECISION: [
    { name: 'eight places', order: marketOrder('SELL', '1.00000000'), breaks: [] },
    { name: 'nine places', order: marketOrder('SELL', '1.000000000'), breaks: ['QUANTITY_PRECISION'] },
  ],
  QUANTITY_BELOW_MIN: [
    { name: 'at the minimum', order: marketOrder('BUY', '0.001'), breaks: [] },
    { name: 'one step below', order: marketOrder('BUY', '0.0009'), breaks: ['QUANTITY_BELOW_MIN'] },
    {
      name: 'below it with more decimals than the step',
      order: limitOrder('BUY', '100', '0.00095'),
      breaks: ['QUANTITY_STEP', 'QUANTITY_BELOW_MIN'],
    },
  ],
  QUANTITY_ABOVE_MAX: [
    { name: 'at the maximum', order: limitOrder('BUY', '100', '1000'), breaks: [] },
    { name: 'one step above', order: limitOrder('BUY', '100', '1000.0001'), breaks: ['QUANTITY_ABOVE_MAX'] },
  ],
  MARKET_SIZE_ABOVE_MAX: [
    { name: 'a BUY at its cap', order: marketOrder('BUY', '100'), breaks: [] },
    {
      name: 'a BUY one step above',
      order: marketOrder('BUY', '100.0001'),
      breaks: ['MARKET_SIZE_ABOVE_MAX'],
    },
    { name: 'a SELL at its cap', order: marketOrder('SELL', '50'), breaks: [] },
    {
      name: 'a SELL one step above',
      order: marketOrder('SELL', '50.0001'),
      breaks: ['MARKET_SIZE_ABOVE_MAX'],
    },
    { name: 'a LIMIT above the MARKET cap', order: limitOrder('SELL', '100', '60'), breaks: [] },
  ],
  NOTIONAL_ABOVE_MAX: [
    {
      name: 'LIMIT at the limit',
      order: limitOrder('BUY', '100', '1'),
      context: { maxNotional: '100' },
      breaks: [],
    },
    {
      name: 'LIMIT above it',
      order: limitOrder('BUY', '100', '1'),
      context: { maxNotional: '99.99' },
      breaks: ['NOTIONAL_ABOVE_MAX'],
    },
    {
      name: 'MARKET BUY at its worst case',
      order: marketOrder('BUY', '1'),
      context: { ...REF, maxNotional: '102' },
      breaks: [],
    },
    {
      name: 'MARKET BUY above it',
      order: marketOrder('BUY', '1'),
      context: { ...REF, maxNotional: '101.99' },
      breaks: ['NOTIONAL_ABOVE_MAX'],
    },
    {
      name: 'MARKET SELL above it',
      order: marketOrder('SELL', '1'),
      context: { ...REF, maxNotional: 97.99 },
      breaks: ['NOTIONAL_ABOVE_MAX'],
    },
    {
      name: 'MARKET without a reference',
      order: marketOrder('SELL', '1'),
      context: { maxNotional: '1' },
      breaks: [],
    },
    {
      name: 'LIMIT price with a trailing zero above it',
      order: limitOrder('BUY', '100.50', '1'),
      context: { maxNotional: '100' },
      breaks: ['NOTIONAL_ABOVE_MAX'],
    },
    {
      name: 'LIMIT price as a number above it',
      order: limitOrder('BUY', 100.5, '1'),
      context: { maxNotional: '100' },
      breaks: ['NOTIONAL_ABOVE_MAX'],
    },
  ],
};

const ALL_CASES = Object.values(EDGES).flat();

/** The case's pair as a book compiles it (its tick inferred where the exchange sent none). */
function pairOf(edge: EdgeCase) {
  const pair = compiledPairOf(book(edge.pair ?? {}), SYMBOL);
  if (pair === undefined) throw new Error(`the pair of "${edge.name}" did not compile`);
  return pair;
}

function fastVerdict(rule: PairRule, edge: EdgeCase) {
  const pair = pairOf(edge);
  const fast = pair.fast;
  if (fast === undefined) throw new Error(`the fixture pair of "${edge.name}" has no fast form`);
  const read = readForRules(fast, edge.order, edge.context);
  if (read === undefined) throw new Error(`"${edge.name}" is not read by the fast path`);
  const verdict = rule.fastCheck(fast, read);
  const explained = verdict === FAIL ? rule.explainFast(fast, read, PAIR_RULES.indexOf(rule)) : undefined;
  return { verdict, explained };
}

function exactOutcome(rule: PairRule, edge: EdgeCase) {
  const pair = pairOf(edge);
  return rule.check(pair, parsedOrder(edge.order), parsedContext(edge.context ?? {}));
}

describe.each(PAIR_RULES.map((rule) => [rule.code, rule] as const))(
  '%s: exact and fast forms agree',
  (code, rule) => {
    it.each(EDGES[code] ?? [])('on its own edge case: $name', (edge) => {
      const exact = exactOutcome(rule, edge);
      const { verdict, explained } = fastVerdict(rule, edge);
      const breaks = edge.breaks.includes(code);
      expect(exact !== undefined && 'code' in exact, 'the exact check finds the breach').toBe(breaks);
      expect(verdict).toBe(breaks ? FAIL : exact === undefined ? PASS : SKIP);
      if (breaks) expect(explained).toEqual(exact);
      if (verdict === SKIP) expect(rule.fastSkip).toEqual(exact);
    });

    it('on every other rule’s edge cases', () => {
      for (const edge of ALL_CASES) {
        const exact = exactOutcome(rule, edge);
        const { verdict, explained } = fastVerdict(rule, edge);
        expect(verdict, edge.name).not.toBe(NOT_SURE);
        const breaks = exact !== undefined && 'code' in exact;
        expect(breaks, `${edge.name} breaks ${code}`).toBe(edge.breaks.includes(code));
        expect(verdict === FAIL, edge.name).toBe(breaks);
        if (breaks) expect(explained, edge.name).toEqual(exact);
      }
    });
  },
);

describe('the one ordered list of rules', () => {
  it('runs the rules in the order the README documents them (a swapped place fails here)', () => {
    // The README's table of violation codes, in its order; the pair's rules are its last rows.
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const documented = [...readme.matchAll(/^\| `([A-Z_]+)` +\|/gm)].map((row) => row[1]);
    const codes = PAIR_RULES.map((rule) => rule.code);
    expect(documented.slice(documented.indexOf(codes[0] as string))).toEqual(codes);
    expect(documented).toHaveLength(18);
  });

  it('has edge cases for every rule, and every edge case breaks only rules of the list', () => {
    expect(Object.keys(EDGES).sort()).toEqual(PAIR_RULES.map((rule) => rule.code).sort());
    for (const edge of ALL_CASES) for (const code of edge.breaks) expect(Object.keys(EDGES)).toContain(code);
  });

  it('each case breaks exactly its listed codes, in the list’s order, through validateOrder', () => {
    for (const edge of ALL_CASES) {
      const result = book(edge.pair ?? {}).validateOrder(edge.order, edge.context);
      expect(
        result.violations.map((v) => v.code),
        edge.name,
      ).toEqual(edge.breaks);
    }
  });
});
