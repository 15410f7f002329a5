import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { describeThrown, describeValue } from '../errors/preflight-error.js';

/**
 * Refuses an argument that is not a rule book, naming it, before it is used as one: `1`, a
 * snapshot object, `undefined` would otherwise leak a `TypeError` (`book.validateOrder is not a
 * function`, `other is not iterable`). A book of the library's other build (ESM or CJS) has the
 * same methods and passes; a book of this build passes at the first test (`instanceof`).
 *
 * @throws {InvalidArgumentError} naming `argument`, when `value` has no `method` to call, or
 *   reading it throws (a revoked proxy).
 */
export function assertRuleBookArgument(
  value: unknown,
  argument: string,
  method: string,
  // The class itself, for `instanceof` (RuleBook's constructor is private: no `new` signature).
  // biome-ignore lint/complexity/noBannedTypes: any class, whatever its constructor's visibility
  type: Function,
): void {
  let callable: boolean;
  try {
    // `instanceof` itself throws on a revoked proxy (its getPrototypeOf trap).
    // Stryker disable next-line ConditionalExpression: forced false, a RuleBook has the method and passes as callable below
    if (value instanceof type) return;
    callable =
      typeof value === 'object' &&
      value !== null &&
      typeof (value as Record<string, unknown>)[method] === 'function';
  } catch (error) {
    throw new InvalidArgumentError(
      argument,
      `is not a rule book that can be read (${describeThrown(error)})`,
      {
        cause: error,
      },
    );
  }
  if (!callable)
    throw new InvalidArgumentError(
      argument,
      `must be a RuleBook (from RuleBook.fromExchangeInfo or RuleBook.fromJSON), got ${describeValue(value)}`,
      { value },
    );
}
