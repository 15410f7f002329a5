import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/exchange-info/json-depth.js';
import { parseJsonLosslessly } from '../../src/exchange-info/lossless-json.js';
import { scanJsonText } from '../../src/json/json-text-scan.js';

const nested = (levels: number, inner = '') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;

describe('the nesting bound of the lossless parser', () => {
  it.each([
    ['exactly the bound', nested(MAX_JSON_DEPTH), false],
    ['one level past it', nested(MAX_JSON_DEPTH + 1), true],
    [
      'objects and lists mixed, at the bound',
      `${'{"a":['.repeat(MAX_JSON_DEPTH / 2)}${']}'.repeat(MAX_JSON_DEPTH / 2)}`,
      false,
    ],
    [
      'brackets inside strings do not count',
      nested(MAX_JSON_DEPTH, JSON.stringify('[[[{{{'.repeat(100))),
      false,
    ],
    ['an escaped quote does not end a string', nested(MAX_JSON_DEPTH, JSON.stringify('\\"[[[\\\\"')), false],
  ] as const)('%s', (_name, text, over) => {
    expect(scanJsonText(text, Number.POSITIVE_INFINITY, MAX_JSON_DEPTH).tooDeep).toBe(over);
    if (over) expect(() => parseJsonLosslessly(text)).toThrow(SyntaxError);
    else expect(() => parseJsonLosslessly(text)).not.toThrow();
  });

  it('counts the levels around a part parsed on its own', () => {
    expect(() => parseJsonLosslessly(nested(MAX_JSON_DEPTH - 1), 1)).not.toThrow();
    expect(() => parseJsonLosslessly(nested(MAX_JSON_DEPTH), 1)).toThrow(SyntaxError);
  });

  it('a replaced oversized value counts as the object that stands for it', () => {
    const long = JSON.stringify('x'.repeat(2_000));
    expect(() => parseJsonLosslessly(nested(MAX_JSON_DEPTH - 1, long))).not.toThrow();
    expect(() => parseJsonLosslessly(nested(MAX_JSON_DEPTH, long))).toThrow(SyntaxError);
  });
});
