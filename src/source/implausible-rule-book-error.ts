import type { RuleBookDiff } from '../diff/diff-rule-books.js';
import { hasErrorBrand, isOwnInstance, PreflightError } from '../errors/preflight-error.js';
import type { PairDefinition } from '../exchange-info/schema.js';

/**
 * Why a refreshed book was refused:
 *
 * - `empty`: it has no usable pair at all (an answer with `symbols: []`, or one whose every
 *   definition is malformed);
 * - `loss`: it lacks more than `maxLossShare` of the pairs the current book has usable, within
 *   the source's query (a `symbols` or `symbolStatus` query only counts the pairs it asks for);
 * - `rule-fields-removed` (only with the source's `keepRuleFields` option): a pair listed in both
 *   books lacks a rule field it had (`maxTradeAmount`, a ratio, `tickSize`, `status`,
 *   `enableTrade`, ...), so checks that ran would be skipped; `removedFields` lists them.
 *
 * @example
 * ```ts
 * const reason: ImplausibleRuleBookReason = 'loss';
 * ```
 */
export type ImplausibleRuleBookReason = 'empty' | 'loss' | 'rule-fields-removed';

/**
 * One pair, listed before and after a refresh, and the rule fields the refreshed definition
 * lacks that the current one has, in definition order. `tickSize` counts as removed when the
 * exchange stops sending it even if a tick is then inferred from `displayDigitMerge`, and when
 * the pair's price grid disappears altogether.
 *
 * @example
 * ```ts
 * // { symbol: 'BTCUSDT', fields: ['tickSize', 'maxTradeAmount', 'buyLimitPriceRatio'] }
 * ```
 */
export interface RemovedRuleFields {
  readonly symbol: string;
  readonly fields: readonly Exclude<keyof PairDefinition, 'symbol'>[];
}

/**
 * A refresh brought a rule book too unlike the current one to be trusted, so the source did not
 * swap it in: the last good book stays, nothing is written to the snapshot file, and the refresh
 * counts as failed (`refresh()` rejects with this error, `onError` gets it, the source retries
 * with backoff). A BETA endpoint that answers `symbols: []`, or with one pair, for a moment must
 * not turn every order into `UNKNOWN_SYMBOL`.
 *
 * The context says what the book would have changed: `diff` (from the current book, or from an
 * empty book when there is none), the usable pairs before and after, and how many of the
 * former it lacks. When the change is real (a mass delisting), accept it with the source's
 * `acceptRefresh` option, or set `maxLossShare: 1`. `cause` is set when `acceptRefresh` threw.
 *
 * @example
 * ```ts
 * onError(error) {
 *   if (isImplausibleRuleBookError(error))
 *     alert(`refused a rule book: ${error.reason}, ${error.lost} of ${error.usableBefore} pairs gone`,
 *       error.diff.removed.map((d) => d.symbol));
 * }
 * ```
 */
export class ImplausibleRuleBookError extends PreflightError {
  override readonly name = 'ImplausibleRuleBookError';
  readonly reason: ImplausibleRuleBookReason;
  /** From the current book (or an empty one, for a first book) to the refused one. */
  readonly diff: RuleBookDiff;
  /** Pairs usable in the current book within the query's scope (0 without a current book). */
  readonly usableBefore: number;
  /** Pairs usable in the refused book. */
  readonly usableAfter: number;
  /** Pairs counted in `usableBefore` that are not usable in the refused book. */
  readonly lost: number;
  /** `lost / usableBefore`, or 0 when `usableBefore` is 0. */
  readonly lossShare: number;
  /** The source's threshold: a larger `lossShare` is refused. */
  readonly maxLossShare: number;
  /**
   * For `rule-fields-removed`: each listed pair that lost rule fields, and which (sorted by
   * symbol). Empty for the other reasons.
   */
  readonly removedFields: readonly RemovedRuleFields[];

  constructor(
    details: {
      readonly reason: ImplausibleRuleBookReason;
      readonly diff: RuleBookDiff;
      readonly usableBefore: number;
      readonly usableAfter: number;
      readonly lost: number;
      readonly maxLossShare: number;
      readonly removedFields?: readonly RemovedRuleFields[];
    },
    options?: { cause?: unknown },
  ) {
    const lossShare = details.usableBefore === 0 ? 0 : details.lost / details.usableBefore;
    const removedFields = details.removedFields ?? [];
    super(
      details.reason === 'empty'
        ? 'refused a refreshed rule book with no usable pair; the last good book stays'
        : details.reason === 'rule-fields-removed'
          ? `refused a refreshed rule book that removes rule fields from ${removedFields.length} listed ` +
            `pair${removedFields.length === 1 ? '' : 's'} (${formatRemoved(removedFields)}); the last good book stays`
          : `refused a refreshed rule book that lacks ${details.lost} of the ${details.usableBefore} usable pairs ` +
            `(${formatShare(lossShare)}, more than the ${formatShare(details.maxLossShare)} allowed); the last good book stays`,
      options,
    );
    this.reason = details.reason;
    this.diff = details.diff;
    this.usableBefore = details.usableBefore;
    this.usableAfter = details.usableAfter;
    this.lost = details.lost;
    this.lossShare = lossShare;
    this.maxLossShare = details.maxLossShare;
    this.removedFields = removedFields;
  }
}

/** `BTCUSDT: maxTradeAmount, tickSize; ETHUSDT: status`, the first five pairs. */
function formatRemoved(removed: readonly RemovedRuleFields[]): string {
  const shown = removed.slice(0, 5).map(({ symbol, fields }) => `${symbol}: ${fields.join(', ')}`);
  if (removed.length > 5) shown.push(`and ${removed.length - 5} more`);
  return shown.join('; ');
}

function formatShare(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

/**
 * True for an {@link ImplausibleRuleBookError} (from either build of the library).
 *
 * @example `if (isImplausibleRuleBookError(e)) console.log(e.reason, e.lost, e.diff.removed.length);`
 *
 * @group Guards
 */
export function isImplausibleRuleBookError(error: unknown): error is ImplausibleRuleBookError {
  return isOwnInstance(error, ImplausibleRuleBookError) || hasErrorBrand(error, 'ImplausibleRuleBookError');
}
