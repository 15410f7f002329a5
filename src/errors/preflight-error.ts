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

/**
 * Quotes a value for a message in time independent of its size (a million-character string or a
 * huge array costs no more than a short one), and never throws (BigInt, symbols, proxies).
 */
export function describeValue(value: unknown, maxLength = 80): string {
  try {
    if (typeof value === 'string') {
      const head = JSON.stringify(value.slice(0, maxLength));
      return value.length > maxLength ? `${head.slice(0, -1)}…" (${value.length} characters)` : head;
    }
    if (typeof value === 'bigint') return `${value}n`;
    if (typeof value === 'number' || typeof value === 'boolean' || value === undefined || value === null)
      return String(value);
    if (typeof value === 'symbol' || typeof value === 'function') return typeof value;
    if (Array.isArray(value)) return `an array of ${value.length} items`;
    if (value instanceof Date) return 'a Date';
    // A JSON number as the lossless parser keeps it: quote its text, as the wire had it.
    const lossless = value as { isLosslessNumber?: unknown; value?: unknown };
    if (lossless.isLosslessNumber === true && typeof lossless.value === 'string')
      return lossless.value.length > maxLength ? `${lossless.value.slice(0, maxLength)}…` : lossless.value;
    return `an object (${Object.prototype.toString.call(value)})`;
  } catch {
    return 'an unreadable value';
  }
}

/** What a caught throw says, without ever throwing itself. */
export function describeThrown(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : `a thrown ${typeof error}`;
  } catch {
    return 'an unprintable error';
  }
}
