import fc from 'fast-check';
import type { BigValue } from './big.js';
import { decimalsOf } from './grid-math.js';

/**
 * How generated decimals are spelled: `string` (canonical plain text), `number` (a JS number
 * wherever `String(n)` gives back the same plain text, else a string), or `mixed` (either, and
 * sometimes text with trailing zeros such as `"0.10"`, never more decimal places than the asset's
 * precision allows: the exchange counts trailing zeros).
 *
 * @example
 * ```ts
 * validOrderArb(definition, { encoding: 'number' });
 * ```
 */
export type DecimalEncoding = 'string' | 'number' | 'mixed';

/**
 * Longest decimal text an order may carry (README, "Judging an order").
 *
 * @example `text.length <= MAX_ORDER_TEXT_LENGTH`
 */
export const MAX_ORDER_TEXT_LENGTH = 64;

/**
 * The JS number that is sent as exactly `text`, when there is one.
 *
 * @example `exactNumber('0.5') // 0.5; exactNumber('0.0000001') // undefined (String gives 1e-7)`
 */
export function exactNumber(text: string): number | undefined {
  const n = Number(text);
  return Number.isFinite(n) && String(n) === text ? n : undefined;
}

/**
 * The spellings of one exact value in the chosen encoding; every spelling has the same value and
 * at most `maxPlaces` decimal places (no limit when `undefined`: the pair has no precision).
 *
 * @example
 * ```ts
 * decimalSpellingArb(new Big('0.1'), 'mixed', 8); // '0.1', 0.1, '0.10', '0.100', ... up to 8 places
 * ```
 */
export function decimalSpellingArb(
  value: BigValue,
  encoding: DecimalEncoding,
  maxPlaces: number | undefined,
): fc.Arbitrary<string | number> {
  const text = value.toFixed();
  const asNumber = exactNumber(text);
  if (encoding === 'string') return fc.constant(text);
  if (encoding === 'number') return fc.constant(asNumber ?? text);
  const places = decimalsOf(value);
  const room = Math.min(
    maxPlaces === undefined ? 3 : maxPlaces - places,
    // the point itself costs a character when the text has none yet
    MAX_ORDER_TEXT_LENGTH - text.length - (places === 0 ? 1 : 0),
  );
  const plain: fc.Arbitrary<string | number>[] = [fc.constant(text)];
  if (asNumber !== undefined) plain.push(fc.constant(asNumber));
  if (room <= 0) return fc.oneof(...plain);
  // Trailing zeros, as order-entry code that formats with toFixed(places) sends them.
  const padded = fc.integer({ min: 1, max: room }).map((extra) => value.toFixed(places + extra));
  return fc.oneof({ arbitrary: fc.oneof(...plain), weight: 3 }, { arbitrary: padded, weight: 1 });
}
