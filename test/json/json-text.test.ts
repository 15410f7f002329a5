import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeByHand, readJsonText } from '../../src/json/json-text.js';
import { DEFAULT_STRICT_JSON_LIMITS } from '../../src/json/strict-json.js';

describe('JSON text, read by the one reader', () => {
  it('the hand encoder (for engines without TextEncoder) writes the UTF-8 TextEncoder writes', () => {
    for (const text of ['', 'a', 'é', '€', '😀', 'a€😀é\u0000\u07ff\u0800\uffff'])
      expect(encodeByHand(text)).toEqual(new TextEncoder().encode(text));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(encodeByHand(text)).toEqual(new TextEncoder().encode(text));
      }),
    );
  });

  it('refuses a lone surrogate at its place, and reads a pair', () => {
    expect(readJsonText('["a\uDC00"]', DEFAULT_STRICT_JSON_LIMITS, {})).toMatchObject({ ok: false, at: 3 });
    expect(readJsonText('["\uD800x"]', DEFAULT_STRICT_JSON_LIMITS, {})).toMatchObject({ ok: false, at: 2 });
    expect(readJsonText('["\uD83D\uDE00"]', DEFAULT_STRICT_JSON_LIMITS, {})).toEqual({
      ok: true,
      value: ['\uD83D\uDE00'],
    });
  });

  it('gives numbers the style asks for', () => {
    expect(readJsonText('[1.50]', DEFAULT_STRICT_JSON_LIMITS, {})).toEqual({ ok: true, value: ['1.50'] });
    expect(readJsonText('[1.50]', DEFAULT_STRICT_JSON_LIMITS, { number: Number })).toEqual({
      ok: true,
      value: [1.5],
    });
  });
});
