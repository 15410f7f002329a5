import type { CONTRACT_FIELDS, ContractFieldName } from './contract-fields.js';
import type { DefinitionWarning, RejectedDefinition } from './schema.js';

/**
 * A parsed contract definition (`GET /capi/v3/market/exchangeInfo`, `symbols[]`). Decimals are
 * canonical plain strings (`'0.000001'`, never `1e-06`), whether they arrived as JSON strings or
 * numbers. A field the exchange left out (absent, `null` or `""`) is `null`, and only the checks
 * that need it are skipped (docs/exchange-semantics.md, "Futures (contracts)").
 *
 * @example
 * ```ts
 * const info = parseContractInfo(json);
 * const doge = info.symbols.find((c) => c.symbol === 'DOGEUSDT');
 * doge?.quantityPrecision; // -2: sizes in hundreds
 * doge?.contractVal;       // '100'
 * ```
 */
export interface ContractDefinition {
  readonly symbol: string;
  readonly displaySymbol: string | null;
  readonly baseAsset: string | null;
  readonly quoteAsset: string | null;
  readonly marginAsset: string | null;
  readonly contractType: string | null;
  /** Decimal places of a price: the price grid is 10^-pricePrecision. */
  readonly pricePrecision: number | null;
  /** Decimal places of a quantity; negative for sizes in tens, hundreds (DOGEUSDT: -2). */
  readonly quantityPrecision: number | null;
  /** Not the order quantity's precision (the recorded values differ from quantityPrecision): shown only. */
  readonly baseAssetPrecision: number | null;
  readonly quotePrecision: number | null;
  /** The contract size, base units; every recorded definition has it equal to 10^-quantityPrecision. */
  readonly contractVal: string | null;
  readonly forwardContractFlag: boolean | null;
  readonly minLeverage: string | null;
  readonly maxLeverage: string | null;
  readonly buyLimitPriceRatio: string | null;
  readonly sellLimitPriceRatio: string | null;
  readonly makerFeeRate: string | null;
  readonly takerFeeRate: string | null;
  /** Base-asset units, like every size below. */
  readonly minOrderSize: string | null;
  readonly maxOrderSize: string | null;
  readonly maxPositionSize: string | null;
  /** The cap on one MARKET order that opens a position. */
  readonly marketOpenLimitSize: string | null;
}

/**
 * A parsed `GET /capi/v3/market/exchangeInfo` response: the usable contracts, the definitions set
 * aside with their reasons, and the warnings (a cosmetic field that could not be read, a
 * `contractVal` that disagrees with `quantityPrecision`).
 *
 * @example
 * ```ts
 * const info: ContractInfo = parseContractInfo(json);
 * for (const r of info.rejected) console.warn(r.symbol, r.reasons);
 * ```
 */
export interface ContractInfo {
  readonly symbols: readonly ContractDefinition[];
  readonly rejected: readonly RejectedDefinition[];
  readonly warnings: readonly DefinitionWarning[];
}

/** What a field of each kind holds. */
interface KindValue {
  readonly text: string;
  readonly 'signed-integer': number;
  readonly integer: number;
  readonly decimal: string;
  readonly amount: string;
  readonly grid: string;
  readonly flag: boolean;
}
type TableValue<F extends ContractFieldName> =
  | KindValue[(typeof CONTRACT_FIELDS)[F]['kind']]
  | ((typeof CONTRACT_FIELDS)[F]['role'] extends 'key' ? never : null);
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Disagreeing =
  | Exclude<keyof ContractDefinition, ContractFieldName>
  | Exclude<ContractFieldName, keyof ContractDefinition>
  | {
      [F in ContractFieldName & keyof ContractDefinition]: Same<
        ContractDefinition[F],
        TableValue<F>
      > extends true
        ? never
        : F;
    }[ContractFieldName & keyof ContractDefinition];

/** Compile-time guard: the table of fields (contract-fields.ts) is the interface above, field by field. */
const _tableIsTheInterface: [Disagreeing] extends [never] ? true : Disagreeing = true;
void _tableIsTheInterface;
