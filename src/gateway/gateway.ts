import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Agent } from 'undici';
import type { ContractOrderContext, ContractSkippedCheck, ContractValidationResult } from '../futures.js';
import {
  InvalidArgumentError,
  type SkippedCheck,
  toPlainDecimal,
  type ValidationContext,
  type ValidationResult,
  type ViolationCode,
} from '../index.js';
import { GATEWAY_HEADER, type GatewayReason, rawGatewayAnswer, sendGatewayAnswer } from './answers.js';
import { createConnectionSlots } from './connection-slots.js';
import {
  contractExchangeErrorOf,
  contractFieldsOf,
  contractOrderOf,
  contractSkipKind,
  contractUncheckedSkips,
} from './contract-orders.js';
import { describeError } from './describe-error.js';
import type { DeskAnswer } from './desk/desk-answers.js';
import { createDeskControls, type DeskState } from './desk/desk-controls.js';
import type { DeskLimits } from './desk/desk-limits.js';
import { HALT_PATH, RESUME_PATH } from './desk/kill-switch.js';
import { exchangeErrorOf } from './exchange-codes.js';
import { type ForwardOutcome, forwardRequest } from './forward.js';
import type { GatewayEvent, RiskGatewayStats } from './gateway-events.js';
import { createGatewayMetrics, sendMetrics } from './gateway-metrics.js';
import {
  type ReferencePrices,
  type RiskGatewayOptions,
  type RuleBookProvider,
  readGatewayOptions,
} from './gateway-options.js';
import { parseOrderRequest } from './parse-order-request.js';
import { isPlainPositiveDecimal } from './plain-decimal.js';
import { headerValues } from './raw-headers.js';
import { readRawBody } from './read-body.js';
import type { PriceQuote } from './reference-ticker.js';
import { createRequestAudit } from './request-audit.js';
import { requestRefusal } from './request-headers.js';
import { type Route, routeRequest, routeTakesBody } from './route.js';
import { ruleBookHealth } from './rule-book-health.js';
import {
  gatewaySkip,
  lacksRuleField,
  type ReferenceState,
  referenceUncheckedAnswer,
  ruleUncheckedBody,
  uncheckedSkips,
} from './unchecked-checks.js';

/** A request the route table sends to be judged: its path and query string. */
type JudgedRoute = Extract<Route, { kind: 'judge' }>;

/**
 * A running gateway.
 *
 * @example
 * ```ts
 * const gateway = await createRiskGateway({ upstreamUrl, source });
 * console.log(`listening on ${gateway.url}`);
 * await gateway.close();
 * ```
 */
export interface RiskGateway {
  /** `http://HOST:PORT` */
  readonly url: string;
  readonly port: number;
  readonly stats: RiskGatewayStats;
  /** The desk controls' state: halted or not, the limits in force, refusals by control. */
  readonly desk: DeskState;
  /**
   * Replaces the desk's limits (`undefined`: none), checked as the `deskLimits` option is; on a
   * fault it throws and the limits in force stay. Throttle and duplicate state carry over.
   */
  setLimits(limits: DeskLimits | undefined): void;
  /** Turns the kill switch on, as `POST /preflight/halt` does; true when it changed. */
  halt(): boolean;
  /** Turns the kill switch off, as `POST /preflight/resume` does; true when it changed. */
  resume(): boolean;
  /**
   * Stops accepting connections, lets requests in flight finish (up to `graceMs`, default 2 s),
   * then closes every connection and the gateway's own upstream sockets. Does not stop `source`.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * Answered by the gateway itself (never forwarded): its health, as JSON.
 *
 * @example
 * ```ts
 * const health = await fetch(gateway.url + STATUS_PATH).then((response) => response.json());
 * ```
 */
export const STATUS_PATH = '/preflight/status';
/**
 * Answered by the gateway itself (never forwarded) unless the `metrics` option is false: its
 * metrics in the Prometheus text format 0.0.4 (docs/gateway.md, "Metrics").
 *
 * @example
 * ```ts
 * const text = await fetch(gateway.url + METRICS_PATH).then((response) => response.text());
 * ```
 */
export const METRICS_PATH = '/metrics';
/**
 * Connections past `maxConnections` that are still answered (503, then closed) rather than
 * dropped at once, so that a client at the margin learns its request was not sent.
 *
 * @example
 * ```ts
 * const mostOpen = maxConnections + OVERFLOW_CONNECTIONS; // further connections are closed at once
 * ```
 */
export const OVERFLOW_CONNECTIONS = 64;

/**
 * Starts a pre-trade gateway in front of an exchange. `POST /api/v3/order` is judged against the
 * current rule book and the reference price: a refused order gets 400 with the violations and is
 * never sent; an accepted one is forwarded unchanged (method, path and query string, headers
 * except the connection ones and `Host`, body byte for byte), so the client's signature stays
 * valid, and the upstream's answer is relayed. Other requests are forwarded unchanged only when
 * their method and path are in the route table (the WEEX V3 spot endpoints that read or cancel,
 * plus `forward`); the rest are refused (docs/gateway.md, "Routes"). It fails closed: no rule book
 * (or a stale one) means 503 for orders, and so does an order whose verdict skipped a check for
 * want of a rule field (`rule-unchecked`) or of a fresh reference price, unless `allowUnchecked`
 * (or, for the reference price, `failOpen`) lets it through.
 *
 * @example
 * ```ts
 * import { createRuleBookSource, ExchangeInfoClient } from 'order-preflight/node';
 *
 * const client = new ExchangeInfoClient({ baseUrl: 'https://api.example.com' });
 * const source = createRuleBookSource({ client, intervalMs: 60_000 });
 * source.start();
 * const gateway = await createRiskGateway({
 *   upstreamUrl: 'https://api.example.com',
 *   source,
 *   referencePrices: new Map([['BTCUSDT', '100000']]),
 *   maxNotional: '250000',
 *   port: 8080,
 * });
 * ```
 */
export async function createRiskGateway(options: RiskGatewayOptions): Promise<RiskGateway> {
  const resolved = readGatewayOptions(options);
  const {
    upstreamUrl: origin,
    maxBodyBytes,
    upstreamTimeoutMs: timeoutMs,
    maxConnections,
    maxConnectionsPerPeer,
    maxUpstreamConnections,
    maxUpstreamQueue,
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs,
    maxHeaderBytes,
    maxReferenceAgeMs,
  } = resolved;
  const provider: RuleBookProvider = resolved.source ?? { current: () => resolved.book };
  const ownsDispatcher = resolved.dispatcher === undefined;
  const dispatcher =
    resolved.dispatcher ??
    // The deadline is forwardRequest's; undici's timers (1 s resolution) are only a backstop.
    // A connect that fails within half the deadline is reported as "not sent" (502, safe to retry).
    new Agent({
      connections: maxUpstreamConnections,
      headersTimeout: timeoutMs + 1_000,
      bodyTimeout: timeoutMs + 1_000,
      connectTimeout: Math.max(1, Math.floor(timeoutMs / 2)),
    });
  const stats = {
    judged: 0,
    accepted: 0,
    refused: 0,
    unchecked: 0,
    ruleUnchecked: 0,
    upstreamBusy: 0,
    forwarded: 0,
    gatewayAnswers: 0,
    refusedConnections: 0,
    evictedConnections: 0,
  };
  /** Which connections are served and which make room at the cap: see connection-slots.ts. */
  const slots = createConnectionSlots({
    maxConnections,
    maxConnectionsPerPeer,
    evictableAfterMs: Math.min(1_000, Math.floor(headersTimeoutMs / 2)),
    onEvicted: (eviction) => {
      stats.evictedConnections++;
      if (eviction.stage === 'body') stats.gatewayAnswers++; // its 408 body-too-slow
      emit({ type: 'connection-evicted', ...eviction });
    },
  });
  /** The end of the last request handled on each connection: pipelined requests take turns. */
  const turns = new WeakMap<Duplex, Promise<void>>();
  let upstreamInFlight = 0;
  /** The counters as `gateway.stats`, the status page and the metrics read them. */
  const statsNow = (): RiskGatewayStats => ({
    ...stats,
    openConnections: slots.open,
    deskRefusals: desk.state.refusals,
  });
  const metrics = resolved.metrics
    ? createGatewayMetrics({
        stats: statsNow,
        desk: () => desk.state,
        upstreamInFlight: () => upstreamInFlight,
        dispatcher,
        origin,
        provider,
        referencePrices: resolved.referencePrices,
      })
    : undefined;
  const desk = createDeskControls(resolved);

  const emit = (event: GatewayEvent): void => {
    metrics?.observe(event);
    try {
      resolved.onEvent?.(event);
    } catch {
      // A logging hook must not break the gateway.
    }
  };

  // One `request` event per request, for the log and the metrics; none when nobody listens.
  const audit =
    resolved.onEvent !== undefined || metrics !== undefined ? createRequestAudit(emit) : undefined;

  const answer = (
    res: ServerResponse,
    status: number,
    reason: GatewayReason,
    body: { code: number; msg: string; [detail: string]: unknown },
    close = false,
  ): void => {
    stats.gatewayAnswers++;
    emit({ type: 'answered', status, reason, msg: body.msg });
    sendGatewayAnswer(res, status, reason, body, { close });
  };
  /** Writes the desk's answer, if it has one; true when it did. */
  const deskSays = (res: ServerResponse, said: DeskAnswer | undefined): boolean => {
    if (said !== undefined) answer(res, said.status, said.reason, said.body);
    return said !== undefined;
  };

  const forward = async (
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    isOrder: boolean,
  ): Promise<boolean> => {
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    if (upstreamInFlight >= maxUpstreamConnections + maxUpstreamQueue) {
      stats.upstreamBusy++;
      answer(res, 503, 'upstream-busy', {
        code: -1001,
        msg: `all ${maxUpstreamConnections} upstream connections are busy and ${maxUpstreamQueue} requests wait for one; the request was not sent, it is safe to send again`,
      });
      return false;
    }
    upstreamInFlight++;
    let outcome: ForwardOutcome;
    try {
      outcome = await forwardRequest(
        dispatcher,
        origin,
        { method, target, rawHeaders: req.rawHeaders, body },
        res,
        timeoutMs,
      );
    } finally {
      upstreamInFlight--;
    }
    audit?.noteForwarded(res, outcome);
    const sent = outcome.kind !== 'not-sent' && !(outcome.kind === 'client-gone' && !outcome.sent);
    if (sent) stats.forwarded++;
    if (outcome.kind === 'relayed') return sent;
    if (outcome.kind === 'client-gone') {
      emit({ type: 'client-gone', stage: outcome.sent ? 'upstream' : 'request', method, target });
      return sent;
    }
    emit({ type: 'upstream-failure', method, target, outcome });
    if (outcome.kind === 'not-sent') {
      answer(res, 502, 'upstream-unreachable', {
        code: -1001,
        msg: `upstream unreachable (${describeError(outcome.error)}); the request was not sent, it is safe to send again`,
      });
    } else if (outcome.kind === 'no-answer') {
      answer(
        res,
        outcome.timedOut ? 504 : 502,
        outcome.timedOut ? 'upstream-timeout' : 'upstream-no-answer',
        {
          code: outcome.timedOut ? -1007 : -1006,
          msg: `no answer from the upstream (${describeError(outcome.error)}); the request may have reached it${isOrder ? ': execution status unknown, query the order before sending it again' : ''}`,
        },
      );
    }
    return sent;
  };

  /**
   * The order read from the request (with the path's field list, for a contract path); undefined
   * when the request was answered with what is wrong with it.
   */
  const readOrderBody = (
    req: IncomingMessage,
    res: ServerResponse,
    query: string,
    body: Buffer,
    fields: Parameters<typeof parseOrderRequest>[0]['fields'],
  ) => {
    const parsed = parseOrderRequest({
      query,
      body,
      contentType: contentTypeOf(req.rawHeaders),
      allowFields: resolved.allowFields,
      ...(fields === undefined ? {} : { fields }),
    });
    if (parsed.ok) return parsed;
    const { status, code, reason, msg, fields: named } = parsed.problem;
    answer(res, status, reason, { code, msg, ...(named === undefined ? {} : { fields: named }) });
    return undefined;
  };

  /**
   * The embedder's reference price for the symbol (undefined when it has none), or false when the
   * lookup failed or gave a malformed price and the request was answered: the order is not sent.
   */
  const quoteFor = (res: ServerResponse, symbol: unknown): PriceQuote | undefined | false => {
    let quote: PriceQuote | undefined;
    try {
      quote = typeof symbol === 'string' ? lookUp(resolved.referencePrices, symbol) : undefined;
    } catch (error) {
      answer(res, 503, 'reference-price-failed', {
        code: -1001,
        msg: `reference price lookup failed (${describeError(error)}); the order was not sent`,
      });
      return false;
    }
    if (quote !== undefined && !isPlainPositiveDecimal(quote.price)) {
      // The embedder's data is at fault, not the client's order: fail closed, but say whose fault.
      answer(res, 503, 'reference-price-failed', {
        code: -1001,
        msg: `the gateway's reference price for ${String(symbol)} is malformed (${JSON.stringify(quote.price)}); the order was not sent`,
      });
      return false;
    }
    return quote;
  };

  /** What the gateway knows of a symbol's reference price, for its answers: its age, and whether too old. */
  const referenceOf = (symbol: unknown, quote: PriceQuote | undefined): ReferenceState => ({
    symbol: String(symbol),
    ageMs: quote?.ageMs,
    maxAgeMs: maxReferenceAgeMs,
    // An age that is not a number (NaN) is not known to be fresh.
    stale: quote?.ageMs !== undefined && !(quote.ageMs <= maxReferenceAgeMs),
  });

  /** Refuses an order whose price band went unchecked for want of a usable reference price. */
  const answerReferenceUnchecked = (
    res: ServerResponse,
    reference: ReferenceState,
    skipped: readonly SkippedCheck[],
  ): void => {
    stats.unchecked++;
    const { reason, body } = referenceUncheckedAnswer(reference, skipped);
    answer(res, 503, reason, body);
  };

  /** A spot order, judged on the rule book before it is forwarded. */
  const judge = async (
    req: IncomingMessage,
    res: ServerResponse,
    { query }: JudgedRoute,
    body: Buffer,
  ): Promise<void> => {
    const parsed = readOrderBody(req, res, query, body, undefined);
    if (parsed === undefined) return;
    const book = provider.current();
    if (book === undefined) {
      answer(res, 503, 'no-rule-book', {
        code: -1001,
        msg: 'the gateway has no rule book yet (the first exchangeInfo fetch has not succeeded); orders are refused until it has one',
      });
      return;
    }
    if (!resolved.allowStaleBook && provider.isStale?.() === true) {
      answer(res, 503, 'stale-rule-book', {
        code: -1001,
        msg: `the gateway's rule book is stale (${provider.ageMs?.() ?? '?'} ms old; refreshes are failing); orders are refused until a refresh succeeds`,
      });
      return;
    }
    const { order } = parsed;
    const found = quoteFor(res, order.symbol);
    if (found === false) return;
    const quote = found;
    const reference = referenceOf(order.symbol, quote);
    const stale = reference.stale;
    const context: { referencePrice?: string | number; maxNotional?: string | number } = {};
    if (quote !== undefined && !stale) context.referencePrice = quote.price;
    const client = desk.clientOf(req);
    const maxNotional = client.maxNotional(order.symbol, resolved.maxNotional);
    if (maxNotional !== undefined) context.maxNotional = maxNotional;
    const result = book.validateOrder(order, context satisfies ValidationContext);
    const needsPrice = result.skipped.some((skip) => skip.reason === 'NO_REFERENCE_PRICE');
    const bandUnchecked = !needsPrice ? undefined : stale ? 'stale' : 'missing';
    // The skips as the gateway's answers tell them: its own price and limits, not the library's context.
    const say = (skips: readonly SkippedCheck[]) => skips.map((skip) => gatewaySkip(skip, reference));
    const unchecked = uncheckedSkips(result.skipped, resolved.allowUnchecked, resolved.failOpen);
    // The desk's controls run once the exchange's rules have passed, nothing left unchecked.
    const deskAnswer =
      result.ok && unchecked.length === 0 ? client.judge(order, context.referencePrice, stale) : undefined;
    stats.judged++;
    emit({
      type: 'verdict',
      order,
      result,
      referencePrice: quote?.price,
      referencePriceAgeMs: quote?.ageMs,
      bandUnchecked,
      unchecked,
      desk: deskAnswer?.refusal,
    });
    if (!result.ok) {
      stats.refused++;
      audit?.noteRefused(
        res,
        result.violations.map((violation) => violation.code),
      );
      const first = result.violations[0]!;
      const capped = client.notionalCap(result);
      answer(res, 400, capped?.reason ?? 'order-refused', {
        ...exchangeErrorOf(first, order),
        ...capped?.fields,
        violations: result.violations,
        skipped: say(result.skipped),
      });
      return;
    }
    if (lacksRuleField(unchecked)) {
      // A fresh reference price would not help: the pair itself lacks what the check needs.
      stats.ruleUnchecked++;
      answer(
        res,
        503,
        'rule-unchecked',
        ruleUncheckedBody(order.symbol, say(unchecked), say(result.skipped)),
      );
      return;
    }
    if (bandUnchecked !== undefined && unchecked.length > 0) {
      answerReferenceUnchecked(res, reference, say(result.skipped));
      return;
    }
    if (deskSays(res, deskAnswer)) return;
    stats.accepted++;
    // An order not sent after all costs its key neither a token nor a place in the duplicate guard.
    if (!(await forward(req, res, body, true))) client.notSent();
  };

  /**
   * A contract order (`market: 'futures'`), judged as spot's is but against the contract book:
   * the same body reading (with the path's contract fields), the same reference prices, the same
   * failing closed on skipped checks. The position cap is always skipped (the gateway has no
   * position feed): the order is refused 503 `rule-unchecked` unless `allowUnchecked` names
   * POSITION_SIZE_ABOVE_MAX. No desk limits apply (refused at start).
   */
  const judgeContract = async (
    req: IncomingMessage,
    res: ServerResponse,
    { path, query }: JudgedRoute,
    body: Buffer,
  ): Promise<void> => {
    const parsed = readOrderBody(req, res, query, body, contractFieldsOf(path));
    if (parsed === undefined) return;
    const book = resolved.contractBook!;
    const fields = parsed.order as Readonly<Record<string, unknown>>;
    const symbol = fields.symbol;
    const found = quoteFor(res, symbol);
    if (found === false) return;
    const quote = found;
    const reference = referenceOf(symbol, quote);
    const stale = reference.stale;
    const context: ContractOrderContext = {
      ...(quote !== undefined && !stale ? { referencePrice: quote.price } : {}),
      ...(resolved.maxNotional === undefined ? {} : { maxNotional: resolved.maxNotional }),
    };
    const read = contractOrderOf(path, fields);
    const result: ContractValidationResult = read.ok
      ? book.validateOrder(read.order, context)
      : { ok: false, violations: [read.violation], skipped: [] };
    const needsPrice = result.skipped.some((skip) => contractSkipKind(skip) === 'reference-price');
    const bandUnchecked = !needsPrice ? undefined : stale ? 'stale' : 'missing';
    // The contract verdict has the spot verdict's shape; the gateway's words for a skip are spot's.
    const say = (skips: readonly ContractSkippedCheck[]) =>
      skips.map((skip) => gatewaySkip(skip as unknown as SkippedCheck, reference));
    const unchecked = contractUncheckedSkips(result.skipped, resolved.allowUnchecked, resolved.failOpen);
    stats.judged++;
    emit({
      type: 'verdict',
      order: parsed.order,
      result: result as unknown as ValidationResult,
      referencePrice: quote?.price,
      referencePriceAgeMs: quote?.ageMs,
      bandUnchecked,
      unchecked: unchecked as unknown as readonly SkippedCheck[],
      desk: undefined,
    });
    if (!result.ok) {
      stats.refused++;
      audit?.noteRefused(
        res,
        result.violations.map((violation) => violation.code as ViolationCode),
      );
      answer(res, 400, 'order-refused', {
        ...contractExchangeErrorOf(result.violations[0]!),
        violations: result.violations,
        skipped: say(result.skipped),
      });
      return;
    }
    if (unchecked.some((skip) => contractSkipKind(skip) !== 'reference-price')) {
      // A fresh reference price would not help: the contract lacks a rule field, or the order's
      // position is unknown to the gateway.
      stats.ruleUnchecked++;
      answer(res, 503, 'rule-unchecked', ruleUncheckedBody(symbol, say(unchecked), say(result.skipped)));
      return;
    }
    if (unchecked.length > 0) {
      answerReferenceUnchecked(res, reference, say(result.skipped));
      return;
    }
    stats.accepted++;
    await forward(req, res, body, true);
  };

  /** The gateway's health: the rule book, the reference prices, the counters. */
  const sendStatus = (res: ServerResponse): void => {
    const book = provider.current();
    const prices = resolved.referencePrices;
    const feedHealth =
      prices !== undefined &&
      typeof prices === 'object' &&
      'health' in prices &&
      typeof prices.health === 'function'
        ? prices.health()
        : undefined;
    const text = JSON.stringify({
      market: resolved.market,
      ...(resolved.contractBook === undefined
        ? { ruleBook: ruleBookHealth(provider, book) }
        : {
            contractBook: {
              contracts: resolved.contractBook.size,
              rejected: resolved.contractBook.rejected.length,
            },
          }),
      referencePrices: feedHealth ?? { source: prices === undefined ? 'none' : 'embedder' },
      failOpen: resolved.failOpen === true,
      allowUnchecked: [...resolved.allowUnchecked],
      maxReferenceAgeMs,
      desk: desk.state,
      stats: statsNow(),
    });
    res.setHeader(GATEWAY_HEADER, 'status' satisfies GatewayReason);
    res.writeHead(200, {
      'content-type': 'application/json;charset=UTF-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };

  /**
   * The gateway's own routes (exact method and target), answered here and never forwarded: checked
   * before the exchange's route table, outside it.
   */
  const ownRoutes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>([
    [`GET ${STATUS_PATH}`, (_req, res) => sendStatus(res)],
    [`POST ${HALT_PATH}`, (req, res) => deskSays(res, desk.admin(req))],
    [`POST ${RESUME_PATH}`, (req, res) => deskSays(res, desk.admin(req))],
  ]);
  if (metrics !== undefined)
    ownRoutes.set(`GET ${METRICS_PATH}`, (_req, res) => sendMetrics(res, metrics.render()));

  /** The response being written on each connection, so a client error never garbles one. */
  const answering = new WeakMap<Duplex, ServerResponse>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    answering.set(req.socket, res);
    res.once('close', () => {
      if (answering.get(req.socket) === res) answering.delete(req.socket);
    });
    const read = await readRawBody(req, maxBodyBytes);
    if (!read.ok) {
      if (read.reason === 'aborted') {
        emit({ type: 'client-gone', stage: 'request', method: req.method ?? 'GET', target: req.url ?? '/' });
        res.destroy();
      } else
        answer(
          res,
          413,
          'body-too-large',
          { code: -1000, msg: `the request body is over ${maxBodyBytes} bytes` },
          !read.drained, // a body abandoned mid-way leaves the connection unusable
        );
      return;
    }
    if (slots.isOverflow(req.socket)) {
      stats.refusedConnections++;
      answer(
        res,
        503,
        'too-many-connections',
        {
          code: -1001,
          msg: `the gateway is serving its maximum of ${maxConnections} connections (${maxConnectionsPerPeer} from one address); the request was not sent, it is safe to send again`,
        },
        true,
      );
      return;
    }
    const own = ownRoutes.get(`${req.method} ${req.url}`);
    if (own !== undefined) {
      own(req, res);
      return;
    }
    const route =
      requestRefusal(req.rawHeaders, req.url ?? '/') ??
      routeRequest(req.method ?? 'GET', req.url ?? '/', resolved.forward);
    if (!('reason' in route) && deskSays(res, desk.haltRefusal(req.method ?? 'GET', route))) return;
    if ('reason' in route) {
      answer(res, route.status, route.reason, { code: route.status === 403 ? -1020 : -1000, msg: route.msg });
    } else if (route.kind === 'forward') {
      if (read.bytes.length > 0 && !routeTakesBody(route.route)) {
        // A server that reads no body on such a route would read these bytes as the next request.
        answer(res, 400, 'unexpected-body', {
          code: -1000,
          msg: `${route.route.method} ${route.route.path} takes no request body (its parameters go in the query string); a server that ignores the body of such a request would read it as another request, so it was not sent`,
        });
        return;
      }
      await forward(req, res, read.bytes, false);
    } else {
      await (resolved.market === 'futures' ? judgeContract : judge)(req, res, route, read.bytes);
    }
  };

  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      keepAliveTimeout: keepAliveTimeoutMs,
      maxHeaderSize: maxHeaderBytes,
      // Node checks both timeouts on this interval (default 30 s, far coarser than they are).
      connectionsCheckingInterval: Math.min(1_000, Math.max(25, Math.floor(headersTimeoutMs / 4))),
    },
    (req, res) => {
      // A connection's pipelined requests are handled one at a time, in order: one client
      // pipelining thousands of requests holds one upstream request at a time, not thousands.
      const socket = req.socket as Socket;
      const handled = audit?.track(req, res);
      slots.requestArrived(socket, req, res);
      const turn = (turns.get(socket) ?? Promise.resolve())
        .then(() => handle(req, res))
        .catch((error: unknown) => {
          answer(res, 500, 'internal-error', { code: -1000, msg: `gateway error: ${describeError(error)}` });
        })
        .finally(() => {
          handled?.();
          slots.requestFinished(socket);
          if (turns.get(socket) === turn) turns.delete(socket);
        });
      turns.set(socket, turn);
    },
  );
  // The hard cap: Node closes a connection past it as soon as it is accepted ('drop').
  server.maxConnections = maxConnections + OVERFLOW_CONNECTIONS;
  server.on('drop', () => {
    stats.refusedConnections++;
    emit({ type: 'connection-dropped', open: slots.open });
  });
  server.on('connection', (socket: Socket) => slots.admit(socket));

  // Replaces Node's default handling (answer 400/408/431 on the raw socket, or just close it)
  // with the same, logged, and answered in the gateway's format.
  const failedSockets = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (failedSockets.has(socket)) {
      // The parser reports again on every further chunk: the first report was answered.
      return;
    }
    failedSockets.add(socket);
    const code = typeof error.code === 'string' ? error.code : 'UNKNOWN';
    const reply = clientErrorReply(code);
    const inFlight = answering.get(socket);
    const canAnswer =
      reply !== undefined && socket.writable && (inFlight === undefined || !inFlight.headersSent);
    emit({ type: 'client-error', code, status: canAnswer ? reply.status : undefined });
    if (!canAnswer) {
      socket.destroy();
      return;
    }
    stats.gatewayAnswers++;
    // As Node does: write, then destroy at once. (Half-closing and lingering instead delays both
    // this answer and every other connection's timeout check under load: measured.)
    socket.write(rawGatewayAnswer(reply.status, reply.reason, { code: -1000, msg: reply.msg }));
    socket.destroy();
  });

  const host = resolved.host;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // After listen, an error of the listening socket (a failed accept) is logged, never fatal.
  server.on('error', (error: NodeJS.ErrnoException) => {
    emit({ type: 'server-error', code: typeof error.code === 'string' ? error.code : 'UNKNOWN' });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    get stats() {
      return statsNow();
    },
    get desk() {
      return desk.state;
    },
    setLimits: (limits) => {
      if (resolved.market === 'futures' && limits !== undefined)
        // As the deskLimits option is refused: the desk's controls are not applied to contracts.
        throw new InvalidArgumentError(
          'limits',
          "do not apply with market 'futures' yet (the desk's caps and collars are written for spot orders)",
        );
      desk.setLimits(limits);
    },
    halt: () => desk.halt(),
    resume: () => desk.resume(),
    close(graceMs = 2_000) {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        await closed;
        clearTimeout(timer);
        if (ownsDispatcher) await dispatcher.close();
      })();
      return closing;
    },
  };
}

/**
 * A fixed price as text: a number in plain notation (`1e-7` is `0.0000001`), so a small price is
 * not refused as malformed; anything else as it is, for the malformed-price check to judge.
 */
function priceText(price: string | number): string {
  return typeof price === 'number' ? (toPlainDecimal(price) ?? String(price)) : price;
}

function lookUp(prices: ReferencePrices | undefined, symbol: string): PriceQuote | undefined {
  if (prices === undefined) return undefined;
  if (typeof prices === 'function') {
    const found = prices(symbol);
    if (found === undefined) return undefined;
    return typeof found === 'object' && found !== null ? found : { price: priceText(found), ageMs: 0 };
  }
  if ('quote' in prices && typeof prices.quote === 'function') return prices.quote(symbol);
  const fixed = (prices as ReadonlyMap<string, string | number>).get(symbol);
  // A fixed price has no age: it is as fresh as whoever supplied it says.
  return fixed === undefined ? undefined : { price: priceText(fixed), ageMs: 0 };
}

/**
 * The request's `Content-Type`, or `null` when it is sent more than once: Node keeps the first,
 * another reader might keep the last, and both are forwarded.
 */
function contentTypeOf(rawHeaders: readonly string[]): string | undefined | null {
  const values = headerValues(rawHeaders, 'content-type');
  return values.length > 1 ? null : values[0];
}

/** What Node's default `clientError` handling answers, per error code; undefined: just close. */
function clientErrorReply(code: string): { status: number; reason: GatewayReason; msg: string } | undefined {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {
      status: 408,
      reason: 'request-timeout',
      msg: 'the request was not received in time; it was not sent',
    };
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      reason: 'headers-too-large',
      msg: 'the request head is too large; it was not sent',
    };
  if (code.startsWith('HPE_'))
    return {
      status: 400,
      reason: 'bad-request',
      msg: `the request is not valid HTTP (${code}); it was not sent`,
    };
  return undefined; // ECONNRESET, EPIPE, ...: nobody to answer
}
