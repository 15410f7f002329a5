import { describe, expect, it } from 'vitest';
import { checkSymbolKnown } from '../../src/book/judge-order.js';
import type { ValidationContext } from '../../src/index.js';
import { generalPath } from '../../test-support/engine-internals.js';
import { book, bookOf, definition, limitOrder, marketOrder, SYMBOL } from '../rules/fixtures.js';

/**
 * The judge's edges found by mutation testing (`npm run mutation`): the results it shares, the
 * values its lookup violations name, and the verdicts it keys by which rules failed and skipped.
 * Messages are held to name their values, never to a wording.
 */

const b = book();
const AT_100: ValidationContext = { referencePrice: '100' };
/** No reference price, a notional limit: a MARKET order's notional check skips. */
const NO_REFERENCE: ValidationContext = { maxNotional: '1000' };

describe('the results the judge shares', () => {
  it('a passing order judged the general way gets the same frozen result as one judged fast', () => {
    const fast = b.validateOrder(limitOrder('BUY', '100', '1'), AT_100);
    const general = generalPath(b)(limitOrder('SELL', '101', '2'), AT_100);
    expect(general).toBe(fast);
    expect(Object.isFrozen(general)).toBe(true);
  });

  it('orders passing with the same skips share one result, and its list of skips', () => {
    const first = b.validateOrder(marketOrder('BUY', '1'), NO_REFERENCE);
    const second = b.validateOrder(marketOrder('SELL', '2'), NO_REFERENCE);
    expect(first.ok).toBe(true);
    expect(first.skipped).toHaveLength(1);
    expect(second).toBe(first);
    expect(b.checkOrder(marketOrder('BUY', '3'), NO_REFERENCE).skipped).toBe(first.skipped);
  });

  it('orders failing with the same skips share their list of skips, and their verdict', () => {
    const first = b.validateOrder(marketOrder('BUY', '1.00001'), NO_REFERENCE);
    const second = b.validateOrder(marketOrder('SELL', '2.00001'), NO_REFERENCE);
    expect(first.ok).toBe(false);
    expect(second.skipped).toBe(first.skipped);
    const verdict = b.checkOrder(marketOrder('BUY', '1.00001'), NO_REFERENCE);
    expect(verdict.skipped).toBe(first.skipped);
    expect(verdict).toBe(b.checkOrder(marketOrder('SELL', '3.00001'), NO_REFERENCE));
    expect(verdict.codes).toEqual(['QUANTITY_STEP']);
  });

  it('a passing verdict with no skips has no codes and no skips, shared', () => {
    const verdict = b.checkOrder(limitOrder('BUY', '100', '1'), AT_100);
    expect(verdict).toEqual({ ok: true, codes: [], skipped: [] });
    expect(verdict.codes).toBe(verdict.skipped);
  });
});

describe('verdicts by which rules failed and which skipped, one after another', () => {
  // Each row fails and skips a different set of rules; checked in a row, each verdict must be
  // its own, whatever was judged before it.
  const rows: [string, Record<string, unknown>, ValidationContext][] = [
    ['passes', limitOrder('BUY', '100', '1'), AT_100],
    ['off the tick', limitOrder('BUY', '100.005', '1'), AT_100],
    ['off the step', limitOrder('BUY', '100', '1.00005'), AT_100],
    ['off both', limitOrder('BUY', '100.005', '1.00005'), AT_100],
    ['skips the notional', marketOrder('BUY', '1'), NO_REFERENCE],
    ['off the step, skipping the notional', marketOrder('BUY', '1.00005'), NO_REFERENCE],
    ['over the market size, skipping the notional', marketOrder('BUY', '100.0001'), NO_REFERENCE],
    ['under the minimum', limitOrder('BUY', '100', '0.0009'), AT_100],
    ['above the buy band', limitOrder('BUY', '106', '1'), AT_100],
    ['below the sell band', limitOrder('SELL', '89', '1'), AT_100],
    ['over the notional', limitOrder('BUY', '100', '2'), { ...AT_100, maxNotional: '150' }],
  ];

  it('checkOrder gives validateOrder codes and skips for each, in either order', () => {
    for (const sequence of [rows, [...rows].reverse()])
      for (const [name, order, context] of sequence) {
        const result = b.validateOrder(order, context);
        const verdict = b.checkOrder(order, context);
        expect({ name, ok: verdict.ok, codes: verdict.codes, skipped: verdict.skipped }).toEqual({
          name,
          ok: result.ok,
          codes: result.violations.map((v) => v.code),
          skipped: result.skipped,
        });
      }
  });
});

describe('the lookup violations name their values', () => {
  const several = bookOf(definition(), definition({ symbol: 'BADUSDT', minTradeAmount: 'abc' }));

  it('UNKNOWN_SYMBOL names the symbol, and a near spelling when there is one', () => {
    const unknown = several.validateOrder(limitOrder('BUY', '100', '1', { symbol: 'XRPUSDT' }));
    const violation = unknown.violations[0];
    expect(violation?.code).toBe('UNKNOWN_SYMBOL');
    expect(violation?.message).toContain('XRPUSDT');
    expect(violation?.suggestion).toBeUndefined();

    const near = several.validateOrder(limitOrder('BUY', '100', '1', { symbol: 'btcusdt' }));
    expect(near.violations[0]?.suggestion).toEqual([SYMBOL]);
    expect(near.violations[0]?.message).toContain('btcusdt');
    expect(near.violations[0]?.message).toContain(SYMBOL);
  });

  it('SYMBOL_DEFINITION_INVALID names the symbol and each reason the definition was set aside', () => {
    const result = several.validateOrder(limitOrder('BUY', '100', '1', { symbol: 'BADUSDT' }));
    const violation = result.violations[0];
    expect(violation?.code).toBe('SYMBOL_DEFINITION_INVALID');
    expect(violation?.message).toContain('BADUSDT');
    expect(violation?.message).toContain('minTradeAmount');

    const rejected = {
      index: 0,
      symbol: 'HANDUSDT',
      reasons: [
        { path: 'tickSize', message: 'first' },
        { path: 'stepSize', message: 'second' },
      ],
    };
    const direct = checkSymbolKnown('HANDUSDT', { kind: 'rejected', rejected });
    for (const part of ['HANDUSDT', 'tickSize', 'first', 'stepSize', 'second'])
      expect(direct?.message).toContain(part);
  });
});

describe('a decimal refused for its spelling is suggested on the grid', () => {
  it.each([
    ['price', limitOrder('BUY', '1.00005e2', '1'), ['100']],
    ['price', limitOrder('SELL', '1.00005e2', '1'), ['100.01']],
    ['quantity', limitOrder('BUY', '100', '1.00005e0'), ['1']],
  ])('%s', (field, order, suggestion) => {
    const result = b.validateOrder(order, AT_100);
    const violation = result.violations.find((v) => v.field === field);
    expect(violation?.code).toBe('INVALID_FIELD');
    expect(violation?.suggestion).toEqual(suggestion);
  });
});

describe('a quantity with more decimals than the pair counts in', () => {
  it.each([
    ['below the minimum', limitOrder('BUY', '100', '0.00001'), ['QUANTITY_STEP', 'QUANTITY_BELOW_MIN']],
    ['above the maximum', limitOrder('BUY', '100', '1000.00001'), ['QUANTITY_STEP', 'QUANTITY_ABOVE_MAX']],
    ['within the bounds', limitOrder('BUY', '100', '1.00001'), ['QUANTITY_STEP']],
  ])('%s: the step and the bound', (_name, order, codes) => {
    expect(b.checkOrder(order, AT_100).codes).toEqual(codes);
    expect(b.validateOrder(order, AT_100).violations.map((v) => v.code)).toEqual(codes);
  });
});
