/**
 * The fake exchange's exchangeInfo: narrowed by `symbol`, `symbols` (comma-separated or a JSON
 * array) and `symbolStatus` as the exchange documents the query, refused in the exchange's error
 * shape where the exchange would refuse, the sample's `serverTime` the fake's clock now, and read
 * by the library's own client exactly as the whole answer is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeInfoAnswer } from '../../src/gateway/fake-exchange-info.js';
import { type FakeExchange, startFakeExchange } from '../../src/gateway.js';
import { parseExchangeInfoText, RuleBook, SAMPLE_EXCHANGE_INFO_JSON } from '../../src/index.js';
import { ExchangeInfoClient } from '../../src/node.js';

let exchange: FakeExchange;
beforeAll(async () => {
  exchange = await startFakeExchange();
});
afterAll(async () => {
  await exchange.close();
});

async function get(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${exchange.url}/api/v3/exchangeInfo${query}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const codes = (body: Record<string, unknown>) =>
  (body.symbols as { symbol: string }[]).map((pair) => pair.symbol);

describe('the fake exchange narrows exchangeInfo by the documented query', () => {
  it.each([
    ['', ['BTCUSDT', 'ETHUSDT', 'XAUTUSDT', 'MEMEUSDT', 'NEWUSDT', 'SOLUSDT', 'LUNAUSDT', 'BADUSDT']],
    ['?symbol=ETHUSDT', ['ETHUSDT']],
    ['?symbols=ETHUSDT,BTCUSDT', ['BTCUSDT', 'ETHUSDT']],
    [`?symbols=${encodeURIComponent('["BTCUSDT","SOLUSDT"]')}`, ['BTCUSDT', 'SOLUSDT']],
    ['?symbolStatus=HALT', ['LUNAUSDT']],
    ['?symbolStatus=BREAK', []],
    ['?symbols=BTCUSDT,LUNAUSDT&symbolStatus=TRADING', ['BTCUSDT']],
  ])('%s answers %j', async (query, expected) => {
    const { status, body } = await get(query);
    expect(status).toBe(200);
    expect(codes(body)).toEqual(expected);
  });

  it.each([
    ['?symbol=BTCUSDT&symbols=ETHUSDT', -1142],
    ['?symbolStatus=trading', -1142],
    ['?symbols=', -1142],
    ['?symbols=%5B%5D', -1142],
    ['?symbols=BTCUSDT,,ETHUSDT', -1142],
    ['?symbol=NOPEUSDT', -1121],
    ['?symbols=BTCUSDT,NOPEUSDT', -1121],
  ])('%s is refused with %i', async (query, code) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body.code).toBe(code);
  });

  it("serves the sample with the fake's clock as serverTime", async () => {
    const before = Date.now();
    const { body } = await get('');
    expect(body.serverTime).toBeGreaterThanOrEqual(before);
    expect(body.serverTime).toBeLessThanOrEqual(Date.now());
  });

  it('keeps every digit: a narrowed answer reads as the whole one does', async () => {
    const whole = RuleBook.fromExchangeInfo(parseExchangeInfoText(SAMPLE_EXCHANGE_INFO_JSON));
    const client = new ExchangeInfoClient({ baseUrl: exchange.url });
    try {
      const narrowed = RuleBook.fromExchangeInfo(
        await client.fetchExchangeInfo({ symbols: ['BTCUSDT', 'MEMEUSDT'] }),
      );
      expect(narrowed.symbols).toEqual(['BTCUSDT', 'MEMEUSDT']);
      for (const symbol of narrowed.symbols)
        expect(narrowed.definition(symbol)).toEqual(whole.definition(symbol));
      // The client's clock estimate sees a server on our clock, not the sample's recorded one.
      expect(Math.abs(client.clockOffsetMs ?? Number.NaN)).toBeLessThan(60_000);
    } finally {
      await client.close();
    }
  });
});

describe('a body the fake is given', () => {
  it('is served as given without a query, serverTime and all', () => {
    const body = '{"timezone":"UTC","serverTime":1,"symbols":[]}';
    expect(exchangeInfoAnswer(body, new URLSearchParams(''), false, 5)).toEqual({ status: 200, body });
  });

  it('is served as it is, whatever the query, when it is not an object with symbols', () => {
    for (const body of ['not json', '[]', '{"code":-1001}'])
      expect(exchangeInfoAnswer(body, new URLSearchParams('symbol=BTCUSDT'), true, 5)).toEqual({
        status: 200,
        body,
      });
  });

  it('gets the given now as serverTime only when asked', () => {
    const body = '{"timezone":"UTC","serverTime":1,"symbols":[]}';
    expect(JSON.parse(exchangeInfoAnswer(body, new URLSearchParams(''), true, 5).body).serverTime).toBe(5);
    expect(
      JSON.parse(exchangeInfoAnswer(body, new URLSearchParams('symbolStatus=HALT'), false, 5).body)
        .serverTime,
    ).toBe(1);
  });
});
