import { ExchangeInfoClient } from '../../src/client/exchange-info-client.js';
import { parseExchangeInfo } from '../../src/exchange-info/parse-exchange-info.js';
import type { ExchangeInfo } from '../../src/exchange-info/schema.js';
import type { ExchangeInfoFetcher } from '../../src/source/source-options.js';
import {
  json,
  type LoopbackServer,
  silence,
  startLoopbackServer,
} from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';

/** A fixed server time, so two fetches of the same definitions give identical books. */
export const SERVER_TIME = 1_700_000_000_000;

/**
 * The exchange-info body for BTCUSDT and ETHUSDT, with overrides for BTCUSDT.
 *
 * @example
 * ```ts
 * exchange.payload = twoPairs({ tickSize: '0.1' });
 * ```
 */
export function twoPairs(btc: Record<string, unknown> = {}): Record<string, unknown> {
  return exchangeInfoPayload(
    [
      pairDefinition(btc),
      pairDefinition({ symbol: 'ETHUSDT', baseAsset: 'ETH', tickSize: '0.01', stepSize: '0.0001' }),
    ],
    { serverTime: SERVER_TIME },
  );
}

/** How the scripted exchange answers right now. */
export type ExchangeMode = 'ok' | 'fail' | 'hang';

/**
 * A real loopback exchange whose answer a test changes between requests: the current payload
 * (`ok`), HTTP 503 (`fail`), or no answer at all (`hang`).
 *
 * @example
 * ```ts
 * const exchange = await startScriptedExchange();
 * exchange.mode = 'fail';
 * ```
 */
export interface ScriptedExchange {
  mode: ExchangeMode;
  payload: Record<string, unknown>;
  /** Milliseconds to wait before an `ok` or `fail` answer. */
  delayMs: number;
  readonly server: LoopbackServer;
  /** A client with no retries, so each refresh is one request. */
  readonly client: ExchangeInfoClient;
  /** Closes the client, checks no socket is left open, closes the server. */
  close(): Promise<void>;
}

/**
 * Starts a {@link ScriptedExchange} in `ok` mode serving {@link twoPairs}.
 *
 * @example
 * ```ts
 * const exchange = await startScriptedExchange({ timeoutMs: 200 });
 * try { ... } finally { await exchange.close(); }
 * ```
 */
export async function startScriptedExchange(
  clientOptions: { timeoutMs?: number } = {},
): Promise<ScriptedExchange> {
  const state = { mode: 'ok' as ExchangeMode, payload: twoPairs(), delayMs: 0 };
  const server = await startLoopbackServer(async (req, res, index) => {
    if (state.mode === 'hang') return silence()(req, res, index);
    const answer = state.mode === 'ok' ? json(200, state.payload) : json(503, { code: -1001, msg: 'busy' });
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    return answer(req, res, index);
  });
  const client = new ExchangeInfoClient({
    baseUrl: server.baseUrl,
    retries: 0,
    timeoutMs: clientOptions.timeoutMs ?? 2_000,
  });
  return {
    get mode() {
      return state.mode;
    },
    set mode(mode: ExchangeMode) {
      state.mode = mode;
    },
    get payload() {
      return state.payload;
    },
    set payload(payload: Record<string, unknown>) {
      state.payload = payload;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    server,
    client,
    async close() {
      try {
        await client.close();
        await server.waitForNoOpenSockets();
      } finally {
        await server.close();
      }
    },
  };
}

/** One scripted answer of {@link fakeClient}: a payload, an error to reject with, or no answer. */
export type FakeAnswer = Record<string, unknown> | Error | 'hang';

/**
 * An in-memory client for tests that fake timers. `script` is a list whose entries answer the
 * calls in order (the last one repeats), or a function of the call's index. Records each
 * call's signal and honours aborts of calls left hanging.
 *
 * @example
 * ```ts
 * const fake = fakeClient([twoPairs(), new Error('down')]);
 * ```
 */
export function fakeClient(
  script: readonly FakeAnswer[] | ((index: number) => FakeAnswer),
): ExchangeInfoFetcher & {
  readonly calls: number;
  readonly signals: readonly (AbortSignal | undefined)[];
} {
  const signals: (AbortSignal | undefined)[] = [];
  const answer = (index: number): FakeAnswer | undefined =>
    typeof script === 'function' ? script(index) : script[Math.min(index, script.length - 1)];
  return {
    get calls() {
      return signals.length;
    },
    signals,
    fetchExchangeInfo(_query, options): Promise<ExchangeInfo> {
      const signal = options?.signal;
      const step = answer(signals.length);
      signals.push(signal);
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        if (step === 'hang' || step === undefined) {
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
          return;
        }
        if (step instanceof Error) reject(step);
        else resolve(parseExchangeInfo(step));
      });
    },
  };
}

/**
 * Collects every call of a callback, typed, for assertions.
 *
 * @example
 * ```ts
 * const errors = recorder<[unknown]>();
 * createRuleBookSource({ ..., onError: errors.fn });
 * ```
 */
export function recorder<Args extends unknown[]>(): { readonly calls: Args[]; fn: (...args: Args) => void } {
  const calls: Args[] = [];
  return { calls, fn: (...args: Args) => void calls.push(args) };
}
