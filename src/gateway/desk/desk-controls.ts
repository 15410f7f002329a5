import { performance } from 'node:perf_hooks';
import { Dec } from '../../decimal/dec.js';
import { InvalidArgumentError, toPlainDecimal, type ValidationResult } from '../../index.js';
import type { OrderParams } from '../parse-order-request.js';
import { bearerChecker } from './admin-token.js';
import {
  type CompiledDeskLimits,
  type DecimalLimit,
  type DeskLimits,
  describeLimitsFault,
  readDeskLimits,
  type SymbolRule,
} from './desk-limits.js';
import { RecentOrders } from './duplicate-guard.js';
import { isFull, newBucket, type TokenBucket, takeToken } from './token-bucket.js';

// The desk's pre-trade controls (docs/gateway.md, "Desk controls"): the kill switch, the per-key
// throttle, notional cap, duplicate guard and allowed symbols, the per-symbol quantity cap and
// price collar. The gateway asks them twice per order, in its hot path: for the key's notional
// cap (which the library's own rule checks, as `maxNotional`) and, once the exchange's rules have
// passed, for the rest. Each refusal names its control, the limit and the value.

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
  | 'symbol-not-allowed';

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
  | 'ambiguous-api-key'
  | 'admin-halted'
  | 'admin-resumed'
  | 'admin-unauthorized'
  | 'admin-disabled'
  | 'admin-bad-method';

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

/**
 * The desk's state, for the status page and for metrics: whether orders are halted (and since
 * when), the limits in force, and the refusals by control since start.
 *
 * @example
 * ```ts
 * const { halted, refusals } = gateway.desk;
 * metrics.gauge('preflight_halted', halted ? 1 : 0);
 * ```
 */
export interface DeskState {
  readonly halted: boolean;
  /** When the current halt began (ISO 8601), while halted. */
  readonly haltedSince: string | undefined;
  /** Whether `POST /preflight/halt` and `/preflight/resume` are enabled (an admin token is set). */
  readonly adminEndpoints: boolean;
  /** Whether desk limits are in force, and how many keys and symbols they list (`"*"` aside). */
  readonly limits: { readonly keys: number; readonly symbols: number } | undefined;
  /** Orders refused by each control since start. */
  readonly refusals: Readonly<Record<DeskControl, number>>;
}

/**
 * The kill switch: `POST` here with `Authorization: Bearer <adminToken>` halts every order (503
 * `halted`, not sent) until {@link RESUME_PATH}; cancels still go through. Never forwarded.
 *
 * @example
 * ```ts
 * await fetch(gateway.url + HALT_PATH, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
 * ```
 */
export const HALT_PATH = '/preflight/halt';
/**
 * Lifts a halt (`POST`, with the admin token as for {@link HALT_PATH}). Never forwarded.
 *
 * @example
 * ```ts
 * await fetch(gateway.url + RESUME_PATH, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
 * ```
 */
export const RESUME_PATH = '/preflight/resume';
const ADMIN_PREFIX = '/preflight/';
const DRY_RUN_PATH = '/api/v3/order/test';

/** Methods that could place an order: refused while halted. GET and DELETE (queries, cancels) go through. */
const PLACING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** Keys not listed in the limits whose throttle or duplicate state is kept at once, at most. */
export const MAX_TRACKED_KEYS = 10_000;
const SWEEP_EVERY_MS = 100;

/** Where a key's state lives: its bucket and its recent orders, made when first needed. */
interface KeyState {
  bucket: TokenBucket | undefined;
  recent: RecentOrders | undefined;
  readonly listed: boolean;
}

/** One order's requester, as the desk sees it: the key, its limits, and whether it is a dry run. */
export interface DeskClient {
  /** The notional cap for this order: the smallest of `global`, the key's and the symbol's. */
  maxNotional(symbol: unknown, global: string | number | undefined): string | number | undefined;
  /**
   * When the library refused the order for its notional alone (NOTIONAL_ABOVE_MAX, the key's or
   * the symbol's cap), the answer's reason and fields; counted as a `notional-cap` refusal.
   */
  notionalCap(result: ValidationResult): { reason: 'notional-cap'; fields: DeskRefusal } | undefined;
  /**
   * The controls that run after the exchange's rules passed: allowed symbols, quantity cap, price
   * collar, duplicate guard, throttle, in that order (stateless first, so a refused order takes
   * no token and is not remembered). An order they let through is remembered and takes a token,
   * unless it is a dry run (`/api/v3/order/test`), which is judged alike and leaves no trace.
   */
  judge(
    order: OrderParams,
    referencePrice: string | number | undefined,
    stale: boolean,
  ): DeskAnswer | undefined;
}

/** The desk controls of one gateway. */
export interface DeskControls {
  /** The requester of an order (its `ACCESS-KEY`). */
  clientOf(req: { readonly url?: string | undefined; readonly rawHeaders: readonly string[] }): DeskClient;
  /**
   * The desk's answer to a request before it is routed: the admin endpoints, and while halted
   * every request that could place an order. `undefined`: the request goes on as usual.
   */
  intercept(req: {
    readonly method?: string | undefined;
    readonly url?: string | undefined;
    readonly rawHeaders: readonly string[];
    readonly socket: { readonly remoteAddress?: string | undefined };
  }): DeskAnswer | undefined;
  /** Replaces the limits in force (checked first: on a fault, the old ones stay and it throws). */
  setLimits(limits: DeskLimits | undefined): void;
  /** Halts orders (as `POST /preflight/halt` does); true when it was not halted. */
  halt(): boolean;
  /** Resumes them; true when it was halted. */
  resume(): boolean;
  readonly state: DeskState;
}

/**
 * The desk controls, from the gateway's options (checked by then).
 */
export function createDeskControls(options: {
  /** The limits as {@link readDeskLimits} compiled them (the gateway's options schema does). */
  readonly deskLimits?: CompiledDeskLimits | undefined;
  readonly adminToken?: string | undefined;
  /** A monotonic clock in ms (tests); default `performance.now`. */
  readonly now?: () => number;
}): DeskControls {
  const now = options.now ?? (() => performance.now());
  let limits = options.deskLimits;
  const keys = new Map<string, KeyState>();
  let unlistedKeys = 0;
  let lastSweep = Number.NEGATIVE_INFINITY;
  let haltedSince: number | undefined;
  const authorized = options.adminToken === undefined ? undefined : bearerChecker(options.adminToken);
  const refusals: Record<DeskControl, number> = {
    halted: 0,
    throttled: 0,
    'notional-cap': 0,
    'duplicate-order': 0,
    'quantity-cap': 0,
    'price-collar': 0,
    'symbol-not-allowed': 0,
  };

  const refuse = (
    status: number,
    code: number,
    msg: string,
    refusal: DeskRefusal,
    details: Record<string, unknown> = {},
  ): DeskAnswer => {
    refusals[refusal.control]++;
    return { status, reason: refusal.control, body: { code, msg, ...refusal, ...details }, refusal };
  };

  /** The state of a key, made when first needed; undefined when too many unlisted keys are kept. */
  const stateOf = (key: string, listed: boolean, nowMs: number): KeyState | undefined => {
    const known = keys.get(key);
    if (known !== undefined) return known;
    if (!listed && unlistedKeys >= MAX_TRACKED_KEYS && !sweep(nowMs)) return undefined;
    const state: KeyState = { bucket: undefined, recent: undefined, listed };
    keys.set(key, state);
    if (!listed) unlistedKeys++;
    return state;
  };

  /** Forgets the keys whose state says nothing a fresh one would not; true when one was. */
  const sweep = (nowMs: number): boolean => {
    if (nowMs - lastSweep < SWEEP_EVERY_MS) return false;
    lastSweep = nowMs;
    const current = limits;
    let freed = false;
    for (const [key, state] of keys) {
      const rule = current === undefined ? undefined : (current.keys.get(key) ?? current.anyKey);
      const rate = rule?.maxOrdersPerSecond;
      const bucketIdle =
        state.bucket === undefined || rate === undefined || isFull(state.bucket, rate, nowMs);
      const windowMs = current?.duplicateWindowMs ?? 0;
      const recentIdle = state.recent === undefined || state.recent.isEmpty(windowMs, nowMs);
      if (!bucketIdle || !recentIdle) continue;
      keys.delete(key);
      if (!state.listed) unlistedKeys--;
      freed = true;
    }
    return freed;
  };

  const notionalCap: DeskClient['notionalCap'] = (result) => {
    const [only, more] = result.violations;
    if (only?.code !== 'NOTIONAL_ABOVE_MAX' || more !== undefined) return undefined;
    refusals['notional-cap']++;
    const fields: DeskRefusal = {
      control: 'notional-cap',
      ...(only.limit === undefined ? {} : { limit: only.limit }),
      ...(only.value === undefined ? {} : { value: only.value }),
    };
    return { reason: 'notional-cap', fields };
  };

  /** The desk's side when no limits are set: the global cap as it is, no other control. */
  const unlimited: DeskClient = {
    maxNotional: (_symbol, global) => global,
    notionalCap,
    judge: () => undefined,
  };

  const clientOf: DeskControls['clientOf'] = (req) => {
    const current = limits;
    if (current === undefined) return unlimited;
    let key: string | undefined;
    let twice = false;
    const raw = req.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = raw[i]!;
      if (name.length !== 10 || name.toLowerCase() !== 'access-key') continue;
      if (key !== undefined) twice = true;
      key = raw[i + 1]!;
    }
    const url = req.url ?? '';
    const dryRun =
      url.startsWith(DRY_RUN_PATH) &&
      (url.length === DRY_RUN_PATH.length || url[DRY_RUN_PATH.length] === '?');
    return limitedClient(current, key ?? '', twice, dryRun);
  };

  const limitedClient = (
    current: CompiledDeskLimits,
    key: string,
    twice: boolean,
    dryRun: boolean,
  ): DeskClient => {
    const listedRule = current.keys.get(key);
    const rule = listedRule ?? current.anyKey;
    const symbolRuleOf = (symbol: unknown): SymbolRule =>
      (typeof symbol === 'string' ? current.symbols.get(symbol) : undefined) ?? current.anySymbol;
    return {
      maxNotional(symbol, global) {
        let cap: DecimalLimit | undefined = rule.maxNotional;
        const symbolCap = symbolRuleOf(symbol).maxNotional;
        if (symbolCap !== undefined && (cap === undefined || symbolCap.value.lt(cap.value))) cap = symbolCap;
        if (cap === undefined) return global;
        if (global === undefined) return cap.text;
        const globalText = toPlainDecimal(global);
        return globalText !== undefined && Dec.parse(globalText).lte(cap.value) ? global : cap.text;
      },
      notionalCap,
      judge(order, referencePrice, stale) {
        const shownKey = shownText(key);
        if (twice) {
          return {
            status: 400,
            reason: 'ambiguous-api-key',
            body: {
              code: -1142,
              msg: "Parameter 'ACCESS-KEY' is invalid: the header is sent more than once, so the desk cannot tell whose limits apply; the order was not sent",
            },
          };
        }
        const symbol = String(order.symbol);
        if (rule.allowedSymbols !== undefined && !rule.allowedSymbols.has(symbol)) {
          const allowed = [...rule.allowedSymbols];
          return refuse(
            403,
            -1020,
            `key ${shownKey} may not trade ${shownText(symbol)} (allowedSymbols: ${allowed.join(', ')}); the order was not sent`,
            { control: 'symbol-not-allowed', limit: allowed, value: symbol },
          );
        }
        const symbolRule = symbolRuleOf(symbol);
        const quantityText = String(order.quantity);
        const maxQuantity = symbolRule.maxQuantity;
        if (maxQuantity !== undefined && decimalOf(quantityText).gt(maxQuantity.value)) {
          return refuse(
            400,
            -1142,
            `Parameter 'quantity' is invalid: quantity ${quantityText} is above the desk's maxQuantity ${maxQuantity.text} for ${symbol}; the order was not sent`,
            { control: 'quantity-cap', limit: maxQuantity.text, value: quantityText },
          );
        }
        const maxDeviation = symbolRule.maxDeviation;
        if (maxDeviation !== undefined && order.type === 'LIMIT') {
          const collar = collarAnswer(order, symbol, maxDeviation, referencePrice, stale);
          if (collar !== undefined) {
            refusals['price-collar']++;
            return collar;
          }
        }
        const maxDuplicates = rule.maxDuplicateOrders;
        const rate = rule.maxOrdersPerSecond;
        if (maxDuplicates === undefined && rate === undefined) return undefined;
        const nowMs = now();
        const state = stateOf(key, listedRule !== undefined, nowMs);
        if (state === undefined) {
          return refuse(
            429,
            -1003,
            `Too many requests: the desk tracks ${MAX_TRACKED_KEYS} unlisted API keys at once, all busy; the order was not sent`,
            { control: 'throttled', limit: String(MAX_TRACKED_KEYS), value: 'keys' },
          );
        }
        let print: string | undefined;
        if (maxDuplicates !== undefined) {
          print = fingerprint(order);
          state.recent ??= new RecentOrders();
          const earlier = state.recent.count(print, current.duplicateWindowMs, nowMs);
          if (earlier >= maxDuplicates) {
            return refuse(
              409,
              -1015,
              `Too many new orders: key ${shownKey} sent this order (${symbol} ${String(order.side)} ${String(order.type)} ${quantityText}${order.price === undefined ? '' : ` @ ${String(order.price)}`}) ${earlier} times within ${current.duplicateWindowMs} ms, maxDuplicateOrders ${maxDuplicates}; the order was not sent`,
              { control: 'duplicate-order', limit: String(maxDuplicates), value: String(earlier + 1) },
              { windowMs: current.duplicateWindowMs },
            );
          }
        }
        if (rate !== undefined) {
          state.bucket ??= newBucket(rate, nowMs);
          if (!takeToken(state.bucket, rate, nowMs, !dryRun)) {
            const tokens = Dec.ofSafe(state.bucket.milli, 3).toString();
            return refuse(
              429,
              -1003,
              `Too many requests: key ${shownKey} is over maxOrdersPerSecond ${rate}; the order was not sent`,
              { control: 'throttled', limit: String(rate), value: tokens },
              { retryAfterMs: Math.ceil((1_000 - state.bucket.milli) / rate) },
            );
          }
        }
        if (print !== undefined && !dryRun) state.recent?.add(print, nowMs);
        return undefined;
      },
    };
  };

  const changeHalt = (halt: boolean): boolean => {
    if ((haltedSince !== undefined) === halt) return false;
    haltedSince = halt ? Date.now() : undefined;
    return true;
  };

  const intercept: DeskControls['intercept'] = (req) => {
    const url = req.url ?? '';
    const method = req.method ?? 'GET';
    if (!url.startsWith(ADMIN_PREFIX) && (haltedSince === undefined || !PLACING_METHODS.has(method)))
      return undefined;
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (path === HALT_PATH || path === RESUME_PATH) {
      if (authorized === undefined) {
        return {
          status: 404,
          reason: 'admin-disabled',
          body: {
            code: -1000,
            msg: `${path} is off: start the gateway with --admin-token-file (the adminToken option) to enable it; nothing was forwarded`,
          },
        };
      }
      if (method !== 'POST') {
        return {
          status: 405,
          reason: 'admin-bad-method',
          body: { code: -1000, msg: `${path} takes POST, not ${method}; nothing changed` },
        };
      }
      const peer = req.socket.remoteAddress ?? 'an unknown address';
      if (!authorized(req.rawHeaders)) {
        return {
          status: 401,
          reason: 'admin-unauthorized',
          body: {
            code: -1000,
            msg: `${path} from ${peer}: missing or wrong "Authorization: Bearer <token>"; nothing changed`,
          },
        };
      }
      const halting = path === HALT_PATH;
      const changed = changeHalt(halting);
      const since = haltedSince === undefined ? undefined : new Date(haltedSince).toISOString();
      return {
        status: 200,
        reason: halting ? 'admin-halted' : 'admin-resumed',
        body: {
          code: 0,
          msg: halting
            ? `${changed ? 'halted' : 'already halted'} by POST ${path} from ${peer}: every order is refused (503 halted) until POST ${RESUME_PATH}; cancels still go through`
            : `${changed ? 'resumed' : 'not halted'} by POST ${path} from ${peer}: orders are judged again`,
          halted: halting,
          changed,
          ...(since === undefined ? {} : { haltedSince: since }),
        },
      };
    }
    if (haltedSince === undefined || !PLACING_METHODS.has(method)) return undefined;
    const since = new Date(haltedSince).toISOString();
    refusals.halted++;
    return {
      status: 503,
      reason: 'halted',
      body: {
        code: -1001,
        msg: `the desk halted orders at ${since} (POST ${HALT_PATH}); ${method} ${path} was not sent. Cancels (DELETE) still go through; POST ${RESUME_PATH} restores the flow`,
        control: 'halted',
        haltedSince: since,
      },
      refusal: { control: 'halted' },
    };
  };

  return {
    clientOf,
    intercept,
    setLimits(next) {
      limits = next === undefined ? undefined : compiled(next, 'limits');
    },
    halt: () => changeHalt(true),
    resume: () => changeHalt(false),
    get state(): DeskState {
      return {
        halted: haltedSince !== undefined,
        haltedSince: haltedSince === undefined ? undefined : new Date(haltedSince).toISOString(),
        adminEndpoints: authorized !== undefined,
        limits: limits === undefined ? undefined : { keys: limits.listedKeys, symbols: limits.listedSymbols },
        refusals: { ...refusals },
      };
    },
  };
}

/** The limits checked and compiled, or an {@link InvalidArgumentError} naming `argument` and the path. */
function compiled(limits: DeskLimits, argument: string): CompiledDeskLimits {
  const read = readDeskLimits(limits);
  if (read.ok) return read.limits;
  throw new InvalidArgumentError(argument, describeLimitsFault(read));
}

/** The collar's refusal of a LIMIT order, or undefined when its price is within it. */
function collarAnswer(
  order: OrderParams,
  symbol: string,
  maxDeviation: DecimalLimit,
  referencePrice: string | number | undefined,
  stale: boolean,
): DeskAnswer | undefined {
  const reference = referencePrice === undefined ? undefined : toPlainDecimal(referencePrice);
  if (reference === undefined) {
    // No fresh reference price: the collar cannot be checked, so the order is not sent, whatever
    // failOpen says of the exchange's band (the collar is the desk's own, tighter limit).
    return {
      status: 503,
      reason: stale ? 'reference-price-stale' : 'reference-price-missing',
      body: {
        code: -1001,
        msg: `the gateway has no ${stale ? 'fresh ' : ''}reference price for ${symbol}: the desk's price collar (maxDeviation ${maxDeviation.text}) cannot be checked, so the order was not sent`,
        control: 'price-collar',
        limit: maxDeviation.text,
      },
      refusal: { control: 'price-collar', limit: maxDeviation.text },
    };
  }
  const priceText = String(order.price);
  const price = decimalOf(priceText);
  const ref = Dec.parse(reference);
  const distance = price.minus(ref);
  const away = distance.lt(Dec.ZERO) ? Dec.ZERO.minus(distance) : distance;
  const allowed = ref.times(maxDeviation.value);
  if (away.lte(allowed)) return undefined;
  const range = [ref.minus(allowed).toString(), ref.plus(allowed).toString()];
  return {
    status: 400,
    reason: 'price-collar',
    body: {
      code: -1142,
      msg: `Parameter 'price' is invalid: price ${priceText} is ${away.toString()} from the reference price ${reference}, more than the desk's maxDeviation ${maxDeviation.text} allows for ${symbol} (${range[0]} to ${range[1]}); the order was not sent`,
      control: 'price-collar',
      limit: maxDeviation.text,
      value: priceText,
      referencePrice: reference,
      priceRange: range,
    },
    refusal: { control: 'price-collar', limit: maxDeviation.text, value: priceText },
  };
}

/** An order value the library has already accepted as a decimal, parsed exactly. */
function decimalOf(text: string): Dec {
  return Dec.parse(toPlainDecimal(text) ?? '0');
}

/**
 * What makes two orders the same for the duplicate guard: symbol, side, type, and price and
 * quantity as exact decimals (`0.10` and `0.1` alike); not the client order id.
 */
function fingerprint(order: OrderParams): string {
  const price = order.price === undefined ? '' : (toPlainDecimal(order.price) ?? String(order.price));
  const quantity = toPlainDecimal(order.quantity) ?? String(order.quantity);
  return `${String(order.symbol)}\u0000${String(order.side)}\u0000${String(order.type)}\u0000${price}\u0000${quantity}`;
}

/** A client's text in a message: quoted, escaped, at most 64 characters. */
function shownText(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 63)}…` : text);
}
