/**
 * The fields of a contract definition (`GET /capi/v3/market/exchangeInfo`, `symbols[]`), stated
 * once, beside the pair fields of spot (pair-fields.ts): reading takes its lists from this table,
 * in its order, which is the order WEEX documents them, and contract-schema.ts holds the table to
 * the `ContractDefinition` interface at compile time (docs/exchange-semantics.md, "Futures
 * (contracts)", says what each field means and what the book does with it).
 */

/**
 * How a contract field's value is written:
 *
 * - `text`: a name (symbol, asset, contract type);
 * - `signed-integer`: a count of decimal places that may be negative (`quantityPrecision` -2:
 *   sizes in hundreds);
 * - `integer`: a non-negative whole number (the asset precisions);
 * - `decimal`: one decimal of either sign (fee rates);
 * - `amount`: one decimal that must not be negative (sizes, ratios, leverages);
 * - `grid`: a positive decimal step; `0`, like absence, means no grid (`contractVal`);
 * - `flag`: true or false.
 */
export type ContractFieldKind =
  | 'text'
  | 'signed-integer'
  | 'integer'
  | 'decimal'
  | 'amount'
  | 'grid'
  | 'flag';

/**
 * What a contract field is for, as for pairs: `key` names the contract, `rule` decides verdicts
 * (present but unreadable, it sets the contract aside), `cosmetic` is shown or estimated with
 * (unreadable, it is kept as absent with a warning).
 */
export type ContractFieldRole = 'key' | 'rule' | 'cosmetic';

/** One row of {@link CONTRACT_FIELDS}. */
export interface ContractFieldSpec {
  readonly kind: ContractFieldKind;
  readonly role: ContractFieldRole;
}

const rule = <K extends ContractFieldKind>(kind: K) => ({ kind, role: 'rule' }) as const;
const cosmetic = <K extends ContractFieldKind>(kind: K) => ({ kind, role: 'cosmetic' }) as const;

/** Every field of a contract definition the library reads, in definition order. */
export const CONTRACT_FIELDS = {
  symbol: { kind: 'text', role: 'key' },
  displaySymbol: cosmetic('text'),
  baseAsset: cosmetic('text'),
  quoteAsset: cosmetic('text'),
  marginAsset: cosmetic('text'),
  contractType: cosmetic('text'),
  pricePrecision: rule('signed-integer'),
  quantityPrecision: rule('signed-integer'),
  baseAssetPrecision: cosmetic('integer'),
  quotePrecision: cosmetic('integer'),
  contractVal: rule('grid'),
  forwardContractFlag: cosmetic('flag'),
  minLeverage: cosmetic('amount'),
  maxLeverage: cosmetic('amount'),
  buyLimitPriceRatio: rule('amount'),
  sellLimitPriceRatio: rule('amount'),
  makerFeeRate: cosmetic('decimal'),
  takerFeeRate: cosmetic('decimal'),
  minOrderSize: rule('amount'),
  maxOrderSize: rule('amount'),
  maxPositionSize: rule('amount'),
  marketOpenLimitSize: rule('amount'),
} as const satisfies Record<string, ContractFieldSpec>;

/**
 * The name of a contract-definition field.
 *
 * @example `const field: ContractFieldName = 'marketOpenLimitSize';`
 */
export type ContractFieldName = keyof typeof CONTRACT_FIELDS;

/**
 * Every contract field name, in definition order.
 *
 * @example `CONTRACT_FIELD_NAMES.includes('contractVal') // true`
 */
export const CONTRACT_FIELD_NAMES = Object.freeze(
  Object.keys(CONTRACT_FIELDS),
) as readonly ContractFieldName[];

/** The fields of one role, in definition order. */
export function contractFieldsWith(role: ContractFieldRole): readonly ContractFieldName[] {
  return CONTRACT_FIELD_NAMES.filter((name) => CONTRACT_FIELDS[name].role === role);
}
