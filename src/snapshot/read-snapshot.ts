import {
  type ExchangeErrorAnswer,
  exchangeAnswerProblem,
  exchangeErrorAnswerIn,
} from '../errors/exchange-answer-error.js';
import { describeThrown, describeValue } from '../errors/preflight-error.js';
import type { SchemaIssue } from '../errors/shape-issues.js';
import { MAX_FIELD_TEXT_LENGTH } from '../exchange-info/field-schemas.js';
import { SnapshotError } from './snapshot-error.js';
import {
  READABLE_SNAPSHOT_VERSIONS,
  type RuleBookSnapshot,
  readSnapshotBody,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
} from './snapshot-schema.js';

/**
 * Checks that `value` (a decoded JSON document) is a rule-book snapshot this library reads, and
 * returns it as a fresh object (nothing of `value` is shared). `RuleBook.fromJSON` builds on it;
 * call it directly to inspect a snapshot without compiling a book.
 *
 * The `format` marker is checked first, then the `version`, then every field, so the reason says
 * what is wrong at the coarsest level: not a snapshot, a snapshot from a newer library, or a
 * damaged one.
 *
 * @throws {SnapshotError} `reason` `format`, `version` or `schema`, with each issue's path.
 * @example
 * ```ts
 * const snapshot = readRuleBookSnapshot(JSON.parse(await readFile('rule-book.json', 'utf8')));
 * console.log(new Date(snapshot.fetchedAt).toISOString(), snapshot.symbols.length);
 * ```
 */
export function readRuleBookSnapshot(value: unknown): RuleBookSnapshot {
  const { format, version } = readHeader(value);
  const declared = typeof version === 'number' ? version : undefined;
  if (format !== SNAPSHOT_FORMAT) refuseErrorAnswer(value, declared);
  if (format !== SNAPSHOT_FORMAT)
    throw new SnapshotError(
      'format',
      [issue('format', `expected "${SNAPSHOT_FORMAT}", got ${describeValue(format)}`)],
      { version: declared },
    );
  if (declared !== undefined && Number.isInteger(declared) && !READABLE_SNAPSHOT_VERSIONS.includes(declared))
    throw new SnapshotError(
      'version',
      [
        issue(
          'version',
          `snapshot version ${declared} is not supported; this library reads versions ${READABLE_SNAPSHOT_VERSIONS.join(' and ')} (it writes ${SNAPSHOT_VERSION})`,
        ),
      ],
      { version: declared },
    );

  let result: ReturnType<typeof readSnapshotBody>;
  try {
    // Names longer than any this library writes are refused before anything is copied or compared.
    const long = longNames(value as Record<string, unknown>);
    result = long.length > 0 ? { issues: long } : readSnapshotBody(value);
  } catch (error) {
    // What a hostile input throws while being read (a proxy, a getter) is reported, not rethrown.
    throw new SnapshotError('schema', [issue('(root)', `could not be read: ${describeThrown(error)}`)], {
      version: declared,
      cause: error,
    });
  }
  if ('issues' in result) throw new SnapshotError('schema', result.issues, { version: declared });
  return result.snapshot;
}

/** The exchange's error answer `{ code, msg }` saved where a snapshot should be, refused as such. */
function refuseErrorAnswer(value: unknown, version: number | undefined): void {
  let answer: ExchangeErrorAnswer | undefined;
  try {
    answer = exchangeErrorAnswerIn(value);
  } catch {
    return; // a hostile value: refused for its format, as any other non-snapshot
  }
  if (answer !== undefined)
    throw new SnapshotError(
      'format',
      [issue('(root)', exchangeAnswerProblem(answer, 'a rule-book snapshot'))],
      {
        version,
        exchange: answer,
      },
    );
}

function readHeader(value: unknown): { format: unknown; version: unknown } {
  let header: { format: unknown; version: unknown } | undefined;
  try {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const { format, version } = value as { format?: unknown; version?: unknown };
      header = { format, version };
    }
  } catch (error) {
    // A revoked proxy, a throwing getter: reported, never rethrown.
    throw new SnapshotError('schema', [issue('(root)', `could not be read: ${describeThrown(error)}`)], {
      cause: error,
    });
  }
  if (header === undefined)
    throw new SnapshotError('format', [
      issue(
        '(root)',
        `expected a snapshot object, got ${describeValue(value)}${typeof value === 'string' ? ' (JSON text: load it with parseRuleBookSnapshot(text))' : ''}`,
      ),
    ]);
  return header;
}

/**
 * Longest name (symbol, status, asset, time zone, warned field) a snapshot may hold: the longest
 * the exchange reader accepts, so every snapshot this library writes fits.
 */
const MAX_NAME_LENGTH = MAX_FIELD_TEXT_LENGTH;
/** Past this many, further long names are not listed: one is enough to refuse the snapshot. */
const MAX_LONG_NAME_ISSUES = 20;

/** Which lists hold names, and the name fields of their entries. */
const NAME_FIELDS: readonly (readonly [string, readonly string[]])[] = [
  ['symbols', ['symbol', 'status', 'baseAsset', 'quoteAsset']],
  ['rejected', ['symbol']],
  ['warnings', ['symbol', 'field']],
];

/**
 * Names longer than MAX_NAME_LENGTH, as issues: checked on the length alone, so a hostile
 * snapshot's megabyte "symbol" is never hashed, compared, copied or quoted. Whatever else is
 * wrong is left to the schema.
 */
function longNames(value: Record<string, unknown>): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const check = (name: unknown, path: string) => {
    if (typeof name === 'string' && name.length > MAX_NAME_LENGTH && issues.length < MAX_LONG_NAME_ISSUES)
      issues.push(issue(path, `expected at most ${MAX_NAME_LENGTH} characters, got ${name.length}`));
  };
  check(value.timezone, 'timezone');
  for (const [list, keys] of NAME_FIELDS) {
    const items = value[list];
    if (!Array.isArray(items)) continue;
    for (let i = 0; i < items.length && issues.length < MAX_LONG_NAME_ISSUES; i++) {
      const item: unknown = items[i];
      if (typeof item !== 'object' || item === null) continue;
      for (const key of keys) check((item as Record<string, unknown>)[key], `${list}[${i}].${key}`);
    }
  }
  return issues;
}

function issue(path: string, message: string): SchemaIssue {
  return { path, message, code: 'custom' };
}
