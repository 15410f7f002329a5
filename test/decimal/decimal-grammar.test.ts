import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/decimal/dec.js';
import {
  EXCHANGE_DECIMAL,
  isPlainPositive,
  PLAIN_SIGNED,
  PLAIN_UNSIGNED,
  scanDecimal,
} from '../../src/decimal/decimal-grammar.js';
import { isCanonicalDecimal } from '../../src/decimal/plain-decimal.js';
import { isPlainPositiveDecimal as publicIsPlainPositiveDecimal } from '../../src/index.js';
import { isPlainPositiveDecimal } from '../../src/order/decimal-input.js';
import { lastRead, longRead, readUnits, wasLong } from '../../src/order/fast-read.js';

/**
 * The grammar against the patterns each reader used to state on its own: the scanner, the
 * canonical form, the order's plain positive shape and the fast reader must accept exactly what
 * they did.
 */
const EXCHANGE_PATTERN = /^([+-]?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d{1,4}))?$/;
const CANONICAL_PATTERN = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;
const PLAIN_POSITIVE_PATTERN = /^(0|[1-9]\d*)(\.\d+)?$/;
const SIGNED_PLAIN_PATTERN = /^-?\d+(\.\d+)?$/;

/** Texts made of the grammar's own characters (and a few others), so most are near misses. */
const nearDecimal = fc
  .array(fc.constantFrom('0', '0', '1', '5', '9', '.', '-', '+', 'e', 'E', ' ', 'x', '٣'), { maxLength: 24 })
  .map((chars) => chars.join(''));
const runs = { numRuns: 5_000, seed: 25 };

describe('scanDecimal', () => {
  it.each([
    ['-1.50e3', EXCHANGE_DECIMAL, { negative: true, start: 1, point: 2, end: 5, exponent: 3 }],
    ['+7E-0004', EXCHANGE_DECIMAL, { negative: false, start: 1, point: -1, end: 2, exponent: -4 }],
    ['007.50', PLAIN_UNSIGNED, { negative: false, start: 0, point: 3, end: 6, exponent: 0 }],
    ['-0', PLAIN_SIGNED, { negative: true, start: 1, point: -1, end: 2, exponent: 0 }],
  ])('%s', (text, syntax, scan) => {
    expect(scanDecimal(text, syntax)).toEqual(scan);
  });

  it.each([
    ['', EXCHANGE_DECIMAL],
    ['1.', EXCHANGE_DECIMAL],
    ['.5', EXCHANGE_DECIMAL],
    ['1e', EXCHANGE_DECIMAL],
    ['1e12345', EXCHANGE_DECIMAL],
    ['1e5', PLAIN_SIGNED],
    ['+1', PLAIN_SIGNED],
    ['-1', PLAIN_UNSIGNED],
    ['1.2.3', EXCHANGE_DECIMAL],
    ['١', EXCHANGE_DECIMAL],
  ])('refuses %j', (text, syntax) => {
    expect(scanDecimal(text, syntax)).toBeUndefined();
  });

  it('accepts exactly what each reader accepted, with the same parts', () => {
    fc.assert(
      fc.property(nearDecimal, (text) => {
        const match = EXCHANGE_PATTERN.exec(text);
        const scan = scanDecimal(text, EXCHANGE_DECIMAL);
        expect(scan !== undefined).toBe(match !== null);
        if (scan !== undefined && match !== null) {
          expect(scan.negative).toBe(match[1] === '-');
          expect(text.slice(scan.start, scan.point === -1 ? scan.end : scan.point)).toBe(match[2]);
          expect(scan.point === -1 ? undefined : text.slice(scan.point + 1, scan.end)).toBe(match[3]);
          expect(scan.exponent).toBe(match[4] === undefined ? 0 : Number.parseInt(match[4], 10));
        }
        expect(scanDecimal(text, PLAIN_SIGNED) !== undefined).toBe(SIGNED_PLAIN_PATTERN.test(text));
        expect(isCanonicalDecimal(text)).toBe(CANONICAL_PATTERN.test(text) && text !== '-0');
        expect(isPlainPositive(text)).toBe(PLAIN_POSITIVE_PATTERN.test(text) && /[1-9]/.test(text));
      }),
      runs,
    );
  });
});

describe('the fast reader reads the plain positive shape', () => {
  it('reads a text exactly when isPlainPositiveDecimal accepts it and it is not long', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          nearDecimal,
          fc.stringMatching(/^(0|[1-9]\d{0,20})(\.\d{1,20})?$/),
          fc.stringMatching(/^0\.0{0,20}[0-9]{0,20}$/),
          // Around the length cap, 64 characters.
          fc.stringMatching(/^[1-9]\d{55,70}$/),
          fc.stringMatching(/^0\.\d{58,66}$/),
        ),
        (text) => {
          const read = readUnits(text);
          const long = !read && wasLong(text);
          expect(read || long).toBe(isPlainPositiveDecimal(text));
          if (read) expect(Number.isSafeInteger(lastRead.units)).toBe(true);
        },
      ),
      runs,
    );
  });

  it('hands a long text whose units pass 2^53 over as Dec.parse reads it, and no other', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.stringMatching(/^[1-9]\d{14,24}(\.\d{1,20})?$/),
          fc.stringMatching(/^0\.0{0,20}[1-9]\d{13,24}$/),
          fc.stringMatching(/^[1-9]\d{0,8}\.\d{10,30}$/),
          fc.stringMatching(/^[1-9]\d{14,16}0{1,6}(\.0{1,4})?$/),
        ),
        (text) => {
          if (readUnits(text) || !wasLong(text)) return;
          const parsed = Dec.parse(text);
          if (longRead.scale === -1) return;
          // Handed over only when Dec.parse keeps the text too (units past 2^53), at its scale.
          expect(Number.isNaN(parsed.safeUnits)).toBe(true);
          const handed = Dec.ofLongText(text, longRead.scale);
          expect(handed.scale).toBe(parsed.scale);
          expect(handed.cmp(parsed)).toBe(0);
          expect(handed.toString()).toBe(parsed.toString());
        },
      ),
      runs,
    );
  });

  it('hands over every text of 17 digits or more from its first that is not 0', () => {
    for (const text of [
      '12345678901234567',
      '0.00012345678901234567',
      '1234567890123456.7',
      '99999999999999990000',
    ]) {
      expect(readUnits(text) || !wasLong(text)).toBe(false);
      expect(longRead.scale).toBe(Dec.parse(text).scale);
    }
    // 16 such digits may be safe: Dec.parse reads them.
    for (const text of ['1234567890123456', '0.1234567890123456', '0.00000000000000001']) {
      expect(readUnits(text) || !wasLong(text)).toBe(false);
      expect(longRead.scale).toBe(-1);
    }
  });
});

describe('isPlainPositiveDecimal, public', () => {
  it('is the one the readers use, from the main entry', () => {
    expect(publicIsPlainPositiveDecimal).toBe(isPlainPositiveDecimal);
  });

  it('answers as its examples say', () => {
    for (const text of ['64000.50', '0.001', '1', '0.10'])
      expect(publicIsPlainPositiveDecimal(text), text).toBe(true);
    for (const text of ['1e-3', '.5', '5.', '0', '0.00', '007', '-1', '+1', ' 1', '1 ', '', '１'])
      expect(publicIsPlainPositiveDecimal(text), text).toBe(false);
  });

  it('takes up to 64 characters, and no value but a string', () => {
    expect(publicIsPlainPositiveDecimal(`1.${'0'.repeat(62)}`)).toBe(true);
    expect(publicIsPlainPositiveDecimal(`1.${'0'.repeat(63)}`)).toBe(false);
    for (const value of [1, 0.5, null, undefined, {}, ['1']])
      expect(publicIsPlainPositiveDecimal(value as unknown as string)).toBe(false);
  });
});
