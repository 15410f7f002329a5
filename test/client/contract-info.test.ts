// The client's contract definitions (`GET /capi/v3/market/exchangeInfo` on the contract host),
// against a real loopback server: the path below the base, the one query parameter, the same
// retries and typed errors as exchangeInfo, and the request weight the endpoint documents.
import { describe, expect, it } from 'vitest';
import { ContractBook } from '../../src/futures.js';
import { isExchangeAnswerError, isExchangeInfoSchemaError } from '../../src/index.js';
import {
  ExchangeInfoClient,
  isHttpStatusError,
  isInvalidQueryError,
  isInvalidResponseError,
  isRateLimitedError,
} from '../../src/node.js';
import { json, silence, text } from '../../test-support/loopback-server.js';
import { rejectionOf, withClient } from './harness.js';

/** A contract payload as the contract host writes it: strings in one definition, numbers in another. */
const CONTRACTS = `{"assets":[{"asset":"USDT","marginAvailable":true}],"symbols":[
{"symbol":"DOGEUSDT","pricePrecision":"5","quantityPrecision":"-2","contractVal":"100","minOrderSize":"100"},
{"symbol":"BTCUSDT","pricePrecision":1,"quantityPrecision":6,"contractVal":1e-06,"maxOrderSize":10000}]}`;

describe('ExchangeInfoClient.fetchContractInfoText', () => {
  it('asks for /capi/v3/market/exchangeInfo below the base URL and answers the body as written', async () => {
    await withClient(json(200, CONTRACTS), {}, async (client, server) => {
      expect(await client.fetchContractInfoText()).toBe(CONTRACTS);
      expect(await client.fetchContractInfoText({ symbol: 'DOGEUSDT' })).toBe(CONTRACTS);
      expect(server.requests.map((r) => [r.method, r.url])).toEqual([
        ['GET', '/capi/v3/market/exchangeInfo'],
        ['GET', '/capi/v3/market/exchangeInfo?symbol=DOGEUSDT'],
      ]);
      // One request weighs 1 on the contract host, 20 for the spot exchangeInfo.
      expect(client.requestWeightSpent).toBe(2);
    });
  });

  it('keeps a path prefix of the base URL, as the spot endpoint does', async () => {
    await withClient(json(200, CONTRACTS), {}, async (_client, server) => {
      const prefixed = new ExchangeInfoClient({ baseUrl: `${server.baseUrl}/proxy/weex/`, retries: 0 });
      try {
        await prefixed.fetchContractInfoText();
      } finally {
        await prefixed.close();
      }
      expect(server.requests[0]?.url).toBe('/proxy/weex/capi/v3/market/exchangeInfo');
    });
  });

  it('retries a 5xx and a timeout as exchangeInfo does, counting the weight of every attempt', async () => {
    await withClient(
      [json(503, { code: -1001, msg: 'busy' }), silence(), json(200, CONTRACTS)],
      { timeoutMs: 200 },
      async (client, server) => {
        expect(await client.fetchContractInfoText()).toBe(CONTRACTS);
        expect(server.requests).toHaveLength(3);
        expect(client.requestsSent).toBe(3);
        expect(client.requestWeightSpent).toBe(3);
      },
    );
  });

  it('fails with the typed errors of exchangeInfo: a 400 with the exchange code, a 429', async () => {
    await withClient(json(400, { code: -1121, msg: 'Invalid symbol.' }), {}, async (client, server) => {
      const error = await rejectionOf(client.fetchContractInfoText({ symbol: 'NOPEUSDT' }));
      expect(isHttpStatusError(error) && [error.status, error.exchangeCode]).toEqual([400, -1121]);
      expect(server.requests).toHaveLength(1);
    });
    await withClient(json(429, { code: -1003, msg: 'slow down' }), {}, async (client) => {
      const error = await rejectionOf(client.fetchContractInfoText());
      expect(isRateLimitedError(error) && error.status).toBe(429);
    });
  });

  it('refuses a query other than { symbol } before anything is sent', async () => {
    await withClient(json(200, CONTRACTS), {}, async (client, server) => {
      for (const [query, parameter] of [
        [{ symbols: ['BTCUSDT'] }, 'symbols'],
        [{ symbol: 'btc usdt' }, 'symbol'],
        [{ symbolStatus: 'TRADING' }, 'symbolStatus'],
        ['BTCUSDT', 'query'],
      ] as const) {
        const error = await rejectionOf(client.fetchContractInfoText(query as never));
        expect(isInvalidQueryError(error) && error.parameter).toBe(parameter);
      }
      expect(server.requests).toHaveLength(0);
      expect(client.requestWeightSpent).toBe(0);
    });
  });
});

describe('ExchangeInfoClient.fetchContractInfo', () => {
  it('reads the contracts losslessly, strings and numbers alike, a negative precision included', async () => {
    await withClient(json(200, CONTRACTS), {}, async (client, server) => {
      const info = await client.fetchContractInfo({ symbol: 'DOGEUSDT' });
      expect(server.requests[0]?.url).toBe('/capi/v3/market/exchangeInfo?symbol=DOGEUSDT');
      expect(info.rejected).toEqual([]);
      const [doge, btc] = info.symbols;
      expect([doge?.quantityPrecision, doge?.contractVal, doge?.minOrderSize]).toEqual([-2, '100', '100']);
      expect([btc?.pricePrecision, btc?.contractVal, btc?.maxOrderSize]).toEqual([1, '0.000001', '10000']);
      const book = ContractBook.fromContractInfo(info);
      expect(book.symbols).toEqual(['DOGEUSDT', 'BTCUSDT']);
      const order = {
        symbol: 'DOGEUSDT',
        side: 'BUY',
        positionSide: 'LONG',
        type: 'MARKET',
        quantity: '150',
      };
      expect(book.checkOrder(order).codes).toContain('QUANTITY_STEP');
    });
  });

  it('keeps every digit of a long number, which JSON.parse would round', async () => {
    const long = '98765432109876543210';
    await withClient(
      json(200, `{"symbols":[{"symbol":"BTCUSDT","contractVal":"0.0001","maxOrderSize":${long}}]}`),
      {},
      async (client) => {
        expect((await client.fetchContractInfo()).symbols[0]?.maxOrderSize).toBe(long);
      },
    );
  });

  it('refuses what is not a contract payload with the typed errors of the readers', async () => {
    await withClient(json(200, { code: -1121, msg: 'Invalid symbol.' }), {}, async (client) => {
      const error = await rejectionOf(client.fetchContractInfo());
      expect(isExchangeAnswerError(error) && error.exchangeCode).toBe(-1121);
    });
    await withClient(json(200, '[1, 2]'), {}, async (client) => {
      expect(isExchangeInfoSchemaError(await rejectionOf(client.fetchContractInfo()))).toBe(true);
    });
    await withClient(text(200, '<html>busy</html>', 'text/html'), {}, async (client) => {
      expect(isInvalidResponseError(await rejectionOf(client.fetchContractInfo()))).toBe(true);
    });
  });
});
