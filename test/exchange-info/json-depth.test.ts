import { describe, expect, it } from 'vitest';
import { parseRuleBookSnapshot } from '../../src/book/parse-rule-book-snapshot.js';
import { parseJsonLosslessly } from '../../src/exchange-info/lossless-json.js';
import { MAX_JSON_DEPTH } from '../../src/json/json-depth.js';
import { DEFAULT_STRICT_JSON_LIMITS, parseJsonStrictly } from '../../src/json/strict-json.js';
import { isSnapshotError } from '../../src/snapshot/snapshot-error.js';

const nested = (levels: number, inner = '') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
const strictlyRead = (text: string) => parseJsonStrictly(new TextEncoder().encode(text)).ok;
const snapshotRead = (text: string) => {
  try {
    parseRuleBookSnapshot(text);
    return true;
  } catch (error) {
    // Past the JSON reader, the snapshot's own checks refuse an array: a 'format' fault, not 'json'.
    return !(isSnapshotError(error) && error.reason === 'json');
  }
};

describe('one nesting bound for every JSON the library reads', () => {
  it('the strict reader and the payload reader share it', () => {
    expect(DEFAULT_STRICT_JSON_LIMITS.maxDepth).toBe(MAX_JSON_DEPTH);
  });

  it.each([
    ['exactly the bound', nested(MAX_JSON_DEPTH), false],
    ['one level past it', nested(MAX_JSON_DEPTH + 1), true],
    [
      'objects and lists mixed, at the bound',
      `${'{"a":['.repeat(MAX_JSON_DEPTH / 2)}${']}'.repeat(MAX_JSON_DEPTH / 2)}`,
      false,
    ],
    [
      'objects and lists mixed, one past the bound',
      `${'{"a":['.repeat(MAX_JSON_DEPTH / 2)}{}${']}'.repeat(MAX_JSON_DEPTH / 2)}`,
      true,
    ],
    [
      'brackets inside strings do not count',
      nested(MAX_JSON_DEPTH, JSON.stringify('[[[{{{'.repeat(100))),
      false,
    ],
    ['an escaped quote does not end a string', nested(MAX_JSON_DEPTH, JSON.stringify('\\"[[[\\\\"')), false],
  ] as const)('%s: refused alike by the payload, strict and snapshot readings', (_name, text, over) => {
    if (over) expect(() => parseJsonLosslessly(text)).toThrow(SyntaxError);
    else expect(() => parseJsonLosslessly(text)).not.toThrow();
    expect(strictlyRead(text)).toBe(!over);
    expect(snapshotRead(text)).toBe(!over);
  });

  it('counts the levels around a part parsed on its own', () => {
    expect(() => parseJsonLosslessly(nested(MAX_JSON_DEPTH - 1), 1)).not.toThrow();
    expect(() => parseJsonLosslessly(nested(MAX_JSON_DEPTH), 1)).toThrow(SyntaxError);
  });

  it('an oversized value is marked where it stands, and adds no level', () => {
    const long = JSON.stringify('x'.repeat(2_000));
    expect(parseJsonLosslessly(nested(2, long))).toEqual([[{ oversized: 2_002 }]]);
    expect(() => parseJsonLosslessly(nested(MAX_JSON_DEPTH, long))).not.toThrow();
    expect(() => parseJsonLosslessly(nested(MAX_JSON_DEPTH + 1, long))).toThrow(SyntaxError);
  });
});

describe('one repeated-key rule for every JSON the library reads', () => {
  it.each([
    ['two values', '{"a":1,"a":2}'],
    ['the same value twice', '{"a":1,"a":1}'],
    ['the same key, escaped otherwise', '{"a":1,"\\u0061":1}'],
    ['deep down', '{"s":[{"b":{"x":"1","x":"1"}}]}'],
  ])('%s: refused by the payload, strict and snapshot readings', (_name, text) => {
    expect(() => parseJsonLosslessly(text)).toThrow(SyntaxError);
    expect(strictlyRead(text)).toBe(false);
    expect(snapshotRead(text)).toBe(false);
  });
});

describe('the payload reading keeps what was written', () => {
  it('numbers keep every digit, as lossless numbers', () => {
    expect(parseJsonLosslessly('{"n":12345678901234567890.000000001}')).toEqual({
      n: expect.objectContaining({ isLosslessNumber: true, value: '12345678901234567890.000000001' }),
    });
  });

  it('a lone surrogate is refused, never read as a replacement character', () => {
    expect(() => parseJsonLosslessly('["\uD800"]')).toThrow(SyntaxError);
    expect(parseJsonLosslessly('["\uD83D\uDE00"]')).toEqual(['\uD83D\uDE00']);
  });
});
