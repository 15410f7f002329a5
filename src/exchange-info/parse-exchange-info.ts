import {
  ExchangeAnswerError,
  type ExchangeErrorAnswer,
  exchangeErrorAnswerIn,
} from '../errors/exchange-answer-error.js';
import { ExchangeInfoSchemaError } from '../errors/exchange-info-schema-error.js';
import { describeThrown, describeValue } from '../errors/preflight-error.js';
import { IssueCollector } from '../errors/shape-issues.js';
import { CHEAP_ITEMS_PER_STEP, ITEMS_PER_STEP, runSteps, type Steps } from '../steps/steps.js';
import { MAX_FIELD_TEXT_LENGTH, readInteger } from './field-schemas.js';
import { readDefinition } from './read-definition.js';
import type {
  DefinitionWarning,
  ExchangeInfo,
  PairDefinition,
  RejectedDefinition,
  RejectionReason,
} from './schema.js';

/**
 * Parses a `GET /api/v3/exchangeInfo` body that is already an object into exact values. For
 * the raw response text use {@link parseExchangeInfoText}: `JSON.parse` (and so `res.json()`)
 * rounds numbers of 16 or more digits, and a definition that arrived that way carries a warning.
 *
 * Decimals may come as JSON strings, JSON numbers (`1e-8`) or lossless numbers and leave as
 * canonical plain strings. A rule field that is absent, `null` or `""` is `null` (its checks are
 * skipped); one that is present but wrong sets that definition aside in `rejected` with its
 * reasons; an unreadable display or fee field becomes `null` and a `warnings` entry. Only a
 * wrong top level throws.
 *
 * @throws {ExchangeInfoSchemaError} when `timezone`, `serverTime` or `symbols` is missing or wrong.
 * @example
 * ```ts
 * import { parseExchangeInfo } from 'order-preflight';
 * const info = parseExchangeInfo({
 *   timezone: 'UTC',
 *   serverTime: 1700000000000,
 *   symbols: [{ symbol: 'BTCUSDT', status: 'TRADING', tickSize: 1e-2, minTradeAmount: '0.00010' }],
 * });
 * info.symbols[0]?.tickSize;       // '0.01'
 * info.symbols[0]?.maxTradeAmount; // null: not sent, so QUANTITY_ABOVE_MAX is skipped
 * ```
 */
export function parseExchangeInfo(json: unknown): ExchangeInfo {
  return runSteps(parseExchangeInfoSteps(json));
}

/**
 * {@link parseExchangeInfo} as steps, one definition read per step: the one implementation,
 * run whole by `parseExchangeInfo` and a slice at a time by the rule-book source.
 *
 * @internal
 * @throws {ExchangeInfoSchemaError} as `parseExchangeInfo` does, before the first step.
 * @example
 * ```ts
 * const info = await slicer.run(parseExchangeInfoSteps(json));
 * ```
 */
export function* parseExchangeInfoSteps(json: unknown): Steps<ExchangeInfo> {
  const envelope = readEnvelope(json);

  const parsed: { index: number; definition: PairDefinition }[] = [];
  const rejected: RejectedDefinition[] = [];
  const warnings: DefinitionWarning[] = [];
  const entries = envelope.symbols;
  for (let from = 0; from < entries.length; from += ITEMS_PER_STEP) {
    const to = Math.min(entries.length, from + ITEMS_PER_STEP);
    for (let index = from; index < to; index++) {
      const entry = entries[index];
      if (entry === undefined) continue; // a hole of the caller's list, skipped as forEach skips it
      readEntry(entry, index, parsed, rejected, warnings);
    }
    yield;
  }

  const duplicated = new Set<string>();
  const symbols = yield* setAsideDuplicatesSteps(parsed, rejected, duplicated);
  rejected.sort((a, b) => a.index - b.index);
  return {
    timezone: envelope.timezone,
    serverTime: envelope.serverTime,
    symbols,
    rejected,
    // A warning comes from a definition that was read; it stays while that definition is kept.
    warnings: duplicated.size === 0 ? warnings : warnings.filter((w) => !duplicated.has(w.symbol)),
  };
}

/** Reads one entry of `symbols` into the lists (a plain function: the steps' hot part). */
function readEntry(
  entry: Entry,
  index: number,
  parsed: { index: number; definition: PairDefinition }[],
  rejected: RejectedDefinition[],
  warnings: DefinitionWarning[],
): void {
  const result = 'unreadable' in entry ? unreadableEntry(entry.unreadable) : readDefinition(entry.raw);
  if (result.ok) {
    parsed.push({ index, definition: result.definition });
    for (const w of result.warnings) warnings.push({ symbol: result.definition.symbol, ...w });
    return;
  }
  // The symbol as readDefinition read it (a readable name of at most 1 KiB): never read twice.
  const symbol = result.symbol;
  rejected.push({ index, ...(symbol === undefined ? {} : { symbol }), reasons: result.reasons });
}

/** One entry of `symbols`, as read once: the value, or what reading it threw. */
export type Entry = { readonly raw: unknown } | { readonly unreadable: unknown };

/** Longest `timezone` accepted: a name, capped like a symbol (far above any real zone name). */
const MAX_TIMEZONE_LENGTH = MAX_FIELD_TEXT_LENGTH;

/**
 * The response's top level, read once, with each entry of `symbols` read once into a list of our
 * own: what a hostile input throws while its top level is read (a proxy, a getter) becomes a typed
 * error, and an entry that cannot be read is one definition set aside.
 */
function readEnvelope(json: unknown): { timezone: string; serverTime: number; symbols: readonly Entry[] } {
  return readTopLevel(json, 'parseExchangeInfoText', (c, record) => {
    const top = topLevelOnce(record);
    const timezone = c.field<string>(top, 'timezone', [], (v) =>
      typeof v !== 'string'
        ? `expected a string, got ${describeValue(v)}`
        : v.length > MAX_TIMEZONE_LENGTH
          ? `expected at most ${MAX_TIMEZONE_LENGTH} characters, got ${v.length}`
          : undefined,
    );
    const rawTime = top.serverTime;
    const serverTime = readInteger(rawTime, Number.MAX_SAFE_INTEGER);
    if (serverTime === undefined)
      c.add(
        ['serverTime'],
        rawTime === undefined ? 'missing' : 'invalid_value',
        `expected an integer from 0 to ${Number.MAX_SAFE_INTEGER} (JSON number or string), got ${describeValue(rawTime)}`,
      );
    const symbols = symbolsIn(c, top);
    const envelope =
      timezone !== undefined && serverTime !== undefined && symbols !== undefined
        ? { timezone, serverTime, symbols: entriesOf(symbols) }
        : undefined;
    return [envelope, top.symbols];
  });
}

/** The `symbols` array of a top level read once, or an issue. */
export function symbolsIn(c: IssueCollector, top: Record<string, unknown>): unknown[] | undefined {
  return c.field<unknown[]>(top, 'symbols', [], (v) =>
    Array.isArray(v) ? undefined : `expected an array, got ${describeValue(v)}`,
  );
}

/**
 * A payload's top level read once, whichever host's: `read` gives what it holds (or `undefined`,
 * its issues recorded on the collector) and the `symbols` it read. With no payload and no
 * `symbols`, the body may be the exchange's error answer `{ code, msg }` (its fields read once).
 * What a hostile input throws while its top level is read (a proxy, a getter) becomes a typed
 * error; JSON text is pointed to `textParser`.
 *
 * @throws {ExchangeAnswerError} for the exchange's error answer.
 * @throws {ExchangeInfoSchemaError} for any other top level that does not hold.
 */
export function readTopLevel<T>(
  payload: unknown,
  textParser: string,
  read: (
    c: IssueCollector,
    record: Record<string, unknown>,
  ) => readonly [value: T | undefined, symbols: unknown],
): T {
  const c = new IssueCollector();
  let answer: ExchangeErrorAnswer | undefined;
  let value: T | undefined;
  try {
    if (typeof payload === 'string')
      c.add(
        [],
        'invalid_type',
        `expected an object, got a string (JSON text: parse it with ${textParser}(text))`,
      );
    const record = typeof payload === 'string' ? undefined : c.record(payload, []);
    if (record !== undefined) {
      const [held, symbols] = read(c, record);
      value = held;
      if (held === undefined && symbols === undefined)
        answer = exchangeErrorAnswerIn({ code: record.code, msg: record.msg });
    }
  } catch (error) {
    const message = `could not be read: ${describeThrown(error)}`;
    throw new ExchangeInfoSchemaError([{ code: 'custom', path: '(root)', message }], { cause: error });
  }
  if (answer !== undefined) throw new ExchangeAnswerError(answer);
  if (value === undefined) throw new ExchangeInfoSchemaError(c.issues);
  return value;
}

/** The top-level fields, each read once (a getter runs at most once), into a record of our own. */
function topLevelOnce(record: Record<string, unknown>): Record<string, unknown> {
  const top = Object.create(null) as Record<string, unknown>;
  for (const key of ['timezone', 'symbols']) if (Object.hasOwn(record, key)) top[key] = record[key];
  top.serverTime = record.serverTime;
  return top;
}

/** Each entry of the list read once (holes skipped, as `forEach` does); its length is read once. */
export function entriesOf(list: readonly unknown[]): Entry[] {
  const entries: Entry[] = [];
  const length = list.length;
  for (let index = 0; index < length; index++) {
    try {
      if (!(index in list)) continue;
      entries[index] = { raw: list[index] };
    } catch (error) {
      entries[index] = { unreadable: error };
    }
  }
  return entries;
}

export function unreadableEntry(error: unknown): {
  ok: false;
  reasons: RejectionReason[];
  symbol?: undefined;
} {
  return {
    ok: false,
    reasons: [{ path: '(definition)', message: `could not be read: ${describeThrown(error)}` }],
  };
}

/**
 * Two definitions for one symbol leave no way to know which the exchange applies, so every copy
 * is set aside (including a copy that was itself malformed) rather than picking one.
 */
export function* setAsideDuplicatesSteps<D extends { readonly symbol: string } = PairDefinition>(
  parsed: readonly { index: number; definition: D }[],
  rejected: RejectedDefinition[],
  duplicated: Set<string>,
): Steps<D[]> {
  const indexesBySymbol = new Map<string, number[]>();
  const note = (symbol: string, index: number) => {
    const list = indexesBySymbol.get(symbol);
    if (list === undefined) indexesBySymbol.set(symbol, [index]);
    else list.push(index);
  };
  let untilStep = CHEAP_ITEMS_PER_STEP;
  for (const { index, definition } of parsed) {
    note(definition.symbol, index);
    if (--untilStep === 0) {
      untilStep = CHEAP_ITEMS_PER_STEP;
      yield;
    }
  }
  for (const r of rejected) if (r.symbol !== undefined) note(r.symbol, r.index);

  const kept: D[] = [];
  for (const { index, definition } of parsed) {
    if (--untilStep === 0) {
      untilStep = CHEAP_ITEMS_PER_STEP;
      yield;
    }
    const indexes = indexesBySymbol.get(definition.symbol) ?? [];
    if (indexes.length === 1) {
      kept.push(definition);
      continue;
    }
    duplicated.add(definition.symbol);
    const others = indexes.filter((i) => i !== index).map((i) => `symbols[${i}]`);
    rejected.push({
      index,
      symbol: definition.symbol,
      reasons: [
        {
          path: 'symbol',
          message: `duplicate definition of ${definition.symbol} (also at ${others.join(', ')})`,
        },
      ],
    });
  }
  return kept;
}
