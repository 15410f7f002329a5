/**
 * Errors are recognised by a brand rather than by `instanceof` alone: when an app loads both the
 * ESM and the CJS build (the dual-package hazard), each build has its own classes, and a guard
 * must still say yes to the other build's errors.
 */
const BRAND = Symbol.for('order-preflight.error');

/**
 * The base of every error the library throws. Expected failures (a bad order) are values, never
 * errors; a `PreflightError` means a library fault: a bad query, an HTTP failure, a schema that
 * does not hold, an unreadable snapshot.
 *
 * @example
 * ```ts
 * import { isPreflightError } from 'order-preflight';
 * try {
 *   await client.fetchExchangeInfo();
 * } catch (error) {
 *   if (isPreflightError(error)) console.error(error.name, error.message, error.cause);
 *   else throw error;
 * }
 * ```
 */
export class PreflightError extends Error {
  override readonly name: string = 'PreflightError';
  /** @internal The class names from this error's class up to `PreflightError`. */
  readonly [BRAND]: readonly string[];

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    const lineage: string[] = [];
    for (let c: unknown = new.target; typeof c === 'function' && c !== Error; c = Object.getPrototypeOf(c)) {
      lineage.push((c as { name: string }).name);
    }
    this[BRAND] = lineage;
  }
}

/** @internal Checks the brand, so errors from the other build (ESM or CJS) are recognised too. */
export function hasErrorBrand(value: unknown, className?: string): boolean {
  if (typeof value !== 'object' || value === null || !(BRAND in value)) return false;
  const lineage = (value as { [BRAND]: unknown })[BRAND];
  if (!Array.isArray(lineage)) return false;
  return className === undefined || lineage.includes(className);
}

/**
 * True when `error` is any error thrown by this library.
 *
 * @example
 * ```ts
 * if (isPreflightError(error)) logger.warn({ name: error.name }, error.message);
 * ```
 */
export function isPreflightError(error: unknown): error is PreflightError {
  return error instanceof PreflightError || hasErrorBrand(error);
}

/** Quotes a value for an error message without ever throwing (BigInt, symbols, cycles). */
export function describeValue(value: unknown, maxLength = 80): string {
  let text: string;
  try {
    if (typeof value === 'string') text = JSON.stringify(value);
    else if (typeof value === 'bigint') text = `${value}n`;
    else if (typeof value === 'symbol' || typeof value === 'function') text = String(value);
    else if (value === undefined) text = 'undefined';
    else text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
