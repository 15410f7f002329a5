import { InvalidQueryError } from '../errors/invalid-query-error.js';
import { describeValue } from '../errors/preflight-error.js';

/**
 * An integer option within `[min, max]`, or `fallback` when it is absent (required when there is
 * no fallback). A bad value is an `InvalidQueryError` naming the option, the range and the value.
 */
export function integerOption(
  options: Record<string, unknown>,
  name: string,
  fallback: number | undefined,
  min: number,
  max: number,
): number {
  const value = options[name];
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidQueryError(
      name,
      value,
      `must be an integer from ${min} to ${max}, got ${describeValue(value)}`,
    );
  }
  return value;
}
