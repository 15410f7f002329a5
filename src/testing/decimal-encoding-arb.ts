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
 * Longest decimal text an order may carry (docs/exchange-semantics.md, "Judging an order").
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
 * How one generated decimal is written, chosen apart from its value (so that an order's
 * arbitrary is a map of independent choices, and shrinks without a chain): `'text'` (canonical
 * plain text), `'number'` (a JS number where one is sent as exactly that text, else the text),
 * or a number from 1 to {@link MAX_PADDING}, the share of the room left by the precision filled
 * with trailing zeros (1 is one zero, {@link MAX_PADDING} every place the precision allows).
 *
 * @example `const spelling: Spelling = 'number';`
 */
export type Spelling = 'text' | 'number' | number;

/**
 * The largest padding choice of a {@link Spelling}.
 *
 * @example `spellingArb('mixed') // ... or 1 to MAX_PADDING`
 */
const MAX_PADDING = 12;

/**
 * Spellings for an encoding: `string` always the text, `number` always a number where one is
 * exact, `mixed` either, and now and then text with trailing zeros.
 *
 * @example `fc.tuple(valueArb, spellingArb('mixed')).map(([v, s]) => spellDecimal(v, s, 8))`
 */
export function spellingArb(encoding: DecimalEncoding): fc.Arbitrary<Spelling> {
  if (encoding === 'string') return fc.constant('text');
  if (encoding === 'number') return fc.constant('number');
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constantFrom<Spelling>('text', 'number'), weight: 3 },
    { arbitrary: fc.integer({ min: 1, max: MAX_PADDING }), weight: 1 },
  );
}

/** Trailing zeros a value may take: up to `maxPlaces` decimals (3 more without one), within 64 characters. */
function roomFor(value: BigValue, maxPlaces: number | undefined): number {
  const text = value.toFixed();
  const places = decimalsOf(value);
  return Math.min(
    maxPlaces === undefined ? 3 : maxPlaces - places,
    // the point itself costs a character when the text has none yet
    MAX_ORDER_TEXT_LENGTH - text.length - (places === 0 ? 1 : 0),
  );
}

/** Zeros for a padding choice: a share of the room, at least one (whole numbers only). */
function zerosFor(choice: number, room: number): number {
  return Math.ceil((choice * room) / MAX_PADDING);
}

/**
 * One exact value written as `spelling` says, never with more than `maxPlaces` decimal places
 * (no limit when `undefined`: the pair has no precision; then at most 3 trailing zeros).
 *
 * @example
 * ```ts
 * spellDecimal(new Big('0.1'), 'number', 8); // 0.1
 * spellDecimal(new Big('0.1'), MAX_PADDING, 8); // '0.10000000'
 * ```
 */
export function spellDecimal(
  value: BigValue,
  spelling: Spelling,
  maxPlaces: number | undefined,
): string | number {
  const text = value.toFixed();
  if (spelling === 'text') return text;
  if (spelling === 'number') return exactNumber(text) ?? text;
  const room = roomFor(value, maxPlaces);
  return room <= 0 ? text : value.toFixed(decimalsOf(value) + zerosFor(spelling, room));
}

/**
 * A spelling that writes `value` as `spelled` under {@link spellDecimal}, when there is one:
 * the inverse an unmapper needs (its answer is checked by writing the value again).
 *
 * @example `spellingOf('0.10', new Big('0.1'), 8) // a padding choice that gives one zero`
 */
export function spellingOf(spelled: unknown, value: BigValue, maxPlaces: number | undefined): Spelling {
  if (typeof spelled === 'number') return 'number';
  if (typeof spelled !== 'string') throw new TypeError('a decimal is a string or a number');
  const zeros = (spelled.includes('.') ? spelled.length - spelled.indexOf('.') - 1 : 0) - decimalsOf(value);
  const room = roomFor(value, maxPlaces);
  if (zeros < 1 || room <= 0) return 'text';
  // The least choice that gives as many zeros: zerosFor is non-decreasing in the choice.
  for (let choice = 1; choice <= MAX_PADDING; choice++) if (zerosFor(choice, room) === zeros) return choice;
  throw new TypeError('no padding choice gives these trailing zeros');
}
