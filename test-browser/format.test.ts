import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  count,
  formatAmount,
  formatDecimal,
  isNegative,
  magnitude,
  percent,
} from '../examples/order-ticket/format.js';

// The order ticket's number formatting (examples/order-ticket/format.js): decimals are re-spelled
// digit by digit, never through a float. Plain Node, no browser needed.

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
/** Plain decimals as the library writes them: no leading zeros, an optional fraction, a sign. */
const plainDecimal = fc
  .tuple(
    fc.boolean(),
    fc.oneof(
      fc.constant('0'),
      fc.tuple(fc.constantFrom(...'123456789'), digits(0, 30)).map(([a, b]) => a + b),
    ),
    fc.option(digits(1, 30), { nil: undefined }),
  )
  .map(
    ([negative, integer, fraction]) =>
      `${negative ? '-' : ''}${integer}${fraction === undefined ? '' : `.${fraction}`}`,
  );

/** The exact value of a plain decimal as a fraction of a power of ten, in BigInt. */
function scaled(decimal: string, scale: number): bigint {
  const negative = decimal.startsWith('-');
  const [integer = '', fraction = ''] = decimal.replace('-', '').split('.');
  const value = BigInt(integer + fraction.padEnd(scale, '0').slice(0, scale));
  return negative ? -value : value;
}

describe('count', () => {
  it.each([
    [0, 'warning', '0 warnings'],
    [1, 'warning', '1 warning'],
    [2, 'warning', '2 warnings'],
    [1, 'pair', '1 pair'],
    [7, 'pair', '7 pairs'],
    [1, 'issue', '1 issue'],
    [3, 'check', '3 checks'],
  ])('%i %s → %s', (n, noun, text) => {
    expect(count(n, noun)).toBe(text);
  });
});

describe('formatDecimal and formatAmount', () => {
  it.each([
    ['0', 0, '0'],
    ['999', 0, '999'],
    ['1000', 0, '1,000'],
    ['1000.5', 2, '1,000.50'],
    ['1000000.15625', 2, '1,000,000.15625'],
    ['12345678901234567890', 0, '12,345,678,901,234,567,890'],
    ['0.00000012', 2, '0.00000012'],
    ['-1234.5', 0, '\u22121,234.5'],
    ['-0', 0, '0'],
    ['1e-7', 2, '1e-7'],
  ])('%s (at least %i decimals) → %s', (decimal, min, text) => {
    expect(formatDecimal(decimal, min)).toBe(text);
  });

  it('writes an amount with its unit, money style', () => {
    expect(formatAmount('1000.5', 'USDT')).toBe('1,000.50 USDT');
    expect(formatAmount('1600', 'USDT')).toBe('1,600.00 USDT');
    expect(formatAmount('0.06400001', 'USDT')).toBe('0.06400001 USDT');
  });

  it('only adds separators and zeros: the value is unchanged, digit for digit', () => {
    fc.assert(
      fc.property(plainDecimal, fc.integer({ min: 0, max: 4 }), (decimal, min) => {
        const shown = formatDecimal(decimal, min).replaceAll(',', '').replace('\u2212', '-');
        expect(scaled(shown, 40)).toBe(scaled(decimal, 40));
        expect(shown.split('.')[1]?.length ?? 0).toBe(Math.max(min, decimal.split('.')[1]?.length ?? 0));
      }),
    );
  });
});

describe('percent', () => {
  it.each([
    ['0.001', '0.1'],
    ['0.0008', '0.08'],
    ['-0.0001', '\u22120.01'],
    ['0.1', '10'],
    ['1', '100'],
    ['0', '0'],
    ['0.00125', '0.125'],
    ['12.5', '1,250'],
  ])('%s → %s %%', (rate, text) => {
    expect(percent(rate)).toBe(text);
  });

  it('is the rate times 100, exactly', () => {
    fc.assert(
      fc.property(plainDecimal, (rate) => {
        const shown = percent(rate).replaceAll(',', '').replace('\u2212', '-');
        expect(scaled(shown, 40)).toBe(scaled(rate, 42));
      }),
    );
  });
});

describe('isNegative and magnitude', () => {
  it.each([
    ['-0.0000000132', true, '0.0000000132'],
    ['0.0000000132', false, '0.0000000132'],
    ['-0', false, '0'],
    ['0', false, '0'],
  ])('%s', (decimal, negative, abs) => {
    expect(isNegative(decimal)).toBe(negative);
    expect(magnitude(decimal)).toBe(abs);
  });
});
