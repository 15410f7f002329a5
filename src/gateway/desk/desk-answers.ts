// What the desk controls answer (docs/gateway.md, "Desk controls"): the controls' names, which
// are also the `x-preflight-gateway` reasons of their refusals, and the shape of an answer.

/**
 * A desk control that refused an order; also the `x-preflight-gateway` reason of its answer.
 *
 * @example
 * ```ts
 * const control: DeskControl = 'throttled';
 * ```
 */
export type DeskControl =
  | 'halted'
  | 'throttled'
  | 'notional-cap'
  | 'duplicate-order'
  | 'quantity-cap'
  | 'price-collar'
  | 'symbol-not-allowed'
  | 'ambiguous-api-key';

/**
 * The `x-preflight-gateway` reasons of the desk's answers: a control's refusal, an order whose
 * `ACCESS-KEY` is sent twice, and the admin endpoints' answers.
 *
 * @example
 * ```ts
 * const reason: DeskReason = 'admin-halted';
 * ```
 */
export type DeskReason =
  | DeskControl
  | 'admin-halted'
  | 'admin-resumed'
  | 'admin-unauthorized'
  | 'admin-disabled';

/**
 * What a desk control says of a refused order, in its answer's body and its verdict event.
 *
 * @example
 * ```ts
 * const refusal: DeskRefusal = { control: 'quantity-cap', limit: '0.5', value: '0.6' };
 * ```
 */
export interface DeskRefusal {
  readonly control: DeskControl;
  /** The limit broken, as configured (a decimal, a count, the allowed symbols). */
  readonly limit?: string | readonly string[];
  /** The order's value that broke it (a quantity, a price, a count, a symbol). */
  readonly value?: string;
}

/** An answer of the desk's own, written by the gateway's `answer` (reason header, log, counters). */
export interface DeskAnswer {
  readonly status: number;
  readonly reason: DeskReason | 'reference-price-missing' | 'reference-price-stale';
  readonly body: { readonly code: number; readonly msg: string; readonly [detail: string]: unknown };
  /** For the verdict event of an order a control refused. */
  readonly refusal?: DeskRefusal;
}

/** Orders refused by each control. */
export type DeskRefusalCounts = Record<DeskControl, number>;

/** Every control at zero refusals. */
export function noRefusals(): DeskRefusalCounts {
  return {
    halted: 0,
    throttled: 0,
    'notional-cap': 0,
    'duplicate-order': 0,
    'quantity-cap': 0,
    'price-collar': 0,
    'symbol-not-allowed': 0,
    'ambiguous-api-key': 0,
  };
}
