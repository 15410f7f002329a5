import type { SkippedCheck, ValidationResult, ViolationCode } from '../index.js';
import type { GatewayReason } from './answers.js';
import type { DeskControl, DeskRefusal } from './desk/desk-answers.js';
import type { ForwardOutcome } from './forward.js';
import type { OrderParams } from './parse-order-request.js';

/**
 * What the gateway reports through `onEvent`.
 *
 * @example
 * ```ts
 * onEvent: (e) => { if (e.type === 'verdict' && !e.result.ok) log.info(e.order, e.result.violations); }
 * ```
 */
export type GatewayEvent =
  | {
      readonly type: 'verdict';
      readonly order: OrderParams;
      readonly result: ValidationResult;
      readonly referencePrice: string | number | undefined;
      /** The reference price's age in ms, when its source gives one. */
      readonly referencePriceAgeMs: number | undefined;
      /**
       * Set when a check needed a reference price it could not have: `missing` (none known) or
       * `stale` (older than `maxReferenceAgeMs`). An accepted order with it was forwarded only
       * because of `failOpen`.
       */
      readonly bandUnchecked: 'missing' | 'stale' | undefined;
      /**
       * The skipped checks neither `allowUnchecked` nor `failOpen` lets through (empty when there
       * are none). An order that passed with any was not sent: 503 `rule-unchecked` when one is
       * for a rule field the pair lacks, else `reference-price-missing` / `-stale`.
       */
      readonly unchecked: readonly SkippedCheck[];
      /** Set when the rules passed but a desk control refused the order (not sent). */
      readonly desk?: DeskRefusal | undefined;
    }
  | {
      readonly type: 'answered';
      readonly status: number;
      readonly reason: GatewayReason;
      readonly msg: string;
    }
  | {
      /**
       * The client left before its answer: while sending its request or while the request waited
       * for an upstream connection (`request`; nothing was forwarded), or after the request was
       * sent upstream (`upstream`; for an order, its execution status is the client's to query).
       */
      readonly type: 'client-gone';
      readonly stage: 'request' | 'upstream';
      readonly method: string;
      readonly target: string;
    }
  | {
      /**
       * A connection failed below HTTP: bytes that are not HTTP (`HPE_*`), a head or request
       * past its timeout (`ERR_HTTP_REQUEST_TIMEOUT`), a head too large (`HPE_HEADER_OVERFLOW`),
       * or its socket broke (`ECONNRESET`, `EPIPE`). `status` is what the gateway answered (400,
       * 408, 431) when it could still answer; the connection is closed either way.
       */
      readonly type: 'client-error';
      readonly code: string;
      readonly status: number | undefined;
    }
  | {
      /** A connection past `maxConnections` plus the overflow, closed as soon as it was accepted. */
      readonly type: 'connection-dropped';
      readonly open: number;
    }
  | {
      /**
       * At the connection cap (or the per-peer cap), a connection that had not handed over a
       * whole request was closed for a new one; nothing of it was judged or forwarded. `stage`
       * `head`: it had not finished a request head (the oldest such); `body`: its head was in and
       * its body still arriving, the slowest such (`bodyBytes` in the `bodyMs` since its head); it
       * was answered 408 `body-too-slow`.
       */
      readonly type: 'connection-evicted';
      readonly peer: string;
      readonly stage: 'head' | 'body';
      readonly bodyBytes?: number;
      readonly bodyMs?: number;
    }
  | {
      /** The listening socket reported an error (such as a failed `accept`); it keeps listening. */
      readonly type: 'server-error';
      readonly code: string;
    }
  | {
      readonly type: 'upstream-failure';
      readonly method: string;
      readonly target: string;
      readonly outcome: ForwardOutcome;
    }
  | GatewayRequestEvent;

/**
 * What became of a request, as its audit record says:
 *
 * - `forwarded`: sent upstream, and the upstream's answer relayed whole;
 * - `refused`: an order refused for its violations (400 `order-refused`), never sent;
 * - `answered`: the gateway answered itself for any other reason (`reason`): its status page,
 *   its metrics, a malformed or unjudgeable request, fail-closed refusals, upstream failures;
 * - `cut`: the upstream broke off mid-answer, and so was the client's connection;
 * - `client-gone`: the client left before its answer ended (`sent` says whether the request
 *   had been written upstream).
 *
 * @example
 * ```ts
 * const outcome: RequestOutcome = 'refused';
 * ```
 */
export type RequestOutcome = 'forwarded' | 'refused' | 'answered' | 'cut' | 'client-gone';

/**
 * One per request the gateway read as HTTP (its head parsed), when its answer has ended: the
 * audit record. It never carries a secret: no `ACCESS-SIGN`, `ACCESS-PASSPHRASE`,
 * `Authorization` header, body or query string (a query can carry order ids and signatures).
 * Connections that fail below HTTP (no request head) are `client-error` events instead.
 *
 * @example
 * ```ts
 * onEvent: (e) => { if (e.type === 'request') audit.write(JSON.stringify(e)); }
 * ```
 */
export interface GatewayRequestEvent {
  readonly type: 'request';
  readonly method: string;
  /** The request target's path, without the query string. */
  readonly path: string;
  /**
   * The `ACCESS-KEY` header (the API key: an identifier, not a secret), when sent; repeated
   * headers are joined with `, `.
   */
  readonly key: string | undefined;
  readonly outcome: RequestOutcome;
  /** The status the client was answered; undefined when no answer head went out. */
  readonly status: number | undefined;
  /** The gateway's reason (its `x-preflight-gateway` header), when it answered itself. */
  readonly reason: GatewayReason | undefined;
  /** A refused order's violation codes, in the order of its violations; empty otherwise. */
  readonly codes: readonly ViolationCode[];
  /** Whether the request was written to the upstream (for an order: it may have executed). */
  readonly sent: boolean;
  /** From the request head's arrival to the end of its answer, in ms (monotonic clock). */
  readonly latencyMs: number;
}

/**
 * Counters since start.
 *
 * @example
 * ```ts
 * const { accepted, refused } = gateway.stats;
 * ```
 */
export interface RiskGatewayStats {
  /** Orders validated. */
  readonly judged: number;
  /** Orders that passed and were forwarded. */
  readonly accepted: number;
  /** Orders refused for violations (400 with `violations`). */
  readonly refused: number;
  /** Orders that passed but were not sent: their price band could not be checked (503; not with `failOpen`). */
  readonly unchecked: number;
  /**
   * Orders that passed but were not sent: a check they needed was skipped because the pair lacks
   * its rule field, and `allowUnchecked` does not name it (503 `rule-unchecked`).
   */
  readonly ruleUnchecked: number;
  /** Requests answered 503 `upstream-busy`: the upstream pool and its queue were full. */
  readonly upstreamBusy: number;
  /** Requests of any kind sent upstream (written to a connection; not those that could not be sent). */
  readonly forwarded: number;
  /** Answers the gateway wrote itself, refusals included. */
  readonly gatewayAnswers: number;
  /** Client connections open right now (served and overflow). */
  readonly openConnections: number;
  /** Connections turned away for the cap (or the per-peer cap): answered 503 or dropped. */
  readonly refusedConnections: number;
  /** Connections still sending a request head or body, closed at the cap to make room for a new one. */
  readonly evictedConnections: number;
  /** Orders refused by each desk control (docs/gateway.md, "Desk controls"), not sent. */
  readonly deskRefusals: Readonly<Record<DeskControl, number>>;
}
