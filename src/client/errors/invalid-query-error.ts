import { errorGuard } from '../../errors/error-guard.js';
import { PreflightError } from '../../errors/preflight-error.js';

/**
 * A query the exchange would refuse, caught before anything is sent: `symbol` with `symbols`, an
 * empty `symbols`, a malformed symbol, or a `symbolStatus` other than `TRADING`, `HALT` or
 * `BREAK`.
 *
 * @example
 * ```ts
 * await client.fetchExchangeInfo({ symbol: 'BTCUSDT', symbols: ['ETHUSDT'] });
 * // throws InvalidQueryError { parameter: 'symbols', value: ['ETHUSDT'] }
 * ```
 */
export class InvalidQueryError extends PreflightError {
  override readonly name = 'InvalidQueryError';
  /** The query parameter at fault (`symbol`, `symbols`, `symbolStatus`, or `query`). */
  readonly parameter: string;
  readonly value: unknown;

  constructor(parameter: string, value: unknown, reason: string) {
    super(`invalid ${parameter}: ${parameter} ${reason}`);
    this.parameter = parameter;
    this.value = value;
  }
}

/**
 * True for an {@link InvalidQueryError}.
 *
 * @example `if (isInvalidQueryError(e)) console.log(e.parameter);`
 * @group Guards
 */
export const isInvalidQueryError = errorGuard(InvalidQueryError, 'InvalidQueryError');
