import { describe, expect, it } from 'vitest';
import { RuleBook, ruleBookSteps } from '../../src/book/rule-book.js';
import {
  checkOrder,
  type ExchangeInfo,
  estimateOrder,
  normalizeOrder,
  parseExchangeInfo,
  parseRuleBookSnapshot,
  validateOrder,
} from '../../src/index.js';
import { CHEAP_ITEMS_PER_STEP, ITEMS_PER_STEP } from '../../src/steps/steps.js';
import { thrown, throwsOnFirstRead } from '../../test-support/thrown.js';
import {
  bookOf,
  definition,
  definitionWithout,
  limitOrder,
  marketOrder,
  payload,
} from '../rules/fixtures.js';

// The book's edges that mutation testing (issue 32) found no test holding: an order without a
// symbol on every entry point, a skip of the exact way for a field the pair lacks, a payload that
// throws as it is read, a definition set aside at a step's edge, how the compiling yields, the
// folding of a mistyped symbol, and the faults' messages naming what they are about. Codes,
// fields, values and counts only, never a message's wording.

describe('an order without a symbol', () => {
  const b = bookOf(definition());
  const order = { side: 'BUY', type: 'MARKET', quantity: '1' };
  it('is a missing symbol on every entry point, and nothing else', () => {
    expect(b.validateOrder(order).violations.map((v) => [v.code, v.field])).toEqual([
      ['MISSING_FIELD', 'symbol'],
    ]);
    expect(b.checkOrder(order).codes).toEqual(['MISSING_FIELD']);
    const repaired = b.normalizeOrder(order);
    expect(!repaired.ok && repaired.violations.map((v) => [v.code, v.field])).toEqual([
      ['MISSING_FIELD', 'symbol'],
    ]);
    const estimate = b.estimateOrder(order, { referencePrice: '100' });
    expect(!estimate.estimated && estimate.violations.map((v) => [v.code, v.field])).toEqual([
      ['MISSING_FIELD', 'symbol'],
    ]);
  });
});

describe('a skip for a field the pair lacks', () => {
  // A reference price past safe integers or not: the band's check skips for the absent ratio,
  // not for the reference price.
  it.each([
    ['buyLimitPriceRatio', limitOrder('BUY', '100', '1'), 'PRICE_ABOVE_BUY_LIMIT'],
    ['sellLimitPriceRatio', limitOrder('SELL', '100', '1'), 'PRICE_BELOW_SELL_LIMIT'],
  ])('without %s the skip names the field, short or long', (field, order, check) => {
    const b = bookOf(definitionWithout([field]));
    for (const referencePrice of ['100', '100.00000000000000000001']) {
      const skips = [[check, 'NO_RULE_FIELD', field]];
      const result = b.validateOrder(order, { referencePrice });
      expect(result.skipped.map((s) => [s.check, s.reason, s.field])).toEqual(skips);
      expect(
        b.checkOrder(order, { referencePrice }).skipped.map((s) => [s.check, s.reason, s.field]),
      ).toEqual(skips);
    }
  });
});

describe('a payload that throws as it is read', () => {
  const boom = new Error('boom-4711');
  const expectUnreadable = (error: unknown) => {
    expect(error).toMatchObject({ name: 'ExchangeInfoSchemaError', cause: boom });
    const issues = (error as { issues: { path: string; code: string; message: string }[] }).issues;
    expect(issues.map((i) => [i.path, i.code])).toEqual([['(root)', 'custom']]);
    expect(issues[0]?.message).toContain('boom-4711');
  };
  it('a proxy whose every read throws', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw boom;
        },
      },
    );
    expectUnreadable(thrown(() => RuleBook.fromExchangeInfo(hostile as never)));
  });
  it('a proxy that throws on its first read only: what it threw is the cause', () => {
    const once = throwsOnFirstRead(boom);
    expectUnreadable(thrown(() => RuleBook.fromExchangeInfo(once as never)));
  });
  it('an already parsed payload whose definitions throw as they are read', () => {
    const info = parseExchangeInfo(payload([definition()]));
    const symbols = new Proxy(info.symbols as unknown as object, {
      has() {
        throw boom;
      },
    });
    expectUnreadable(thrown(() => RuleBook.fromExchangeInfo({ ...info, symbols } as never)));
  });
});

describe('compiling in steps', () => {
  const info = (count: number, bad: number): ExchangeInfo => {
    const parsed = parseExchangeInfo(payload([definition()]));
    const good = parsed.symbols[0] as ExchangeInfo['symbols'][number];
    const symbols = Array.from({ length: count }, (_, index) =>
      index === bad
        ? ({ ...good, symbol: 'BAD', tickSize: 'x' } as never)
        : { ...good, symbol: `S${index}USDT` },
    );
    return { ...parsed, symbols };
  };
  it('a definition that cannot be compiled at a step’s first or last place is set aside once', () => {
    for (const bad of [ITEMS_PER_STEP - 1, ITEMS_PER_STEP, ITEMS_PER_STEP + 1]) {
      const b = RuleBook.fromExchangeInfo(info(ITEMS_PER_STEP * 2 + 1, bad));
      expect(b.rejected.map((r) => [r.index, r.symbol])).toEqual([[bad, 'BAD']]);
      expect(b.size).toBe(ITEMS_PER_STEP * 2);
    }
  });
  it('the fast forms are indexed a slice at a time, not all at once nor one a step', () => {
    const count = CHEAP_ITEMS_PER_STEP * 2 + 1;
    const steps = ruleBookSteps(info(count, -1));
    let yields = 0;
    let step = steps.next();
    while (step.done !== true) {
      yields++;
      step = steps.next();
    }
    expect(step.value.size).toBe(count);
    // One step per ITEMS_PER_STEP definitions compiled, then one per CHEAP_ITEMS_PER_STEP fast
    // forms indexed; a step per item would be many more.
    const compiling = Math.ceil(count / ITEMS_PER_STEP);
    expect(yields).toBeGreaterThanOrEqual(compiling + Math.floor(count / CHEAP_ITEMS_PER_STEP));
    expect(yields).toBeLessThan(compiling + count / 4);
  });
});

describe('a mistyped symbol', () => {
  it('is folded by upper case: ß is told of SS', () => {
    const b = bookOf(definition({ symbol: 'SSUSDT' }));
    const v = b.validateOrder(marketOrder('BUY', '1', { symbol: 'ßusdt' })).violations;
    expect(v.map((x) => [x.code, x.suggestion])).toEqual([['UNKNOWN_SYMBOL', ['SSUSDT']]]);
  });
});

describe('what a fault names', () => {
  it('a book argument that throws as it is read: the message names what it threw', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const run of [validateOrder, checkOrder, estimateOrder, normalizeOrder]) {
      const fault = thrown(() => run(proxy as never, {} as never)) as { cause: Error; message: string };
      expect(fault.cause).toBeInstanceOf(TypeError);
      expect(fault.message).toContain(fault.cause.message);
    }
  });
  it('parseRuleBookSnapshot points to RuleBook.fromJSON only for an object already parsed', () => {
    for (const value of [42, null, undefined, true]) {
      const error = thrown(() => parseRuleBookSnapshot(value as never)) as Error;
      expect(error).toMatchObject({ name: 'SnapshotError', reason: 'json' });
      expect(error.message).not.toContain('RuleBook.fromJSON');
    }
  });
});
