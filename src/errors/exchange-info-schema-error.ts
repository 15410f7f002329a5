import { hasErrorBrand, isOwnInstance, PreflightError } from './preflight-error.js';
import type { SchemaIssue } from './shape-issues.js';

/**
 * The response's top level is not an exchange-info object (`timezone`, `serverTime`, `symbols`).
 * A single malformed pair never causes this; it is set aside in `rejected` instead.
 *
 * @example
 * ```ts
 * try { parseExchangeInfo({ symbols: 'nope' }); }
 * catch (e) { if (isExchangeInfoSchemaError(e)) console.log(e.issues[0]?.path); } // 'timezone'
 * ```
 */
export class ExchangeInfoSchemaError extends PreflightError {
  override readonly name: string = 'ExchangeInfoSchemaError';
  /** Each problem found, with its path (`serverTime`, `symbols`). */
  readonly issues: readonly SchemaIssue[];

  constructor(issues: readonly SchemaIssue[], options?: { cause?: unknown }) {
    const summary = issues
      .slice(0, 5)
      .map((i) => `${i.path}: ${i.message}`)
      .join('; ');
    super(`exchange info does not have the expected shape: ${summary}`, options);
    this.issues = issues;
  }
}

/**
 * True when `error` is an {@link ExchangeInfoSchemaError}.
 *
 * @example
 * ```ts
 * if (isExchangeInfoSchemaError(error)) console.table(error.issues);
 * ```
 *
 * @group Guards
 */
export function isExchangeInfoSchemaError(error: unknown): error is ExchangeInfoSchemaError {
  return isOwnInstance(error, ExchangeInfoSchemaError) || hasErrorBrand(error, 'ExchangeInfoSchemaError');
}
