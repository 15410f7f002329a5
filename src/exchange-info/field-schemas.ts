import { z } from 'zod';
import { isNegativeDecimal, isZeroDecimal, toPlainDecimal } from '../decimal/plain-decimal.js';
import { describeValue } from '../errors/preflight-error.js';

/**
 * Field schemas for the exchange's wire encodings. Every one takes `unknown` input, because the
 * BETA wire sends the same field as a string, a number or (from the lossless client) a
 * lossless number, and turns it into one exact canonical output.
 */

/** Any decimal, of any sign, from a JSON string, a JSON number or a lossless number. */
export const decimalSchema = z.unknown().transform((value, ctx): string => {
  const plain = toPlainDecimal(value);
  if (plain === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `expected a decimal (JSON string or number), got ${describeValue(value)}`,
    });
    return z.NEVER;
  }
  return plain;
});

/** A decimal that must not be negative: sizes, amounts, ratios. */
export const nonNegativeDecimalSchema = decimalSchema.refine((plain) => !isNegativeDecimal(plain), {
  message: 'must not be negative',
});

/**
 * `tickSize` / `stepSize`: absent, `null` and `0` all mean "no grid" and become `null`; otherwise a
 * positive decimal.
 */
export const gridSchema = z
  .unknown()
  .optional()
  .transform((value, ctx): string | null => {
    if (value === undefined || value === null) return null;
    const plain = toPlainDecimal(value);
    if (plain === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a decimal grid size or nothing, got ${describeValue(value)}`,
      });
      return z.NEVER;
    }
    if (isNegativeDecimal(plain)) {
      ctx.addIssue({ code: 'custom', message: `must not be negative, got ${plain}` });
      return z.NEVER;
    }
    return isZeroDecimal(plain) ? null : plain;
  });

/** Largest precision accepted; real exchanges use at most 18. */
export const MAX_ASSET_PRECISION = 255;

/** Any spelling of a whole number: `8`, `"8"`, `8.0`, `1.7e12` (as lossless text or a JS number). */
function integerFrom(value: unknown): number | undefined {
  const plain = toPlainDecimal(value);
  if (plain === undefined || !/^-?\d{1,16}$/.test(plain)) return undefined;
  const n = Number(plain);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A non-negative integer from a JSON number or a string such as `"8"`. */
export function integerSchema(max: number) {
  return z.unknown().transform((value, ctx): number => {
    const n = integerFrom(value);
    if (n === undefined || n < 0 || n > max) {
      ctx.addIssue({
        code: 'custom',
        message: `expected an integer from 0 to ${max} (JSON number or string), got ${describeValue(value)}`,
      });
      return z.NEVER;
    }
    return n;
  });
}

/** Optional flags: the display fields are cosmetic, so their absence or `null` never sinks a pair. */
export const optionalBooleanSchema = z
  .boolean()
  .nullish()
  .transform((value) => value ?? undefined);

/**
 * `displayDigitMerge`: a comma-separated list of decimals; `""` is the empty list. A lone JSON
 * number is read as a one-step list, since the BETA wire sends strings as numbers elsewhere.
 */
export const digitMergeSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value, ctx): string[] | undefined => {
    if (value === undefined || value === null) return undefined;
    const text = typeof value === 'number' ? (toPlainDecimal(value) ?? String(value)) : value;
    if (text.trim() === '') return [];
    const steps: string[] = [];
    for (const part of text.split(',')) {
      const plain = toPlainDecimal(part.trim());
      if (plain === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `expected comma-separated decimals, got ${describeValue(value)}`,
        });
        return z.NEVER;
      }
      steps.push(plain);
    }
    return steps;
  });
