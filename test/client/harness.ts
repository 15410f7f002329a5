import { expect } from 'vitest';
import type { ExchangeInfoClientOptions } from '../../src/client/client-options.js';
import { ExchangeInfoClient } from '../../src/client/exchange-info-client.js';
import {
  type LoopbackServer,
  type Responder,
  startLoopbackServer,
} from '../../test-support/loopback-server.js';

/**
 * Small limits so every failure path finishes in milliseconds.
 *
 * @example
 * ```ts
 * new ExchangeInfoClient({ baseUrl, ...FAST, retries: 0 });
 * ```
 */
export const FAST = { timeoutMs: 1_000, retries: 2, retryDelayMs: 1, maxRetryDelayMs: 5 } as const;

/**
 * Runs `run` against a client pointed at a fresh loopback server, then closes the client and
 * checks that it left no socket open on the server.
 *
 * @example
 * ```ts
 * await withClient(json(200, payload), { retries: 0 }, async (client, server) => { ... });
 * ```
 */
export async function withClient<T>(
  script: Responder | readonly Responder[],
  options: Partial<ExchangeInfoClientOptions>,
  run: (client: ExchangeInfoClient, server: LoopbackServer) => Promise<T>,
): Promise<T> {
  const server = await startLoopbackServer(script);
  try {
    const client = new ExchangeInfoClient({ baseUrl: server.baseUrl, ...FAST, ...options });
    try {
      return await run(client, server);
    } finally {
      await client.close();
      await server.waitForNoOpenSockets();
      expect(server.openSockets).toBe(0);
    }
  } finally {
    await server.close();
  }
}

/**
 * The rejection of `promise`; fails the test if it resolves.
 *
 * @example
 * ```ts
 * const error = await rejectionOf(client.fetchExchangeInfo());
 * ```
 */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, but it resolved');
}
