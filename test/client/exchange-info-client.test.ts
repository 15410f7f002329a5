import { Agent } from 'undici';
import { describe, expect, it } from 'vitest';
import { isClientClosedError } from '../../src/client/errors/client-closed-error.js';
import { isInvalidQueryError } from '../../src/client/errors/invalid-query-error.js';
import { ExchangeInfoClient } from '../../src/client/exchange-info-client.js';
import { isInvalidArgumentError } from '../../src/errors/invalid-argument-error.js';
import { isPreflightError } from '../../src/errors/preflight-error.js';
import { json, type Responder, startLoopbackServer } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition, withRawJson } from '../../test-support/payload.js';
import { FAST, rejectionOf, withClient } from './harness.js';

const ok = () => json(200, exchangeInfoPayload());

function receivedQuery(url: string): URLSearchParams {
  return new URL(url, 'http://127.0.0.1').searchParams;
}

describe('ExchangeInfoClient: successful fetches', () => {
  it('parses the payload and sends GET /api/v3/exchangeInfo with no query by default', async () => {
    await withClient(ok(), {}, async (client, server) => {
      const info = await client.fetchExchangeInfo();
      expect(info.timezone).toBe('UTC');
      expect(info.symbols.map((s) => s.symbol)).toEqual(['BTCUSDT']);
      expect(info.symbols[0]?.stepSize).toBe('0.00001');
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]?.method).toBe('GET');
      expect(server.requests[0]?.url).toBe('/api/v3/exchangeInfo');
      expect(server.requests[0]?.headers.accept).toBe('application/json');
    });
  });

  it('fetchExchangeInfoText answers the body as text, after the same retries', async () => {
    const body = withRawJson(exchangeInfoPayload([pairDefinition({ maxTradeAmount: '@max' })]), {
      '@max': '12345678901234567890',
    });
    const script: Responder[] = [json(503, { code: -1, msg: 'busy' }), json(200, body)];
    await withClient(script, FAST, async (client, server) => {
      const text = await client.fetchExchangeInfoText({ symbol: 'BTCUSDT' });
      expect(text).toBe(body);
      expect(server.requests.map((r) => r.url)).toEqual([
        '/api/v3/exchangeInfo?symbol=BTCUSDT',
        '/api/v3/exchangeInfo?symbol=BTCUSDT',
      ]);
    });
    // Text that is not JSON is the caller's to parse; text that is not UTF-8 is refused.
    await withClient(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(Buffer.from([0xff, 0xfe]));
      },
      FAST,
      async (client) => {
        const error = await rejectionOf(client.fetchExchangeInfoText());
        expect(isPreflightError(error)).toBe(true);
        expect((error as { name: string }).name).toBe('InvalidResponseError');
      },
    );
  });

  it('keeps a 20-digit JSON number and a 1e-8 JSON number exact', async () => {
    const body = withRawJson(
      exchangeInfoPayload([pairDefinition({ maxTradeAmount: '@max', tickSize: '@tick' })]),
      {
        '@max': '12345678901234567890',
        '@tick': '1e-8',
      },
    );
    expect(body).toContain('"maxTradeAmount":12345678901234567890');
    expect(body).toContain('"tickSize":1e-8');
    await withClient(json(200, body), {}, async (client) => {
      const info = await client.fetchExchangeInfo();
      expect(info.symbols[0]?.maxTradeAmount).toBe('12345678901234567890');
      expect(info.symbols[0]?.tickSize).toBe('0.00000001');
    });
  });

  it('estimates the server clock offset from serverTime', async () => {
    const script: Responder = (_req, res) => {
      const text = JSON.stringify(exchangeInfoPayload(undefined, { serverTime: Date.now() + 60_000 }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(text);
    };
    await withClient(script, {}, async (client) => {
      expect(client.clockOffsetMs).toBeUndefined();
      await client.fetchExchangeInfo();
      const offset = client.clockOffsetMs;
      expect(Number.isInteger(offset)).toBe(true);
      expect(Math.abs((offset ?? 0) - 60_000)).toBeLessThanOrEqual(1_000);
    });
  });

  it('counts 20 weight per request sent, and nothing for a refused query', async () => {
    await withClient(ok(), {}, async (client) => {
      expect(client.requestWeightSpent).toBe(0);
      await client.fetchExchangeInfo();
      await client.fetchExchangeInfo({ symbol: 'BTCUSDT' });
      await rejectionOf(client.fetchExchangeInfo({ symbols: [] }));
      await client.fetchExchangeInfo();
      expect(client.requestsSent).toBe(3);
      expect(client.requestWeightSpent).toBe(60);
    });
  });

  it('serves 50 concurrent calls', async () => {
    // 50 answers at once can take over FAST's 1 s on a busy machine (npm test runs its steps side
    // by side): a timeout would send a retry, and this test is about concurrency, not timeouts.
    await withClient(ok(), { timeoutMs: 30_000 }, async (client, server) => {
      const results = await Promise.all(Array.from({ length: 50 }, () => client.fetchExchangeInfo()));
      expect(results.every((info) => info.symbols.length === 1)).toBe(true);
      expect(server.requests).toHaveLength(50);
      expect(client.requestWeightSpent).toBe(1_000);
    });
  });

  it('sends extra headers', async () => {
    await withClient(ok(), { headers: { 'X-Api-Key': 'k1' } }, async (client, server) => {
      await client.fetchExchangeInfo();
      expect(server.requests[0]?.headers['x-api-key']).toBe('k1');
    });
  });
});

describe('ExchangeInfoClient: query building', () => {
  it.each([
    [{ symbol: 'BTCUSDT' }, 'comma', { symbol: 'BTCUSDT' }],
    [{ symbols: ['BTCUSDT', 'ETHUSDT'] }, 'comma', { symbols: 'BTCUSDT,ETHUSDT' }],
    [{ symbols: ['BTCUSDT', 'ETHUSDT'] }, 'json', { symbols: '["BTCUSDT","ETHUSDT"]' }],
    [{ symbolStatus: 'TRADING' }, 'comma', { symbolStatus: 'TRADING' }],
    [{ symbolStatus: 'HALT' }, 'comma', { symbolStatus: 'HALT' }],
    [{ symbolStatus: 'BREAK' }, 'comma', { symbolStatus: 'BREAK' }],
    [{ symbol: 'BTCUSDT', symbolStatus: 'HALT' }, 'comma', { symbol: 'BTCUSDT', symbolStatus: 'HALT' }],
    [
      { symbols: ['BTC-USDT', 'ETH_USDT.X'], symbolStatus: 'TRADING' },
      'json',
      { symbols: '["BTC-USDT","ETH_USDT.X"]', symbolStatus: 'TRADING' },
    ],
    [{ symbol: undefined, symbolStatus: 'TRADING' }, 'comma', { symbolStatus: 'TRADING' }],
  ] as const)('%j (%s) reaches the server as %j', async (query, symbolsFormat, expected) => {
    await withClient(ok(), { symbolsFormat }, async (client, server) => {
      await client.fetchExchangeInfo(query);
      const url = server.requests[0]?.url ?? '';
      expect(url.startsWith('/api/v3/exchangeInfo?')).toBe(true);
      expect(Object.fromEntries(receivedQuery(url))).toEqual(expected);
    });
  });

  it.each(['/', '/prefix', '/prefix/', '/prefix//'])(
    'keeps the base URL path %j as a prefix',
    async (path) => {
      const server = await startLoopbackServer(ok());
      const client = new ExchangeInfoClient({ baseUrl: `${server.baseUrl}${path}`, ...FAST });
      try {
        await client.fetchExchangeInfo({ symbol: 'BTCUSDT' });
        const prefix = path.replace(/\/+$/, '');
        expect(server.requests[0]?.url).toBe(`${prefix}/api/v3/exchangeInfo?symbol=BTCUSDT`);
      } finally {
        await client.close();
        await server.waitForNoOpenSockets();
        await server.close();
      }
    },
  );
});

describe('ExchangeInfoClient: misuse is refused before anything is sent', () => {
  it.each([
    ['symbol with symbols', { symbol: 'BTCUSDT', symbols: ['ETHUSDT'] }, 'symbols', ['ETHUSDT']],
    ['empty symbols', { symbols: [] }, 'symbols', []],
    ['a space in symbols', { symbols: ['BTCUSDT', 'eth usdt'] }, 'symbols', 'eth usdt'],
    ['lowercase symbol', { symbol: 'btcusdt' }, 'symbol', 'btcusdt'],
    ['a comma in symbol', { symbol: 'BTC,USDT' }, 'symbol', 'BTC,USDT'],
    ['a quote in symbols', { symbols: ['"BTCUSDT"'] }, 'symbols', '"BTCUSDT"'],
    ['an empty symbol', { symbol: '' }, 'symbol', ''],
    ['a 33-character symbol', { symbol: 'A'.repeat(33) }, 'symbol', 'A'.repeat(33)],
    ['a number as symbol', { symbol: 42 }, 'symbol', 42],
    ['a number in symbols', { symbols: ['BTCUSDT', 7] }, 'symbols', 7],
    ['symbols as a string', { symbols: 'BTCUSDT,ETHUSDT' }, 'symbols', 'BTCUSDT,ETHUSDT'],
    ['duplicate symbols', { symbols: ['BTCUSDT', 'ETHUSDT', 'BTCUSDT'] }, 'symbols', 'BTCUSDT'],
    ['lowercase symbolStatus', { symbolStatus: 'trading' }, 'symbolStatus', 'trading'],
    ['lowercase symbolStatus halt', { symbolStatus: 'halt' }, 'symbolStatus', 'halt'],
    ['symbolStatus with a space', { symbolStatus: 'HALT ' }, 'symbolStatus', 'HALT '],
    ['an unlisted symbolStatus', { symbolStatus: 'PRE_TRADING' }, 'symbolStatus', 'PRE_TRADING'],
    ['an empty symbolStatus', { symbolStatus: '' }, 'symbolStatus', ''],
    ['symbolStatus as a list', { symbolStatus: ['HALT', 'BREAK'] }, 'symbolStatus', ['HALT', 'BREAK']],
    ['symbolStatus a number', { symbolStatus: 1 }, 'symbolStatus', 1],
    ['an unknown key', { symbl: 'BTCUSDT' }, 'symbl', 'BTCUSDT'],
    ['null as the query', null, 'query', null],
    ['a string as the query', 'BTCUSDT', 'query', 'BTCUSDT'],
    ['an array as the query', ['BTCUSDT'], 'query', ['BTCUSDT']],
  ] as const)('%s → InvalidQueryError(%j)', async (_name, query, parameter, value) => {
    await withClient(ok(), {}, async (client, server) => {
      const error = await rejectionOf(client.fetchExchangeInfo(query as never));
      expect(isInvalidQueryError(error)).toBe(true);
      expect(isPreflightError(error)).toBe(true);
      if (!isInvalidQueryError(error)) return;
      expect(error.parameter).toBe(parameter);
      expect(error.value).toEqual(value);
      expect(server.requests).toHaveLength(0);
      expect(server.connectionsAccepted).toBe(0);
      expect(client.requestWeightSpent).toBe(0);
    });
  });

  it('refuses a per-call options value that is not an object, or a signal that is not an AbortSignal', async () => {
    await withClient(ok(), {}, async (client, server) => {
      const notObject = await rejectionOf(client.fetchExchangeInfo(undefined, 'fast' as never));
      expect(isInvalidArgumentError(notObject) && notObject.argument).toBe('options');
      const badSignal = await rejectionOf(client.fetchExchangeInfo(undefined, { signal: {} as AbortSignal }));
      expect(isInvalidArgumentError(badSignal) && badSignal.argument).toBe('options.signal');
      expect(server.requests).toHaveLength(0);
    });
  });
});

describe('ExchangeInfoClient: options', () => {
  it.each([
    ['options', null],
    ['baseUrl', { baseUrl: 'ftp://127.0.0.1/' }],
    ['baseUrl', { baseUrl: 'not a url' }],
    ['baseUrl', { baseUrl: 42 }],
    ['baseUrl', { baseUrl: undefined }],
    ['baseUrl', { baseUrl: 'http://127.0.0.1:1/?x=1' }],
    ['baseUrl', { baseUrl: 'http://user:secret@127.0.0.1:1/' }],
    ['timeoutMs', { timeoutMs: 0 }],
    ['timeoutMs', { timeoutMs: 1.5 }],
    ['timeoutMs', { timeoutMs: Number.NaN }],
    ['timeoutMs', { timeoutMs: '100' }],
    ['timeoutMs', { timeoutMs: 2 ** 31 }],
    ['retries', { retries: -1 }],
    ['retryDelayMs', { retryDelayMs: -5 }],
    ['maxRetryDelayMs', { maxRetryDelayMs: Number.POSITIVE_INFINITY }],
    ['maxResponseBytes', { maxResponseBytes: 0 }],
    ['symbolsFormat', { symbolsFormat: 'csv' }],
    ['dispatcher', { dispatcher: {} }],
    ['headers', { headers: 'x-a: 1' }],
    ['headers', { headers: { 'bad name': 'x' } }],
    ['headers', { headers: { 'x-a': 'a\r\nInjected: 1' } }],
    ['headers', { headers: { 'x-a': 1 } }],
    ['headers', { headers: { 'Accept-Encoding': 'gzip' } }],
    ['headers', { headers: { connection: 'close' } }],
    ['random', { random: 0.5 }],
    ['timeout', { timeout: 100 }],
  ])('a bad %s → InvalidArgumentError naming it (options.NAME)', (parameter, partial) => {
    const options = partial === null ? null : { baseUrl: 'http://127.0.0.1:1', ...partial };
    let error: unknown;
    try {
      new ExchangeInfoClient(options as never);
    } catch (e) {
      error = e;
    }
    expect(isInvalidArgumentError(error)).toBe(true);
    expect(isInvalidArgumentError(error) && error.argument).toBe(
      parameter === 'options' ? 'options' : `options.${parameter}`,
    );
  });

  it('does not close a dispatcher it was given', async () => {
    const dispatcher = new Agent();
    const server = await startLoopbackServer(ok());
    try {
      const client = new ExchangeInfoClient({ baseUrl: server.baseUrl, ...FAST, dispatcher });
      await client.fetchExchangeInfo();
      await client.close();
      expect(dispatcher.closed).toBe(false);
      const again = new ExchangeInfoClient({ baseUrl: server.baseUrl, ...FAST, dispatcher });
      await again.fetchExchangeInfo();
      await again.close();
      expect(server.requests).toHaveLength(2);
    } finally {
      await dispatcher.close();
      await server.waitForNoOpenSockets();
      await server.close();
    }
  });

  it('closes idempotently, and a closed client refuses to fetch without sending', async () => {
    await withClient(ok(), {}, async (client, server) => {
      await client.fetchExchangeInfo();
      await Promise.all([client.close(), client.close()]);
      await client.close();
      expect(client.closed).toBe(true);
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isPreflightError(error)).toBe(true);
      expect(isClientClosedError(error)).toBe(true);
      expect(server.requests).toHaveLength(1);
    });
  });
});
