import { wholeDigits } from '../decimal/decimal-grammar.js';
import type { ClientOrderIdRule } from './client-order-id.js';
import { CONTRACT_ORDER_FIELD_TABLE, opensPosition } from './contract-order-fields.js';
import type { FastOrder } from './fast-order.js';
import { lastRead, readDecimalUnits, wasLong } from './fast-read.js';
import { LOADED, type Sent } from './read-contract-order.js';
import { readFast } from './read-order.js';

/**
 * The fast reading of a contract order: the spot fast reading (read-order.ts's `readFast`) of its
 * shared fields, from the values the contract reader loaded once (read-contract-order.ts's
 * `loadContractOrder`), and the contract's own fields as the contract-only rules' fast checks need
 * them. It takes the orders whose own fields the contract reader would find no fault in and that
 * carry nothing the fast checks do not judge: a LIMIT or MARKET order (the algo types carry a
 * trigger), no trigger prices, a position that is absent, zero or a plain decimal in safe integers.
 * Anything else is read the general way, from the same loaded values.
 */

/** What the contract-only rules' fast checks read of a contract order, beside its {@link FastOrder}. */
export interface FastContractOrder {
  /** BUY+LONG or SELL+SHORT. */
  opens: boolean;
  /** Whether the context gave a position. */
  hasPosition: boolean;
  /**
   * The position's units at `positionScale` (0 for a zero position); NaN for a position past safe
   * integers (more than 15 significant digits), read only as below 10^15 or not.
   */
  position: number;
  /** A position past safe integers whose value is below 10^15 (at most 15 whole digits). */
  positionBelow1e15: boolean;
  /**
   * A position past safe integers is below `10^positionWholeDigits`: its whole digits (written
   * as text), or, for a JS number, 15 below 10^15 and else more than any maximum has.
   */
  positionWholeDigits: number;
  /** The position as the caller sent it (plain positive decimal text or a number), for an exact sum. */
  positionRaw: unknown;
  positionScale: number;
}

/** The one record a contract order is read into (nothing of it outlives a call). */
export const FAST_CONTRACT: FastContractOrder = {
  opens: false,
  hasPosition: false,
  position: Number.NaN,
  positionScale: 0,
  positionBelow1e15: false,
  positionWholeDigits: 0,
  positionRaw: undefined,
};

const TIMES_IN_FORCE: readonly unknown[] = CONTRACT_ORDER_FIELD_TABLE.timeInForce.words;
const WORKING_TYPES: readonly unknown[] = CONTRACT_ORDER_FIELD_TABLE.TpWorkingType.words;

/**
 * Reads a loaded contract order into `into` (its shared fields, as the spot order it is judged as)
 * and {@link FAST_CONTRACT}; false when it is not for the fast reading.
 */
export function readContractFast(sent: Sent, into: FastOrder, idRule: ClientOrderIdRule): boolean {
  if (sent.status !== LOADED || sent.contextOther) return false;
  const type = sent.type;
  const limit = type === 'LIMIT';
  if (!limit && type !== 'MARKET') return false;
  const positionSide = sent.positionSide;
  if (positionSide !== 'LONG' && positionSide !== 'SHORT') return false;
  // A LIMIT order must carry a time in force; a known word on a MARKET order is no fault either.
  const tif = sent.timeInForce;
  if (tif === undefined ? limit : !TIMES_IN_FORCE.includes(tif)) return false;
  if (
    sent.triggerPrice !== undefined ||
    sent.tpTriggerPrice !== undefined ||
    sent.slTriggerPrice !== undefined ||
    (sent.TpWorkingType !== undefined && !WORKING_TYPES.includes(sent.TpWorkingType)) ||
    (sent.SlWorkingType !== undefined && !WORKING_TYPES.includes(sent.SlWorkingType))
  )
    return false;
  const c = FAST_CONTRACT;
  const side = sent.side;
  c.opens = opensPosition(side as string | undefined, positionSide);
  // The context's fields count only when it was read (else they are a former order's).
  const contextRead = sent.contextRead;
  const position = contextRead ? sent.position : undefined;
  c.positionRaw = position;
  if (position === undefined || position === null) {
    c.hasPosition = false;
    c.position = Number.NaN;
  } else if (position === 0 || position === '0') {
    c.hasPosition = true;
    c.position = 0;
    c.positionScale = 0;
  } else if (readDecimalUnits(position)) {
    c.hasPosition = true;
    c.position = lastRead.units;
    c.positionScale = lastRead.scale;
  } else if (wasLong(position)) {
    c.hasPosition = true;
    c.position = Number.NaN;
    c.positionWholeDigits = wholeDigitsOf(position);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a bound less tight only hands the sum to exact decimals, to the same answer
    c.positionBelow1e15 = c.positionWholeDigits <= 15;
  } else return false;
  // The spot order the shared fields are judged as (read-contract-order.ts's `judgeSent`): its
  // time in force the spot one of its type, the contract's being its own field.
  return readFast(
    into,
    sent.symbol,
    side,
    type,
    sent.quantity,
    sent.price,
    limit ? 'GTC' : undefined,
    sent.newClientOrderId,
    contextRead ? sent.referencePrice : undefined,
    contextRead ? sent.maxNotional : undefined,
    idRule,
  );
}

/**
 * A bound on a long plain decimal's (see `wasLong`) whole digits: it is below 10^digits. Its text's
 * digits before the point; a number's 15 below 10^15, else more than any maximum's.
 */
function wholeDigitsOf(value: unknown): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a bound less tight only hands the sum to exact decimals, to the same answer (one too tight is killed by test/futures/position-size-fast.test.ts)
  if (typeof value === 'number') return value < 1e15 ? 15 : UNBOUNDED_DIGITS;
  return wholeDigits(value as string);
}

/** More whole digits than any decimal the library reads has (its texts are at most 1,000 characters). */
const UNBOUNDED_DIGITS = 10_000;
