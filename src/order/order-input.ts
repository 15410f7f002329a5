import type { ContextField, FieldWords, ORDER_FIELD_TABLE, OrderField } from './order-fields.js';

/**
 * What the caller knows beyond the order. Decimals as plain strings or finite numbers. A field
 * set to `undefined` is read as absent, so `{ referencePrice: last }` with `last` perhaps
 * undefined type-checks under `exactOptionalPropertyTypes`.
 *
 * @example
 * ```ts
 * const context: ValidationContext = { referencePrice: '64000.5', maxNotional: 50_000 };
 * ```
 */
export interface ValidationContext {
  /** The last traded price of the symbol; enables the price bands and market worst-case price. */
  readonly referencePrice?: string | number | undefined;
  /** A risk limit of the caller's, in quote units, on price × quantity (worst case for MARKET). */
  readonly maxNotional?: string | number | undefined;
}

/**
 * The fields every WEEX order has, whichever market (spot {@link OrderInput}, the contracts'
 * `ContractOrderInput`), of the market's `Type`s and times in force `Tif`: the spot reader reads
 * them for both, with the spot meaning. Decimals as plain strings or finite numbers.
 */
export interface OrderFieldsOf<Type extends string, Tif extends string> {
  readonly symbol: string;
  readonly side: OrderSide;
  readonly type: Type;
  readonly quantity: string | number;
  readonly price?: string | number | undefined;
  readonly timeInForce?: Tif | undefined;
  /** The caller's own id for the order; how long it may be is the market's rule. */
  readonly newClientOrderId?: string | undefined;
}

/**
 * An order as a user would send it to `POST /api/v3/order`, for callers who build orders in
 * code: editors complete its fields, and a misspelt one (`quantiy`) is a type error. The
 * request's other parameters (`timestamp`, `recvWindow`, `signature`, ...) may ride along and
 * are ignored. Input of unknown shape (parsed JSON, a gateway's request) is accepted too, and
 * judged at run time: see {@link OrderArgument}. An optional field set to `undefined` is read as
 * absent, so a form's values can be passed as they are (`price: isLimit ? px : undefined`). The
 * fields are readonly: to change one, make a new order (`{ ...order, price: v.suggestion[0] }`).
 *
 * @example
 * ```ts
 * const order: OrderInput = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC',
 *   price: '64000.01', quantity: '0.0015' };
 * ```
 */
export interface OrderInput extends OrderFieldsOf<OrderType, TimeInForce> {
  /**
   * 1 to 40 characters (Unicode code points), any but a control character U+0000 to U+001F or a
   * lone surrogate: WEEX documents a length only (error -1180). See docs/exchange-semantics.md.
   */
  readonly newClientOrderId?: string | undefined;
  readonly newOrderRespType?: string | undefined;
  readonly timestamp?: string | number | undefined;
  readonly recvWindow?: string | number | undefined;
  readonly signature?: string | undefined;
}

/**
 * What the order-taking functions accept for an order of type `T`: anything whose shape is not
 * known at compile time (`unknown`, `any`, a `Record<string, unknown>`); or an object whose
 * fields the compiler knows, as long as each is a field of {@link OrderInput}, so a typo is
 * caught before the order is ever judged. Values are judged at run time, not by the compiler:
 * reporting a wrong side or a malformed decimal is what validation is for.
 *
 * @example
 * ```ts
 * book.validateOrder(JSON.parse(body));                                  // unknown: judged at run time
 * book.validateOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantiy: '1' }); // type error
 * ```
 */
export type OrderArgument<T> = unknown extends T
  ? unknown
  : string extends keyof T
    ? T
    : { readonly [K in keyof T]: K extends keyof OrderInput ? T[K] : never };

/** @example `const side: OrderSide = 'BUY';` */
export type OrderSide = 'BUY' | 'SELL';
/** @example `const type: OrderType = 'LIMIT';` */
export type OrderType = 'LIMIT' | 'MARKET';
/** @example `const tif: TimeInForce = 'GTC';` */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

/** What a field of each kind holds, and so what `OrderInput` must declare for it. */
interface KindValue<F extends OrderField> {
  readonly symbol: string;
  readonly word: FieldWords<F>;
  readonly decimal: string | number;
  readonly 'client-order-id': string;
}
type TableValue<F extends OrderField> = KindValue<F>[(typeof ORDER_FIELD_TABLE)[F]['kind']];
/** Optional in the interface exactly when some order type does not require it. */
type TableOptional<F extends OrderField> = (typeof ORDER_FIELD_TABLE)[F] extends {
  readonly LIMIT: 'required';
  readonly MARKET: 'required';
}
  ? false
  : true;
type IsOptional<T, K extends keyof T> = object extends Pick<T, K> ? true : false;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fields the interfaces and the tables disagree on: missing from either, or of another type. */
type Disagreeing =
  | Exclude<OrderField, keyof OrderInput>
  | {
      [F in OrderField]: Same<Exclude<OrderInput[F], undefined>, TableValue<F>> extends true
        ? Same<IsOptional<OrderInput, F>, TableOptional<F>> extends true
          ? never
          : F
        : F;
    }[OrderField]
  | Exclude<ContextField, keyof ValidationContext>
  | Exclude<keyof ValidationContext, ContextField>
  | (Same<OrderSide, FieldWords<'side'>> extends true ? never : 'side')
  | (Same<OrderType, FieldWords<'type'>> extends true ? never : 'type')
  | (Same<TimeInForce, FieldWords<'timeInForce'>> extends true ? never : 'timeInForce');

/** Compile-time guard: the tables of fields (order-fields.ts) are the interfaces above, field by field. */
const _tablesAreTheInterfaces: [Disagreeing] extends [never] ? true : Disagreeing = true;
void _tablesAreTheInterfaces;
