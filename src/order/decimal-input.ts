import { Dec } from '../decimal/dec.js';
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

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const POINT = 46;

/**
 * True for plain positive notation, `^(0|[1-9]\d*)(\.\d+)?$` and greater than zero, checked in
 * one pass over the characters so hostile input costs at most 64 steps.
 */
export function isPlainPositiveDecimal(text: string): boolean {
  const length = text.length;
  if (length === 0 || length > MAX_DECIMAL_INPUT_LENGTH) return false;
  let i = 0;
  let nonZero = false;
  const first = text.charCodeAt(0);
  if (first === DIGIT_0) {
    i = 1;
  } else {
    while (i < length) {
      const c = text.charCodeAt(i);
      if (c < DIGIT_0 || c > DIGIT_9) break;
      nonZero = true;
      i++;
    }
    if (i === 0) return false;
  }
  if (i === length) return nonZero;
  if (text.charCodeAt(i) !== POINT || i === length - 1) return false;
  for (i++; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < DIGIT_0 || c > DIGIT_9) return false;
    if (c !== DIGIT_0) nonZero = true;
  }
  return nonZero;
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
  if (!isPlainPositiveDecimal(text)) {
    const suggestion = plainSuggestion(text);
    const detail = `must be a positive decimal in plain notation (at most ${MAX_DECIMAL_INPUT_LENGTH} characters), got ${describeValue(text, 40)}`;
    return suggestion === undefined ? { ok: false, detail } : { ok: false, detail, suggestion: [suggestion] };
  }
  return { ok: true, decimal: { text, value: Dec.parse(text) } };
}

/** The plain spelling of a value the user meant, when it is recognisably one (`1e-8`, ` 1`, `01`). */
function plainSuggestion(text: string): string | undefined {
  if (text.length > 2 * MAX_DECIMAL_INPUT_LENGTH) return undefined;
  const plain = toPlainDecimal(text.trim());
  if (plain === undefined || !isPlainPositiveDecimal(plain)) return undefined;
  return plain;
}

function describeKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'bigint' ? `a bigint (${String(value)}n)` : `a ${typeof value}`;
}
