/**
 * A value of the wrong type to a public function is an InvalidArgumentError naming the argument
 * (never a TypeError from inside); a string where a parsed object is taken, or the reverse, says
 * which function takes it; an unknown symbol that the book has in another spelling is told it.
 */
import { describe, expect, it } from 'vitest';
import {
  checkOrder,
  diffRuleBooks,
  estimateOrder,
  formatRuleBookDiff,
  InvalidArgumentError,
  isExchangeInfoSchemaError,
  isSnapshotError,
  normalizeOrder,
  parseExchangeInfo,
  parseExchangeInfoText,
  parseRuleBookSnapshot,
  RuleBook,
  sampleExchangeInfo,
  validateOrder,
} from '../../src/index.js';
import { thrown } from '../../test-support/thrown.js';

const book = RuleBook.fromExchangeInfo(sampleExchangeInfo());
const order = { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '0.001' } as const;

describe('a value of the wrong type is an InvalidArgumentError naming the argument', () => {
  it.each([
    ['diffRuleBooks(1, 2)', () => diffRuleBooks(1 as never, 2 as never), 'before'],
    ['diffRuleBooks(book, {})', () => diffRuleBooks(book, {} as never), 'after'],
    ['diffRuleBooks(book, undefined)', () => diffRuleBooks(book, undefined as never), 'after'],
    ['formatRuleBookDiff(1)', () => formatRuleBookDiff(1 as never), 'diff'],
    ['parseExchangeInfoText(1)', () => parseExchangeInfoText(1 as never), 'text'],
    ['validateOrder(1, order)', () => validateOrder(1 as never, order), 'book'],
    ['checkOrder(undefined, order)', () => checkOrder(undefined as never, order), 'book'],
    ['estimateOrder({}, order)', () => estimateOrder({} as never, order), 'book'],
    ['normalizeOrder(null, order)', () => normalizeOrder(null as never, order), 'book'],
    ['validateOrder(snapshot, order)', () => validateOrder(book.toJSON() as never, order), 'book'],
  ])('%s', (_name, run, argument) => {
    const error = thrown(run);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).argument).toBe(argument);
  });

  it('a book passes as before', () => {
    expect(validateOrder(book, order).ok).toBe(true);
    expect(diffRuleBooks(book, book).isEmpty).toBe(true);
  });
});

describe('text where an object is taken, or the reverse, names the function that takes it', () => {
  it('RuleBook.fromJSON(text): a SnapshotError pointing to parseRuleBookSnapshot', () => {
    const error = thrown(() => RuleBook.fromJSON(JSON.stringify(book)));
    expect(isSnapshotError(error)).toBe(true);
    expect((error as Error).message).toContain('parseRuleBookSnapshot');
  });

  it('parseRuleBookSnapshot(object): a SnapshotError pointing to RuleBook.fromJSON', () => {
    const error = thrown(() => parseRuleBookSnapshot(book.toJSON() as never));
    expect(isSnapshotError(error)).toBe(true);
    expect((error as Error).message).toContain('RuleBook.fromJSON');
  });

  it('parseExchangeInfo(text) and RuleBook.fromExchangeInfo(text) point to parseExchangeInfoText', () => {
    for (const run of [() => parseExchangeInfo('{}'), () => RuleBook.fromExchangeInfo('{}' as never)]) {
      const error = thrown(run);
      expect(isExchangeInfoSchemaError(error)).toBe(true);
      expect((error as Error).message).toContain('parseExchangeInfoText');
    }
  });
});

describe('UNKNOWN_SYMBOL for a symbol the book has in another spelling', () => {
  it.each(['btcusdt', 'BtcUsdt', 'btc-usdt', 'BTC/USDT'])(
    '%s: the code stays, with the suggestion',
    (symbol) => {
      const [v] = book.validateOrder({ ...order, symbol }).violations;
      expect(v?.code).toBe('UNKNOWN_SYMBOL');
      expect(v?.suggestion).toEqual(['BTCUSDT']);
      expect(v?.message).toContain('BTCUSDT');
      expect(book.checkOrder({ ...order, symbol }).codes).toEqual(['UNKNOWN_SYMBOL']);
    },
  );

  it('a symbol with no near spelling has no suggestion', () => {
    const [v] = book.validateOrder({ ...order, symbol: 'NOPEUSDT' }).violations;
    expect(v).toMatchObject({ code: 'UNKNOWN_SYMBOL' });
    expect(v).not.toHaveProperty('suggestion');
  });
});

describe('a value is described with the right plural', () => {
  it('an array of 1 item, of 2 items, of 0 items', async () => {
    const { describeValue } = await import('../../src/errors/preflight-error.js');
    expect(describeValue(['a'])).toBe('an array of 1 item');
    expect(describeValue(['a', 'b'])).toBe('an array of 2 items');
    expect(describeValue([])).toBe('an array of 0 items');
  });
});
