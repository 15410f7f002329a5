/**
 * The fields of a contract order and its context, stated once, beside the spot order's table
 * (order-fields.ts): WEEX futures V3's `POST /capi/v3/order` and, for the conditional types,
 * `POST /capi/v3/algoOrder` (docs/exchange-semantics.md, "Futures (contracts)"). A row of kind
 * `shared` is a spot field with the spot meaning: the spot reader reads it, and its faults are
 * spot's. The other rows are the contract's own, read by read-contract-order.ts.
 */

/**
 * Every type a contract order may have: the order endpoint's, then the algo endpoint's.
 *
 * @example `CONTRACT_ORDER_TYPES.includes('STOP_MARKET') // true`
 */
export const CONTRACT_ORDER_TYPES = Object.freeze([
  'LIMIT',
  'MARKET',
  'STOP',
  'TAKE_PROFIT',
  'STOP_MARKET',
  'TAKE_PROFIT_MARKET',
] as const);

/** @example `const type: ContractOrderType = 'STOP_MARKET';` */
export type ContractOrderType = (typeof CONTRACT_ORDER_TYPES)[number];

/** The conditional (algo) types: they carry a `triggerPrice`. */
export const ALGO_ORDER_TYPES: readonly ContractOrderType[] = Object.freeze([
  'STOP',
  'TAKE_PROFIT',
  'STOP_MARKET',
  'TAKE_PROFIT_MARKET',
]);

/**
 * The spot type each contract type is judged as: a type with a limit price is a LIMIT order to
 * the shared checks, one that fills at the market a MARKET order.
 */
export const SPOT_TYPE_OF: Readonly<Record<ContractOrderType, 'LIMIT' | 'MARKET'>> = Object.freeze({
  LIMIT: 'LIMIT',
  MARKET: 'MARKET',
  STOP: 'LIMIT',
  TAKE_PROFIT: 'LIMIT',
  STOP_MARKET: 'MARKET',
  TAKE_PROFIT_MARKET: 'MARKET',
});

/** @example `const side: PositionSide = 'LONG';` */
export type PositionSide = 'LONG' | 'SHORT';
/** @example `const tif: ContractTimeInForce = 'POST_ONLY';` */
export type ContractTimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
/** @example `const source: WorkingType = 'MARK_PRICE';` */
export type WorkingType = 'CONTRACT_PRICE' | 'MARK_PRICE';

/** One row of {@link CONTRACT_ORDER_FIELD_TABLE}. */
export interface ContractOrderFieldSpec {
  /** `shared`: a spot field, read by the spot reader; `word` / `decimal`: the contract's own. */
  readonly kind: 'shared' | 'word' | 'decimal';
  readonly words?: readonly string[];
  /** The types that must carry it (MISSING_FIELD without it). */
  readonly requiredOn?: readonly ContractOrderType[];
  /** The types that must not (UNEXPECTED_FIELD with it), and why. */
  readonly refusedOn?: readonly ContractOrderType[];
  readonly refusedBecause?: string;
}

const ALL = CONTRACT_ORDER_TYPES;
const WORKING_TYPES = ['CONTRACT_PRICE', 'MARK_PRICE'] as const;

/** Every field of a contract order, in the order their faults are reported. */
export const CONTRACT_ORDER_FIELD_TABLE = {
  symbol: { kind: 'shared' },
  side: { kind: 'shared' },
  positionSide: { kind: 'word', words: ['LONG', 'SHORT'], requiredOn: ALL },
  type: { kind: 'word', words: CONTRACT_ORDER_TYPES, requiredOn: ALL },
  quantity: { kind: 'shared' },
  // The spot reader judges the price as the spot type the contract type is judged as; these say
  // which contract types that is, for the wording of its faults.
  price: {
    kind: 'shared',
    requiredOn: ['LIMIT', 'STOP', 'TAKE_PROFIT'],
    refusedOn: ['MARKET', 'STOP_MARKET', 'TAKE_PROFIT_MARKET'],
    refusedBecause: 'an order of this type fills at the market price',
  },
  triggerPrice: {
    kind: 'decimal',
    requiredOn: ALGO_ORDER_TYPES,
    refusedOn: ['LIMIT', 'MARKET'],
    refusedBecause: 'a trigger price belongs to the algo types, POST /capi/v3/algoOrder',
  },
  timeInForce: { kind: 'word', words: ['GTC', 'IOC', 'FOK', 'POST_ONLY'], requiredOn: ['LIMIT'] },
  newClientOrderId: { kind: 'shared' },
  tpTriggerPrice: { kind: 'decimal' },
  slTriggerPrice: { kind: 'decimal' },
  TpWorkingType: { kind: 'word', words: WORKING_TYPES },
  SlWorkingType: { kind: 'word', words: WORKING_TYPES },
} as const satisfies Record<string, ContractOrderFieldSpec>;

/**
 * A field of a contract order.
 *
 * @example `const field: ContractOrderField = 'tpTriggerPrice';`
 */
export type ContractOrderField = keyof typeof CONTRACT_ORDER_FIELD_TABLE;

/**
 * The fields of a contract order the library reads, in fault order.
 *
 * @example `CONTRACT_ORDER_FIELDS.includes('positionSide') // true`
 */
export const CONTRACT_ORDER_FIELDS = Object.freeze(
  Object.keys(CONTRACT_ORDER_FIELD_TABLE),
) as readonly ContractOrderField[];

/** Whether an order opens (or adds to) a position: BUY+LONG or SELL+SHORT; SELL+LONG and BUY+SHORT close. */
export function opensPosition(side: string | undefined, positionSide: string | undefined): boolean {
  return (side === 'BUY' && positionSide === 'LONG') || (side === 'SELL' && positionSide === 'SHORT');
}
