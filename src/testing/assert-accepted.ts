import type { RuleBook } from '../book/rule-book.js';
import { describeValue } from '../errors/preflight-error.js';
import type { ValidationContext } from '../order/order-input.js';
import type { SkippedCheck, Violation } from '../validation/violation-codes.js';

/**
 * Thrown by {@link assertAccepted} when the book refuses the order: `violations` holds the
 * verdict's violations, and the message lists each one's code and message, so a failing property
 * names the rule that failed (fast-check prints the message beside the shrunk order).
 *
 * @example
 * ```ts
 * try {
 *   assertAccepted(book, order);
 * } catch (error) {
 *   if (error instanceof OrderNotAcceptedError) console.log(error.violations.map((v) => v.code));
 * }
 * ```
 */
export class OrderNotAcceptedError extends Error {
  override readonly name = 'OrderNotAcceptedError';
  /** The violations of the verdict, in the order `validateOrder` gave them (never empty). */
  readonly violations: readonly Violation[];
  /** The checks the verdict skipped, as `validateOrder` gave them. */
  readonly skipped: readonly SkippedCheck[];

  constructor(violations: readonly Violation[], skipped: readonly SkippedCheck[], symbol: unknown) {
    const lines = violations.map((v) => `  ${v.code}: ${v.message}`).join('\n');
    const what = typeof symbol === 'string' ? `the ${describeValue(symbol)} order` : 'the order';
    super(`the rule book refused ${what} (${violations.map((v) => v.code).join(', ')}):\n${lines}`);
    this.violations = violations;
    this.skipped = skipped;
  }
}

/**
 * Asserts that `book` accepts `order` with `context` (`book.validateOrder(order, context).ok`),
 * for property tests of a strategy: where `return book.validateOrder(order).ok` fails with only
 * the order, this throws an {@link OrderNotAcceptedError} whose message names each violated rule
 * by its code (`PRICE_TICK: price 64000.005 is not a multiple of tickSize 0.01 ...`).
 *
 * Checks the book skipped (`skipped`, say a price band with no `referencePrice`) do not fail the
 * assertion: `ok` does not count them either.
 *
 * @throws {OrderNotAcceptedError} when the verdict has a violation.
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { assertAccepted, validOrderArb } from 'order-preflight/testing';
 *
 * fc.assert(fc.property(validOrderArb(pair), (order) => {
 *   assertAccepted(book, myStrategy.adjust(order), { referencePrice: '64000' });
 * }));
 * // Error: Property failed ... the rule book refused the "BTCUSDT" order (PRICE_TICK):
 * //   PRICE_TICK: price 64000.005 is not a multiple of tickSize 0.01 ...
 * ```
 */
export function assertAccepted(book: RuleBook, order: unknown, context?: ValidationContext): void {
  const result = book.validateOrder(order, context);
  if (result.ok) return;
  let symbol: unknown;
  try {
    symbol = (order as { symbol?: unknown } | null)?.symbol;
  } catch {
    symbol = undefined;
  }
  throw new OrderNotAcceptedError(result.violations, result.skipped, symbol);
}
