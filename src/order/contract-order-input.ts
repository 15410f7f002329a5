import type {
  ContractOrderType,
  ContractTimeInForce,
  PositionSide,
  WorkingType,
} from './contract-order-fields.js';
import type { OrderFieldsOf } from './order-input.js';

/**
 * A contract order as a user would send it to `POST /capi/v3/order` (LIMIT, MARKET) or
 * `POST /capi/v3/algoOrder` (the conditional types, with `triggerPrice`). Decimals as plain
 * strings or finite numbers; `quantity` in base-asset units (docs/exchange-semantics.md,
 * "Futures (contracts)"). `price` is required on LIMIT, STOP and TAKE_PROFIT and refused on the
 * MARKET types; `timeInForce` is required on LIMIT. Other keys ride along and are ignored.
 *
 * @example
 * ```ts
 * const order: ContractOrderInput = { symbol: 'BTCUSDT', side: 'BUY', positionSide: 'LONG',
 *   type: 'LIMIT', timeInForce: 'GTC', price: '64000.1', quantity: '0.01' };
 * ```
 */
export interface ContractOrderInput extends OrderFieldsOf<ContractOrderType, ContractTimeInForce> {
  /** LONG or SHORT: BUY+LONG and SELL+SHORT open, SELL+LONG and BUY+SHORT close. */
  readonly positionSide: PositionSide;
  /** 1 to 36 of `A-Z a-z 0-9 . : / _ -`, the pattern WEEX documents for futures. */
  readonly newClientOrderId?: string | undefined;
  readonly tpTriggerPrice?: string | number | undefined;
  readonly slTriggerPrice?: string | number | undefined;
  readonly TpWorkingType?: WorkingType | undefined;
  readonly SlWorkingType?: WorkingType | undefined;
  /** Required on the algo types, refused on LIMIT and MARKET. */
  readonly triggerPrice?: string | number | undefined;
}

/**
 * What the caller knows beyond a contract order. Decimals as plain strings or finite numbers.
 *
 * @example
 * ```ts
 * const context: ContractOrderContext = { referencePrice: '64000', position: '0.25' };
 * ```
 */
export interface ContractOrderContext {
  /**
   * The price the band is measured from, the caller's choice (mark or last price: WEEX does not
   * say which); without it the band is skipped, and said so.
   */
  readonly referencePrice?: string | number | undefined;
  /** A risk limit of the caller's, in quote units, on price × quantity. */
  readonly maxNotional?: string | number | undefined;
  /**
   * The current size, base units, of the position on the order's `positionSide`; without it
   * `maxPositionSize` is skipped, and said so. `0` for no position.
   */
  readonly position?: string | number | undefined;
}
