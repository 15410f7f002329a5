import { Dec } from '../decimal/dec.js';
import { InvalidArgumentError, toPlainDecimal } from '../index.js';
import { isPlainPositiveDecimal } from './plain-decimal.js';

/**
 * The ticker's default `maxPriceJump`: a polled price more than 10 % away from the one in force
 * waits for the next poll to confirm it. Between two polls (3 s by default) a liquid pair rarely
 * moves 10 %, so a genuine move is taken one poll late at worst, while one wild answer (a
 * misplaced decimal point, a bad print, a price 1000× off) never moves the band. It matches the
 * exchange's own price bands (`buyLimitPriceRatio` and `sellLimitPriceRatio` are `"0.1"` in every
 * recorded definition): one unconfirmed poll moves the band by at most the band's own width.
 *
 * @example
 * ```ts
 * createReferenceTicker({ upstreamUrl, maxPriceJump: DEFAULT_MAX_PRICE_JUMP }); // '0.1'
 * ```
 */
export const DEFAULT_MAX_PRICE_JUMP = '0.1';

/**
 * Reads a `maxPriceJump` option: a plain positive decimal ratio (`'0.1'` is 10 %; a JSON-like
 * number is read by its written digits), exact from then on.
 *
 * @throws {InvalidArgumentError} naming `options.maxPriceJump` and the value it got.
 */
export function readMaxPriceJump(value: unknown): Dec {
  if (value === undefined) return Dec.parse(DEFAULT_MAX_PRICE_JUMP);
  if (!isPlainPositiveDecimal(value))
    throw new InvalidArgumentError(
      'options.maxPriceJump',
      `must be a plain decimal ratio above 0, such as "0.1" (10 %), got ${describe(value)}`,
    );
  return Dec.parse(toPlainDecimal(value)!);
}

/**
 * Whether `next` is a jump from `inForce`: |next − inForce| > inForce × ratio, in exact decimal
 * arithmetic. A move of exactly `inForce × ratio` is not a jump.
 *
 * @example
 * ```ts
 * isPriceJump(Dec.parse('100'), Dec.parse('110'), Dec.parse('0.1')); // false: exactly 10 %
 * isPriceJump(Dec.parse('100'), Dec.parse('110.01'), Dec.parse('0.1')); // true
 * ```
 */
export function isPriceJump(inForce: Dec, next: Dec, ratio: Dec): boolean {
  const move = next.gte(inForce) ? next.minus(inForce) : inForce.minus(next);
  return inForce.timesCmp(ratio, move) < 0;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
