import { errorGuard } from './error-guard.js';
import { PreflightError } from './preflight-error.js';

/**
 * An argument that is not what the function takes and cannot be read as it: a value that is not
 * a rule book where one is required (`diffRuleBooks`), options whose very reading throws (a
 * throwing getter, a revoked proxy). The library reports such input as its own error, never by
 * letting the caller's exception, or a `TypeError`, escape.
 *
 * @example
 * ```ts
 * try {
 *   diffRuleBooks(previous, JSON.parse(text));
 * } catch (error) {
 *   if (isInvalidArgumentError(error)) console.error(error.argument, error.message); // 'after', ...
 * }
 * ```
 */
export class InvalidArgumentError extends PreflightError {
  override readonly name = 'InvalidArgumentError';
  /** The argument at fault, as the function names it: `before`, `after`, `options`. */
  readonly argument: string;

  constructor(argument: string, problem: string, options?: { cause?: unknown }) {
    super(`${argument} ${problem}`, options);
    this.argument = argument;
  }
}

/**
 * True when `error` is an {@link InvalidArgumentError} (from either build of the library).
 *
 * @example
 * ```ts
 * if (isInvalidArgumentError(error)) console.error(`bad ${error.argument}`);
 * ```
 *
 * @group Guards
 */
export const isInvalidArgumentError = errorGuard(InvalidArgumentError, 'InvalidArgumentError');
