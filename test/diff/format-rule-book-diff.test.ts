import { describe, expect, it } from 'vitest';
import { diffRuleBooks, type RuleBookDiff } from '../../src/diff/diff-rule-books.js';
import { formatRuleBookDiff } from '../../src/diff/format-rule-book-diff.js';
import { parseExchangeInfo, RuleBook } from '../../src/index.js';
import { definition, definitionWithout, payload } from '../rules/fixtures.js';

function bookOf(symbols: readonly unknown[], timezone = 'UTC'): RuleBook {
  return RuleBook.fromExchangeInfo(parseExchangeInfo({ ...payload(symbols), timezone }));
}

function linesOf(diff: RuleBookDiff): string[] {
  return formatRuleBookDiff(diff).split('\n');
}

/** The one line that mentions every one of `words`; fails when there is not exactly one. */
function lineWith(lines: readonly string[], ...words: string[]): string {
  const matching = lines.filter((line) => words.every((word) => line.includes(word)));
  expect(matching, `one line with ${words.join(', ')} in:\n${lines.join('\n')}`).toHaveLength(1);
  return matching[0] ?? '';
}

describe('formatRuleBookDiff', () => {
  it('says "no changes" for an empty diff', () => {
    expect(formatRuleBookDiff(diffRuleBooks(bookOf([definition()]), bookOf([definition()])))).toBe(
      'no changes',
    );
  });

  it('writes one line per changed field, naming the symbol, the field and both values', () => {
    const diff = diffRuleBooks(
      bookOf([definition(), definition({ symbol: 'ETHUSDT' })]),
      bookOf([
        definition({ tickSize: '0.1', enableTrade: false }),
        definition({ symbol: 'ETHUSDT', sellLimitPriceRatio: '0.05' }),
      ]),
    );
    const lines = linesOf(diff);
    expect(lines).toHaveLength(3);
    lineWith(lines, 'BTCUSDT', 'tickSize', '0.01', '0.1');
    lineWith(lines, 'BTCUSDT', 'enableTrade', 'true', 'false');
    lineWith(lines, 'ETHUSDT', 'sellLimitPriceRatio', '0.1', '0.05');
  });

  it('puts the old value before the new one', () => {
    const diff = diffRuleBooks(bookOf([definition()]), bookOf([definition({ maxTradeAmount: '5000' })]));
    const line = lineWith(linesOf(diff), 'maxTradeAmount');
    expect(line.indexOf('1000')).toBeLessThan(line.indexOf('5000'));
  });

  it('shows a missing grid and an absent flag distinctly from any value', () => {
    const diff = diffRuleBooks(
      bookOf([definitionWithout(['tickSize'], { displayDigitMerge: '' })]),
      bookOf([definitionWithout(['displayNew'], { displayDigitMerge: '' })]),
    );
    const lines = linesOf(diff);
    const grid = lineWith(lines, 'tickSize', '0.01');
    expect(grid).not.toContain('null');
    const flag = lineWith(lines, 'displayNew', 'false');
    expect(flag.replace('displayNew', '').replace('false', '')).toMatch(/\w/);
  });

  it('shows every step of a digit-merge list', () => {
    const diff = diffRuleBooks(bookOf([definition()]), bookOf([definition({ displayDigitMerge: '1,10' })]));
    lineWith(linesOf(diff), 'BTCUSDT', 'displayDigitMerge', '0.01', '0.1', '1', '10');
  });

  it('names added and removed pairs, marked apart', () => {
    const diff = diffRuleBooks(
      bookOf([definition({ symbol: 'OLDUSDT' })]),
      bookOf([definition({ symbol: 'NEWUSDT' })]),
    );
    const lines = linesOf(diff);
    expect(lines).toHaveLength(2);
    const added = lineWith(lines, 'NEWUSDT');
    const removed = lineWith(lines, 'OLDUSDT');
    expect(added[0]).not.toBe(removed[0]);
  });

  it('names a pair newly set aside with its reason, and a recovered one', () => {
    const broken = definition({ symbol: 'ETHUSDT', tickSize: -1 });
    const good = definition({ symbol: 'ETHUSDT' });
    const breaking = linesOf(diffRuleBooks(bookOf([good]), bookOf([broken])));
    expect(breaking).toHaveLength(2);
    lineWith(breaking, 'ETHUSDT', 'tickSize');
    const recovering = linesOf(diffRuleBooks(bookOf([broken]), bookOf([good])));
    expect(recovering.filter((line) => line.includes('ETHUSDT'))).toHaveLength(2);
  });

  it('names a set-aside definition without a symbol by its place in the payload', () => {
    lineWith(linesOf(diffRuleBooks(bookOf([]), bookOf([definition(), 'junk']))), 'symbols[1]');
  });

  it('keeps a line short when a definition has a reason per field', () => {
    const lines = linesOf(diffRuleBooks(bookOf([]), bookOf([{ symbol: 'EMPTY' }])));
    const line = lineWith(lines, 'EMPTY');
    expect(line.length).toBeLessThan(400);
  });

  it('names a time-zone change with both zones', () => {
    lineWith(
      linesOf(diffRuleBooks(bookOf([]), bookOf([], 'Asia/Singapore'))),
      'timezone',
      'UTC',
      'Asia/Singapore',
    );
  });
});
