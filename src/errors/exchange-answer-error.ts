import { errorGuard } from './error-guard.js';
import { ExchangeInfoSchemaError } from './exchange-info-schema-error.js';

/**
 * The exchange's own error answer, `{ "code": -1121, "msg": "Invalid symbol." }`, where a
 * payload was expected: its `code` (a number, or a string as some gateways send it) and `msg`.
 *
 * @example
 * ```ts
 * const answer: ExchangeErrorAnswer = { code: -1121, msg: 'Invalid symbol.' };
 * ```
 */
export interface ExchangeErrorAnswer {
  readonly code: number | string;
  readonly msg: string;
}

/**
 * The exchange's error answer in `value`, if `value` is one: an object with a `code` (a finite
 * number or a string) and a string `msg`, and no `symbols` (a payload that also carries a
 * `code` is judged as a payload). Reads `code`, `msg` and `symbols` once each; may throw what a
 * hostile object throws, for the caller to report.
 */
export function exchangeErrorAnswerIn(value: unknown): ExchangeErrorAnswer | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { code, msg, symbols } = value as { code?: unknown; msg?: unknown; symbols?: unknown };
  if (symbols !== undefined || typeof msg !== 'string') return undefined;
  if ((typeof code === 'number' && Number.isFinite(code)) || typeof code === 'string') return { code, msg };
  // A JSON number as the lossless parser keeps it (parseExchangeInfoText, the client): its text.
  const lossless = code as { isLosslessNumber?: unknown; value?: unknown } | null | undefined;
  if (
    typeof lossless === 'object' &&
    lossless?.isLosslessNumber === true &&
    typeof lossless.value === 'string'
  ) {
    const n = Number(lossless.value);
    return { code: Number.isSafeInteger(n) ? n : lossless.value, msg };
  }
  return undefined;
}

/**
 * What a reader says of an error answer found where `what` was expected: the exchange's code and
 * message (cut at 200 characters), and what to do.
 */
export function exchangeAnswerProblem(answer: ExchangeErrorAnswer, what: string): string {
  return (
    `the exchange answered with its error ${String(answer.code).slice(0, 40)} ${JSON.stringify(answer.msg.slice(0, 200))}, ` +
    `not ${what}: check the request that fetched it (its symbol, its parameters) and fetch again`
  );
}

/**
 * The exchange answered with its own error (`{ code, msg }`) where exchange info was expected:
 * a payload saved from a refused request (`-1121 Invalid symbol.` for an unknown `symbol`), or a
 * 200 answer carrying an error. An {@link ExchangeInfoSchemaError} (the payload is not exchange
 * info), so a handler of that still catches it; `exchangeCode` and `exchangeMessage` say what the
 * exchange said, as the client's `HttpStatusError` does for a non-2xx answer.
 *
 * @example
 * ```ts
 * try {
 *   parseExchangeInfoText('{"code":-1121,"msg":"Invalid symbol."}');
 * } catch (error) {
 *   if (isExchangeAnswerError(error)) console.error(error.exchangeCode, error.exchangeMessage); // -1121 'Invalid symbol.'
 * }
 * ```
 */
export class ExchangeAnswerError extends ExchangeInfoSchemaError {
  override readonly name: string = 'ExchangeAnswerError';
  /** The exchange's error `code` (`-1121`). */
  readonly exchangeCode: number | string;
  /** The exchange's error `msg` (`Invalid symbol.`). */
  readonly exchangeMessage: string;

  constructor(answer: ExchangeErrorAnswer) {
    super([{ code: 'custom', path: '(root)', message: exchangeAnswerProblem(answer, 'exchange info') }]);
    this.exchangeCode = answer.code;
    this.exchangeMessage = answer.msg;
  }
}

/**
 * True when `error` is an {@link ExchangeAnswerError} (from either build of the library).
 *
 * @example
 * ```ts
 * if (isExchangeAnswerError(error)) console.error(`exchange error ${error.exchangeCode}: ${error.exchangeMessage}`);
 * ```
 */
export const isExchangeAnswerError = errorGuard(ExchangeAnswerError, 'ExchangeAnswerError');
