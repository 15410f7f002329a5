import { Dec } from '../../decimal/dec.js';
import { toPlainDecimal, type ValidationResult } from '../../index.js';
import type { OrderParams } from '../parse-order-request.js';
import type { DeskAnswer, DeskRefusal, DeskRefusalCounts } from './desk-answers.js';
import type { CompiledDeskLimits, DecimalLimit, KeyRule, SymbolRule } from './desk-limits.js';
import { RecentOrders } from './duplicate-guard.js';
import { type KeyState, type KeyStates, MAX_TRACKED_KEYS } from './key-states.js';
import { giveToken, newBucket, takeToken } from './token-bucket.js';

// The controls of one order, in the gateway's hot path: the key's notional cap (which the
// library's own rule checks, as `maxNotional`) before the exchange's rules, and the rest once
// they have passed. A class, not closures: one small object per order, nothing else allocated
// on the way through (parsing each decimal once).

/** One order's requester, as the desk sees it: its key and its limits. */
export interface DeskClient {
  /** The notional cap for this order: the smallest of `global`, the key's and the symbol's. */
  maxNotional(symbol: unknown, global: string | number | undefined): string | number | undefined;
  /**
   * When the library refused the order for its notional alone (NOTIONAL_ABOVE_MAX), the answer's
   * reason and fields; counted as a `notional-cap` refusal.
   */
  notionalCap(result: ValidationResult): { reason: 'notional-cap'; fields: DeskRefusal } | undefined;
  /**
   * The controls that run after the exchange's rules passed: allowed symbols, quantity cap, price
   * collar, duplicate guard, throttle, in that order (stateless first, so a refused order takes
   * no token and is not remembered). An order they let through is remembered and takes a token.
   */
  judge(
    order: OrderParams,
    referencePrice: string | number | undefined,
    stale: boolean,
  ): DeskAnswer | undefined;
  /**
   * The order `judge` let through was not sent (the upstream was busy or unreachable): it is not
   * remembered by the duplicate guard and its token is given back, so resending it is no duplicate.
   */
  notSent(): void;
}

/** What every client of one desk shares: its counters, its key states, its clock. */
export interface DeskShared {
  readonly refusals: DeskRefusalCounts;
  readonly keys: KeyStates;
  readonly now: () => number;
  /** The global cap and the reference price, each parsed once while it stays the same. */
  readonly globalCapOf: (value: string | number) => Dec | undefined;
  readonly referenceOf: (value: string | number) => Dec | undefined;
}

/**
 * The `notional-cap` answer's reason and fields, when NOTIONAL_ABOVE_MAX is the only violation.
 *
 * @example
 * ```ts
 * notionalCapOf(result, refusals); // { reason: 'notional-cap', fields: { control, limit, value } }
 * ```
 */
export function notionalCapOf(
  result: ValidationResult,
  refusals: DeskRefusalCounts,
): { reason: 'notional-cap'; fields: DeskRefusal } | undefined {
  const [only, more] = result.violations;
  if (only?.code !== 'NOTIONAL_ABOVE_MAX' || more !== undefined) return undefined;
  refusals['notional-cap']++;
  const fields: DeskRefusal = {
    control: 'notional-cap',
    ...(only.limit === undefined ? {} : { limit: only.limit }),
    ...(only.value === undefined ? {} : { value: only.value }),
  };
  return { reason: 'notional-cap', fields };
}

/**
 * The desk's controls for one order of one key, under the limits in force when it arrived.
 *
 * @example
 * ```ts
 * const client = new KeyClient(shared, limits, 'desk-key', false);
 * const refused = client.judge(order, '100000.00', false); // undefined: it may go
 * ```
 */
export class KeyClient implements DeskClient {
  private readonly rule: KeyRule;
  private readonly listed: boolean;
  /** What `judge` charged the key for the order it let through, until it is known to be sent. */
  private charged: { readonly state: KeyState; readonly print?: string; readonly rate?: number } | undefined;

  constructor(
    private readonly shared: DeskShared,
    private readonly limits: CompiledDeskLimits,
    private readonly key: string,
    /** The `ACCESS-KEY` header was sent more than once. */
    private readonly twice: boolean,
  ) {
    const listed = limits.keys.get(key);
    this.listed = listed !== undefined;
    this.rule = listed ?? limits.anyKey;
  }

  maxNotional(symbol: unknown, global: string | number | undefined): string | number | undefined {
    let cap: DecimalLimit | undefined = this.rule.maxNotional;
    const symbolCap = this.symbolRule(symbol).maxNotional;
    if (symbolCap !== undefined && (cap === undefined || symbolCap.value.lt(cap.value))) cap = symbolCap;
    if (cap === undefined) return global;
    if (global === undefined) return cap.text;
    const globalCap = this.shared.globalCapOf(global);
    return globalCap?.lte(cap.value) ? global : cap.text;
  }

  notionalCap(result: ValidationResult): { reason: 'notional-cap'; fields: DeskRefusal } | undefined {
    return notionalCapOf(result, this.shared.refusals);
  }

  judge(
    order: OrderParams,
    referencePrice: string | number | undefined,
    stale: boolean,
  ): DeskAnswer | undefined {
    if (this.twice) {
      return this.refuse(
        400,
        -1142,
        "Parameter 'ACCESS-KEY' is invalid: the header is sent more than once, so the desk cannot tell whose limits apply; the order was not sent",
        { control: 'ambiguous-api-key', limit: 'one ACCESS-KEY header', value: this.key },
      );
    }
    const { rule, limits } = this;
    const symbol = String(order.symbol);
    if (rule.allowedSymbols !== undefined && !rule.allowedSymbols.has(symbol)) {
      const allowed = [...rule.allowedSymbols];
      return this.refuse(
        403,
        -1020,
        `key ${shown(this.key)} may not trade ${shown(symbol)} (allowedSymbols: ${allowed.join(', ')}); the order was not sent`,
        { control: 'symbol-not-allowed', limit: allowed, value: symbol },
      );
    }
    const symbolRule = this.symbolRule(symbol);
    // Each value parsed once, exactly, for every control that compares it.
    const quantityText = String(order.quantity);
    const quantity = decimalOf(quantityText);
    const priceText = order.price === undefined ? undefined : String(order.price);
    const price = priceText === undefined ? undefined : decimalOf(priceText);
    const maxQuantity = symbolRule.maxQuantity;
    if (maxQuantity !== undefined && quantity.gt(maxQuantity.value)) {
      return this.refuse(
        400,
        -1142,
        `Parameter 'quantity' is invalid: quantity ${quantityText} is above the desk's maxQuantity ${maxQuantity.text} for ${symbol}; the order was not sent`,
        { control: 'quantity-cap', limit: maxQuantity.text, value: quantityText },
      );
    }
    const maxDeviation = symbolRule.maxDeviation;
    if (maxDeviation !== undefined && order.type === 'LIMIT' && price !== undefined) {
      const reference = referencePrice === undefined ? undefined : this.shared.referenceOf(referencePrice);
      const collar = collarAnswer(priceText!, price, symbol, maxDeviation, reference, stale);
      if (collar !== undefined) {
        this.shared.refusals['price-collar']++;
        return collar;
      }
    }
    const maxDuplicates = rule.maxDuplicateOrders;
    const rate = rule.maxOrdersPerSecond;
    if (maxDuplicates === undefined && rate === undefined) return undefined;
    const nowMs = this.shared.now();
    const state = this.shared.keys.of(this.key, this.listed, nowMs, limits);
    if (state === undefined) {
      return this.refuse(
        429,
        -1003,
        `Too many requests: the desk tracks ${MAX_TRACKED_KEYS} unlisted API keys at once, all busy; the order was not sent`,
        { control: 'throttled', limit: String(MAX_TRACKED_KEYS), value: 'keys' },
      );
    }
    let print: string | undefined;
    if (maxDuplicates !== undefined) {
      // The same order for the guard: symbol, side, type, and price and quantity as exact
      // decimals in canonical text (`0.10` is `0.1`); not the client order id.
      print = `${symbol}\u0000${String(order.side)}\u0000${String(order.type)}\u0000${price?.toString() ?? ''}\u0000${quantity.toString()}`;
      state.recent ??= new RecentOrders(this.shared.keys.remembered);
      const earlier = state.recent.count(print, limits.duplicateWindowMs, nowMs);
      if (earlier >= maxDuplicates) {
        return this.refuse(
          409,
          -1015,
          `Too many new orders: key ${shown(this.key)} sent this order (${symbol} ${String(order.side)} ${String(order.type)} ${quantityText}${priceText === undefined ? '' : ` @ ${priceText}`}) ${earlier} times within ${limits.duplicateWindowMs} ms, maxDuplicateOrders ${maxDuplicates}; the order was not sent`,
          { control: 'duplicate-order', limit: String(maxDuplicates), value: String(earlier + 1) },
          { windowMs: limits.duplicateWindowMs },
        );
      }
    }
    if (rate !== undefined) {
      state.bucket ??= newBucket(rate, nowMs);
      if (!takeToken(state.bucket, rate, nowMs)) {
        const held = state.bucket.milli;
        return this.refuse(
          429,
          -1003,
          `Too many requests: key ${shown(this.key)} is over maxOrdersPerSecond ${rate}; the order was not sent`,
          { control: 'throttled', limit: String(rate), value: Dec.ofSafe(held, 3).toString() },
          { retryAfterMs: Math.ceil((1_000 - held) / rate) },
        );
      }
    }
    if (print !== undefined) state.recent?.add(print, nowMs);
    this.charged = {
      state,
      ...(print === undefined ? {} : { print }),
      ...(rate === undefined ? {} : { rate }),
    };
    return undefined;
  }

  notSent(): void {
    const charged = this.charged;
    this.charged = undefined;
    if (charged === undefined) return;
    if (charged.print !== undefined) charged.state.recent?.forget(charged.print);
    if (charged.rate !== undefined && charged.state.bucket !== undefined)
      giveToken(charged.state.bucket, charged.rate);
  }

  private symbolRule(symbol: unknown): SymbolRule {
    return (
      (typeof symbol === 'string' ? this.limits.symbols.get(symbol) : undefined) ?? this.limits.anySymbol
    );
  }

  private refuse(
    status: number,
    code: number,
    msg: string,
    refusal: DeskRefusal,
    details: Record<string, unknown> = {},
  ): DeskAnswer {
    this.shared.refusals[refusal.control]++;
    return { status, reason: refusal.control, body: { code, msg, ...refusal, ...details }, refusal };
  }
}

/** The collar's refusal of a LIMIT order, or undefined when its price is within it. */
function collarAnswer(
  priceText: string,
  price: Dec,
  symbol: string,
  maxDeviation: DecimalLimit,
  reference: Dec | undefined,
  stale: boolean,
): DeskAnswer | undefined {
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
  const distance = price.minus(reference);
  const away = distance.lt(Dec.ZERO) ? Dec.ZERO.minus(distance) : distance;
  const allowed = reference.times(maxDeviation.value);
  if (away.lte(allowed)) return undefined;
  const range = [reference.minus(allowed).toString(), reference.plus(allowed).toString()];
  return {
    status: 400,
    reason: 'price-collar',
    body: {
      code: -1142,
      msg: `Parameter 'price' is invalid: price ${priceText} is ${away.toString()} from the reference price ${reference.toString()}, more than the desk's maxDeviation ${maxDeviation.text} allows for ${symbol} (${range[0]} to ${range[1]}); the order was not sent`,
      control: 'price-collar',
      limit: maxDeviation.text,
      value: priceText,
      referencePrice: reference.toString(),
      priceRange: range,
    },
    refusal: { control: 'price-collar', limit: maxDeviation.text, value: priceText },
  };
}

/**
 * A decimal of the embedder's (the global cap, a reference price) parsed exactly, the last one
 * remembered: it changes once per tick at most, while orders come thousands a second.
 *
 * @example
 * ```ts
 * const referenceOf = lastDecimal();
 * referenceOf('100000.00'); // parsed; the same text next time is not parsed again
 * ```
 */
export function lastDecimal(): (value: string | number) => Dec | undefined {
  let key: string | number | undefined;
  let parsed: Dec | undefined;
  return (value) => {
    if (value !== key) {
      const plain = toPlainDecimal(value);
      key = value;
      parsed = plain === undefined ? undefined : Dec.parse(plain);
    }
    return parsed;
  };
}

const PLAIN_DIGITS = /^\d{1,30}(?:\.\d{1,30})?$/;

/**
 * An order value the library has already accepted as a decimal, parsed exactly: plain digits at
 * once, any other spelling (an exponent) through `toPlainDecimal` first.
 */
function decimalOf(text: string): Dec {
  return Dec.parse(PLAIN_DIGITS.test(text) ? text : (toPlainDecimal(text) ?? '0'));
}

/** A client's text in a message: quoted, escaped, at most 64 characters. */
function shown(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 63)}…` : text);
}
