import { Dec } from '../decimal/dec.js';
import { describeThrown, describeValue } from '../errors/preflight-error.js';
import {
  type ContractViolation,
  type ContractViolationField,
  contractViolationOf,
} from '../validation/contract-codes.js';
import {
  CONTRACT_ORDER_FIELD_TABLE,
  type ContractOrderFieldSpec,
  type ContractOrderType,
  type OWN_CONTRACT_FIELDS,
  type PositionSide,
  SPOT_TYPE_OF,
} from './contract-order-fields.js';
import { type OrderDecimal, readDecimalInput } from './decimal-input.js';

/**
 * Reading a contract order: the contract's own fields (contract-order-fields.ts) read here, each
 * once, with their faults; the shared fields handed on, as read, to the spot reader in a spot
 * order of the type the contract type is judged as. The spot reader then reads and judges them
 * as it reads a spot order's, fast path included.
 */

/** The fields of a contract order that were read successfully (those the contract rules use). */
export interface ParsedContractOrder {
  symbol: string | undefined;
  side: 'BUY' | 'SELL' | undefined;
  positionSide: PositionSide | undefined;
  type: ContractOrderType | undefined;
  /** Read when a contract rule needs it (a MARKET order, a position in the context). */
  quantity: OrderDecimal | undefined;
  triggerPrice: OrderDecimal | undefined;
  tpTriggerPrice: OrderDecimal | undefined;
  slTriggerPrice: OrderDecimal | undefined;
}

/** The usable parts of a contract context the contract rules use. */
export interface ParsedContractContext {
  /** The current position on the order's side; `undefined` when not given or unreadable. */
  position: OrderDecimal | undefined;
}

/** What reading a contract order gave. */
export interface ContractReading {
  /** The order the spot reader judges: the shared fields as read, the type as judged. */
  readonly spotOrder: unknown;
  readonly spotContext: unknown;
  readonly order: ParsedContractOrder;
  readonly context: ParsedContractContext;
  /** The faults of the contract's own fields, in field order. */
  readonly faults: ContractViolation[];
  /** The spot type the order is judged as, when its type was read. */
  readonly spotType: 'LIMIT' | 'MARKET' | undefined;
  /** The order could not be read at all: `faults` holds its INVALID_ORDER alone. */
  readonly unreadable: boolean;
  /** The contract's own fields as the caller sent them (`undefined` when absent), for a repaired order. */
  readonly own: Readonly<Record<string, unknown>>;
}

const NO_ORDER: ParsedContractOrder = Object.freeze({
  symbol: undefined,
  side: undefined,
  positionSide: undefined,
  type: undefined,
  quantity: undefined,
  triggerPrice: undefined,
  tpTriggerPrice: undefined,
  slTriggerPrice: undefined,
});
const NO_CONTEXT: ParsedContractContext = Object.freeze({ position: undefined });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Absent as the spot reader takes it: `undefined` (a field set to `undefined` is absent). */
const isAbsent = (value: unknown): boolean => value === undefined;

/**
 * Reads a contract order and its context. Never throws: what a hostile object throws is the
 * order's INVALID_ORDER.
 */
export function readContractOrder(rawOrder: unknown, rawContext: unknown): ContractReading {
  if (!isRecord(rawOrder))
    return {
      spotOrder: rawOrder,
      spotContext: rawContext,
      order: NO_ORDER,
      context: NO_CONTEXT,
      faults: [],
      unreadable: false,
      own: {},
      spotType: undefined,
    };
  try {
    return readRecord(rawOrder, rawContext);
  } catch (error) {
    const fault = contractViolationOf(
      'INVALID_ORDER',
      'order',
      `the order could not be read (${describeThrown(error)})`,
    );
    return {
      spotOrder: {},
      spotContext: undefined,
      order: NO_ORDER,
      context: NO_CONTEXT,
      faults: [fault],
      unreadable: true,
      own: {},
      spotType: undefined,
    };
  }
}

function readRecord(raw: Record<string, unknown>, rawContext: unknown): ContractReading {
  // Each field read once, by name (one literal shape: the hot path's loads stay monomorphic).
  const symbol = raw.symbol;
  const side = raw.side;
  const quantity = raw.quantity;
  const price = raw.price;
  const newClientOrderId = raw.newClientOrderId;
  const own = {
    positionSide: raw.positionSide,
    type: raw.type,
    triggerPrice: raw.triggerPrice,
    timeInForce: raw.timeInForce,
    tpTriggerPrice: raw.tpTriggerPrice,
    slTriggerPrice: raw.slTriggerPrice,
    TpWorkingType: raw.TpWorkingType,
    SlWorkingType: raw.SlWorkingType,
  } satisfies Record<(typeof OWN_CONTRACT_FIELDS)[number], unknown>;

  const faults: ContractViolation[] = [];
  const type = readWordField('type', own.type, undefined, faults) as ContractOrderType | undefined;
  const order: ParsedContractOrder = {
    symbol: typeof symbol === 'string' && symbol.length > 0 ? symbol : undefined,
    side: side === 'BUY' || side === 'SELL' ? side : undefined,
    positionSide: readWordField('positionSide', own.positionSide, type, faults) as PositionSide | undefined,
    type,
    quantity: undefined,
    triggerPrice: readDecimalField('triggerPrice', own.triggerPrice, type, faults),
    tpTriggerPrice: readDecimalField('tpTriggerPrice', own.tpTriggerPrice, type, faults),
    slTriggerPrice: readDecimalField('slTriggerPrice', own.slTriggerPrice, type, faults),
  };
  readWordField('timeInForce', own.timeInForce, type, faults);
  readWordField('TpWorkingType', own.TpWorkingType, type, faults);
  readWordField('SlWorkingType', own.SlWorkingType, type, faults);
  if (faults.length > 1) faults.sort(byContractFieldPlace);

  const spotType = type === undefined ? undefined : SPOT_TYPE_OF[type];
  const spotOrder = {
    symbol,
    side,
    type: spotType,
    quantity,
    price,
    // The contract's timeInForce is its own field (POST_ONLY is a word spot does not have).
    timeInForce: spotType === 'LIMIT' ? 'GTC' : undefined,
    newClientOrderId,
  };
  const { spotContext, context } = readContext(rawContext, type, order);
  // The quantity as the contract rules need it: for a MARKET order (the open cap) or a position
  // to add it to. Its faults are the spot reader's.
  if ((type === 'MARKET' || context.position !== undefined) && quantity !== undefined) {
    const read = readDecimalInput(quantity);
    if (read.ok) order.quantity = read.decimal;
  }
  return { spotOrder, spotContext, order, context, faults, unreadable: false, own, spotType };
}

/**
 * The context: `position` read here; the rest handed to the spot reader. An algo order is judged
 * without the band (WEEX does not say it applies to a conditional order, and a trigger fills
 * later, away from today's price): its limit types get no reference price, and its market types
 * the trigger price as the price they fill near, for the notional.
 */
function readContext(
  rawContext: unknown,
  type: ContractOrderType | undefined,
  order: ParsedContractOrder,
): { spotContext: unknown; context: ParsedContractContext } {
  if (!isRecord(rawContext)) return { spotContext: rawContext, context: NO_CONTEXT };
  let position: unknown;
  let maxNotional: unknown;
  let referencePrice: unknown;
  try {
    position = rawContext.position;
    maxNotional = rawContext.maxNotional;
    referencePrice = rawContext.referencePrice;
  } catch {
    // The spot reader reads it again and reports it.
    return { spotContext: rawContext, context: NO_CONTEXT };
  }
  const context: ParsedContractContext = { position: readPosition(position) };
  if (type === 'LIMIT' || type === 'MARKET' || type === undefined)
    return { spotContext: { referencePrice, maxNotional }, context };
  const trigger = SPOT_TYPE_OF[type] === 'MARKET' ? order.triggerPrice?.text : undefined;
  return { spotContext: { referencePrice: trigger, maxNotional }, context };
}

/** A position: zero or a positive decimal; anything else is not usable (the check is skipped). */
function readPosition(value: unknown): OrderDecimal | undefined {
  if (value === undefined || value === null) return undefined;
  const read = readDecimalInput(value);
  if (read.ok) return read.decimal;
  if (value === 0 || (typeof value === 'string' && /^0(\.0+)?$/.test(value)))
    return { text: String(value), value: Dec.ZERO };
  return undefined;
}

const FIELD_PLACE: Readonly<Record<string, number>> = Object.fromEntries(
  Object.keys(CONTRACT_ORDER_FIELD_TABLE).map((field, place) => [field, place]),
);

function byContractFieldPlace(a: ContractViolation, b: ContractViolation): number {
  return (FIELD_PLACE[a.field] ?? 0) - (FIELD_PLACE[b.field] ?? 0);
}

/** MISSING_FIELD / UNEXPECTED_FIELD of a contract field for the order's type; false when present and allowed. */
function presenceFault(
  field: ContractViolationField,
  spec: ContractOrderFieldSpec,
  present: boolean,
  type: ContractOrderType | undefined,
  faults: ContractViolation[],
): boolean {
  const required =
    spec.requiredOn !== undefined &&
    (type === undefined ? spec.requiredOn.length === 6 : spec.requiredOn.includes(type));
  if (!present) {
    if (required) {
      const on = spec.requiredOn?.length === 6 ? '' : ` on ${spec.requiredOn?.join(', ')} orders`;
      faults.push(contractViolationOf('MISSING_FIELD', field, `${field} is required${on}`));
    }
    return true;
  }
  if (type !== undefined && spec.refusedOn?.includes(type)) {
    const why = spec.refusedBecause === undefined ? '' : ` (${spec.refusedBecause})`;
    faults.push(
      contractViolationOf('UNEXPECTED_FIELD', field, `${field} is not allowed on ${type} orders${why}`),
    );
    return true;
  }
  return false;
}

type WordField = 'type' | 'positionSide' | 'timeInForce' | 'TpWorkingType' | 'SlWorkingType';
type DecimalField = 'triggerPrice' | 'tpTriggerPrice' | 'slTriggerPrice';

function readWordField(
  field: WordField,
  value: unknown,
  type: ContractOrderType | undefined,
  faults: ContractViolation[],
): string | undefined {
  const spec: ContractOrderFieldSpec = CONTRACT_ORDER_FIELD_TABLE[field];
  const words = spec.words as readonly string[];
  // No word field is refused by a type: a word present and known is read at once.
  if (typeof value === 'string' && words.includes(value)) return value;
  if (presenceFault(field, spec, !isAbsent(value), field === 'type' ? undefined : type, faults))
    return undefined;
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  const suggestion = upper !== undefined && words.includes(upper) ? [upper] : undefined;
  faults.push(
    contractViolationOf(
      'INVALID_FIELD',
      field,
      `${field} must be one of ${words.join(', ')}, got ${describeValue(value, 40)}`,
      undefined,
      undefined,
      suggestion,
    ),
  );
  return undefined;
}

function readDecimalField(
  field: DecimalField,
  value: unknown,
  type: ContractOrderType | undefined,
  faults: ContractViolation[],
): OrderDecimal | undefined {
  const spec: ContractOrderFieldSpec = CONTRACT_ORDER_FIELD_TABLE[field];
  if (presenceFault(field, spec, !isAbsent(value), type, faults)) return undefined;
  const read = readDecimalInput(value);
  if (read.ok) return read.decimal;
  faults.push(
    contractViolationOf(
      'INVALID_FIELD',
      field,
      `${field} ${read.detail}`,
      undefined,
      undefined,
      read.suggestion,
    ),
  );
  return undefined;
}
