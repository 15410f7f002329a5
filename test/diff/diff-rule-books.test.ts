import { describe, expect, it } from 'vitest';
import { DEFINITION_FIELDS } from '../../src/diff/compare-definitions.js';
import { diffRuleBooks } from '../../src/diff/diff-rule-books.js';
import { type ExchangeInfo, parseExchangeInfo, RuleBook } from '../../src/index.js';
import { definition, definitionWithout, payload } from '../rules/fixtures.js';

function bookOf(
  symbols: readonly unknown[],
  envelope: { timezone?: string; serverTime?: number } = {},
): RuleBook {
  return RuleBook.fromExchangeInfo(parseExchangeInfo({ ...payload(symbols), ...envelope }));
}

const ETH = definition({ symbol: 'ETHUSDT', tickSize: '0.1' });

describe('diffRuleBooks: no change', () => {
  it('is empty for identical books', () => {
    const diff = diffRuleBooks(bookOf([definition(), ETH]), bookOf([definition(), ETH]));
    expect(diff).toEqual({
      isEmpty: true,
      added: [],
      removed: [],
      changed: [],
      rejected: { added: [], removed: [] },
      timezone: null,
    });
  });

  it('is empty for a book and itself, and for a book and its reloaded snapshot', () => {
    const book = bookOf([definition(), ETH, definition({ symbol: 'BAD', tickSize: -1 })]);
    expect(diffRuleBooks(book, book).isEmpty).toBe(true);
    expect(diffRuleBooks(book, RuleBook.fromJSON(JSON.parse(JSON.stringify(book)))).isEmpty).toBe(true);
  });

  it('ignores serverTime and fetchedAt, which move on every fetch', () => {
    const a = RuleBook.fromExchangeInfo(parseExchangeInfo({ ...payload(), serverTime: 1 }), { fetchedAt: 1 });
    const b = RuleBook.fromExchangeInfo(parseExchangeInfo({ ...payload(), serverTime: 2 }), { fetchedAt: 2 });
    expect(diffRuleBooks(a, b).isEmpty).toBe(true);
  });

  it('ignores payload order and wire spellings of the same values', () => {
    const a = bookOf([definition(), ETH]);
    const b = bookOf([{ ...ETH, tickSize: 0.1 }, definition({ tickSize: '0.0100', stepSize: 1e-4 })]);
    expect(diffRuleBooks(a, b).isEmpty).toBe(true);
  });

  it("compares decimals by value even in hand-built books ('0.10' is '0.1')", () => {
    const parsed = parseExchangeInfo(payload([definition()]));
    const handBuilt: ExchangeInfo = {
      ...parsed,
      symbols: parsed.symbols.map((d) => ({ ...d, tickSize: '0.010', displayDigitMerge: ['0.010', '0.1'] })),
    };
    expect(
      diffRuleBooks(RuleBook.fromExchangeInfo(parsed), RuleBook.fromExchangeInfo(handBuilt)).isEmpty,
    ).toBe(true);
  });
});

describe('diffRuleBooks: changed fields', () => {
  it.each([
    ['a tickSize that moved', { tickSize: '0.1' }, 'tickSize', '0.01', '0.1'],
    ['a grid that went (0 is no grid)', { stepSize: 0 }, 'stepSize', '0.0001', null],
    ['enableTrade flipped', { enableTrade: false }, 'enableTrade', true, false],
    ['a ratio tightened', { buyLimitPriceRatio: '0.02' }, 'buyLimitPriceRatio', '0.05', '0.02'],
    ['a status change', { status: 'HALT' }, 'status', 'TRADING', 'HALT'],
    ['a precision change', { baseAssetPrecision: 6 }, 'baseAssetPrecision', 8, 6],
    ['a fee change', { makerFeeRate: '-0.0001' }, 'makerFeeRate', '0.0008', '-0.0001'],
    [
      'a maximum raised',
      { maxTradeAmount: '12345678901234567890' },
      'maxTradeAmount',
      '1000',
      '12345678901234567890',
    ],
    [
      'a digit-merge list change',
      { displayDigitMerge: '0.01,0.1,1' },
      'displayDigitMerge',
      ['0.01', '0.1'],
      ['0.01', '0.1', '1'],
    ],
    ['a digit-merge list emptied', { displayDigitMerge: '' }, 'displayDigitMerge', ['0.01', '0.1'], []],
    ['a display flag flipped', { displayHot: true }, 'displayHot', false, true],
  ])('%s', (_, overrides, field, before, after) => {
    const a = definition();
    const diff = diffRuleBooks(bookOf([a, ETH]), bookOf([definition(overrides), ETH]));
    expect(diff.isEmpty).toBe(false);
    expect(diff.changed).toEqual([{ symbol: 'BTCUSDT', changes: [{ field, before, after }] }]);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(diff.rejected).toEqual({ added: [], removed: [] });
  });

  it('a display flag that disappeared: before true, after null', () => {
    const diff = diffRuleBooks(bookOf([definition()]), bookOf([definitionWithout(['enableDisplay'])]));
    expect(diff.changed).toEqual([
      { symbol: 'BTCUSDT', changes: [{ field: 'enableDisplay', before: true, after: null }] },
    ]);
  });

  it('a grid that appeared: the tick and its source', () => {
    const diff = diffRuleBooks(
      bookOf([definitionWithout(['tickSize'], { displayDigitMerge: '' })]),
      bookOf([definition({ displayDigitMerge: '' })]),
    );
    expect(diff.changed).toEqual([
      {
        symbol: 'BTCUSDT',
        changes: [
          { field: 'tickSize', before: null, after: '0.01' },
          { field: 'tickSizeSource', before: 'none', after: 'tickSize' },
        ],
      },
    ]);
  });

  it('an inferred tick that the exchange now sends: the same grid, another source', () => {
    const diff = diffRuleBooks(bookOf([definitionWithout(['tickSize'])]), bookOf([definition()]));
    expect(diff.changed).toEqual([
      {
        symbol: 'BTCUSDT',
        changes: [{ field: 'tickSizeSource', before: 'displayDigitMerge', after: 'tickSize' }],
      },
    ]);
  });

  it('lists several fields of one pair in definition order', () => {
    const diff = diffRuleBooks(
      bookOf([definition()]),
      bookOf([
        definition({ enableTrade: false, tickSize: '0.1', status: 'BREAK', sellLimitPriceRatio: '0.2' }),
      ]),
    );
    expect(diff.changed[0]?.changes.map((c) => c.field)).toEqual([
      'status',
      'tickSize',
      'sellLimitPriceRatio',
      'enableTrade',
    ]);
  });

  it('lists changed pairs by symbol, whatever the payload order', () => {
    const pairs = ['ZEDUSDT', 'ALPHAUSDT', 'MIDUSDT'].map((symbol) => definition({ symbol }));
    const changed = ['MIDUSDT', 'ZEDUSDT', 'ALPHAUSDT'].map((symbol) =>
      definition({ symbol, tickSize: '1' }),
    );
    const diff = diffRuleBooks(bookOf(pairs), bookOf(changed));
    expect(diff.changed.map((c) => c.symbol)).toEqual(['ALPHAUSDT', 'MIDUSDT', 'ZEDUSDT']);
  });

  it('compares every field but symbol', () => {
    expect(DEFINITION_FIELDS).not.toContain('symbol');
    expect(DEFINITION_FIELDS).toContain('tickSize');
    expect(DEFINITION_FIELDS).toHaveLength(
      Object.keys(parseExchangeInfo(payload()).symbols[0] ?? {}).length - 1,
    );
  });

  it('does not share a list with either book', () => {
    const a = bookOf([definition()]);
    const b = bookOf([definition({ displayDigitMerge: '1' })]);
    const change = diffRuleBooks(a, b).changed[0]?.changes[0];
    if (change?.field !== 'displayDigitMerge' || change.before === null)
      throw new Error('expected a list change');
    (change.before as string[]).push('9');
    expect(a.definition('BTCUSDT')?.displayDigitMerge).toEqual(['0.01', '0.1']);
  });
});

describe('diffRuleBooks: added and removed pairs', () => {
  it('names added pairs with their definitions and removed pairs with their last ones, by symbol', () => {
    const a = bookOf([definition(), definition({ symbol: 'OLDUSDT' }), definition({ symbol: 'AOLDUSDT' })]);
    const b = bookOf([
      definition({ symbol: 'NEWUSDT', tickSize: '5' }),
      definition(),
      definition({ symbol: 'ANEWUSDT' }),
    ]);
    const diff = diffRuleBooks(a, b);
    expect(diff.added.map((d) => d.symbol)).toEqual(['ANEWUSDT', 'NEWUSDT']);
    expect(diff.added[1]).toEqual(b.definition('NEWUSDT'));
    expect(diff.removed.map((d) => d.symbol)).toEqual(['AOLDUSDT', 'OLDUSDT']);
    expect(diff.removed[1]).toEqual(a.definition('OLDUSDT'));
    expect(diff.changed).toEqual([]);
    expect(diff.isEmpty).toBe(false);
  });

  it('from an empty book, every pair is added; to an empty book, every pair is removed', () => {
    const full = bookOf([definition(), ETH]);
    const empty = bookOf([]);
    expect(diffRuleBooks(empty, full).added.map((d) => d.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(diffRuleBooks(full, empty).removed.map((d) => d.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
  });
});

describe('diffRuleBooks: definitions set aside', () => {
  const broken = definition({ symbol: 'ETHUSDT', tickSize: -1 });

  it('a pair whose definition broke: removed from the usable pairs, added to the set-aside ones', () => {
    const diff = diffRuleBooks(bookOf([definition(), ETH]), bookOf([definition(), broken]));
    expect(diff.removed.map((d) => d.symbol)).toEqual(['ETHUSDT']);
    expect(diff.rejected.added).toEqual([
      { index: 1, symbol: 'ETHUSDT', reasons: [expect.objectContaining({ path: 'tickSize' })] },
    ]);
    expect(diff.rejected.removed).toEqual([]);
    expect(diff.isEmpty).toBe(false);
  });

  it('a pair that recovered: added to the usable pairs, removed from the set-aside ones', () => {
    const diff = diffRuleBooks(bookOf([definition(), broken]), bookOf([definition(), ETH]));
    expect(diff.added.map((d) => d.symbol)).toEqual(['ETHUSDT']);
    expect(diff.rejected.removed.map((r) => r.symbol)).toEqual(['ETHUSDT']);
    expect(diff.rejected.added).toEqual([]);
  });

  it('a pair that stays broken, even for another reason or at another index, is no change', () => {
    const other = definition({ symbol: 'ETHUSDT', minTradeAmount: 'abc' });
    const diff = diffRuleBooks(bookOf([broken, definition()]), bookOf([definition(), other]));
    expect(diff.isEmpty).toBe(true);
  });

  it('definitions without a readable symbol are matched by their reasons, one for one', () => {
    const a = bookOf([definition(), { symbol: 5 }]);
    const b = bookOf([definition({ symbol: 'FIRST' }), definition(), { symbol: 5 }, { symbol: 5 }, 'junk']);
    const diff = diffRuleBooks(a, b);
    expect(diff.rejected.added.map((r) => r.index)).toEqual([3, 4]);
    expect(diff.rejected.removed).toEqual([]);
  });

  it('lists named entries by symbol before unnamed ones', () => {
    const b = bookOf([
      'junk',
      definition({ symbol: 'ZZZ', tickSize: -1 }),
      definition({ symbol: 'AAA', tickSize: -1 }),
    ]);
    expect(diffRuleBooks(bookOf([]), b).rejected.added.map((r) => r.symbol ?? `#${r.index}`)).toEqual([
      'AAA',
      'ZZZ',
      '#0',
    ]);
  });
});

describe('diffRuleBooks: time zone', () => {
  it('reports a changed time zone, and only that', () => {
    const diff = diffRuleBooks(
      bookOf([definition()]),
      bookOf([definition()], { timezone: 'Asia/Singapore' }),
    );
    expect(diff.timezone).toEqual({ before: 'UTC', after: 'Asia/Singapore' });
    expect(diff.isEmpty).toBe(false);
    expect(diff.changed).toEqual([]);
  });
});
