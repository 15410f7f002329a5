import { Dec } from '../decimal/dec.js';
import { describeThrown, describeValue } from '../errors/preflight-error.js';
import {
  type ContractViolation,
  type ContractViolationField,
  contractViolationOf,
} from '../validation/contract-codes.js';
import {
  CONTRACT_ORDER_FIELD_TABLE,
  CONTRACT_ORDER_FIELDS,
  type ContractOrderField,
  type ContractOrderFieldSpec,
  type ContractOrderType,
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

/** The fields of a contract order's context the library reads. */
const CONTEXT_FIELDS = Object.freeze(['position', 'referencePrice', 'maxNotional'] as const);

const PLAIN_PROTO = Object.prototype as Record<string, unknown>;

/**
 * The record itself when its fields can be loaded by name: a plain record whose prototype holds
 * none of the names (as spot's reader, prototype pollution aside). Otherwise a copy of its own
 * fields only: a field it merely inherits is not sent, so it is not read (a prototype's `side`
 * would otherwise pass for the order's).
 */
function ownFields(
  raw: Record<string, unknown>,
  names: readonly string[],
  cleanProto: boolean,
): Record<string, unknown> {
  const proto = Object.getPrototypeOf(raw) as Record<string, unknown> | null;
  if (proto === null || (proto === PLAIN_PROTO && cleanProto)) return raw;
  const own = Object.create(null) as Record<string, unknown>;
  for (const name of names) if (Object.hasOwn(raw, name)) own[name] = raw[name];
  return own;
}

/**
 * `Object.prototype` holds none of the names an order or its context is read by: loads of
 * constant names on one object, nearly free (asking name by name through a list took a fifth of a
 * passing order's time).
 */
function plainPrototypeIsClean(): boolean {
  const p = PLAIN_PROTO;
  if (p.symbol !== undefined || p.side !== undefined || p.positionSide !== undefined) return false;
  if (p.type !== undefined || p.quantity !== undefined || p.price !== undefined) return false;
  if (p.timeInForce !== undefined || p.newClientOrderId !== undefined) return false;
  if (p.triggerPrice !== undefined || p.tpTriggerPrice !== undefined || p.position !== undefined)
    return false;
  if (p.slTriggerPrice !== undefined || p.TpWorkingType !== undefined || p.SlWorkingType !== undefined)
    return false;
  return p.referencePrice === undefined && p.maxNotional === undefined;
}

/** Absent as the spot reader takes it: `undefined` or `null`. */
const isAbsent = (value: unknown): boolean => value === undefined || value === null;

/**
 * Reads a contract order and its context. Never throws: what a hostile object throws is the
 * order's INVALID_ORDER. With `scratch`, the answer is made in objects of this module's that the
 * next reading reuses (what `validateOrder` and `checkOrder` ask: nothing of it outlives their
 * call), so a passing order allocates next to nothing; without, in objects of its own, with the
 * contract's fields as sent (`own`, for a repaired order).
 */
export function readContractOrder(rawOrder: unknown, rawContext: unknown, scratch = false): ContractReading {
  return judgeLoaded(loadContractOrder(rawOrder, rawContext, scratch), rawContext, scratch);
}

/** {@link Sent.status}: every field loaded, */
export const LOADED = 0;
/** the order is not a record (the spot reader words it), */
const NOT_A_RECORD = 1;
/** or reading it threw (`Sent.error`). */
const UNREADABLE = 2;

/**
 * Loads every field of a contract order and its context once, before anything is judged: into a
 * scratch record the next loading reuses when `scratch` (nothing of it outlives the call), else
 * into a record of its own. Never throws. {@link judgeLoaded} judges what was loaded, and the fast
 * reading (fast-contract-read.ts) reads from it too, so the caller's fields are read once whichever
 * way judges.
 */
export function loadContractOrder(rawOrder: unknown, rawContext: unknown, scratch: boolean): Sent {
  const sent = scratch ? SCRATCH_SENT : newSent();
  sent.raw = rawOrder;
  sent.error = undefined;
  if (!isRecord(rawOrder)) {
    sent.status = NOT_A_RECORD;
    return sent;
  }
  try {
    readSent(rawOrder, rawContext, sent);
    sent.status = LOADED;
  } catch (error) {
    sent.status = UNREADABLE;
    sent.error = error;
  }
  return sent;
}

/** The reading of what {@link loadContractOrder} loaded. Never throws. */
export function judgeLoaded(sent: Sent, rawContext: unknown, scratch: boolean): ContractReading {
  if (sent.status === NOT_A_RECORD)
    return {
      spotOrder: sent.raw,
      spotContext: rawContext,
      order: NO_ORDER,
      context: NO_CONTEXT,
      faults: [],
      unreadable: false,
      own: {},
      spotType: undefined,
    };
  if (sent.status === UNREADABLE) {
    const fault = contractViolationOf(
      'INVALID_ORDER',
      'order',
      `the order could not be read (${describeThrown(sent.error)})`,
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
  return judgeSent(sent, rawContext, scratch);
}

/** Every field the reading needs, each read once, before any is judged (no caller code runs after). */
export interface Sent {
  /** {@link LOADED}, or why nothing was loaded. */
  status: number;
  /** The order itself, for one that is not a record. */
  raw: unknown;
  /** What reading the order threw. */
  error: unknown;
  symbol: unknown;
  side: unknown;
  quantity: unknown;
  price: unknown;
  newClientOrderId: unknown;
  positionSide: unknown;
  type: unknown;
  triggerPrice: unknown;
  timeInForce: unknown;
  tpTriggerPrice: unknown;
  slTriggerPrice: unknown;
  TpWorkingType: unknown;
  SlWorkingType: unknown;
  /** The context's fields, when it is a record that could be read. */
  contextRead: boolean;
  /** The context is neither absent nor a record, or reading it threw: the spot reader words it. */
  contextOther: boolean;
  position: unknown;
  referencePrice: unknown;
  maxNotional: unknown;
}

function newSent(): Sent {
  return {
    status: LOADED,
    raw: undefined,
    error: undefined,
    symbol: undefined,
    side: undefined,
    quantity: undefined,
    price: undefined,
    newClientOrderId: undefined,
    positionSide: undefined,
    type: undefined,
    triggerPrice: undefined,
    timeInForce: undefined,
    tpTriggerPrice: undefined,
    slTriggerPrice: undefined,
    TpWorkingType: undefined,
    SlWorkingType: undefined,
    contextRead: false,
    contextOther: false,
    position: undefined,
    referencePrice: undefined,
    maxNotional: undefined,
  };
}

const SCRATCH_SENT: Sent = newSent();

/** Compile-time guard: every field of the table (contract-order-fields.ts) is read into {@link Sent}. */
type _EveryFieldRead = Pick<Sent, ContractOrderField>;

function readSent(rawOrder: Record<string, unknown>, rawContext: unknown, sent: Sent): void {
  // Asked once for the order and its context (both are usually plain records).
  const cleanProto = plainPrototypeIsClean();
  const raw = ownFields(rawOrder, CONTRACT_ORDER_FIELDS, cleanProto);
  // The shared fields, as the spot reader reads them,
  sent.symbol = raw.symbol;
  sent.side = raw.side;
  sent.quantity = raw.quantity;
  sent.price = raw.price;
  sent.newClientOrderId = raw.newClientOrderId;
  // then the contract's own.
  loadOwnFields(raw, sent);
  sent.contextRead = isRecord(rawContext) && loadContext(rawContext, cleanProto, sent);
  sent.contextOther = !sent.contextRead && rawContext !== undefined && rawContext !== null;
}

function loadOwnFields(raw: Record<string, unknown>, sent: Sent): void {
  sent.positionSide = raw.positionSide;
  sent.type = raw.type;
  sent.triggerPrice = raw.triggerPrice;
  sent.timeInForce = raw.timeInForce;
  sent.tpTriggerPrice = raw.tpTriggerPrice;
  sent.slTriggerPrice = raw.slTriggerPrice;
  sent.TpWorkingType = raw.TpWorkingType;
  sent.SlWorkingType = raw.SlWorkingType;
}

/**
 * Loads a context record's fields; false when reading it threw (then its fields count for nothing,
 * and the spot reader reads it again and reports it).
 */
function loadContext(rawContext: Record<string, unknown>, cleanProto: boolean, sent: Sent): boolean {
  try {
    const context = ownFields(rawContext, CONTEXT_FIELDS, cleanProto);
    sent.position = context.position;
    sent.referencePrice = context.referencePrice;
    sent.maxNotional = context.maxNotional;
    return true;
  } catch {
    return false;
  }
}

/** The scratch objects of {@link readContractOrder}'s `scratch` answers, one shape each. */
const SCRATCH_ORDER: ParsedContractOrder = { ...NO_ORDER };
const SCRATCH_CONTEXT: { position: OrderDecimal | undefined } = { position: undefined };
const SCRATCH_SPOT_ORDER = {
  symbol: undefined as unknown,
  side: undefined as unknown,
  type: undefined as unknown,
  quantity: undefined as unknown,
  price: undefined as unknown,
  timeInForce: undefined as unknown,
  newClientOrderId: undefined as unknown,
};
const SCRATCH_SPOT_CONTEXT = { referencePrice: undefined as unknown, maxNotional: undefined as unknown };
const NO_OWN: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * Judges what was read: the contract's own fields with their faults, and the spot order (and
 * context) the shared fields are handed on in. An algo order is judged without the band (WEEX does
 * not say it applies to a conditional order, and a trigger fills later, away from today's price):
 * its limit types get no reference price, and its market types the trigger price as the price
 * they fill near, for the notional.
 */
function judgeSent(sent: Sent, rawContext: unknown, scratch: boolean): ContractReading {
  const faults: ContractViolation[] = [];
  const type = readWordField('type', sent.type, undefined, faults) as ContractOrderType | undefined;
  const order = scratch ? SCRATCH_ORDER : { ...NO_ORDER };
  const symbol = sent.symbol;
  const side = sent.side;
  order.symbol = typeof symbol === 'string' && symbol.length > 0 ? symbol : undefined;
  order.side = side === 'BUY' || side === 'SELL' ? side : undefined;
  order.positionSide = readWordField('positionSide', sent.positionSide, type, faults) as
    | PositionSide
    | undefined;
  order.type = type;
  order.quantity = undefined;
  order.triggerPrice = readDecimalField('triggerPrice', sent.triggerPrice, type, faults);
  order.tpTriggerPrice = readDecimalField('tpTriggerPrice', sent.tpTriggerPrice, type, faults);
  order.slTriggerPrice = readDecimalField('slTriggerPrice', sent.slTriggerPrice, type, faults);
  readWordField('timeInForce', sent.timeInForce, type, faults);
  readWordField('TpWorkingType', sent.TpWorkingType, type, faults);
  readWordField('SlWorkingType', sent.SlWorkingType, type, faults);
  if (faults.length > 1) faults.sort(byContractFieldPlace);

  const spotType = type === undefined ? undefined : SPOT_TYPE_OF[type];
  const spotOrder = scratch ? SCRATCH_SPOT_ORDER : { ...SCRATCH_SPOT_ORDER };
  spotOrder.symbol = symbol;
  spotOrder.side = side;
  spotOrder.type = spotType;
  spotOrder.quantity = sent.quantity;
  spotOrder.price = sent.price;
  // The contract's timeInForce is its own field (POST_ONLY is a word spot does not have).
  spotOrder.timeInForce = spotType === 'LIMIT' ? 'GTC' : undefined;
  spotOrder.newClientOrderId = sent.newClientOrderId;

  let context: ParsedContractContext = NO_CONTEXT;
  let spotContext: unknown = rawContext;
  if (sent.contextRead) {
    const position = readPosition(sent.position);
    if (position === undefined && !isAbsent(sent.position))
      faults.push(
        contractViolationOf(
          'INVALID_FIELD',
          'position',
          `position must be zero or a positive decimal in plain notation, got ${describeValue(sent.position, 40)}`,
        ),
      );
    context = contextOf(position, scratch);
    const view = scratch ? SCRATCH_SPOT_CONTEXT : { ...SCRATCH_SPOT_CONTEXT };
    view.maxNotional = sent.maxNotional;
    view.referencePrice =
      type === undefined || type === 'LIMIT' || type === 'MARKET'
        ? sent.referencePrice
        : spotType === 'MARKET'
          ? order.triggerPrice?.text
          : undefined;
    spotContext = view;
  }
  order.quantity = quantityFor(type, context, sent.quantity);
  const own = scratch
    ? NO_OWN
    : {
        positionSide: sent.positionSide,
        type: sent.type,
        triggerPrice: sent.triggerPrice,
        timeInForce: sent.timeInForce,
        tpTriggerPrice: sent.tpTriggerPrice,
        slTriggerPrice: sent.slTriggerPrice,
        TpWorkingType: sent.TpWorkingType,
        SlWorkingType: sent.SlWorkingType,
      };
  return { spotOrder, spotContext, order, context, faults, unreadable: false, own, spotType };
}

/**
 * The reading of an order the fast reading took (fast-contract-read.ts), to explain it once the
 * fast way found it failing: its own fields are known well formed (a LIMIT or MARKET order, a
 * position side, no trigger price, a usable position or none), so they are taken as loaded,
 * without the judging of {@link judgeLoaded}; the spot order is not made (the spot judge has judged
 * it). In this module's scratch objects, as `judgeLoaded`'s with `scratch`. Without `values`,
 * the quantity and the position are left unread (`undefined`, no position): what explains a
 * failure that is neither a contract rule's nor a quantity with suggestions reads neither.
 */
export function readTakenFast(sent: Sent, values: boolean): ContractReading {
  const type = sent.type as 'LIMIT' | 'MARKET';
  const order = SCRATCH_ORDER;
  order.symbol = sent.symbol as string;
  order.side = sent.side as 'BUY' | 'SELL';
  order.positionSide = sent.positionSide as PositionSide;
  order.type = type;
  order.triggerPrice = undefined;
  order.tpTriggerPrice = undefined;
  order.slTriggerPrice = undefined;
  // Stryker disable next-line ConditionalExpression,BlockStatement: forced false or emptied, the decimals are read when not needed, to the same answer (leaving them out only saves time)
  if (!values) {
    order.quantity = undefined;
    return takenFast(order, NO_CONTEXT, type);
  }
  const context = contextOf(sent.contextRead ? readPosition(sent.position) : undefined, true);
  order.quantity = quantityFor(type, context, sent.quantity);
  return takenFast(order, context, type);
}

/** The reading {@link readTakenFast} gives. */
function takenFast(
  order: ParsedContractOrder,
  context: ParsedContractContext,
  type: 'LIMIT' | 'MARKET',
): ContractReading {
  const faults: ContractViolation[] = [];
  return {
    spotOrder: undefined,
    spotContext: undefined,
    order,
    context,
    faults,
    unreadable: false,
    own: NO_OWN,
    spotType: type,
  };
}

/** The context the contract rules read: a usable position, or none. */
function contextOf(position: OrderDecimal | undefined, scratch: boolean): ParsedContractContext {
  if (position === undefined) return NO_CONTEXT;
  const own = scratch ? SCRATCH_CONTEXT : { position: undefined };
  own.position = position;
  return own;
}

/**
 * The quantity as the contract rules need it: for a MARKET order (the open cap) or a position to
 * add it to. Its faults are the spot reader's.
 */
function quantityFor(
  type: ContractOrderType | undefined,
  context: ParsedContractContext,
  quantity: unknown,
): OrderDecimal | undefined {
  if ((type !== 'MARKET' && context.position === undefined) || quantity === undefined) return undefined;
  const read = readDecimalInput(quantity);
  return read.ok ? read.decimal : undefined;
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

/**
 * A spot reader's MISSING_FIELD or UNEXPECTED_FIELD on a shared field whose presence the contract
 * table states per contract type (the price), worded for the contract type (a STOP order's price
 * is required on LIMIT, STOP and TAKE_PROFIT orders, not "on LIMIT orders"); `undefined` for any
 * other violation, which is worded as spot words it.
 */
export function presenceInContractTerms(
  code: string,
  field: string,
  type: ContractOrderType | undefined,
): ContractViolation | undefined {
  if (code !== 'MISSING_FIELD' && code !== 'UNEXPECTED_FIELD') return undefined;
  if (type === undefined || !Object.hasOwn(CONTRACT_ORDER_FIELD_TABLE, field)) return undefined;
  const spec: ContractOrderFieldSpec = CONTRACT_ORDER_FIELD_TABLE[field as ContractOrderField];
  if (spec.kind !== 'shared' || (spec.requiredOn === undefined && spec.refusedOn === undefined))
    return undefined;
  const faults: ContractViolation[] = [];
  presenceFault(field as ContractViolationField, spec, code === 'UNEXPECTED_FIELD', type, faults);
  const fault = faults[0];
  return fault?.code === code ? fault : undefined;
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
  // No word field is refused by a type: a word present and known is read at once; one absent
  // and required on no type (the working types) has nothing to say.
  if (typeof value === 'string' && words.includes(value)) return value;
  if (value === undefined && spec.requiredOn === undefined) return undefined;
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
  // Absent and required on no type (the TP/SL triggers): nothing to read or say.
  if (value === undefined && spec.requiredOn === undefined) return undefined;
  if (presenceFault(field, spec, !isAbsent(value), type, faults)) return undefined;
  const read = readDecimalInput(value);
  if (read.ok) return read.decimal;
  const detail = `${field} ${read.detail}`;
  faults.push(contractViolationOf('INVALID_FIELD', field, detail, undefined, undefined, read.suggestion));
  return undefined;
}
