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
  /**
   * The argument at fault, as the function names it: `before`, `after`, `options`, or one option
   * of an options object as `options.NAME` (`options.baseUrl`).
   */
  readonly argument: string;
  /**
   * The value refused, when it can be repeated (an option's value; a stand-in such as the host
   * of a URL that carried a password); absent when the argument could not be read at all.
   */
  readonly value?: unknown;

  constructor(argument: string, problem: string, options?: { cause?: unknown; value?: unknown }) {
    super(
      `${argument} ${problem}`,
      options !== undefined && 'cause' in options ? { cause: options.cause } : undefined,
    );
    this.argument = argument;
    if (options !== undefined && 'value' in options) this.value = options.value;
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
