import { isCanonicalDecimal, MAX_EXCHANGE_DECIMAL_LENGTH } from '../decimal/plain-decimal.js';
import { checks, IssueCollector, type IssuePath, type SchemaIssue } from '../errors/shape-issues.js';
import { MAX_ASSET_PRECISION } from '../exchange-info/field-schemas.js';
import { PAIR_FIELD_NAMES, PAIR_FIELDS, type PairFieldName } from '../exchange-info/pair-fields.js';
import type { DefinitionWarning, PairDefinition, RejectedDefinition } from '../exchange-info/schema.js';

/**
 * The value of a snapshot's `format` field: it marks a JSON document as a rule-book snapshot.
 *
 * @example
 * ```ts
 * JSON.parse(text).format === SNAPSHOT_FORMAT; // true for a file written from book.toJSON()
 * ```
 */
export const SNAPSHOT_FORMAT = 'order-preflight/rule-book';

/**
 * The snapshot version this library writes, and the newest it reads. It goes up whenever a field
 * is added or changes meaning, so an older library refuses a snapshot it would misread.
 *
 * @example
 * ```ts
 * book.toJSON().version === SNAPSHOT_VERSION; // true
 * ```
 */
export const SNAPSHOT_VERSION = 2;

/** Versions this library reads: 1 (every rule field present, no tick source) and 2. */
export const READABLE_SNAPSHOT_VERSIONS: readonly number[] = [1, 2];

/**
 * Longest canonical decimal (`isCanonicalDecimal` says what canonical is): the exchange reader
 * accepts up to MAX_EXCHANGE_DECIMAL_LENGTH characters of input, and expanding an exponent can
 * make the canonical text twice as long plus a sign and a point; a snapshot must hold whatever
 * the reader produced.
 */
const MAX_CANONICAL_LENGTH = 2 * MAX_EXCHANGE_DECIMAL_LENGTH + 2;

const CANONICAL_MESSAGE =
  "expected a canonical plain decimal string (such as '0.01', never '0.010' or '1e-2')";

const canonical = (value: unknown) =>
  typeof value === 'string' && value.length <= MAX_CANONICAL_LENGTH && isCanonicalDecimal(value)
    ? undefined
    : CANONICAL_MESSAGE;
const nonNegative = (value: unknown) =>
  canonical(value) ?? ((value as string).startsWith('-') ? 'must not be negative' : undefined);
/** A grid is `null` (no grid) or positive: the parser already turned `0` into `null`. */
const gridSize = checks.nullable((value) =>
  value === '0' ? 'must be positive; no grid is written as null' : nonNegative(value),
);
const precision = checks.integer(0, MAX_ASSET_PRECISION);
const epochMs = checks.integer(0, Number.MAX_SAFE_INTEGER);
const TICK_SOURCES = ['tickSize', 'displayDigitMerge', 'none'] as const;

/**
 * The rule-book snapshot, version 2 (what `book.toJSON()` returns; `RuleBook.fromJSON` reads
 * versions 1 and 2):
 *
 * - `format`: always `'order-preflight/rule-book'`; `version`: `2`.
 * - `fetchedAt`: when the definitions were fetched, integer ms since the epoch (like
 *   `serverTime`, so the two compare without parsing and age is one subtraction).
 * - `serverTime`, `timezone`: as the exchange reported them.
 * - `symbols`: the usable definitions in force, in payload order: decimals as canonical plain
 *   strings, `null` for a field the exchange did not send (or no grid), `tickSize` the tick in
 *   force and `tickSizeSource` where it came from (an inferred tick is kept, not re-inferred),
 *   `displayDigitMerge` as a list. Unlike the exchange's wire, nothing is coerced (no `"8"` for
 *   8, no `1e-8`, no `0` for "no grid") and an unknown field is refused: a field this version
 *   does not know could carry a rule it would not enforce. Version 1 had no `tickSizeSource`
 *   (the tick came from `tickSize`, or there was none) and left absent display flags out.
 * - `rejected`: the definitions set aside, with their reasons; `index` is the position in the
 *   exchange's payload, not in `symbols`.
 * - `warnings`: the display and fee fields that could not be read.
 *
 * A symbol appears at most once in `symbols` and never in both lists.
 *
 * @example
 * ```ts
 * const snapshot: RuleBookSnapshot = book.toJSON();
 * snapshot.symbols.find((d) => d.symbol === 'BTCUSDT')?.tickSize; // '0.01'
 * await writeFile('rule-book.json', JSON.stringify(snapshot));
 * ```
 */
export interface RuleBookSnapshot extends SnapshotContents {
  readonly format: typeof SNAPSHOT_FORMAT;
  readonly version: number;
}

/**
 * What a snapshot records of a book: the snapshot without its `format` and `version`.
 *
 * @example
 * ```ts
 * const contents: SnapshotContents = { fetchedAt: 0, serverTime: 0, timezone: 'UTC', symbols: [], rejected: [], warnings: [] };
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

const DEFINITION_KEYS: ReadonlySet<string> = new Set(PAIR_FIELD_NAMES);
/**
 * Every top-level key of a snapshot, held to {@link RuleBookSnapshot} by the compiler: a key added
 * to the type and not here (or here and not there) fails the type-check, so the two never drift.
 */
const SNAPSHOT_KEYS: ReadonlySet<string> = new Set(
  Object.keys({
    format: true,
    version: true,
    fetchedAt: true,
    serverTime: true,
    timezone: true,
    symbols: true,
    rejected: true,
    warnings: true,
  } satisfies Record<keyof RuleBookSnapshot, true>),
);

type Check = (value: unknown) => string | undefined;

/**
 * How a snapshot checks a field of each kind (pair-fields.ts), each in its one canonical
 * spelling; `undefined` for the depth-merge list, read on its own. Every field but the key and
 * the tick source may be `null`. A rule's name must not be empty; a cosmetic one was written as
 * it was read.
 */
function snapshotCheckOf(field: PairFieldName): Check | undefined {
  const { kind, role } = PAIR_FIELDS[field];
  switch (kind) {
    case 'text':
      if (role === 'key') return checks.nonEmptyString;
      return checks.nullable(role === 'rule' ? checks.nonEmptyString : checks.string);
    case 'integer':
      return checks.nullable(precision);
    case 'decimal':
      return checks.nullable(canonical);
    case 'amount':
      return checks.nullable(nonNegative);
    case 'grid':
      return gridSize;
    case 'flag':
      return checks.nullable(checks.boolean);
    case 'tick-source':
      return checks.oneOf(TICK_SOURCES);
    case 'steps':
      return undefined;
  }
}

/** Each field of a definition with its check and whether a snapshot may leave it out, in definition order. */
const DEFINITION_CHECKS = PAIR_FIELD_NAMES.map((field) => ({
  field,
  check: snapshotCheckOf(field),
  optional: PAIR_FIELDS[field].snapshotOptional ? { optional: true } : {},
}));

function readDefinition(c: IssueCollector, raw: unknown, path: IssuePath): PairDefinition | undefined {
  const d = c.record(raw, path);
  if (d === undefined) return undefined;
  const before = c.issues.length;
  c.onlyKnownKeys(d, DEFINITION_KEYS, path);
  const read: Record<string, unknown> = {};
  for (const { field, check, optional } of DEFINITION_CHECKS)
    read[field] =
      check === undefined ? readDecimalList(c, d, path) : c.field(d, field, path, check, optional);
  const { tickSize, tickSizeSource: source } = read;
  if (source !== undefined && tickSize !== undefined && (source === 'none') !== (tickSize === null))
    c.add(
      [...path, 'tickSizeSource'],
      'custom',
      `a tickSizeSource of ${String(source)} does not fit a tickSize of ${String(tickSize)}`,
    );
  if (c.issues.length > before) return undefined;
  // A field a version-1 snapshot left out: the tick came from `tickSize`, or there was none; an
  // absent display flag is null.
  for (const { field, optional } of DEFINITION_CHECKS)
    if (optional.optional === true && read[field] === undefined)
      read[field] = field === 'tickSizeSource' ? (tickSize === null ? 'none' : 'tickSize') : null;
  return read as unknown as PairDefinition;
}

function readDecimalList(
  c: IssueCollector,
  d: Record<string, unknown>,
  path: IssuePath,
): readonly string[] | null {
  const raw = d.displayDigitMerge;
  if (raw === undefined || raw === null) return null;
  const list = c.list(raw, [...path, 'displayDigitMerge']);
  if (list === undefined) return null;
  list.forEach((step, i) => {
    const problem = canonical(step);
    if (problem !== undefined) c.add([...path, 'displayDigitMerge', i], 'invalid_value', problem);
  });
  // A copy: the book must share nothing with the document it was read from.
  return [...(list as string[])];
}

function readRejected(c: IssueCollector, raw: unknown, path: IssuePath): RejectedDefinition | undefined {
  const r = c.record(raw, path);
  if (r === undefined) return undefined;
  const before = c.issues.length;
  c.onlyKnownKeys(r, new Set(['index', 'symbol', 'reasons']), path);
  const index = c.field<number>(r, 'index', path, checks.integer(0, Number.MAX_SAFE_INTEGER));
  const symbol = c.field<string>(r, 'symbol', path, checks.nonEmptyString, { optional: true });
  const reasons = c.field<unknown[]>(r, 'reasons', path, (v) =>
    Array.isArray(v) && v.length > 0 ? undefined : 'expected a non-empty list of reasons',
  );
  const read = (reasons ?? []).map((reason, i) => {
    const item = c.record(reason, [...path, 'reasons', i]);
    if (item === undefined) return undefined;
    c.onlyKnownKeys(item, new Set(['path', 'message']), [...path, 'reasons', i]);
    const p = c.field<string>(item, 'path', [...path, 'reasons', i], checks.string);
    const message = c.field<string>(item, 'message', [...path, 'reasons', i], checks.string);
    return p === undefined || message === undefined ? undefined : { path: p, message };
  });
  if (c.issues.length > before || index === undefined) return undefined;
  return {
    index,
    ...(symbol === undefined ? {} : { symbol }),
    reasons: read as { path: string; message: string }[],
  };
}

function readWarning(c: IssueCollector, raw: unknown, path: IssuePath): DefinitionWarning | undefined {
  const w = c.record(raw, path);
  if (w === undefined) return undefined;
  c.onlyKnownKeys(w, new Set(['symbol', 'field', 'message']), path);
  const symbol = c.field<string>(w, 'symbol', path, checks.nonEmptyString);
  const field = c.field<string>(w, 'field', path, checks.string);
  const message = c.field<string>(w, 'message', path, checks.string);
  return symbol === undefined || field === undefined || message === undefined
    ? undefined
    : { symbol, field, message };
}

/**
 * Reads a snapshot object whose format and version were already checked: every field, each in
 * its one canonical spelling, with every issue found (not just the first) and its path.
 */
export function readSnapshotBody(value: unknown): { snapshot: RuleBookSnapshot } | { issues: SchemaIssue[] } {
  const c = new IssueCollector();
  const s = c.record(value, []);
  if (s === undefined) return { issues: c.issues };
  c.onlyKnownKeys(s, SNAPSHOT_KEYS, []);
  const version = c.field<number>(s, 'version', [], checks.integer(1, SNAPSHOT_VERSION));
  const fetchedAt = c.field<number>(s, 'fetchedAt', [], epochMs);
  const serverTime = c.field<number>(s, 'serverTime', [], epochMs);
  const timezone = c.field<string>(s, 'timezone', [], checks.string);
  const symbols = (
    c.field<unknown[]>(s, 'symbols', [], (v) => (Array.isArray(v) ? undefined : 'expected an array')) ?? []
  ).map((d, i) => readDefinition(c, d, ['symbols', i]));
  const rejected = (
    c.field<unknown[]>(s, 'rejected', [], (v) => (Array.isArray(v) ? undefined : 'expected an array')) ?? []
  ).map((r, i) => readRejected(c, r, ['rejected', i]));
  const warnings = (
    c.field<unknown[]>(s, 'warnings', [], (v) => (Array.isArray(v) ? undefined : 'expected an array'), {
      optional: true,
    }) ?? []
  ).map((w, i) => readWarning(c, w, ['warnings', i]));
  // A book keys pairs by symbol: a second definition would silently replace the first.
  const seen = new Set<string>();
  symbols.forEach((d, i) => {
    if (d === undefined) return;
    if (seen.has(d.symbol)) c.add(['symbols', i, 'symbol'], 'custom', `duplicate definition of ${d.symbol}`);
    seen.add(d.symbol);
  });
  rejected.forEach((r, i) => {
    if (r?.symbol !== undefined && seen.has(r.symbol))
      c.add(['rejected', i, 'symbol'], 'custom', `${r.symbol} is both usable and set aside`);
  });
  if (c.issues.length > 0) return { issues: c.issues };
  return {
    snapshot: {
      format: SNAPSHOT_FORMAT,
      version: version as number,
      fetchedAt: fetchedAt as number,
      serverTime: serverTime as number,
      timezone: timezone as string,
      symbols: symbols as PairDefinition[],
      rejected: rejected as RejectedDefinition[],
      warnings: warnings as DefinitionWarning[],
    },
  };
}
