import { toPlainDecimal } from '../decimal/plain-decimal.js';
import { holdsOneDecimal, PAIR_FIELD_NAMES, PAIR_FIELDS } from '../exchange-info/pair-fields.js';
import type { DefinitionWarning, PairDefinition, RejectedDefinition } from '../exchange-info/schema.js';
import { type RuleBookSnapshot, SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './snapshot-schema.js';

/**
 * What a snapshot records of a book.
 *
 * @example
 * ```ts
 * const contents: SnapshotContents = { fetchedAt: 0, serverTime: 0, timezone: 'UTC', symbols: [], rejected: [] };
 * ```
 */
export interface SnapshotContents {
  readonly fetchedAt: number;
  readonly serverTime: number;
  readonly timezone: string;
  readonly symbols: readonly PairDefinition[];
  readonly rejected: readonly RejectedDefinition[];
  readonly warnings: readonly DefinitionWarning[];
}

/**
 * Builds a snapshot object: fresh (nothing shared with the book), keys in one fixed order so the
 * JSON text of a book is the same whichever way the book was made, and decimals canonical.
 *
 * Parsed definitions are canonical already; a book compiled from a hand-built `ExchangeInfo`
 * (which skips parsing) may hold `'0.10'`, and is written as `'0.1'` so that its snapshot loads.
 *
 * @example
 * ```ts
 * const snapshot = writeRuleBookSnapshot({ fetchedAt: Date.now(), serverTime, timezone, symbols, rejected });
 * ```
 */
export function writeRuleBookSnapshot(contents: SnapshotContents): RuleBookSnapshot {
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    fetchedAt: contents.fetchedAt,
    serverTime: contents.serverTime,
    timezone: contents.timezone,
    symbols: contents.symbols.map(canonicalDefinition),
    rejected: contents.rejected.map(writeRejected),
    warnings: contents.warnings.map(({ symbol, field, message }) => ({ symbol, field, message })),
  };
}

/**
 * A fresh copy of a definition with its keys in definition order and its decimals canonical:
 * what a snapshot holds, and what a diff reports.
 *
 * @example
 * ```ts
 * canonicalDefinition({ ...definition, tickSize: '0.010' }).tickSize; // '0.01'
 * ```
 */
export function canonicalDefinition(d: PairDefinition): PairDefinition {
  const copy: Record<string, unknown> = {};
  for (const field of PAIR_FIELD_NAMES) {
    const value = d[field];
    const kind = PAIR_FIELDS[field].kind;
    if (value === null) copy[field] = null;
    else if (kind === 'steps') copy[field] = (value as readonly string[]).map(canonical);
    else copy[field] = holdsOneDecimal(kind) ? canonical(value as string) : value;
  }
  return copy as unknown as PairDefinition;
}

function writeRejected(r: RejectedDefinition): RuleBookSnapshot['rejected'][number] {
  return {
    index: r.index,
    ...(r.symbol === undefined ? {} : { symbol: r.symbol }),
    reasons: r.reasons.map((reason) => ({ path: reason.path, message: reason.message })),
  };
}

/**
 * The canonical text of a decimal; one too long for the parser to re-read is kept as it is.
 *
 * @example `canonical('0.10') // '0.1'`
 */
export function canonical(decimal: string): string {
  return toPlainDecimal(decimal) ?? decimal;
}
