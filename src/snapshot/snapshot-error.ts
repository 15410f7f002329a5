import type { ExchangeErrorAnswer } from '../errors/exchange-answer-error.js';
import { hasErrorBrand, isOwnInstance, PreflightError } from '../errors/preflight-error.js';
import type { SchemaIssue } from '../errors/shape-issues.js';
import { SNAPSHOT_VERSION } from './snapshot-schema.js';

/**
 * Why a snapshot was refused:
 * - `json`: the text is not JSON;
 * - `format`: the document is not a rule-book snapshot (no `format: 'order-preflight/rule-book'`);
 * - `version`: a version this library does not read (written by a newer one, say);
 * - `schema`: a field is missing or wrong, or a definition does not hold.
 *
 * @example
 * ```ts
 * const reason: SnapshotErrorReason = 'version';
 * ```
 */
export type SnapshotErrorReason = 'json' | 'format' | 'version' | 'schema';

/**
 * A rule-book snapshot that cannot be loaded. Loading is all or nothing: when this is thrown, no
 * book was made.
 *
 * @example
 * ```ts
 * try {
 *   book = RuleBook.fromJSON(JSON.parse(text));
 * } catch (error) {
 *   if (isSnapshotError(error) && error.reason === 'version')
 *     console.error(`snapshot v${error.version}; this library reads up to v${error.supportedVersion}`);
 *   else if (isSnapshotError(error)) console.table(error.issues); // [{ path: 'symbols[3].tickSize', ... }]
 *   else throw error;
 * }
 * ```
 */
export class SnapshotError extends PreflightError {
  override readonly name = 'SnapshotError';
  readonly reason: SnapshotErrorReason;
  /** The `version` the snapshot declared, when it declared a number. */
  readonly version: number | undefined;
  /** The newest snapshot version this library reads. */
  readonly supportedVersion: number = SNAPSHOT_VERSION;
  /** Each problem found, with its path (`symbols[3].tickSize`). */
  readonly issues: readonly SchemaIssue[];
  /**
   * The exchange's error `code`, when the document is the exchange's error answer `{ code, msg }`
   * (saved in the snapshot's place) rather than a snapshot; `reason` is then `format`.
   */
  readonly exchangeCode?: number | string;
  /** The exchange's error `msg`, with {@link SnapshotError.exchangeCode}. */
  readonly exchangeMessage?: string;

  constructor(
    reason: SnapshotErrorReason,
    issues: readonly SchemaIssue[],
    options: { version?: number | undefined; cause?: unknown; exchange?: ExchangeErrorAnswer } = {},
  ) {
    const summary = issues
      .slice(0, 5)
      .map((issue) => `${issue.path}: ${issue.message}`)
      .join('; ');
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    super(
      `rule-book snapshot refused (${reason}): ${summary}${more}`,
      'cause' in options ? { cause: options.cause } : undefined,
    );
    this.reason = reason;
    this.version = options.version;
    this.issues = issues;
    if (options.exchange !== undefined) {
      this.exchangeCode = options.exchange.code;
      this.exchangeMessage = options.exchange.msg;
    }
  }
}

/**
 * True when `error` is a {@link SnapshotError} (from either build of the library).
 *
 * @example
 * ```ts
 * if (isSnapshotError(error)) console.warn(error.reason, error.issues);
 * ```
 *
 * @group Guards
 */
export function isSnapshotError(error: unknown): error is SnapshotError {
  return isOwnInstance(error, SnapshotError) || hasErrorBrand(error, 'SnapshotError');
}
