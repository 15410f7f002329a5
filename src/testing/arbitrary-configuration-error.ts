import { hasErrorBrand, isOwnInstance, PreflightError } from '../errors/preflight-error.js';

/**
 * An arbitrary was asked for orders the definition cannot have: valid orders of a pair that is
 * not trading, a rule that cannot be broken alone (a `PRICE_TICK` breach on a pair with no tick
 * grid), or an option that is not a positive decimal.
 *
 * @example
 * ```ts
 * try { invalidOrderArb(definitionWithoutTick, 'PRICE_TICK'); }
 * catch (e) { if (isArbitraryConfigurationError(e)) console.log(e.message); }
 * ```
 */
export class ArbitraryConfigurationError extends PreflightError {
  override readonly name = 'ArbitraryConfigurationError';
}

/**
 * True for an {@link ArbitraryConfigurationError}.
 *
 * @example `if (isArbitraryConfigurationError(e)) skipThisPair();`
 *
 * @group Guards
 */
export function isArbitraryConfigurationError(error: unknown): error is ArbitraryConfigurationError {
  return (
    isOwnInstance(error, ArbitraryConfigurationError) || hasErrorBrand(error, 'ArbitraryConfigurationError')
  );
}
