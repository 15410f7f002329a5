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

/**
 * @internal Checks the brand, so errors from the other build (ESM or CJS) are recognised too.
 * Never throws, even on a hostile proxy.
 */
export function hasErrorBrand(value: unknown, className?: string): boolean {
  try {
    if (typeof value !== 'object' || value === null || !(BRAND in value)) return false;
    const lineage = (value as { [BRAND]: unknown })[BRAND];
    if (!Array.isArray(lineage)) return false;
    return className === undefined || lineage.includes(className);
  } catch {
    return false;
  }
}

/**
 * True when `error` is any error thrown by this library.
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
 *
 * @group Guards
 */
export function isPreflightError(error: unknown): error is PreflightError {
  return isOwnInstance(error, PreflightError) || hasErrorBrand(error);
}

/** @internal `value instanceof type`, false instead of throwing (a proxy's getPrototypeOf trap can throw). */
export function isOwnInstance(value: unknown, type: abstract new (...args: never[]) => unknown): boolean {
  try {
    return value instanceof type;
  } catch {
    return false;
  }
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
    if (Array.isArray(value)) return `an array of ${value.length} ${value.length === 1 ? 'item' : 'items'}`;
    if (value instanceof Date) return 'a Date';
    // A JSON number as the lossless parser keeps it: quote its text, as the wire had it.
    const lossless = value as { isLosslessNumber?: unknown; value?: unknown };
    if (lossless.isLosslessNumber === true && typeof lossless.value === 'string')
      return lossless.value.length > maxLength ? `${lossless.value.slice(0, maxLength)}…` : lossless.value;
    return `an object (${clip(Object.prototype.toString.call(value), 60)})`;
  } catch {
    return 'an unreadable value';
  }
}

/** Longest error message quoted in another message: a hostile error may carry megabytes. */
const MAX_THROWN_MESSAGE_LENGTH = 200;

/**
 * What a caught throw says, without ever throwing itself, in time and space independent of the
 * size of what was thrown: a long name or message is cut, never copied whole.
 */
export function describeThrown(error: unknown): string {
  try {
    if (!(error instanceof Error)) return `a thrown ${typeof error}`;
    const { name, message } = error;
    return `${clip(String(name), 40)}: ${clip(String(message), MAX_THROWN_MESSAGE_LENGTH)}`;
  } catch {
    return 'an unprintable error';
  }
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}
