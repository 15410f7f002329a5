import { describe, expect, it } from 'vitest';
import {
  isPlainPositiveDecimal,
  MAX_DECIMAL_INPUT_LENGTH,
  readDecimalInput,
} from '../../src/order/decimal-input.js';

const PATTERN = /^(0|[1-9]\d*)(\.\d+)?$/;

describe('isPlainPositiveDecimal', () => {
  it.each([
    '1',
    '0.1',
    '0.00000001',
    '10',
    '100.5',
    '0.10',
    '1.0',
    '64000.12345678',
    '12345678901234567890',
    `1.${'0'.repeat(62)}`,
    `${'9'.repeat(64)}`,
  ])('accepts %j', (text) => {
    expect(isPlainPositiveDecimal(text)).toBe(true);
  });

  it.each([
    '',
    '0',
    '0.0',
    '0.00000000',
    '00',
    '01',
    '00.1',
    '-1',
    '+1',
    ' 1',
    '1 ',
    '1\n',
    '.5',
    '5.',
    '1e-8',
    '1E8',
    '1e+8',
    'NaN',
    'Infinity',
    'abc',
    '1,5',
    '1.2.3',
    '0x10',
    '1_000',
    '١',
    '１',
    `1.${'0'.repeat(63)}`,
    `${'9'.repeat(65)}`,
  ])('refuses %j', (text) => {
    expect(isPlainPositiveDecimal(text)).toBe(false);
  });

  it('agrees with the documented regex, length cap and positivity on a spread of inputs', () => {
    const samples = [
      '0',
      '1',
      '0.5',
      '00',
      '0.',
      '.0',
      '10.01',
      '010',
      '1.0.',
      '9'.repeat(64),
      '9'.repeat(65),
    ];
    for (const pre of ['', '0', '1', '-', '.'])
      for (const mid of ['', '0', '5', '.', '.0', '.5', 'e'])
        for (const post of ['', '0', '1', '.', ' ']) samples.push(pre + mid + post);
    for (const text of samples) {
      const expected = PATTERN.test(text) && text.length <= MAX_DECIMAL_INPUT_LENGTH && /[1-9]/.test(text);
      expect(isPlainPositiveDecimal(text), text).toBe(expected);
    }
  });
});

describe('readDecimalInput', () => {
  it.each([
    { input: '0.00000001', text: '0.00000001', value: '0.00000001' },
    { input: '0.10', text: '0.10', value: '0.1' },
    { input: 100, text: '100', value: '100' },
    { input: 0.1, text: '0.1', value: '0.1' },
    { input: 1e-6, text: '0.000001', value: '0.000001' },
    { input: 0.1 + 0.2, text: '0.30000000000000004', value: '0.30000000000000004' },
    { input: 1e20, text: '100000000000000000000', value: '100000000000000000000' },
  ])('reads $input as $text', ({ input, text, value }) => {
    const read = readDecimalInput(input);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.decimal.text).toBe(text);
    expect(read.decimal.value.toString()).toBe(value);
  });

  it.each([
    { input: 1e-7, suggestion: ['0.0000001'] },
    { input: 1e-8, suggestion: ['0.00000001'] },
    { input: 1e21, suggestion: ['1000000000000000000000'] },
    { input: '1e-8', suggestion: ['0.00000001'] },
    { input: '1.5E+3', suggestion: ['1500'] },
    { input: ' 1', suggestion: ['1'] },
    { input: '1\t', suggestion: ['1'] },
    { input: '01', suggestion: ['1'] },
    { input: '+2.5', suggestion: ['2.5'] },
    { input: '1.5000000000000000000000000000000000000000000000000000000000000000', suggestion: ['1.5'] },
    { input: '', suggestion: undefined },
    { input: '0', suggestion: undefined },
    { input: '0.0', suggestion: undefined },
    { input: 0, suggestion: undefined },
    { input: -0, suggestion: undefined },
    { input: '-1', suggestion: undefined },
    { input: -1, suggestion: undefined },
    { input: '.5', suggestion: undefined },
    { input: '5.', suggestion: undefined },
    { input: 'abc', suggestion: undefined },
    { input: '1e-99999', suggestion: undefined },
    { input: 1e-300, suggestion: undefined },
    { input: 1e308, suggestion: undefined },
    { input: Number.NaN, suggestion: undefined },
    { input: Number.POSITIVE_INFINITY, suggestion: undefined },
    { input: Number.NEGATIVE_INFINITY, suggestion: undefined },
    { input: 1n, suggestion: undefined },
    { input: null, suggestion: undefined },
    { input: undefined, suggestion: undefined },
    { input: true, suggestion: undefined },
    { input: {}, suggestion: undefined },
    { input: ['1'], suggestion: undefined },
    { input: new Number(1), suggestion: undefined },
    { input: new String('1'), suggestion: undefined },
    { input: Symbol('1'), suggestion: undefined },
    { input: () => '1', suggestion: undefined },
    { input: { isLosslessNumber: true, value: '1' }, suggestion: undefined },
  ])('refuses $input (suggestion $suggestion)', ({ input, suggestion }) => {
    const read = readDecimalInput(input);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.suggestion).toEqual(suggestion);
    for (const s of read.suggestion ?? []) {
      expect(isPlainPositiveDecimal(s)).toBe(true);
      expect(readDecimalInput(s).ok).toBe(true);
    }
  });

  it('suggests nothing for a plain spelling longer than the cap', () => {
    const read = readDecimalInput('1e-70');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.suggestion).toBeUndefined();
  });

  it('judges numbers by String(n): a float sum keeps its float digits', () => {
    const read = readDecimalInput(0.1 + 0.2);
    expect(read.ok && read.decimal.text).toBe(String(0.1 + 0.2));
  });
});
