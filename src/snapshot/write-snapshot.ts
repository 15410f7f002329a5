import { toPlainDecimal } from '../decimal/plain-decimal.js';
import { holdsOneDecimal, PAIR_FIELD_NAMES, PAIR_FIELDS } from '../exchange-info/pair-fields.js';
import type { PairDefinition, RejectedDefinition } from '../exchange-info/schema.js';
import { ITEMS_PER_STEP, runSteps, type Steps } from '../steps/steps.js';
import {
  type RuleBookSnapshot,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  type SnapshotContents,
} from './snapshot-schema.js';

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
  return runSteps(writeRuleBookSnapshotSteps(contents));
}

/**
 * {@link writeRuleBookSnapshot} as steps, one definition written per step: the one
 * implementation, run whole by `writeRuleBookSnapshot` and a slice at a time (through
 * {@link snapshotTextSteps}) by the rule-book source.
 *
 * @internal
 * @example
 * ```ts
 * const snapshot = await slicer.run(writeRuleBookSnapshotSteps(contents));
 * ```
 */
function* writeRuleBookSnapshotSteps(contents: SnapshotContents): Steps<RuleBookSnapshot> {
  const symbols: PairDefinition[] = [];
  const definitions = contents.symbols;
  for (let from = 0; from < definitions.length; from += ITEMS_PER_STEP) {
    const to = Math.min(definitions.length, from + ITEMS_PER_STEP);
    for (let index = from; index < to; index++) symbols.push(canonicalDefinition(definitions[index]!));
    yield;
  }
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    fetchedAt: contents.fetchedAt,
    serverTime: contents.serverTime,
    timezone: contents.timezone,
    symbols,
    rejected: contents.rejected.map(writeRejected),
    warnings: contents.warnings.map(({ symbol, field, message }) => ({ symbol, field, message })),
  };
}

/** How the (empty) definitions list appears in a snapshot's text: the one place they go. */
const EMPTY_SYMBOLS = '"symbols":[]';

/**
 * The snapshot's JSON text as steps, one definition per step: `JSON.stringify` of
 * {@link writeRuleBookSnapshot}'s snapshot, character for character. For 20,000 pairs the
 * one-call `JSON.stringify` holds the event loop for hundreds of ms (`npm run bench:refresh`
 * prints the longest stall), so the
 * definitions are stringified one at a time and spliced in where the empty list stands in the
 * text of the rest (a quote inside a JSON string is always escaped, so `"symbols":[]` can only
 * be the member itself).
 *
 * @internal
 * @example
 * ```ts
 * const text = await slicer.run(snapshotTextSteps(snapshotContentsOf(book)));
 * text === JSON.stringify(book.toJSON()); // true
 * ```
 */
export function* snapshotTextSteps(contents: SnapshotContents): Steps<string> {
  const snapshot = yield* writeRuleBookSnapshotSteps(contents);
  const shell = JSON.stringify({ ...snapshot, symbols: [] });
  const at = shell.indexOf(EMPTY_SYMBOLS);
  if (at === -1) return JSON.stringify(snapshot); // a snapshot that changed shape: stay correct
  const parts: string[] = [shell.slice(0, at + EMPTY_SYMBOLS.length - 1)];
  const definitions = snapshot.symbols;
  for (let from = 0; from < definitions.length; from += ITEMS_PER_STEP) {
    const to = Math.min(definitions.length, from + ITEMS_PER_STEP);
    for (let index = from; index < to; index++)
      parts.push(index === 0 ? '' : ',', JSON.stringify(definitions[index]));
    yield;
  }
  parts.push(shell.slice(at + EMPTY_SYMBOLS.length - 1));
  return parts.join('');
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
