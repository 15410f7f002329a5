import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { accessHeaders, createRiskGateway, GATEWAY_HEADER } from '../../src/gateway.js';
import { parseExchangeInfo, RuleBook } from '../../src/index.js';
import { startLoopbackServer } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';

describe('a fixed reference price given as a number', () => {
  it('is read in plain notation: 0.0000001 is a usable price, not a malformed 1e-7', async () => {
    const upstream = await startLoopbackServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"orderId":1}');
    });
    const book = RuleBook.fromExchangeInfo(
      parseExchangeInfo(
        exchangeInfoPayload([
          pairDefinition({ symbol: 'TINYUSDT', tickSize: '0.00000001', quoteAssetPrecision: 8 }),
        ]),
      ),
    );
    const gateway = await createRiskGateway({
      upstreamUrl: upstream.baseUrl,
      book,
      referencePrices: new Map([['TINYUSDT', 0.0000001]]),
    });
    try {
      const body = JSON.stringify({
        symbol: 'TINYUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '1',
        price: '0.0000001',
      });
      const response = await request(`${gateway.url}/api/v3/order`, {
        method: 'POST',
        headers: accessHeaders({ method: 'POST', path: '/api/v3/order', body }),
        body,
      });
      await response.body.dump();
      expect({ status: response.statusCode, reason: response.headers[GATEWAY_HEADER] }).toEqual({
        status: 200,
        reason: undefined,
      });
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});
