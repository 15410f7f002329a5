/**
 * The codes of reading an order and its context, in the order checks run (the first part of
 * `VIOLATION_CODES`).
 */
export const READING_CODES = Object.freeze([
  'INVALID_ORDER',
  'MISSING_FIELD',
  'INVALID_FIELD',
  'UNEXPECTED_FIELD',
] as const);

/** The codes of looking up the order's symbol, in the order checks run (after reading's). */
export const LOOKUP_CODES = Object.freeze(['UNKNOWN_SYMBOL', 'SYMBOL_DEFINITION_INVALID'] as const);

/**
 * A closed union of the violation codes (README, "Semantics and codes"): stable strings, to match
 * on (never on messages). The codes of reading an order, of looking up its symbol, and of the
 * pair's rules; `VIOLATION_CODES` lists them in the order checks run.
 *
 * @example
 * ```ts
 * const code: ViolationCode = 'QUANTITY_STEP';
 * ```
 */
export type ViolationCode =
  | (typeof READING_CODES)[number]
  | (typeof LOOKUP_CODES)[number]
  | 'SYMBOL_NOT_TRADING'
  | 'TRADING_DISABLED'
  | 'PRICE_TICK'
  | 'PRICE_PRECISION'
  | 'PRICE_ABOVE_BUY_LIMIT'
  | 'PRICE_BELOW_SELL_LIMIT'
  | 'QUANTITY_STEP'
  | 'QUANTITY_PRECISION'
  | 'QUANTITY_BELOW_MIN'
  | 'QUANTITY_ABOVE_MAX'
  | 'MARKET_SIZE_ABOVE_MAX'
  | 'NOTIONAL_ABOVE_MAX';

/**
 * The order or context field a violation is about. `order` is the order as a whole; `notional`
 * is price × quantity.
 *
 * @example
 * ```ts
 * const field: ViolationField = 'price';
 * ```
 */
export type ViolationField =
  | 'order'
  | 'symbol'
  | 'side'
  | 'type'
  | 'quantity'
  | 'price'
  | 'timeInForce'
  | 'newClientOrderId'
  | 'context'
  | 'referencePrice'
  | 'maxNotional'
  | 'notional';

/**
 * The values a violation suggests, nearest first: never empty (a violation with nothing to
 * suggest has no `suggestion` at all), so `v.suggestion[0]` is a `string` wherever the code
 * says a suggestion is given, with no check needed.
 *
 * @example
 * ```ts
 * const nearest: Suggestions = ['64000', '64000.01'];
 * const below: string = nearest[0];
 * ```
 */
export type Suggestions = readonly [string, ...string[]];

/**
 * What every violation has: the code, the field it is about, and a sentence naming the field,
 * the rule, the limit and the value (for people; match on `code`, never on `message`).
 *
 * @example
 * ```ts
 * const base: ViolationBase<'TRADING_DISABLED', 'symbol'> = { code: 'TRADING_DISABLED', field: 'symbol', message: '...' };
 * ```
 */
export interface ViolationBase<C extends ViolationCode, F extends ViolationField> {
  readonly code: C;
  readonly field: F;
  readonly message: string;
  /** Absent on codes that quote no bound; present (a plain decimal) on those that do. */
  readonly limit?: string;
  readonly value?: string;
  /** Absent when there is nothing to suggest; never empty. */
  readonly suggestion?: Suggestions;
}

/** A code that quotes no bound: `limit`, `value` and `suggestion` are never there. */
interface PlainViolation<C extends ViolationCode, F extends ViolationField> extends ViolationBase<C, F> {
  readonly limit?: never;
  readonly value?: never;
  readonly suggestion?: never;
}

/**
 * A breach of a bound or grid: the order's `value` and the `limit` it broke, as plain decimal
 * strings (`'0.00000001'`, never `1e-8`), and the nearest values that satisfy the rule, nearest
 * first (for an off-grid price, the grid point below then the one above).
 *
 * @example
 * ```ts
 * // { code: 'PRICE_TICK', field: 'price', value: '100.005', limit: '0.01', suggestion: ['100', '100.01'], message }
 * ```
 */
export interface BoundViolation<C extends ViolationCode, F extends ViolationField>
  extends ViolationBase<C, F> {
  readonly limit: string;
  readonly value: string;
  readonly suggestion: Suggestions;
}

/**
 * A breach of a bound whose nearest passing value may not exist (a cap that rounds down to
 * zero, a band edge at or below zero): `suggestion` is then absent.
 *
 * @example
 * ```ts
 * if (v.code === 'QUANTITY_ABOVE_MAX' && v.suggestion) order = { ...order, quantity: v.suggestion[0] };
 * ```
 */
export interface CapViolation<C extends ViolationCode, F extends ViolationField> extends ViolationBase<C, F> {
  readonly limit: string;
  readonly value: string;
  readonly suggestion?: Suggestions;
}

/**
 * One broken rule, as a union by `code`: narrowing on the code gives exactly that code's fields
 * (a PRICE_TICK always has `limit`, `value` and `suggestion`; a NOTIONAL_ABOVE_MAX is about the
 * `notional` and has no suggestion).
 *
 * @example
 * ```ts
 * for (const v of result.violations) {
 *   if (v.code === 'PRICE_TICK') order = { ...order, price: v.suggestion[0] }; // a string: no check needed
 *   else if (v.code === 'NOTIONAL_ABOVE_MAX') console.log(`${v.value} > ${v.limit}`);
 * }
 * ```
 */
export type Violation =
  | PlainViolation<'INVALID_ORDER', 'order'>
  | PlainViolation<
      'MISSING_FIELD',
      'symbol' | 'side' | 'type' | 'quantity' | 'price' | 'timeInForce' | 'referencePrice'
    >
  | (ViolationBase<'INVALID_FIELD', ViolationField> & { readonly limit?: never; readonly value?: never })
  | PlainViolation<'UNEXPECTED_FIELD', 'price'>
  | (ViolationBase<'UNKNOWN_SYMBOL', 'symbol'> & {
      readonly limit?: never;
      readonly value?: never;
      /** The book's symbol this one spells another way (`btcusdt`: `['BTCUSDT']`), when there is one. */
      readonly suggestion?: Suggestions;
    })
  | PlainViolation<'SYMBOL_DEFINITION_INVALID' | 'SYMBOL_NOT_TRADING' | 'TRADING_DISABLED', 'symbol'>
  | BoundViolation<'PRICE_TICK' | 'PRICE_PRECISION' | 'PRICE_BELOW_SELL_LIMIT', 'price'>
  | CapViolation<'PRICE_ABOVE_BUY_LIMIT', 'price'>
  | BoundViolation<'QUANTITY_STEP' | 'QUANTITY_PRECISION' | 'QUANTITY_BELOW_MIN', 'quantity'>
  | CapViolation<'QUANTITY_ABOVE_MAX' | 'MARKET_SIZE_ABOVE_MAX', 'quantity'>
  | (ViolationBase<'NOTIONAL_ABOVE_MAX', 'notional'> & {
      readonly limit: string;
      readonly value: string;
      readonly suggestion?: never;
    });

/**
 * A check that applied to the order but could not run, why, and the field it lacked: a field of
 * the pair's definition the exchange did not send (`tickSize`, `minTradeAmount`, ...), or the
 * context's `referencePrice`.
 *
 * @example
 * ```ts
 * // { check: 'PRICE_ABOVE_BUY_LIMIT', reason: 'NO_REFERENCE_PRICE', field: 'referencePrice', message: '...' }
 * // { check: 'QUANTITY_BELOW_MIN', reason: 'NO_RULE_FIELD', field: 'minTradeAmount', message: '...' }
 * ```
 */
export interface SkippedCheck {
  readonly check: ViolationCode;
  readonly reason: SkipReason;
  readonly field: SkippedField;
  readonly message: string;
}

/**
 * Why a check was not performed: the pair has no price grid (`tickSize`, sent or inferred) or
 * quantity grid (`stepSize`); another rule field of the pair is absent; or the context lacks a
 * usable reference price.
 *
 * @example
 * ```ts
 * if (result.skipped.some((s) => s.reason === 'NO_REFERENCE_PRICE')) fetchLastPrice();
 * ```
 */
export type SkipReason = 'NO_TICK_SIZE' | 'NO_STEP_SIZE' | 'NO_RULE_FIELD' | 'NO_REFERENCE_PRICE';

/**
 * The field a skipped check needed: a rule field of the pair's definition, or `referencePrice`.
 *
 * @example
 * ```ts
 * const field: SkippedField = 'maxTradeAmount';
 * ```
 */
export type SkippedField =
  | 'status'
  | 'enableTrade'
  | 'tickSize'
  | 'stepSize'
  | 'quoteAssetPrecision'
  | 'baseAssetPrecision'
  | 'minTradeAmount'
  | 'maxTradeAmount'
  | 'buyLimitPriceRatio'
  | 'sellLimitPriceRatio'
  | 'marketBuyLimitSize'
  | 'marketSellLimitSize'
  | 'referencePrice';

/**
 * A verdict with its explanations, whichever market (spot `ValidationResult`, the contracts'
 * `ContractValidationResult`): `ok` exactly when `violations` is empty.
 */
export interface ExplainedVerdict<V, S> {
  readonly ok: boolean;
  readonly violations: readonly V[];
  readonly skipped: readonly S[];
}

/**
 * A verdict's codes without their explanations, whichever market (spot `OrderVerdict`, the
 * contracts' `ContractOrderVerdict`): `ok` and `skipped` of the explained verdict, and its codes.
 */
export interface CodedVerdict<C, S> {
  readonly ok: boolean;
  readonly codes: readonly C[];
  readonly skipped: readonly S[];
}

/**
 * The verdict on one order. `ok` is true exactly when `violations` is empty.
 *
 * @example
 * ```ts
 * const result: ValidationResult = book.validateOrder(order, { referencePrice: '64000' });
 * if (!result.ok) for (const v of result.violations) console.log(v.code, v.field, v.limit, v.value);
 * ```
 */
export interface ValidationResult extends ExplainedVerdict<Violation, SkippedCheck> {}

/**
 * The verdict on one order without its explanations: what `checkOrder` answers. `ok` and
 * `skipped` are those of `validateOrder` on the same order and context, and `codes` are the codes
 * of its violations, in the same order. Frozen, and on the fast path shared by every order with
 * the same verdict, so that a failing order costs about what a passing one does.
 *
 * @example
 * ```ts
 * const verdict: OrderVerdict = book.checkOrder(order, { referencePrice: '64000' });
 * if (!verdict.ok) reject(verdict.codes); // book.validateOrder(order, ...) says why, when needed
 * ```
 */
export interface OrderVerdict extends CodedVerdict<ViolationCode, SkippedCheck> {}
