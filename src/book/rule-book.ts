import { parseExchangeInfo } from '../exchange-info/parse-exchange-info.js';
import type { ExchangeInfo, PairDefinition, RejectedDefinition } from '../exchange-info/schema.js';
import type { PairLookup } from '../rules/symbol-known.js';
import type { ValidationContext, ValidationResult } from '../validation/violation-codes.js';
import { type CompiledPair, compilePair } from './compiled-pair.js';
import { estimateWith, type OrderEstimate } from './estimate-order.js';
import { validateWith } from './validate.js';

const UNKNOWN: PairLookup = Object.freeze({ kind: 'unknown' });

/**
 * The exchange's pair definitions compiled once into per-symbol validators. Symbols live in a
 * `Map`, so a pair named `__proto__` or an order for `toString` behaves like any other.
 *
 * @example
 * ```ts
 * import { ExchangeInfoClient, RuleBook } from 'order-preflight';
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
  /** Definitions that were set aside, with the reasons; orders for them get SYMBOL_DEFINITION_INVALID. */
  readonly rejected: readonly RejectedDefinition[];
  readonly #pairs: ReadonlyMap<string, PairLookup & { kind: 'known' }>;
  readonly #rejected: ReadonlyMap<string, PairLookup & { kind: 'rejected' }>;
  readonly #lookup = (symbol: string): PairLookup =>
    this.#pairs.get(symbol) ?? this.#rejected.get(symbol) ?? UNKNOWN;

  private constructor(info: ExchangeInfo) {
    this.timezone = info.timezone;
    this.serverTime = info.serverTime;
    const pairs = new Map<string, PairLookup & { kind: 'known' }>();
    const rejected = [...info.rejected];
    info.symbols.forEach((definition, index) => {
      try {
        pairs.set(definition.symbol, { kind: 'known', pair: compilePair(definition) });
      } catch (error) {
        rejected.push({
          index,
          symbol: definition.symbol,
          reasons: [{ path: '(definition)', message: `could not be compiled: ${String(error)}` }],
        });
      }
    });
    const rejectedBySymbol = new Map<string, PairLookup & { kind: 'rejected' }>();
    for (const r of rejected)
      if (r.symbol !== undefined) rejectedBySymbol.set(r.symbol, { kind: 'rejected', rejected: r });
    this.#pairs = pairs;
    this.#rejected = rejectedBySymbol;
    this.rejected = Object.freeze(rejected);
  }

  /**
   * Compiles a parsed exchange-info response. A raw decoded JSON body is accepted too and parsed
   * first with {@link parseExchangeInfo}.
   *
   * @throws {ExchangeInfoSchemaError} only when a raw body's top level is wrong.
   * @example
   * ```ts
   * const book = RuleBook.fromExchangeInfo(parseExchangeInfo(json));
   * book.symbols; // ['BTCUSDT', 'ETHUSDT', ...]
   * ```
   */
  static fromExchangeInfo(info: ExchangeInfo): RuleBook {
    const parsed = isParsed(info) ? info : parseExchangeInfo(info);
    return new RuleBook(parsed);
  }

  /**
   * Checks one order, as the exchange would, before it is sent. Never throws and does no I/O;
   * every violation found is reported, in a stable order.
   *
   * @example
   * ```ts
   * const { ok, violations, skipped } = book.validateOrder(
   *   { symbol: 'ETHUSDT', side: 'SELL', type: 'MARKET', quantity: '1.5' },
   *   { referencePrice: '3100', maxNotional: '10000' },
   * );
   * ```
   */
  validateOrder(order: unknown, context?: ValidationContext): ValidationResult {
    return validateWith(this.#lookup, order, context);
  }

  /**
   * Notional, worst-case price and expected fee of an order (SPEC sections 5 and 6).
   *
   * @example
   * ```ts
   * const estimate = book.estimateOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '0.5' },
   *   { referencePrice: '64000' });
   * if (estimate.ok) console.log(estimate.worstCasePrice, estimate.notional, estimate.expectedFee);
   * ```
   */
  estimateOrder(order: unknown, context?: ValidationContext): OrderEstimate {
    return estimateWith(this.#lookup, order, context);
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
   * The parsed definition of a symbol, or `undefined` when it has none (or it was set aside).
   *
   * @example `book.definition('BTCUSDT')?.tickSize // '0.01'`
   */
  definition(symbol: string): PairDefinition | undefined {
    return this.#pairs.get(symbol)?.pair.definition;
  }

  /** @internal The compiled pair, for the library's own modules. */
  compiledPair(symbol: string): CompiledPair | undefined {
    return this.#pairs.get(symbol)?.pair;
  }
}

function isParsed(info: unknown): info is ExchangeInfo {
  return (
    typeof info === 'object' &&
    info !== null &&
    Array.isArray((info as { rejected?: unknown }).rejected) &&
    Array.isArray((info as { symbols?: unknown }).symbols)
  );
}

/**
 * Checks one order against a rule book: the free-function form of {@link RuleBook.validateOrder}.
 *
 * @example
 * ```ts
 * import { validateOrder } from 'order-preflight';
 * const result = validateOrder(book, { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT',
 *   timeInForce: 'GTC', price: 64000, quantity: '0.25' }, { referencePrice: 64100 });
 * ```
 */
export function validateOrder(book: RuleBook, order: unknown, context?: ValidationContext): ValidationResult {
  return book.validateOrder(order, context);
}

/**
 * Estimates an order against a rule book: the free-function form of {@link RuleBook.estimateOrder}.
 *
 * @example
 * ```ts
 * const e = estimateOrder(book, { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC',
 *   price: '64000', quantity: '0.01' }, { referencePrice: '63990' });
 * if (e.ok) e.liquidity; // 'TAKER': the buy crosses the last price
 * ```
 */
export function estimateOrder(book: RuleBook, order: unknown, context?: ValidationContext): OrderEstimate {
  return book.estimateOrder(order, context);
}
