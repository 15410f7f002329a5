import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { describeThrown, describeValue } from '../errors/preflight-error.js';
import type { RejectedDefinition } from '../exchange-info/schema.js';
import type { FieldChange } from './compare-definitions.js';
import type { RuleBookDiff } from './diff-rule-books.js';

/**
 * A rule-book diff as text, one line per change, for logs and the `diff` command:
 *
 * ```text
 * ~ timezone UTC -> Asia/Singapore
 * + NEWUSDT (added)
 * - OLDUSDT (removed)
 * ~ BTCUSDT tickSize 0.01 -> 0.1
 * ~ ETHUSDT enableTrade true -> false
 * ! BADUSDT (set aside: tickSize: must not be negative)
 * ! FIXUSDT (no longer set aside)
 * ```
 *
 * `none` is a `null` value (no grid), `absent` a missing optional flag, `[a, b]` a list. An
 * empty diff is the single line `no changes`. Lines are joined with `\n`, without a final one.
 *
 * @example
 * ```ts
 * console.log(formatRuleBookDiff(diffRuleBooks(before, after)));
 * ```
 */
export function formatRuleBookDiff(diff: RuleBookDiff): string {
  if (typeof diff !== 'object' || diff === null)
    throw new InvalidArgumentError(
      'diff',
      `must be a RuleBookDiff (from diffRuleBooks), got ${describeValue(diff)}`,
      {
        value: diff,
      },
    );
  try {
    return formatLines(diff);
  } catch (error) {
    // A diff this library made never throws here; a hand-made or hostile one is the caller's.
    throw new InvalidArgumentError('diff', `is not a RuleBookDiff (${describeThrown(error)})`, {
      cause: error,
    });
  }
}

function formatLines(diff: RuleBookDiff): string {
  if (diff.isEmpty) return 'no changes';
  const lines: string[] = [];
  if (diff.timezone !== null) lines.push(`~ timezone ${diff.timezone.before} -> ${diff.timezone.after}`);
  for (const definition of diff.added) lines.push(`+ ${definition.symbol} (added)`);
  for (const definition of diff.removed) lines.push(`- ${definition.symbol} (removed)`);
  for (const { symbol, changes } of diff.changed)
    for (const change of changes) lines.push(`~ ${symbol} ${describeChange(change)}`);
  for (const entry of diff.rejected.added) lines.push(`! ${nameOf(entry)} (set aside: ${reasonsOf(entry)})`);
  for (const entry of diff.rejected.removed) lines.push(`! ${nameOf(entry)} (no longer set aside)`);
  return lines.join('\n');
}

function describeChange(change: FieldChange): string {
  return `${change.field} ${show(change.before)} -> ${show(change.after)}`;
}

function show(value: unknown): string {
  if (value === null) return 'none';
  if (value === undefined) return 'absent';
  if (Array.isArray(value)) return `[${value.map(show).join(', ')}]`;
  // Quoted only when bare text would read wrongly: empty, or with spaces.
  if (typeof value === 'string') return value === '' || /\s/.test(value) ? JSON.stringify(value) : value;
  return String(value);
}

/** A definition without a readable symbol is named by its place in the exchange's payload. */
function nameOf(entry: RejectedDefinition): string {
  return entry.symbol ?? `symbols[${entry.index}]`;
}

/** A definition missing everything has a reason per field; the first few say enough for a log line. */
const REASONS_SHOWN = 3;

function reasonsOf(entry: RejectedDefinition): string {
  const shown = entry.reasons.slice(0, REASONS_SHOWN).map((reason) => `${reason.path}: ${reason.message}`);
  const hidden = entry.reasons.length - shown.length;
  return hidden > 0 ? `${shown.join('; ')}; and ${hidden} more` : shown.join('; ');
}
