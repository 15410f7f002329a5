import fc from 'fast-check';
import { MAX_CLIENT_ORDER_ID_LENGTH } from '../order/client-order-id.js';

/**
 * Client order ids the library lets through (docs/exchange-semantics.md, "Judging an order"; the
 * reasons in docs/exchange-semantics.md): 1 to 40 code points from the whole range the exchange
 * does not exclude, so spaces, punctuation, U+007F, accented letters, CJK and emoji (two UTF-16
 * units each) all occur. Mostly printable ASCII, as real ids are; the longest, 40, comes often,
 * since that is where a count in the wrong unit would show.
 */

const isSurrogate = (point: number) => point >= 0xd800 && point <= 0xdfff;

const codePointArb: fc.Arbitrary<string> = fc
  .oneof(
    { arbitrary: fc.integer({ min: 0x20, max: 0x7e }), weight: 8 },
    { arbitrary: fc.constantFrom(0x20, 0x7f, 0x80, 0x9f, 0xa0, 0xe9, 0xfeff, 0xfffd), weight: 1 },
    {
      arbitrary: fc.integer({ min: 0x7f, max: 0xffff }).filter((point) => !isSurrogate(point)),
      weight: 2,
    },
    { arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }), weight: 2 },
  )
  .map(
    (point) => String.fromCodePoint(point),
    (char) => {
      const point = typeof char === 'string' ? char.codePointAt(0) : undefined;
      if (point === undefined || String.fromCodePoint(point) !== char)
        throw new TypeError('not one code point');
      return point;
    },
  );

const idOf = (minLength: number) =>
  fc.array(codePointArb, { minLength, maxLength: MAX_CLIENT_ORDER_ID_LENGTH }).map(
    (points) => points.join(''),
    (id) => {
      if (typeof id !== 'string') throw new TypeError('not a string');
      return [...id];
    },
  );

/** A valid `newClientOrderId`: any length from 1 to 40 code points, and often exactly 40. */
export const clientOrderIdArb: fc.Arbitrary<string> = fc.oneof(
  { withCrossShrink: true },
  { arbitrary: idOf(1), weight: 3 },
  { arbitrary: idOf(MAX_CLIENT_ORDER_ID_LENGTH), weight: 1 },
);

/**
 * `newClientOrderId` values the library refuses: one code point too many, none, a control
 * character (U+0000 to U+001F), a lone surrogate, and values that are not strings.
 */
export const BAD_CLIENT_ORDER_IDS: readonly unknown[] = [
  'x'.repeat(MAX_CLIENT_ORDER_ID_LENGTH + 1),
  '😀'.repeat(MAX_CLIENT_ORDER_ID_LENGTH + 1),
  '',
  'tab\there',
  'line\nbreak',
  '\u0000',
  'unit separator\u001f',
  'lone \ud800 surrogate',
  12,
  true,
];
