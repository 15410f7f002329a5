import { Dec } from '../decimal/dec.js';
import { isPlainPositive } from '../decimal/decimal-grammar.js';
import { toPlainDecimal } from '../decimal/plain-decimal.js';
import { describeValue } from '../errors/preflight-error.js';

/** Longest decimal text an order may carry; longer input is refused before any parsing. */
export const MAX_DECIMAL_INPUT_LENGTH = 64;

/** An order decimal as it would be sent (`text`) and its exact value. */
export interface OrderDecimal {
  readonly text: string;
  readonly value: Dec;
}

export type DecimalInput =
  | { readonly ok: true; readonly decimal: OrderDecimal }
  | { readonly ok: false; readonly detail: string; readonly suggestion?: readonly string[] };

/**
 * True for plain positive notation (`isPlainPositive` in decimal/decimal-grammar.ts) of at most
 * MAX_DECIMAL_INPUT_LENGTH characters, the length checked first so hostile input costs at most
 * 64 steps.
 */
export function isPlainPositiveDecimal(text: string): boolean {
  return text.length <= MAX_DECIMAL_INPUT_LENGTH && isPlainPositive(text);
}

/**
 * Reads a price, quantity or context decimal as the exchange would receive it: a string must be
 * plain positive notation; a number is judged by `String(n)`, so `1e-7` is refused, with
 * `0.0000001` suggested.
 */
export function readDecimalInput(value: unknown): DecimalInput {
  let text: string;
  if (typeof value === 'string') {
    text = value;
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value))
      return { ok: false, detail: `must be a finite number, got ${String(value)}` };
    text = String(value);
  } else {
    return { ok: false, detail: `must be a decimal string or a finite number, got ${describeKind(value)}` };
  }
  if (text.length <= MAX_DECIMAL_INPUT_LENGTH && isPlainPositive(text))
    return { ok: true, decimal: { text, value: Dec.parse(text) } };
  // The plain spelling of a value the user meant, when it is recognisably one (`1e-8`, ` 1`, `01`).
  const plain = text.length > 2 * MAX_DECIMAL_INPUT_LENGTH ? undefined : toPlainDecimal(text.trim());
  const suggestion =
    plain !== undefined && plain.length <= MAX_DECIMAL_INPUT_LENGTH && isPlainPositive(plain)
      ? plain
      : undefined;
  const detail = `must be a positive decimal in plain notation (at most ${MAX_DECIMAL_INPUT_LENGTH} characters), got ${describeValue(text, 40)}`;
  return suggestion === undefined ? { ok: false, detail } : { ok: false, detail, suggestion: [suggestion] };
}

function describeKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'bigint' ? `a bigint (${String(value)}n)` : `a ${typeof value}`;
}
