import BigModule from 'big.js';

/**
 * The library's own big.js constructor. Strict mode refuses JS numbers, so a float can never slip
 * into exact arithmetic; the wide exponent limits make `toString()` print plain notation always.
 *
 * @example `new Big('0.00000012').times('3').toFixed() // '0.00000036'`
 */
export const Big = BigModule();
Big.strict = true;
Big.NE = -1_000_000;
Big.PE = 1_000_000;
Big.DP = 40;
Big.RM = BigModule.roundDown;

/**
 * An exact value made by {@link Big}.
 *
 * @example `const tick: BigValue = new Big('0.5');`
 */
export type BigValue = InstanceType<typeof BigModule>;

/**
 * Shared constants: strict mode refuses number literals even in comparisons.
 *
 * @example `value.gt(ZERO)`
 */
export const ZERO = new Big('0');
/** @example `ONE.plus(ratio)` */
export const ONE = new Big('1');
/** @example `tick.div(TEN)` */
export const TEN = new Big('10');
