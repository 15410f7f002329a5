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
  const counter = <L extends string>(name: string, help: string, labels: readonly L[]) =>
    registry.counter({ name: `${PREFIX}${name}`, help, labels });
  /** A metric of one series, read when scraped; left out while `read` gives no number (not known yet). */
  const collected = (type: 'counter' | 'gauge', name: string, help: string, read: () => unknown) =>
    registry.collected({ name: `${PREFIX}${name}`, help, type }, (sample) => {
      const value = read();
      if (typeof value === 'number') sample({}, value);
    });
  const secondsOf = (ms: unknown) => (typeof ms === 'number' ? ms / 1_000 : undefined);

  const requests = counter(
    'requests_total',
    'Requests answered, by outcome (forwarded, refused, answered, cut, client-gone) and the gateway reason of its own answers.',
    ['outcome', 'reason'],
  );
  const duration = registry.histogram({
    name: `${PREFIX}request_duration_seconds`,
    help: "From a request head's arrival to the end of its answer.",
    buckets: LATENCY_BUCKETS,
  });
  const orders = counter(
    'orders_total',
    'Orders judged, by verdict (accepted; refused, with the code of its first violation, the one its answer names; unchecked: a check it needs could not run, not sent; desk-refused, with the desk control that refused it).',
    ['verdict', 'code'],
  );
  const violations = counter(
    'order_violations_total',
    'Violations of refused orders, every one counted, by code.',
    ['code'],
  );
  const upstreamResponses = counter(
    'upstream_responses_total',
    "Upstream answers relayed to the client (whole or cut off), by the upstream's status code.",
    ['status'],
  );
  const upstreamFailures = counter(
    'upstream_failures_total',
    'Forwarded requests that got no whole answer: not-sent (safe to retry), no-answer (status unknown), cut.',
    ['kind'],
  );
  const clientErrors = counter(
    'client_errors_total',
    'Connections that failed below HTTP (no request to answer or forward), by error code.',
    ['code'],
  );
  collected(
    'counter',
    'forwarded_requests_total',
    'Requests written to the upstream.',
    () => sources.stats().forwarded,
  );
  collected(
    'counter',
    'connections_refused_total',
    'Client connections turned away at the connection cap (answered 503 or dropped).',
    () => sources.stats().refusedConnections,
  );
  collected(
    'counter',
    'connections_evicted_total',
    'Client connections closed at the cap to make room: without a whole request head, or a body arriving slowest (408 body-too-slow).',
    () => sources.stats().evictedConnections,
  );
  collected(
    'gauge',
    'halted',
    'Whether the kill switch is on (1: every order is refused 503 halted; cancels and reads go through).',
    () => (sources.desk().halted ? 1 : 0),
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
  collected(
    'gauge',
    'open_connections',
    'Client connections open now.',
    () => sources.stats().openConnections,
  );
  collected(
    'gauge',
    'upstream_requests_in_flight',
    'Requests handed to the upstream: being written or answered, or waiting for a connection.',
    () => sources.upstreamInFlight(),
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
  collected(
    'gauge',
    'rule_book_age_seconds',
    "Age of the rule book in use (the source's ageMs); absent when unknown.",
    () => secondsOf(sources.provider.ageMs?.()),
  );
  collected(
    'gauge',
    'rule_book_stale',
    'Whether the source calls its rule book stale (1: orders are refused 503 unless allowStaleBook).',
    () => (sources.provider.isStale?.() === true ? 1 : 0),
  );
  collected(
    'gauge',
    'rule_book_pairs',
    'Trading pairs in the rule book in use.',
    () => sources.provider.current()?.size,
  );
  collected(
    'gauge',
    'reference_prices_age_seconds',
    "Time since the reference ticker's last successful poll was sent; absent without a ticker or before its first success.",
    () => secondsOf(tickerHealth(sources.referencePrices)?.lastSuccessAgeMs),
  );
  collected(
    'gauge',
    'reference_ticker_consecutive_failures',
    "The reference ticker's failed polls since its last success; absent without a ticker.",
    () => tickerHealth(sources.referencePrices)?.consecutiveFailures,
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
