import { ExchangeInfoSchemaError } from '../errors/exchange-info-schema-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { describeThrown, describeValue } from '../errors/preflight-error.js';
import { parseExchangeInfoSteps } from '../exchange-info/parse-exchange-info.js';
import type {
  DefinitionWarning,
  ExchangeInfo,
  PairDefinition,
  RejectedDefinition,
} from '../exchange-info/schema.js';
import {
  CLIENT_ORDER_ID_RULES,
  type ClientOrderIdRule,
  type FUTURES_CLIENT_ORDER_ID_PATTERN,
} from '../order/client-order-id.js';
import type { OrderArgument, OrderInput, ValidationContext } from '../order/order-input.js';
import { compilePair, withInferredTick } from '../pair/compile-pair.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { readRuleBookSnapshot } from '../snapshot/read-snapshot.js';
import { SnapshotError } from '../snapshot/snapshot-error.js';
import type { RuleBookSnapshot, SnapshotContents } from '../snapshot/snapshot-schema.js';
import { writeRuleBookSnapshot } from '../snapshot/write-snapshot.js';
import { CHEAP_ITEMS_PER_STEP, ITEMS_PER_STEP, runSteps, type Steps } from '../steps/steps.js';
import type { OrderVerdict, ValidationResult } from '../validation/violation-codes.js';
import { assertRuleBookArgument } from './book-argument.js';
import { estimateWith, type OrderEstimate } from './estimate-order.js';
import { type BookPairs, checkWith, type PairLookup, validateWith } from './judge-order.js';
import { NearSymbols } from './near-symbol.js';
import { type NormalizeResult, repairWith } from './repair-order.js';
import { symbolTable } from './symbol-table.js';

const UNKNOWN: PairLookup = Object.freeze({ kind: 'unknown' });

/** What a book holds besides the info's header, built a step at a time by {@link compileSteps}. */
interface CompiledBook {
  readonly pairs: ReadonlyMap<string, PairLookup & { kind: 'known' }>;
  readonly fast: ReadonlyMap<string, FastPair>;
  /** The info's rejections, then the definitions that could not be compiled. */
  readonly rejected: RejectedDefinition[];
}

/** Set by the class's static block: the private constructor, for {@link ruleBookSteps}. */
let assemble: (
  info: ExchangeInfo,
  compiled: CompiledBook,
  fetchedAt: number,
  clientOrderIds: ClientOrderIdRule,
) => RuleBook;

/**
 * Options of {@link RuleBook.fromExchangeInfo}.
 *
 * @example
 * ```ts
 * const options: RuleBookOptions = { fetchedAt: response.receivedAt };
 * ```
 */
export interface RuleBookOptions {
  /** When the definitions were fetched (ms since the epoch, or a Date). Default: now. */
  readonly fetchedAt?: number | Date | undefined;
  /**
   * Take the smallest step of `displayDigitMerge` as the tick of a pair that has no `tickSize`
   * (docs/exchange-semantics.md, "Reading the exchange's definitions", and the evidence for and
   * against it under `displayDigitMerge`). Default true; false leaves such pairs without a price
   * grid (PRICE_TICK skipped).
   */
  readonly inferTickSize?: boolean | undefined;
  /**
   * The `newClientOrderId` rule (docs/exchange-semantics.md, "newClientOrderId"). Default
   * `'length'`: 1 to 40 characters and no character set, what the spot documentation states, so
   * no id the exchange takes is refused. `'futures-pattern'` also holds ids to the pattern WEEX
   * documents for futures V3 ({@link FUTURES_CLIENT_ORDER_ID_PATTERN}: 1 to 36 of
   * `A-Z a-z 0-9 . : / _ -`), the exchange's likely rule for spot's unnamed "special characters".
   * Not kept in a snapshot: give it again to {@link RuleBook.fromJSON}.
   */
  readonly clientOrderIds?: ClientOrderIdRule | undefined;
}

/**
 * The exchange's pair definitions compiled once into per-symbol validators. Symbols live in a
 * `Map`, so a pair named `__proto__` or an order for `toString` behaves like any other.
 *
 * @example
 * ```ts
 * import { RuleBook } from 'order-preflight';
 * import { ExchangeInfoClient } from 'order-preflight/node';
 * const client = new ExchangeInfoClient({ baseUrl: 'https://api.example.com' });
 * const book = RuleBook.fromExchangeInfo(await client.fetchExchangeInfo());
 * const result = book.validateOrder(
 *   { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '64000.005', quantity: '0.001' },
 *   { referencePrice: '64010' },
 * );
 * result.ok;                      // false
 * result.violations[0]?.code;     // 'PRICE_TICK'
 * result.violations[0]?.suggestion; // ['64000', '64000.01']
 * ```
 */
export class RuleBook {
  /** The exchange's time zone, as it reported it. */
  readonly timezone: string;
  /** The exchange's clock when the definitions were served, in ms since the epoch. */
  readonly serverTime: number;
  /**
   * When the definitions were fetched, in whole ms since the epoch (by this machine's clock,
   * unlike `serverTime`). Kept through snapshots, so a book loaded from a file has its true age.
   */
  readonly fetchedAt: number;
  /** The `newClientOrderId` rule the book applies (`options.clientOrderIds`; default `'length'`). */
  readonly clientOrderIds: ClientOrderIdRule;
  /** Definitions that were set aside, with the reasons; orders for them get SYMBOL_DEFINITION_INVALID. */
  readonly rejected: readonly RejectedDefinition[];
  /** Display and fee fields that could not be read and count as absent, per symbol and field. */
  readonly warnings: readonly DefinitionWarning[];
  readonly #pairs: ReadonlyMap<string, PairLookup & { kind: 'known' }>;
  readonly #rejected: ReadonlyMap<string, PairLookup & { kind: 'rejected' }>;
  /** The pairs that have a fast form, looked up directly: the hot path makes one load, not three. */
  readonly #fast: ReadonlyMap<string, FastPair>;
  /** The pairs as the judge asks for them, and the book's id rule: made once, in one shape. */
  readonly #judged: BookPairs;
  /** Usable symbols by their folded spelling: an unknown `btcusdt` is told of `BTCUSDT`. */
  readonly #near = new NearSymbols(() => this.#pairs.keys());

  #unknown(symbol: string): PairLookup {
    const near = this.#near.of(symbol);
    // Stryker disable next-line ConditionalExpression: forced false, an unknown lookup with no near spelling is told the same way
    return near === undefined ? UNKNOWN : { kind: 'unknown', near };
  }

  static {
    assemble = (info, compiled, fetchedAt, clientOrderIds) =>
      new RuleBook(info, fetchedAt, compiled, clientOrderIds);
  }

  private constructor(
    info: ExchangeInfo,
    fetchedAt: number,
    compiled: CompiledBook,
    clientOrderIds: ClientOrderIdRule,
  ) {
    this.clientOrderIds = clientOrderIds;
    this.#judged = {
      fast: symbolTable(compiled.fast),
      lookup: (symbol) => this.#pairs.get(symbol) ?? this.#rejected.get(symbol) ?? this.#unknown(symbol),
      clientOrderIds,
    };
    this.timezone = info.timezone;
    this.serverTime = info.serverTime;
    this.fetchedAt = fetchedAt;
    this.warnings = Object.freeze([...(info.warnings ?? [])]);
    const rejectedBySymbol = new Map<string, PairLookup & { kind: 'rejected' }>();
    // Stryker disable ConditionalExpression,StringLiteral: an order's symbol is always text, so an entry under undefined is never looked up; a lookup of another kind than known or unknown is told as rejected (a range: a comment inside the loop is not read)
    for (const r of compiled.rejected)
      if (r.symbol !== undefined) rejectedBySymbol.set(r.symbol, { kind: 'rejected', rejected: r });
    // Stryker restore ConditionalExpression,StringLiteral
    this.#pairs = compiled.pairs;
    this.#fast = compiled.fast;
    this.#rejected = rejectedBySymbol;
    this.rejected = Object.freeze(compiled.rejected);
  }

  /**
   * Compiles a parsed exchange-info response. A raw decoded JSON body is accepted too and parsed
   * first with {@link parseExchangeInfo}.
   *
   * `options.fetchedAt` records when the definitions were fetched (default: now); it is what
   * the book's age is measured from. `options.inferTickSize: false` turns off the inference of
   * a missing tick from `displayDigitMerge`.
   *
   * @throws {ExchangeInfoSchemaError} when a raw body's top level is wrong, or when `info` cannot
   *   be read at all (a throwing getter, a revoked proxy): never the caller's own exception.
   * @throws {RangeError} when `options.fetchedAt` is not a valid time.
   * @throws {InvalidArgumentError} when `options` cannot be read (a throwing getter, a proxy).
   * @example
   * ```ts
   * const book = RuleBook.fromExchangeInfo(parseExchangeInfo(json));
   * book.symbols; // ['BTCUSDT', 'ETHUSDT', ...]
   * const stamped = RuleBook.fromExchangeInfo(info, { fetchedAt: Date.now() });
   * const literal = RuleBook.fromExchangeInfo(info, { inferTickSize: false });
   * ```
   */
  static fromExchangeInfo(info: ExchangeInfo, options?: RuleBookOptions): RuleBook {
    return runSteps(ruleBookSteps(info, options));
  }

  /**
   * Loads a book from a snapshot (`book.toJSON()`, usually after a trip through JSON text). The
   * loaded book gives the same verdict as the saved one for every order and context. All or
   * nothing: a snapshot that does not hold throws and no book is made.
   *
   * @throws {SnapshotError} `reason` `format` (not a rule-book snapshot), `version` (a version
   *   this library does not read, such as one from a newer release) or `schema` (a field missing
   *   or wrong, with each issue's path). Never anything else, whatever `snapshot` is (a proxy,
   *   a throwing getter, a cyclic or frozen object).
   * @example
   * ```ts
   * import { readFile } from 'node:fs/promises';
   * const book = RuleBook.fromJSON(JSON.parse(await readFile('rule-book.json', 'utf8')));
   * console.log(`${book.size} pairs, fetched ${Date.now() - book.fetchedAt} ms ago`);
   * ```
   */
  static fromJSON(snapshot: unknown, options?: Pick<RuleBookOptions, 'clientOrderIds'>): RuleBook {
    const clientOrderIds = readClientOrderIds(options);
    // Throws SnapshotError only, and returns a fresh object: nothing below reads the caller's input.
    const contents = readRuleBookSnapshot(snapshot);
    let book: RuleBook;
    try {
      // A snapshot holds the definitions in force: an inferred tick is kept as it was, not re-inferred.
      book = new RuleBook(
        contents,
        contents.fetchedAt,
        runSteps(compileSteps(contents, compilePair)),
        clientOrderIds,
      );
    } catch (error) /* Stryker disable next-line BlockStatement: a guard, never reached: what a snapshot's schema admits always compiles */ {
      // Stryker disable next-line all: a guard, never reached: what a snapshot's schema admits always compiles
      throw new SnapshotError(
        // Stryker disable next-line all: a guard, never reached: what a snapshot's schema admits always compiles
        'schema',
        // Stryker disable next-line all: a guard, never reached: what a snapshot's schema admits always compiles
        [{ path: '(root)', code: 'custom', message: `could not be loaded: ${describeThrown(error)}` }],
        // Stryker disable next-line all: a guard, never reached: what a snapshot's schema admits always compiles
        { version: contents.version, cause: error },
      );
    }
    // The snapshot schema admits only definitions that compile, so this is a guard against the
    // two drifting apart: a pair set aside here would make the loaded book disagree with the saved.
    // Stryker disable next-line ArrowFunction,ConditionalExpression: a guard, never reached: what a snapshot's schema admits always compiles (so nothing is ever found lost)
    const lost = contents.symbols.findIndex((d) => book.definition(d.symbol) === undefined);
    // Stryker disable next-line ConditionalExpression: forced false, a guard, never reached: what a snapshot's schema admits always compiles
    if (lost !== -1)
      // Stryker disable next-line all: a guard, never reached: what a snapshot's schema admits always compiles
      throw new SnapshotError(
        // Stryker disable next-line all: a guard, never reached: what a snapshot's schema admits always compiles
        'schema',
        // Stryker disable next-line all: a guard, never reached: what a snapshot's schema admits always compiles
        [{ path: `symbols[${lost}]`, code: 'custom', message: 'the definition could not be compiled' }],
        // Stryker disable next-line all: a guard, never reached: what a snapshot's schema admits always compiles
        { version: contents.version },
      );
    return book;
  }

  /**
   * The book as a snapshot: a JSON-ready object in the format `ruleBookSnapshotSchema`
   * documents, so `JSON.stringify(book)` writes it and
   * {@link RuleBook.fromJSON} reads it back. Writing a loaded book again gives the same snapshot.
   *
   * @example
   * ```ts
   * import { writeFile } from 'node:fs/promises';
   * await writeFile('rule-book.json', JSON.stringify(book));
   * book.toJSON().symbols[0]?.tickSize; // '0.01'
   * ```
   */
  toJSON(): RuleBookSnapshot {
    return writeRuleBookSnapshot(snapshotContentsOf(this));
  }

  /**
   * This book with another `newClientOrderId` rule ({@link RuleBookOptions.clientOrderIds}): the
   * same compiled pairs, nothing compiled again; the book itself when it has that rule already.
   * For a book loaded or handed over without the option (a snapshot, a source's book).
   *
   * @throws {InvalidArgumentError} when `rule` is not one of {@link CLIENT_ORDER_ID_RULES}.
   * @example
   * ```ts
   * const strict = book.withClientOrderIds('futures-pattern');
   * strict.validateOrder({ ...order, newClientOrderId: 'my order #1' }).ok; // false
   * ```
   */
  withClientOrderIds(rule: ClientOrderIdRule): RuleBook {
    const checked = readClientOrderIds({ clientOrderIds: rule }, 'rule');
    if (checked === this.clientOrderIds) return this;
    const header = { timezone: this.timezone, serverTime: this.serverTime, warnings: this.warnings };
    const compiled = { pairs: this.#pairs, fast: this.#fast, rejected: [...this.rejected] };
    return new RuleBook(header as ExchangeInfo, this.fetchedAt, compiled, checked);
  }

  /**
   * Checks one order, as the exchange would, before it is sent. Never throws and does no I/O;
   * every violation found is reported, in a stable order.
   *
   * Pass plain data. The order and the context are read once: each field the check uses is copied
   * (own fields only) before anything is judged, so a getter runs at most once and the verdict is
   * on exactly the values read; a plain object without getters is read in place, at no cost. An
   * order or context whose reading throws (a throwing getter, a revoked proxy) is a violation,
   * never an exception.
   *
   * @example
   * ```ts
   * const { ok, violations, skipped } = book.validateOrder(
   *   { symbol: 'ETHUSDT', side: 'SELL', type: 'MARKET', quantity: '1.5' },
   *   { referencePrice: '3100', maxNotional: '10000' },
   * );
   * ```
   */
  validateOrder(order: OrderInput, context?: ValidationContext): ValidationResult;
  /** The same, for an order of unknown shape (parsed JSON, a form's values): see {@link OrderArgument}. */
  validateOrder<const T>(order: T & OrderArgument<T>, context?: ValidationContext): ValidationResult;
  validateOrder(order: unknown, context?: ValidationContext): ValidationResult {
    return validateWith(this.#judged, order, context);
  }

  /**
   * The verdict of {@link RuleBook.validateOrder} without its explanations: `ok`, the codes of
   * the violations in the same order, and the same `skipped`. A failing order costs about what a
   * passing one does, since nothing is worded: for a gateway that only refuses, or a property
   * test that only asserts codes, over millions of orders. Ask `validateOrder` for the messages,
   * limits and suggestions of the orders that need them. Never throws and does no I/O; the order
   * and the context are read once, as `validateOrder` reads them.
   *
   * @example
   * ```ts
   * const { ok, codes } = book.checkOrder(
   *   { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '64000.005', quantity: '0.01' },
   *   { referencePrice: '64000' },
   * );
   * if (!ok) console.log(codes); // ['PRICE_TICK']
   * ```
   */
  checkOrder(order: OrderInput, context?: ValidationContext): OrderVerdict;
  /** The same, for an order of unknown shape (parsed JSON, a form's values): see {@link OrderArgument}. */
  checkOrder<const T>(order: T & OrderArgument<T>, context?: ValidationContext): OrderVerdict;
  checkOrder(order: unknown, context?: ValidationContext): OrderVerdict {
    return checkWith(this.#judged, order, context);
  }

  /**
   * Notional, worst-case price and expected fee of an order (docs/exchange-semantics.md, "Judging
   * an order").
   *
   * @example
   * ```ts
   * const estimate = book.estimateOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '0.5' },
   *   { referencePrice: '64000' });
   * if (estimate.estimated) console.log(estimate.worstCasePrice, estimate.notional, estimate.expectedFee);
   * ```
   */
  estimateOrder(order: OrderInput, context?: ValidationContext): OrderEstimate;
  /** The same, for an order of unknown shape (parsed JSON, a form's values): see {@link OrderArgument}. */
  estimateOrder<const T>(order: T & OrderArgument<T>, context?: ValidationContext): OrderEstimate;
  estimateOrder(order: unknown, context?: ValidationContext): OrderEstimate {
    return estimateWith(this.#judged, order, context);
  }

  /**
   * The nearest order that passes, or the violations no rounding can repair: the method form of
   * {@link normalizeOrder}.
   *
   * @example
   * ```ts
   * const r = book.normalizeOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC',
   *   price: '64000.017', quantity: '0.00123000000' });
   * if (r.ok) console.log(r.order.price); // '64000.01'
   * ```
   */
  normalizeOrder(order: OrderInput, context?: ValidationContext): NormalizeResult;
  /** The same, for an order of unknown shape (parsed JSON, a form's values): see {@link OrderArgument}. */
  normalizeOrder<const T>(order: T & OrderArgument<T>, context?: ValidationContext): NormalizeResult;
  normalizeOrder(order: unknown, context?: ValidationContext): NormalizeResult {
    return repairWith(this.#judged, order, context);
  }

  /**
   * The symbols with a usable definition, in payload order.
   *
   * @example `book.symbols.includes('BTCUSDT')`
   */
  get symbols(): string[] {
    return [...this.#pairs.keys()];
  }

  /**
   * The number of usable definitions.
   *
   * @example `console.log(`${book.size} pairs, ${book.rejected.length} set aside`)`
   */
  get size(): number {
    return this.#pairs.size;
  }

  /**
   * The definition in force for a symbol, or `undefined` when it has none (or it was set aside).
   * Its `tickSize` is the price grid the book applies and `tickSizeSource` where it came from.
   *
   * @example `book.definition('BTCUSDT')?.tickSizeSource // 'tickSize', 'displayDigitMerge' or 'none'`
   */
  definition(symbol: string): PairDefinition | undefined {
    return this.#pairs.get(symbol)?.pair.definition;
  }
}

/**
 * {@link RuleBook.fromExchangeInfo} as steps, one definition parsed or compiled per step: the
 * one implementation, run whole by `fromExchangeInfo` and a slice at a time by the rule-book
 * source, so that a 20,000-pair refresh never holds the event loop.
 *
 * @internal
 * @throws as `fromExchangeInfo` does.
 * @example
 * ```ts
 * const book = await slicer.run(ruleBookSteps(info, { fetchedAt }));
 * ```
 */
export function* ruleBookSteps(info: ExchangeInfo, options?: RuleBookOptions): Steps<RuleBook> {
  const { fetchedAt, infer } = readBookOptions(options);
  const clientOrderIds = readClientOrderIds(options);
  // A raw body is parsed first; parseExchangeInfo reports whatever its input throws as its own error.
  let raw: boolean;
  try {
    raw = !isParsed(info);
  } catch (error) {
    throw unreadableInfo(error);
  }
  const parsed = raw ? yield* parseExchangeInfoSteps(info) : info;
  try {
    const compiled = yield* compileSteps(parsed, infer ? compileInferring : compilePair);
    return assemble(parsed, compiled, fetchedAt, clientOrderIds);
  } catch (error) {
    // Only an already-parsed object of the caller's can get here (a proxy, a throwing getter).
    throw unreadableInfo(error);
  }
}

function compileInferring(definition: PairDefinition): CompiledPair {
  return compilePair(withInferredTick(definition));
}

/**
 * Each definition compiled, a step each, into the book's pairs; a definition that cannot be
 * compiled (only a hand-built one) is set aside with the reason.
 */
function* compileSteps(
  info: ExchangeInfo,
  compile: (definition: PairDefinition) => CompiledPair,
): Steps<CompiledBook> {
  const pairs = new Map<string, PairLookup & { kind: 'known' }>();
  const rejected = [...info.rejected];
  const definitions = info.symbols;
  // Stryker disable next-line EqualityOperator: at most one more, empty step at the end: the same book (the steps stay bounded)
  for (let from = 0; from < definitions.length; from += ITEMS_PER_STEP) {
    // Stryker disable next-line MethodExpression: the indices past the end are holes, skipped
    const to = Math.min(definitions.length, from + ITEMS_PER_STEP);
    for (let index = from; index < to; index++)
      if (index in definitions) compileInto(pairs, rejected, definitions[index]!, index, compile); // holes skipped
    yield;
  }
  const fast = new Map<string, FastPair>();
  let untilStep = CHEAP_ITEMS_PER_STEP;
  // Stryker disable next-line BlockStatement: with no fast forms every order is judged the general way, to the same verdict (the fast forms only save time)
  for (const [symbol, known] of pairs) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: an undefined fast form set or left out is looked up as undefined either way
    if (known.pair.fast !== undefined) fast.set(symbol, known.pair.fast);
    if (--untilStep === 0) {
      untilStep = CHEAP_ITEMS_PER_STEP;
      yield;
    }
  }
  return { pairs, fast, rejected };
}

/** Compiles one definition into `pairs`, or sets it aside in `rejected` (a plain function: the steps' hot part). */
function compileInto(
  pairs: Map<string, PairLookup & { kind: 'known' }>,
  rejected: RejectedDefinition[],
  definition: PairDefinition,
  index: number,
  compile: (definition: PairDefinition) => CompiledPair,
): void {
  try {
    pairs.set(definition.symbol, { kind: 'known', pair: compile(definition) });
  } catch (error) {
    rejected.push({
      index,
      symbol: definition.symbol,
      reasons: [{ path: '(definition)', message: `could not be compiled: ${String(error)}` }],
    });
  }
}

/**
 * What a snapshot of `book` records: its definitions in force, in payload order, with its
 * rejections, warnings and times.
 *
 * @internal
 * @example
 * ```ts
 * const text = await slicer.run(snapshotTextSteps(snapshotContentsOf(book)));
 * ```
 */
export function snapshotContentsOf(book: RuleBook): SnapshotContents {
  return {
    fetchedAt: book.fetchedAt,
    serverTime: book.serverTime,
    timezone: book.timezone,
    // The symbols in payload order, each with its definition in force (a usable one always has one).
    // Stryker disable next-line ArrayDeclaration: a usable symbol always has a definition
    symbols: book.symbols.flatMap((symbol) => book.definition(symbol) ?? []),
    rejected: book.rejected,
    warnings: book.warnings,
  };
}

function toEpochMs(fetchedAt: number | Date | undefined): number {
  if (fetchedAt === undefined) return Date.now();
  const ms = fetchedAt instanceof Date ? fetchedAt.getTime() : fetchedAt;
  if (!Number.isFinite(ms) || ms < 0 || ms > Number.MAX_SAFE_INTEGER)
    throw new RangeError(`fetchedAt must be a time since the epoch in ms or a valid Date, got ${String(ms)}`);
  // Whole ms: what a snapshot holds, so a book and its reloaded copy agree.
  return Math.floor(ms);
}

/** `options.clientOrderIds`, read once and checked. */
function readClientOrderIds(
  options: Pick<RuleBookOptions, 'clientOrderIds'> | undefined,
  argument = 'options.clientOrderIds',
): ClientOrderIdRule {
  let rule: unknown;
  try {
    rule = options?.clientOrderIds;
  } catch (error) {
    throw new InvalidArgumentError('options', `could not be read (${describeThrown(error)})`, {
      cause: error,
    });
  }
  if (rule === undefined) return 'length';
  const known = CLIENT_ORDER_ID_RULES.find((r) => r === rule);
  if (known === undefined)
    throw new InvalidArgumentError(
      argument,
      // Stryker disable next-line StringLiteral: wording: the separator between the rules named
      `must be ${CLIENT_ORDER_ID_RULES.map((r) => `'${r}'`).join(' or ')}, got ${describeValue(rule)}`,
    );
  return known;
}

/** The options of `fromExchangeInfo`, each read once; what reading throws is ours to report. */
function readBookOptions(options: RuleBookOptions | undefined): { fetchedAt: number; infer: boolean } {
  let at: unknown;
  let infer: unknown;
  try {
    at = options?.fetchedAt;
    infer = options?.inferTickSize;
    if (at instanceof Date) at = at.getTime();
  } catch (error) {
    throw new InvalidArgumentError('options', `could not be read (${describeThrown(error)})`, {
      cause: error,
    });
  }
  // Stryker disable next-line ConditionalExpression: forced false, toEpochMs refuses what is not a finite number the same way (wording apart)
  if (at !== undefined && typeof at !== 'number')
    throw new RangeError(
      `fetchedAt must be a time since the epoch in ms or a valid Date, got ${describeValue(at)}`,
    );
  return { fetchedAt: toEpochMs(at), infer: infer === undefined || infer === null ? true : Boolean(infer) };
}

function unreadableInfo(error: unknown): ExchangeInfoSchemaError {
  const message = `could not be read: ${describeThrown(error)}`;
  return new ExchangeInfoSchemaError([{ code: 'custom', path: '(root)', message }], { cause: error });
}

function isParsed(info: unknown): info is ExchangeInfo {
  return (
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a value that is not an object has no arrays, and null is refused as unreadable either way (wording apart)
    typeof info === 'object' &&
    // Stryker disable next-line ConditionalExpression: null is refused as unreadable either way (wording apart)
    info !== null &&
    Array.isArray((info as { rejected?: unknown }).rejected) &&
    Array.isArray((info as { symbols?: unknown }).symbols)
  );
}

/**
 * Checks one order against a rule book: the free-function form of {@link RuleBook.validateOrder}.
 * Pass plain data: the order and the context are read once (a getter runs at most once).
 *
 * @example
 * ```ts
 * import { validateOrder } from 'order-preflight';
 * const result = validateOrder(book, { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT',
 *   timeInForce: 'GTC', price: 64000, quantity: '0.25' }, { referencePrice: 64100 });
 * ```
 */
export function validateOrder(
  book: RuleBook,
  order: OrderInput,
  context?: ValidationContext,
): ValidationResult;
/** The same, for an order of unknown shape (parsed JSON, a form's values): see {@link OrderArgument}. */
export function validateOrder<const T>(
  book: RuleBook,
  order: T & OrderArgument<T>,
  context?: ValidationContext,
): ValidationResult;
export function validateOrder(book: RuleBook, order: unknown, context?: ValidationContext): ValidationResult {
  assertRuleBookArgument(book, 'book', 'validateOrder', RuleBook);
  return book.validateOrder(order as Record<string, unknown>, context);
}

/**
 * The verdict on one order without its explanations: the free-function form of
 * {@link RuleBook.checkOrder}.
 *
 * @example
 * ```ts
 * import { checkOrder } from 'order-preflight';
 * const { ok, codes } = checkOrder(book, { symbol: 'BTCUSDT', side: 'SELL', type: 'MARKET',
 *   quantity: '0.25' }, { referencePrice: '64100' });
 * ```
 */
export function checkOrder(book: RuleBook, order: OrderInput, context?: ValidationContext): OrderVerdict;
/** The same, for an order of unknown shape (parsed JSON, a form's values): see {@link OrderArgument}. */
export function checkOrder<const T>(
  book: RuleBook,
  order: T & OrderArgument<T>,
  context?: ValidationContext,
): OrderVerdict;
export function checkOrder(book: RuleBook, order: unknown, context?: ValidationContext): OrderVerdict {
  assertRuleBookArgument(book, 'book', 'checkOrder', RuleBook);
  return book.checkOrder(order as Record<string, unknown>, context);
}

/**
 * Estimates an order against a rule book: the free-function form of {@link RuleBook.estimateOrder}.
 *
 * @example
 * ```ts
 * const e = estimateOrder(book, { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC',
 *   price: '64000', quantity: '0.01' }, { referencePrice: '63990' });
 * if (e.estimated) e.liquidity; // 'TAKER': the buy crosses the last price
 * ```
 */
export function estimateOrder(book: RuleBook, order: OrderInput, context?: ValidationContext): OrderEstimate;
/** The same, for an order of unknown shape (parsed JSON, a form's values): see {@link OrderArgument}. */
export function estimateOrder<const T>(
  book: RuleBook,
  order: T & OrderArgument<T>,
  context?: ValidationContext,
): OrderEstimate;
export function estimateOrder(book: RuleBook, order: unknown, context?: ValidationContext): OrderEstimate {
  assertRuleBookArgument(book, 'book', 'estimateOrder', RuleBook);
  return book.estimateOrder(order as Record<string, unknown>, context);
}

/**
 * The nearest order that passes (docs/exchange-semantics.md, "Judging an order"): the price moves
 * onto its grid away from the market (a BUY down, a SELL up), the quantity down onto its grid, each
 * grid being the one that satisfies the tick (or step) and the precision at once; a decimal spelled
 * as `1e-7` becomes `0.0000001`, and a changed value is written as canonical text (no trailing
 * zeros). Nothing else is changed: an order below the minimum after rounding, for a disabled pair,
 * outside a price band or over a cap comes back as violations. The order is read once (each field's
 * getter runs at most once), and what is returned is built from that one reading.
 *
 * @example
 * ```ts
 * import { normalizeOrder } from 'order-preflight';
 * const r = normalizeOrder(book, { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC',
 *   price: '64000.017', quantity: '0.00123000000' });
 * // r.ok === true; r.order.price === '64000.01'; r.order.quantity === '0.00123'
 * // r.changes → [{ field: 'price', code: 'PRICE_TICK', ... }, { field: 'quantity', code: 'QUANTITY_PRECISION', ... }]
 * ```
 */
export function normalizeOrder(
  book: RuleBook,
  order: OrderInput,
  context?: ValidationContext,
): NormalizeResult;
/** The same, for an order of unknown shape (parsed JSON, a form's values): see {@link OrderArgument}. */
export function normalizeOrder<const T>(
  book: RuleBook,
  order: T & OrderArgument<T>,
  context?: ValidationContext,
): NormalizeResult;
export function normalizeOrder(book: RuleBook, order: unknown, context?: ValidationContext): NormalizeResult {
  assertRuleBookArgument(book, 'book', 'normalizeOrder', RuleBook);
  return book.normalizeOrder(order as Record<string, unknown>, context);
}
