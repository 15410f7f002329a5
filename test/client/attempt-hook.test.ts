// The client's onAttempt hook, against a real loopback server scripted to fail, then succeed:
// each attempt is told as it starts, as its answer arrives, as it times out or fails, and each
// retry with its wait and its cause.
import { describe, expect, it } from 'vitest';
import type { AttemptEvent } from '../../src/client/attempt-event.js';
import { ExchangeInfoClient } from '../../src/client/exchange-info-client.js';
import { isInvalidArgumentError } from '../../src/index.js';
import { json, silence, startLoopbackServer } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { FAST, rejectionOf, withClient } from './harness.js';

const PAYLOAD = exchangeInfoPayload([pairDefinition()]);

/** The events without their timings and URLs, which vary. */
function shapes(events: readonly AttemptEvent[]) {
  return events.map((event) => {
    const { url, ...rest } = event as AttemptEvent & { elapsedMs?: number; delayMs?: number };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v3\/exchangeInfo/);
    const { elapsedMs, delayMs, ...shape } = rest;
    if (elapsedMs !== undefined) expect(elapsedMs).toBeGreaterThanOrEqual(0);
    if (delayMs !== undefined) expect(delayMs).toBeGreaterThanOrEqual(0);
    return shape;
  });
}

describe('ExchangeInfoClient onAttempt', () => {
  it('tells each attempt, its status and the retry that follows a 5xx (with Retry-After honoured)', async () => {
    const events: AttemptEvent[] = [];
    await withClient(
      [json(503, { code: -1001, msg: 'busy' }, { 'retry-after': '0' }), json(200, PAYLOAD)],
      { onAttempt: (event) => events.push(event), maxRetryDelayMs: 5 },
      async (client, server) => {
        const info = await client.fetchExchangeInfo({ symbol: 'BTCUSDT' });
        expect(info.symbols).toHaveLength(1);
        expect(server.requests).toHaveLength(2);
      },
    );
    expect(shapes(events)).toEqual([
      { kind: 'start', attempt: 1, attempts: 3 },
      { kind: 'response', attempt: 1, attempts: 3, status: 503 },
      { kind: 'retry', attempt: 1, attempts: 3, cause: 'status', status: 503 },
      { kind: 'start', attempt: 2, attempts: 3 },
      { kind: 'response', attempt: 2, attempts: 3, status: 200 },
    ]);
    expect(events[0]?.url).toMatch(/\?symbol=BTCUSDT$/);
    const retry = events[2];
    expect(retry?.kind === 'retry' && retry.delayMs).toBeLessThanOrEqual(5);
  });

  it('tells a timeout as it happens, before the attempt settles, then the retry that succeeds', async () => {
    const events: AttemptEvent[] = [];
    await withClient(
      [silence(), json(200, PAYLOAD)],
      { onAttempt: (event) => events.push(event), timeoutMs: 200 },
      async (client) => {
        await client.fetchExchangeInfo();
      },
    );
    const kinds = shapes(events);
    expect(kinds).toEqual([
      { kind: 'start', attempt: 1, attempts: 3 },
      { kind: 'timeout', attempt: 1, attempts: 3 },
      expect.objectContaining({ kind: 'retry', attempt: 1, cause: 'timeout' }),
      { kind: 'start', attempt: 2, attempts: 3 },
      { kind: 'response', attempt: 2, attempts: 3, status: 200 },
    ]);
    const timeout = events[1];
    expect(timeout?.kind === 'timeout' && timeout.elapsedMs).toBeGreaterThanOrEqual(150);
  });

  it('tells a connection that failed, with its error, and no retry after the last attempt', async () => {
    const server = await startLoopbackServer(json(200, PAYLOAD));
    const baseUrl = server.baseUrl;
    await server.close(); // nothing listens there now: ECONNREFUSED
    const events: AttemptEvent[] = [];
    const client = new ExchangeInfoClient({ baseUrl, ...FAST, retries: 1, onAttempt: (e) => events.push(e) });
    try {
      await rejectionOf(client.fetchExchangeInfo());
    } finally {
      await client.close();
    }
    expect(events.map((event) => event.kind)).toEqual(['start', 'error', 'retry', 'start', 'error']);
    const failed = events[1];
    expect(failed?.kind === 'error' && (failed.error as { code?: unknown }).code).toBe('ECONNREFUSED');
    const retry = events[2];
    expect(retry?.kind === 'retry' && retry.cause).toBe('network');
  });

  it('a hook that throws changes nothing: the fetch still succeeds after its retry', async () => {
    let calls = 0;
    await withClient(
      [json(500, {}), json(200, PAYLOAD)],
      {
        onAttempt: () => {
          calls++;
          throw new Error('a broken progress display');
        },
      },
      async (client) => {
        expect((await client.fetchExchangeInfo()).symbols).toHaveLength(1);
      },
    );
    expect(calls).toBe(5);
  });

  it('is checked with the other options: a non-function is refused, naming onAttempt', () => {
    let thrown: unknown;
    try {
      new ExchangeInfoClient({ baseUrl: 'http://127.0.0.1:9', onAttempt: 'log' as never });
    } catch (error) {
      thrown = error;
    }
    expect(isInvalidArgumentError(thrown) && thrown.argument).toBe('options.onAttempt');
  });
});
