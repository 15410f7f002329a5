import fc from 'fast-check';
import type { BigValue } from './big.js';

/**
 * How generated decimals are spelled: `string` (plain text), `number` (a JS number wherever
 * `String(n)` gives back the same plain text, else a string), or `mixed` (either, sometimes with
 * harmless trailing zeros such as `"0.10"`).
 *
 * @example
 * ```ts
 * validOrderArb(definition, { encoding: 'number' });
 * ```
 */
export type DecimalEncoding = 'string' | 'number' | 'mixed';

/** The JS number that is sent as exactly `text`, when there is one. */
export function exactNumber(text: string): number | undefined {
  const n = Number(text);
  return Number.isFinite(n) && String(n) === text ? n : undefined;
}

/** The spellings of one exact value, in the chosen encoding; every spelling has the same value. */
export function decimalSpellingArb(
  value: BigValue,
  encoding: DecimalEncoding,
): fc.Arbitrary<string | number> {
  const text = value.toString();
  const asNumber = exactNumber(text);
  if (encoding === 'string') return fc.constant(text);
  if (encoding === 'number') return fc.constant(asNumber ?? text);
  const padded = `${text}${text.includes('.') ? '' : '.'}${'0'.repeat(1 + (text.length % 3))}`;
  const spellings: (string | number)[] = [text];
  if (asNumber !== undefined) spellings.push(asNumber);
  if (padded.length <= 64) spellings.push(padded);
  return fc.constantFrom(...spellings);
}
