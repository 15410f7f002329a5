import { Dec } from '../decimal/dec.js';
import { isPlainPositiveDecimal, MAX_DECIMAL_INPUT_LENGTH } from '../decimal/decimal-grammar.js';
import { toPlainDecimal } from '../decimal/plain-decimal.js';
import { describeValue } from '../errors/preflight-error.js';

export { isPlainPositiveDecimal, MAX_DECIMAL_INPUT_LENGTH };

/** An order decimal as it would be sent (`text`) and its exact value. */
export interface OrderDecimal {
  readonly text: string;
  readonly value: Dec;
}

export type DecimalInput =
  | { readonly ok: true; readonly decimal: OrderDecimal }
  | { readonly ok: false; readonly detail: string; readonly suggestion?: readonly string[] };

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
  if (isPlainPositiveDecimal(text)) return { ok: true, decimal: { text, value: Dec.parse(text) } };
  // The plain spelling of a value the user meant, when it is recognisably one (`1e-8`, ` 1`, `01`).
  const plain = text.length > 2 * MAX_DECIMAL_INPUT_LENGTH ? undefined : toPlainDecimal(text.trim());
  const suggestion = plain !== undefined && isPlainPositiveDecimal(plain) ? plain : undefined;
  const detail = `must be a positive decimal in plain notation (at most ${MAX_DECIMAL_INPUT_LENGTH} characters), got ${describeValue(text, 40)}`;
  return suggestion === undefined ? { ok: false, detail } : { ok: false, detail, suggestion: [suggestion] };
}

function describeKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'bigint' ? `a bigint (${String(value)}n)` : `a ${typeof value}`;
}
