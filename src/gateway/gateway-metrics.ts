import type { ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { GATEWAY_HEADER, type GatewayReason } from './answers.js';
import type { DeskState } from './desk/desk-controls.js';
import type { GatewayEvent, RiskGatewayStats } from './gateway-events.js';
import type { ReferencePrices, RuleBookProvider } from './gateway-options.js';
import { createMetricRegistry, METRICS_CONTENT_TYPE, type MetricRegistry } from './metrics.js';

/**
 * The gateway's metrics, served at `GET /metrics` (docs/gateway.md, "Metrics", lists them).
 * Counters follow the gateway's events (`observe`, called for every event before `onEvent`);
 * gauges are read from the gateway's state when scraped. To add a metric, declare it in
 * `createGatewayMetrics` on `registry` and update it from the event that tells (or collect it
 * from a source added to {@link GatewayMetricSources}); label values must come from bounded sets.
 */

/** Where the scraped values come from: the gateway's own state. */
export interface GatewayMetricSources {
  readonly stats: () => RiskGatewayStats;
  /** Requests handed to the upstream client: written, or waiting for a connection. */
  readonly upstreamInFlight: () => number;
  /** The dispatcher and the origin whose pool it reports (undici's `stats`), when it does. */
  readonly dispatcher: Dispatcher;
  readonly origin: string;
  readonly provider: RuleBookProvider;
  readonly referencePrices: ReferencePrices | undefined;
  /** The desk controls' state: halted or not, refusals by control. */
  readonly desk: () => DeskState;
}

/** The gateway's registry and the hook that feeds it. */
export interface GatewayMetrics {
  readonly registry: MetricRegistry;
  observe(event: GatewayEvent): void;
  render(): string;
}

const PREFIX = 'order_preflight_gateway_';
/** Request latency buckets, in seconds: loopback sub-millisecond to a stalled upstream. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The gateway's metrics over a new registry. */
export function createGatewayMetrics(sources: GatewayMetricSources): GatewayMetrics {
  const registry = createMetricRegistry();
  const requests = registry.counter({
    name: `${PREFIX}requests_total`,
    help: 'Requests answered, by outcome (forwarded, refused, answered, cut, client-gone) and the gateway reason of its own answers.',
    labels: ['outcome', 'reason'],
  });
  const duration = registry.histogram({
    name: `${PREFIX}request_duration_seconds`,
    help: "From a request head's arrival to the end of its answer.",
    buckets: LATENCY_BUCKETS,
  });
  const orders = registry.counter({
    name: `${PREFIX}orders_total`,
    help: 'Orders judged, by verdict (accepted; refused, with the code of its first violation, the one its answer names; unchecked: a check it needs could not run, not sent; desk-refused, with the desk control that refused it).',
    labels: ['verdict', 'code'],
  });
  const violations = registry.counter({
    name: `${PREFIX}order_violations_total`,
    help: 'Violations of refused orders, every one counted, by code.',
    labels: ['code'],
  });
  const upstreamResponses = registry.counter({
    name: `${PREFIX}upstream_responses_total`,
    help: "Upstream answers relayed to the client (whole or cut off), by the upstream's status code.",
    labels: ['status'],
  });
  const upstreamFailures = registry.counter({
    name: `${PREFIX}upstream_failures_total`,
    help: 'Forwarded requests that got no whole answer: not-sent (safe to retry), no-answer (status unknown), cut.',
    labels: ['kind'],
  });
  const clientErrors = registry.counter({
    name: `${PREFIX}client_errors_total`,
    help: 'Connections that failed below HTTP (no request to answer or forward), by error code.',
    labels: ['code'],
  });
  registry.collected(
    { name: `${PREFIX}forwarded_requests_total`, help: 'Requests written to the upstream.', type: 'counter' },
    (sample) => sample({}, sources.stats().forwarded),
  );
  registry.collected(
    {
      name: `${PREFIX}connections_refused_total`,
      help: 'Client connections turned away at the connection cap (answered 503 or dropped).',
      type: 'counter',
    },
    (sample) => sample({}, sources.stats().refusedConnections),
  );
  registry.collected(
    {
      name: `${PREFIX}connections_evicted_total`,
      help: 'Client connections closed at the cap to make room: without a whole request head, or a body arriving slowest (408 body-too-slow).',
      type: 'counter',
    },
    (sample) => sample({}, sources.stats().evictedConnections),
  );
  registry.collected(
    {
      name: `${PREFIX}halted`,
      help: 'Whether the kill switch is on (1: every order is refused 503 halted; cancels and reads go through).',
      type: 'gauge',
    },
    (sample) => sample({}, sources.desk().halted ? 1 : 0),
  );
  registry.collected(
    {
      name: `${PREFIX}desk_refusals_total`,
      help: 'Orders refused by a desk control (halted, throttled, notional-cap, duplicate-order, ...), by control.',
      type: 'counter',
      labels: ['control'],
    },
    (sample) => {
      for (const [control, count] of Object.entries(sources.desk().refusals)) sample({ control }, count);
    },
  );
  registry.collected(
    { name: `${PREFIX}open_connections`, help: 'Client connections open now.', type: 'gauge' },
    (sample) => sample({}, sources.stats().openConnections),
  );
  registry.collected(
    {
      name: `${PREFIX}upstream_requests_in_flight`,
      help: 'Requests handed to the upstream: being written or answered, or waiting for a connection.',
      type: 'gauge',
    },
    (sample) => sample({}, sources.upstreamInFlight()),
  );
  registry.collected(
    {
      name: `${PREFIX}upstream_connections`,
      help: 'Connections to the upstream: open, and busy (carrying a request); absent when the dispatcher does not report them.',
      type: 'gauge',
      labels: ['state'],
    },
    (sample) => {
      const pool = poolStats(sources.dispatcher, sources.origin);
      if (pool === undefined) return;
      sample({ state: 'open' }, pool.open);
      sample({ state: 'busy' }, pool.busy);
    },
  );
  registry.collected(
    {
      name: `${PREFIX}rule_book_age_seconds`,
      help: "Age of the rule book in use (the source's ageMs); absent when unknown.",
      type: 'gauge',
    },
    (sample) => {
      const ageMs = sources.provider.ageMs?.();
      if (typeof ageMs === 'number') sample({}, ageMs / 1_000);
    },
  );
  registry.collected(
    {
      name: `${PREFIX}rule_book_stale`,
      help: 'Whether the source calls its rule book stale (1: orders are refused 503 unless allowStaleBook).',
      type: 'gauge',
    },
    (sample) => sample({}, sources.provider.isStale?.() === true ? 1 : 0),
  );
  registry.collected(
    { name: `${PREFIX}rule_book_pairs`, help: 'Trading pairs in the rule book in use.', type: 'gauge' },
    (sample) => {
      const book = sources.provider.current();
      if (book !== undefined) sample({}, book.size);
    },
  );
  registry.collected(
    {
      name: `${PREFIX}reference_prices_age_seconds`,
      help: "Time since the reference ticker's last successful poll was sent; absent without a ticker or before its first success.",
      type: 'gauge',
    },
    (sample) => {
      const age = tickerHealth(sources.referencePrices)?.lastSuccessAgeMs;
      if (typeof age === 'number') sample({}, age / 1_000);
    },
  );
  registry.collected(
    {
      name: `${PREFIX}reference_ticker_consecutive_failures`,
      help: "The reference ticker's failed polls since its last success; absent without a ticker.",
      type: 'gauge',
    },
    (sample) => {
      const failures = tickerHealth(sources.referencePrices)?.consecutiveFailures;
      if (typeof failures === 'number') sample({}, failures);
    },
  );

  const observe = (event: GatewayEvent): void => {
    switch (event.type) {
      case 'request':
        requests.inc({ outcome: event.outcome, reason: event.reason ?? '' });
        duration.observe(event.latencyMs / 1_000);
        if ((event.outcome === 'forwarded' || event.outcome === 'cut') && event.status !== undefined)
          upstreamResponses.inc({ status: String(event.status) });
        return;
      case 'verdict': {
        const { result } = event;
        if (!result.ok) {
          orders.inc({ verdict: 'refused', code: result.violations[0]?.code ?? '' });
          for (const violation of result.violations) violations.inc({ code: violation.code });
        } else if (event.unchecked.length > 0) {
          orders.inc({ verdict: 'unchecked', code: '' });
        } else if (event.desk !== undefined) {
          orders.inc({ verdict: 'desk-refused', code: event.desk.control });
        } else {
          orders.inc({ verdict: 'accepted', code: '' });
        }
        return;
      }
      case 'upstream-failure':
        upstreamFailures.inc({ kind: event.outcome.kind });
        return;
      case 'client-error':
        clientErrors.inc({ code: event.code });
        return;
      default:
        return;
    }
  };

  return { registry, observe, render: () => registry.render() };
}

/** Open and busy upstream connections, from an undici Agent's (or Pool's, or Client's) stats. */
function poolStats(dispatcher: Dispatcher, origin: string): { open: number; busy: number } | undefined {
  const stats = (dispatcher as { stats?: unknown }).stats;
  if (typeof stats !== 'object' || stats === null) return undefined;
  // An Agent reports per origin; a Pool or Client, for itself.
  const own = 'connected' in stats ? stats : (stats as Record<string, unknown>)[origin];
  if (typeof own !== 'object' || own === null) return undefined;
  const { connected, free, running } = own as { connected?: unknown; free?: unknown; running?: unknown };
  const open = Number(connected); // a Client's is a boolean
  if (!Number.isFinite(open)) return undefined;
  if (typeof free === 'number') return { open, busy: open - free };
  return { open, busy: typeof running === 'number' ? Math.min(open, running) : 0 };
}

/** A feed's health, when it gives one the shape of the reference ticker's. */
function tickerHealth(
  prices: ReferencePrices | undefined,
): { lastSuccessAgeMs?: unknown; consecutiveFailures?: unknown } | undefined {
  if (typeof prices !== 'object' || prices === null || !('health' in prices)) return undefined;
  if (typeof prices.health !== 'function') return undefined;
  const health: unknown = prices.health();
  return typeof health === 'object' && health !== null ? health : undefined;
}

/** Writes the metrics text as the gateway's own answer (reason `metrics`). */
export function sendMetrics(res: ServerResponse, text: string): void {
  res.setHeader(GATEWAY_HEADER, 'metrics' satisfies GatewayReason);
  res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
