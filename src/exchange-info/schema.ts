import { z } from 'zod';
import {
  decimalSchema,
  digitMergeSchema,
  gridSchema,
  integerSchema,
  MAX_ASSET_PRECISION,
  nonNegativeDecimalSchema,
  optionalBooleanSchema,
} from './field-schemas.js';

/**
 * One trading-pair definition (seed section 2.2) as the exchange sends it, parsed into exact
 * canonical values. Unknown extra fields are dropped (the API is BETA and may add some). The
 * single source of the {@link PairDefinition} type.
 *
 * @example
 * ```ts
 * const result = pairDefinitionSchema.safeParse({ symbol: 'BTCUSDT', tickSize: 1e-2, ... });
 * if (result.success) result.data.tickSize; // '0.01'
 * ```
 */
export const pairDefinitionSchema = z.object({
  symbol: z.string().min(1, 'must be a non-empty string'),
  status: z.string().min(1, 'must be a non-empty string'),
  baseAsset: z.string(),
  baseAssetPrecision: integerSchema(MAX_ASSET_PRECISION),
  quoteAsset: z.string(),
  quoteAssetPrecision: integerSchema(MAX_ASSET_PRECISION),
  tickSize: gridSchema,
  stepSize: gridSchema,
  minTradeAmount: nonNegativeDecimalSchema,
  maxTradeAmount: nonNegativeDecimalSchema,
  takerFeeRate: decimalSchema,
  makerFeeRate: decimalSchema,
  buyLimitPriceRatio: nonNegativeDecimalSchema,
  sellLimitPriceRatio: nonNegativeDecimalSchema,
  marketBuyLimitSize: nonNegativeDecimalSchema,
  marketSellLimitSize: nonNegativeDecimalSchema,
  marketFallbackPriceRatio: nonNegativeDecimalSchema,
  enableTrade: z.boolean(),
  enableDisplay: optionalBooleanSchema,
  displayDigitMerge: digitMergeSchema,
  displayNew: optionalBooleanSchema,
  displayHot: optionalBooleanSchema,
});

/**
 * The top level of the response (seed section 2.1); each symbol is parsed on its own, so one
 * malformed definition never sinks the rest.
 *
 * @example
 * ```ts
 * exchangeInfoEnvelopeSchema.safeParse(json).success; // false when timezone/serverTime/symbols are wrong
 * ```
 */
export const exchangeInfoEnvelopeSchema = z.object({
  timezone: z.string(),
  serverTime: integerSchema(Number.MAX_SAFE_INTEGER),
  symbols: z.array(z.unknown()),
});

/**
 * A parsed trading-pair definition. Decimals are canonical plain strings (`'0.00000001'`, never
 * `1e-8`); `tickSize`/`stepSize` are `null` when the pair has no grid (absent, `null` or `0`).
 *
 * @example
 * ```ts
 * const info = parseExchangeInfo(json);
 * const pair: PairDefinition | undefined = info.symbols.find((p) => p.symbol === 'BTCUSDT');
 * pair?.tickSize; // '0.01'
 * ```
 */
export type PairDefinition = z.infer<typeof pairDefinitionSchema>;

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
 * The parsed `GET /api/v3/exchangeInfo` response.
 *
 * @example
 * ```ts
 * const info: ExchangeInfo = parseExchangeInfo(await response.json());
 * console.log(info.serverTime, info.symbols.length, info.rejected.length);
 * ```
 */
export type ExchangeInfo = Omit<z.infer<typeof exchangeInfoEnvelopeSchema>, 'symbols'> & {
  readonly symbols: PairDefinition[];
  readonly rejected: RejectedDefinition[];
};
