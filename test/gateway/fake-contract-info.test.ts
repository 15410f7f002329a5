/**
 * The fake exchange's contract definitions (`GET /capi/v3/market/exchangeInfo`): the recorded
 * BTCUSDT, ETHUSDT and DOGEUSDT, narrowed by `symbol`, refused in the exchange's error shape for
 * an unknown one, and read by the library's own client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractBook } from '../../src/futures.js';
import { accessHeaders, type FakeExchange, startFakeExchange } from '../../src/gateway.js';
import { ExchangeInfoClient } from '../../src/node.js';

let exchange: FakeExchange;
beforeAll(async () => {
  exchange = await startFakeExchange();
});
afterAll(async () => {
  await exchange.close();
});

async function get(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${exchange.url}/capi/v3/market/exchangeInfo${query}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const codes = (body: Record<string, unknown>) =>
  (body.symbols as { symbol: string }[]).map((contract) => contract.symbol);

describe('the fake exchange serves contract definitions', () => {
  it('answers the recorded contracts, every value a string as recorded, DOGEUSDT in hundreds', async () => {
    const { status, body } = await get('');
    expect(status).toBe(200);
    expect(codes(body)).toEqual(['BTCUSDT', 'ETHUSDT', 'DOGEUSDT']);
    expect(body.assets).toEqual([
      { asset: 'BTC', marginAvailable: false },
      { asset: 'USDT', marginAvailable: true },
    ]);
    const doge = (body.symbols as Record<string, unknown>[])[2];
    expect(doge).toMatchObject({ quantityPrecision: '-2', contractVal: '100', minOrderSize: '100' });
  });

  it.each([
    ['?symbol=DOGEUSDT', ['DOGEUSDT']],
    ['?symbol=BTCUSDT&symbols=ETHUSDT', ['BTCUSDT']],
  ])('%s answers %j', async (query, expected) => {
    const { status, body } = await get(query);
    expect(status).toBe(200);
    expect(codes(body)).toEqual(expected);
  });

  it('refuses an unknown symbol in the exchange error shape', async () => {
    const { status, body } = await get('?symbol=NOPEUSDT');
    expect([status, body.code]).toEqual([400, -1121]);
  });

  it('serves another body when told, and counts the requests', async () => {
    const other = await startFakeExchange({ contractInfo: { assets: [], symbols: [{ symbol: 'XRPUSDT' }] } });
    const client = new ExchangeInfoClient({ baseUrl: other.url, retries: 0 });
    try {
      expect(JSON.parse(await client.fetchContractInfoText())).toEqual({
        assets: [],
        symbols: [{ symbol: 'XRPUSDT' }],
      });
      other.setContractInfo('{"assets":[],"symbols":[]}');
      expect(await client.fetchContractInfoText()).toBe('{"assets":[],"symbols":[]}');
      expect(other.stats.contractInfoRequests).toBe(2);
      expect(other.stats.exchangeInfoRequests).toBe(0);
    } finally {
      await client.close();
      await other.close();
    }
  });
});

describe('the recorded contracts, fetched by the client, make a contract book', () => {
  it('reads all three with nothing set aside, on their recorded grids', async () => {
    const client = new ExchangeInfoClient({ baseUrl: exchange.url, retries: 0 });
    try {
      const book = ContractBook.fromContractInfo(await client.fetchContractInfo());
      expect(book.symbols).toEqual(['BTCUSDT', 'ETHUSDT', 'DOGEUSDT']);
      expect(book.rejected).toEqual([]);
      const doge = { symbol: 'DOGEUSDT', side: 'BUY', positionSide: 'LONG', type: 'MARKET' } as const;
      expect(book.checkOrder({ ...doge, quantity: '150' }).codes).toEqual(['QUANTITY_STEP']);
      expect(book.checkOrder({ ...doge, quantity: '300' }, { position: '0' }).ok).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe("the fake exchange's contract order", () => {
  const body = JSON.stringify({
    symbol: 'DOGEUSDT',
    side: 'BUY',
    positionSide: 'LONG',
    type: 'MARKET',
    quantity: '300',
    newClientOrderId: 'ci-1',
  });
  const post = (headers: string[]) =>
    fetch(`${exchange.url}/capi/v3/order`, {
      method: 'POST',
      headers: Object.fromEntries(
        headers.flatMap((_, i) => (i % 2 === 0 ? [[headers[i], headers[i + 1]]] : [])),
      ),
      body,
    });

  it('answers a signed POST /capi/v3/order in the contract shape, and refuses a bad signature', async () => {
    const signed = await post(accessHeaders({ method: 'POST', path: '/capi/v3/order', body }));
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual({
      orderId: expect.stringMatching(/^\d+$/),
      clientOrderId: 'ci-1',
      success: true,
      errorCode: '',
      errorMessage: '',
    });
    const forged = await post(accessHeaders({ method: 'POST', path: '/capi/v3/order', body: `${body} ` }));
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { code: number }).code).toBe(-1022);
  });
});
