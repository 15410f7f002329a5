import { PAIR_FIELD_NAMES, type PAIR_FIELDS, type PairFieldName } from './pair-fields.js';

/**
 * Where a pair's price grid came from: the exchange's own `tickSize`; the smallest step of its
 * depth-merge list `displayDigitMerge` (the exchange sent no tick, and the book inferred it;
 * docs/exchange-semantics.md, "Reading the exchange's definitions"); or nowhere (no grid, so
 * PRICE_TICK is skipped).
 *
 * @example
 * ```ts
 * if (book.definition('BTCUSDT')?.tickSizeSource === 'displayDigitMerge') log.info('tick inferred');
 * ```
 */
export type TickSizeSource = 'tickSize' | 'displayDigitMerge' | 'none';

/**
 * A parsed trading-pair definition. Decimals are canonical plain strings (`'0.00000001'`, never
 * `1e-8`). A field the exchange left out (absent, `null` or `""`) is `null`, and only the checks
 * that need it are skipped. `tickSize` is the price grid in force (`null`: none) and
 * `tickSizeSource` says where it came from; `stepSize` is `null` when the pair has no quantity grid.
 *
 * @example
 * ```ts
 * const info = parseExchangeInfo(json);
 * const pair: PairDefinition | undefined = info.symbols.find((p) => p.symbol === 'BTCUSDT');
 * pair?.tickSize;         // '0.01'
 * pair?.minTradeAmount;   // '0.0001', or null when the exchange sent none
 * ```
 */
export interface PairDefinition {
  readonly symbol: string;
  /** `TRADING` when orders are taken; `null`: not sent, so SYMBOL_NOT_TRADING is skipped. */
  readonly status: string | null;
  readonly baseAsset: string | null;
  readonly baseAssetPrecision: number | null;
  readonly quoteAsset: string | null;
  readonly quoteAssetPrecision: number | null;
  readonly tickSize: string | null;
  readonly tickSizeSource: TickSizeSource;
  readonly stepSize: string | null;
  readonly minTradeAmount: string | null;
  readonly maxTradeAmount: string | null;
  /** Fee rates may be negative (a maker rebate); `null` when not sent or unreadable (then no fee is estimated). */
  readonly takerFeeRate: string | null;
  readonly makerFeeRate: string | null;
  readonly buyLimitPriceRatio: string | null;
  readonly sellLimitPriceRatio: string | null;
  readonly marketBuyLimitSize: string | null;
  readonly marketSellLimitSize: string | null;
  /**
   * `'0'` means "not configured" (docs/exchange-semantics.md, "Judging an order"); `null` counts as
   * `'0'`.
   */
  readonly marketFallbackPriceRatio: string | null;
  readonly enableTrade: boolean | null;
  readonly enableDisplay: boolean | null;
  /** The depth-merge price steps, as sent (unsorted lists stay unsorted), readable entries only. */
  readonly displayDigitMerge: readonly string[] | null;
  readonly displayNew: boolean | null;
  readonly displayHot: boolean | null;
}

/**
 * Why a definition was set aside: the field path and what was wrong with it.
 *
 * @example
 * ```ts
 * // { path: 'minTradeAmount', message: 'expected a decimal (JSON string or number), got "abc"' }
 * ```
 */
export interface RejectionReason {
  readonly path: string;
  readonly message: string;
}

/**
 * A definition that could not be used, kept with its reasons so orders for it can say so.
 *
 * @example
 * ```ts
 * for (const r of info.rejected) console.warn(r.symbol ?? `#${r.index}`, r.reasons);
 * ```
 */
export interface RejectedDefinition {
  /** Position in the payload's `symbols` array. */
  readonly index: number;
  /** The symbol, when the definition had a readable one. */
  readonly symbol?: string;
  readonly reasons: readonly RejectionReason[];
}

/**
 * A display or fee field that could not be read and was kept as absent (`null`): such fields
 * never set a pair aside, but the operator should know.
 *
 * @example
 * ```ts
 * for (const w of book.warnings) log.warn(`${w.symbol}.${w.field}: ${w.message}`);
 * // BTCUSDT.displayHot: expected true or false, got 1; kept as absent
 * ```
 */
export interface DefinitionWarning {
  readonly symbol: string;
  readonly field: string;
  readonly message: string;
}

/**
 * The parsed `GET /api/v3/exchangeInfo` response.
 *
 * @example
 * ```ts
 * const info: ExchangeInfo = parseExchangeInfoText(await response.text());
 * console.log(info.serverTime, info.symbols.length, info.rejected.length, info.warnings.length);
 * ```
 */
export interface ExchangeInfo {
  readonly timezone: string;
  readonly serverTime: number;
  readonly symbols: readonly PairDefinition[];
  readonly rejected: readonly RejectedDefinition[];
  readonly warnings: readonly DefinitionWarning[];
}

/**
 * Every field of a {@link PairDefinition}, in the order the exchange documents them (with
 * `tickSizeSource` after `tickSize`): the order snapshots write them and diffs list changes.
 *
 * @example
 * ```ts
 * PAIR_DEFINITION_FIELDS.includes('tickSizeSource'); // true
 * ```
 */
export const PAIR_DEFINITION_FIELDS: readonly (keyof PairDefinition)[] = PAIR_FIELD_NAMES;

/**
 * What each kind of field of the table holds, and so what the interface must declare for it
 * (`null` too, unless the field is the key or derived).
 */
interface KindValue {
  readonly text: string;
  readonly integer: number;
  readonly decimal: string;
  readonly amount: string;
  readonly grid: string;
  readonly flag: boolean;
  readonly steps: readonly string[];
  readonly 'tick-source': TickSizeSource;
}
type TableValue<F extends PairFieldName> =
  | KindValue[(typeof PAIR_FIELDS)[F]['kind']]
  | ((typeof PAIR_FIELDS)[F]['role'] extends 'key' | 'derived' ? never : null);
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fields the interface and the table disagree on: missing from either, or of another type. */
type Disagreeing =
  | Exclude<keyof PairDefinition, PairFieldName>
  | Exclude<PairFieldName, keyof PairDefinition>
  | {
      [F in PairFieldName & keyof PairDefinition]: Same<PairDefinition[F], TableValue<F>> extends true
        ? never
        : F;
    }[PairFieldName & keyof PairDefinition];

/** Compile-time guard: the table of fields (pair-fields.ts) is the interface above, field by field. */
const _tableIsTheInterface: [Disagreeing] extends [never] ? true : Disagreeing = true;
void _tableIsTheInterface;
