import {
  CONTRACT_ORDER_FIELDS,
  CONTRACT_VIOLATION_CODES,
  type ContractSkippedCheck,
  type ContractViolation,
  type ContractViolationCode,
} from '../futures.js';
import { PARAM_ERROR } from './parse-order-request.js';
import { SKIPPABLE_CHECKS } from './unchecked-checks.js';

/**
 * The gateway's side of a contract order (`market: 'futures'`; docs/gateway.md, "Futures"): which
 * body fields each judged path takes, how an algo order's own keys are read as the contract order
 * the library judges, the type each path places, which checks may go unchecked, and the
 * exchange's error for a refusal. The rules themselves are the library's (`ContractBook`).
 */

/** The contract order path: LIMIT and MARKET. */
export const CONTRACT_ORDER_PATH = '/capi/v3/order';
/** The conditional (algo) order path: STOP, TAKE_PROFIT, STOP_MARKET, TAKE_PROFIT_MARKET. */
export const CONTRACT_ALGO_PATH = '/capi/v3/algoOrder';

/**
 * The algo endpoint's keys that the library reads under another name, and that name: its client
 * id (documented with the order's client-id pattern) and its preset take-profit and stop-loss
 * trigger prices (held, as the order's `tpTriggerPrice` and `slTriggerPrice` are, to the price grid).
 */
const ALGO_KEYS: Readonly<Record<string, string>> = {
  clientAlgoId: 'newClientOrderId',
  presetTakeProfitPrice: 'tpTriggerPrice',
  presetStopLossPrice: 'slTriggerPrice',
};

/** The algo endpoint's own body keys (beside the shared contract fields). */
export function contractAlgoFields(): readonly string[] {
  return Object.keys(ALGO_KEYS);
}

/**
 * The body fields of `POST /capi/v3/order`: every contract order field (the library refuses a
 * `triggerPrice` on LIMIT and MARKET itself).
 */
const ORDER_PATH_FIELDS: readonly string[] = CONTRACT_ORDER_FIELDS;

/**
 * The body fields of `POST /capi/v3/algoOrder` as documented: no `timeInForce`, no
 * `newClientOrderId` (its id is `clientAlgoId`), no `tpTriggerPrice`/`slTriggerPrice` (its
 * presets are `presetTakeProfitPrice`/`presetStopLossPrice`).
 */
const ALGO_PATH_FIELDS: readonly string[] = [
  'symbol',
  'side',
  'positionSide',
  'type',
  'quantity',
  'price',
  'triggerPrice',
  'clientAlgoId',
  'presetTakeProfitPrice',
  'presetStopLossPrice',
  'TpWorkingType',
  'SlWorkingType',
];

/** The types each judged path places. */
const PATH_TYPES: Readonly<Record<string, readonly string[]>> = {
  [CONTRACT_ORDER_PATH]: ['LIMIT', 'MARKET'],
  [CONTRACT_ALGO_PATH]: ['STOP', 'TAKE_PROFIT', 'STOP_MARKET', 'TAKE_PROFIT_MARKET'],
};

/** The body fields the gateway reads (and forwards) on a judged contract path. */
export function contractFieldsOf(path: string): readonly string[] {
  return path === CONTRACT_ALGO_PATH ? ALGO_PATH_FIELDS : ORDER_PATH_FIELDS;
}

/**
 * The checks a contract verdict can skip, the names `allowUnchecked` takes with
 * `market: 'futures'`: spot's that a contract shares, and the contract's own (the trigger-price
 * grid, the MARKET opening cap, and the position cap, which the gateway can never check: it has
 * no position feed).
 */
export const CONTRACT_SKIPPABLE_CHECKS: readonly ContractViolationCode[] = Object.freeze(
  CONTRACT_VIOLATION_CODES.filter(
    (code) =>
      (SKIPPABLE_CHECKS as readonly string[]).includes(code) ||
      code === 'TRIGGER_PRICE_TICK' ||
      code === 'MARKET_OPEN_SIZE_ABOVE_MAX' ||
      code === 'POSITION_SIZE_ABOVE_MAX',
  ),
);

/**
 * The contract order the library judges, from the fields read on `path`: an algo order's own
 * keys under the library's names. Or the violation when the order's type is not one `path`
 * places (a STOP order sent to the order path would reach the exchange as something else).
 */
export function contractOrderOf(
  path: string,
  fields: Readonly<Record<string, unknown>>,
):
  | { readonly ok: true; readonly order: Record<string, unknown> }
  | { readonly ok: false; readonly violation: ContractViolation } {
  const order: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) order[ALGO_KEYS[key] ?? key] = value;
  const types = PATH_TYPES[path] ?? [];
  const { type } = fields;
  if (
    typeof type === 'string' &&
    !types.includes(type) &&
    (PATH_TYPES[CONTRACT_ORDER_PATH]!.includes(type) || PATH_TYPES[CONTRACT_ALGO_PATH]!.includes(type))
  ) {
    const other = path === CONTRACT_ALGO_PATH ? CONTRACT_ORDER_PATH : CONTRACT_ALGO_PATH;
    return {
      ok: false,
      violation: {
        code: 'INVALID_FIELD',
        field: 'type',
        message: `POST ${path} places ${types.join(', ')} orders; a ${type} order goes to POST ${other}`,
        value: type,
      },
    };
  }
  return { ok: true, order };
}

/**
 * Why a contract check was skipped, as the gateway treats it: a rule field the contract lacks, a
 * reference price, or a position (never known to the gateway).
 */
export function contractSkipKind(skip: ContractSkippedCheck): 'rule-field' | 'reference-price' | 'position' {
  if (skip.reason === 'NO_REFERENCE_PRICE') return 'reference-price';
  if (skip.reason === 'NO_POSITION') return 'position';
  return 'rule-field';
}

/**
 * The skips that keep a contract order from being sent: those whose check `allowUnchecked` does
 * not name, less the band's for want of a reference price when `failOpen` (never the notional cap's).
 */
export function contractUncheckedSkips(
  skipped: readonly ContractSkippedCheck[],
  allowUnchecked: ReadonlySet<string>,
  failOpen: boolean,
): readonly ContractSkippedCheck[] {
  return skipped.filter(
    (skip) =>
      !allowUnchecked.has(skip.check) &&
      !(failOpen && contractSkipKind(skip) === 'reference-price' && skip.check !== 'NOTIONAL_ABOVE_MAX'),
  );
}

/**
 * The WEEX error a refused contract order is answered with: `-1160` "Decimal precision error."
 * for a price, trigger price or size off its grid (the code WEEX's V3 futures error list gives
 * for precision), `-3007` for a size over the contract's maximum or its MARKET opening cap, else
 * PARAM_ERROR naming the field: which code the exchange answers for the rest is not shown
 * (docs/exchange-semantics.md, "Futures (contracts)"). The `violations` beside it say exactly what is wrong.
 */
export function contractExchangeErrorOf(violation: ContractViolation): {
  readonly code: number;
  readonly msg: string;
} {
  switch (violation.code) {
    case 'PRICE_TICK':
    case 'QUANTITY_STEP':
    case 'TRIGGER_PRICE_TICK':
      return { code: -1160, msg: 'Decimal precision error.' };
    case 'QUANTITY_ABOVE_MAX':
    case 'MARKET_OPEN_SIZE_ABOVE_MAX':
      return { code: -3007, msg: 'Maximum contract order quantity exceeded.' };
    default:
      return { code: PARAM_ERROR, msg: `Parameter '${violation.field}' is invalid` };
  }
}
