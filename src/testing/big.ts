import BigModule from 'big.js';

/**
 * The library's own big.js constructor. Strict mode refuses JS numbers, so a float can never slip
 * into exact arithmetic; the wide exponent limits make `toString()` print plain notation always.
 */
export const Big = BigModule();
Big.strict = true;
Big.NE = -1_000_000;
Big.PE = 1_000_000;
Big.DP = 40;
Big.RM = BigModule.roundDown;

export type BigValue = InstanceType<typeof BigModule>;

/** Shared constants: strict mode refuses number literals even in comparisons. */
export const ZERO = new Big('0');
export const ONE = new Big('1');
export const TEN = new Big('10');
