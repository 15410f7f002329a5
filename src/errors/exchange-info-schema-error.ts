import type { z } from 'zod';
import { hasErrorBrand, PreflightError } from './preflight-error.js';

/**
 * One problem found in a payload: where (a path such as `symbols[3].tickSize`) and what.
 *
 * @example
 * ```ts
 * // { path: 'serverTime', message: 'expected an integer from 0 to ...', code: 'custom' }
 * ```
 */
export interface SchemaIssue {
  readonly path: string;
  readonly message: string;
  readonly code: string;
}

/** Renders a zod path as `symbols[3].tickSize`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out.length === 0 ? String(key) : `.${String(key)}`;
  }
  return out.length === 0 ? '(root)' : out;
}

export function toSchemaIssues(issues: readonly z.core.$ZodIssue[]): SchemaIssue[] {
  return issues.map((issue) => ({
    path: formatIssuePath(issue.path),
    message: issue.message,
    code: issue.code,
  }));
}

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
  override readonly name = 'ExchangeInfoSchemaError';
  readonly issues: readonly SchemaIssue[];
  /** The zod issues as zod reported them. */
  readonly zodIssues: readonly z.core.$ZodIssue[];

  constructor(zodIssues: readonly z.core.$ZodIssue[], options?: { cause?: unknown }) {
    const issues = toSchemaIssues(zodIssues);
    const summary = issues
      .slice(0, 5)
      .map((i) => `${i.path}: ${i.message}`)
      .join('; ');
    super(`exchange info does not have the expected shape: ${summary}`, options);
    this.issues = issues;
    this.zodIssues = zodIssues;
  }
}

/**
 * True when `error` is an {@link ExchangeInfoSchemaError}.
 *
 * @example
 * ```ts
 * if (isExchangeInfoSchemaError(error)) console.table(error.issues);
 * ```
 */
export function isExchangeInfoSchemaError(error: unknown): error is ExchangeInfoSchemaError {
  return error instanceof ExchangeInfoSchemaError || hasErrorBrand(error, 'ExchangeInfoSchemaError');
}
