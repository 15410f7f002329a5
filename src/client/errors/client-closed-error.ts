import { errorGuard } from '../../errors/error-guard.js';
import { PreflightError } from '../../errors/preflight-error.js';

/**
 * The client was used after `close()`. Not a network fault: retrying cannot help.
 *
 * @example
 * ```ts
 * await client.close();
 * await client.fetchExchangeInfo(); // rejects with ClientClosedError
 * ```
 */
export class ClientClosedError extends PreflightError {
  override readonly name = 'ClientClosedError';

  constructor() {
    super('the ExchangeInfoClient is closed; create a new one');
  }
}

/**
 * True for a {@link ClientClosedError}.
 *
 * @example `if (isClientClosedError(e)) client = new ExchangeInfoClient(options);`
 * @group Guards
 */
export const isClientClosedError = errorGuard(ClientClosedError, 'ClientClosedError');
