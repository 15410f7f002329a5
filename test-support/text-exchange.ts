import { request } from 'undici';
import { parseExchangeInfoText } from '../src/exchange-info/parse-exchange-info-text.js';
import type { ExchangeInfo } from '../src/exchange-info/schema.js';
import type { ExchangeInfoFetcher } from '../src/source/source-options.js';
import { type LoopbackServer, startLoopbackServer } from './loopback-server.js';
import { pairDefinition } from './payload.js';

/** The exchange's clock in {@link largePayload} bodies unless told otherwise. */
export const LARGE_SERVER_TIME = 1_700_000_000_000;

const TICKS = ['0.01', '0.5', '110', '0.00000012', 0.0001, '1e-8'] as const;

/**
 * An exchange-info body with `count` pairs in the wire's mixed encodings: ticks of several
 * shapes (strings and numbers, `1e-8`), one pair in 7 with no `tickSize` (inferred from
 * `displayDigitMerge`), one in 101 malformed (set aside). `changed` alters the step of every
 * 97th pair, for a refresh that changes something.
 *
 * @example
 * ```ts
 * const body = JSON.stringify(largePayload(20_000));
 * ```
 */
export function largePayload(
  count: number,
  options: { readonly serverTime?: number; readonly changed?: boolean } = {},
): Record<string, unknown> {
  const symbols: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const base = `P${i.toString(36).toUpperCase()}`;
    const overrides: Record<string, unknown> = {
      symbol: `${base}USDT`,
      baseAsset: base,
      tickSize: TICKS[i % TICKS.length],
      stepSize: options.changed === true && i % 97 === 0 ? '0.001' : i % 2 === 0 ? '0.0001' : 0.00001,
      minTradeAmount: String(1 + (i % 13)),
      maxTradeAmount: i % 11 === 0 ? '12345678901234567890' : 100_000,
    };
    if (i % 7 === 3) overrides.tickSize = null;
    if (i % 101 === 50) overrides.minTradeAmount = 'not a number';
    symbols.push(pairDefinition(overrides));
  }
  return { timezone: 'UTC', serverTime: options.serverTime ?? LARGE_SERVER_TIME, symbols };
}

/**
 * A real loopback exchange serving `body` as it is (the text a test sets), with a fetcher that
 * offers the raw text (`fetchExchangeInfoText`, what the source parses in slices) and the
 * parsed form, both over real HTTP with undici.
 *
 * @example
 * ```ts
 * const exchange = await startTextExchange(JSON.stringify(largePayload(20_000)));
 * createRuleBookSource({ client: exchange.fetcher, intervalMs: 60_000 });
 * ```
 */
export interface TextExchange {
  body: string;
  readonly server: LoopbackServer;
  readonly fetcher: ExchangeInfoFetcher & Required<Pick<ExchangeInfoFetcher, 'fetchExchangeInfoText'>>;
  close(): Promise<void>;
}

/**
 * Starts a {@link TextExchange} serving `body`.
 *
 * @example
 * ```ts
 * const exchange = await startTextExchange('{"timezone":"UTC","serverTime":1,"symbols":[]}');
 * try { ... } finally { await exchange.close(); }
 * ```
 */
export async function startTextExchange(body: string): Promise<TextExchange> {
  const state = { body };
  const server = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(state.body);
  });
  const fetchText = async (
    _query?: unknown,
    options?: { readonly signal?: AbortSignal },
  ): Promise<string> => {
    const response = await request(`${server.baseUrl}/api/v3/exchangeInfo`, {
      ...(options?.signal === undefined ? {} : { signal: options.signal }),
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new Error(`HTTP ${response.statusCode}`);
    }
    return response.body.text();
  };
  const fetcher = {
    fetchExchangeInfoText: fetchText,
    async fetchExchangeInfo(
      query?: unknown,
      options?: { readonly signal?: AbortSignal },
    ): Promise<ExchangeInfo> {
      return parseExchangeInfoText(await fetchText(query, options));
    },
  };
  return {
    get body() {
      return state.body;
    },
    set body(text: string) {
      state.body = text;
    },
    server,
    fetcher,
    close: () => server.close(),
  };
}
