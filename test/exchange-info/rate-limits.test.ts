import { afterEach, describe, expect, it } from 'vitest';
import { ExchangeInfoClient } from '../../src/client/exchange-info-client.js';
import {
  type ExchangeInfo,
  parseExchangeInfo,
  parseExchangeInfoText,
  parseRuleBookSnapshot,
  RuleBook,
} from '../../src/index.js';
import { createRuleBookSource, type RuleBookSource } from '../../src/source/rule-book-source.js';
import { json, type LoopbackServer, startLoopbackServer } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { FAST } from '../client/harness.js';

/**
 * The newest V3 documentation adds a top-level `rateLimits` array to the exchangeInfo answer
 * (docs/exchange-semantics.md, "Top level"). Unknown top-level keys are tolerated on every way in:
 * the object and text parsers, the HTTP client, the refreshing source (which reads the text in
 * slices) and snapshots, and the book they make is the one made without them.
 */

/** Its items' shape is not shown; these are the family's usual ones, with a big number and nesting. */
const RATE_LIMITS = [
  { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 },
  { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 },
  { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 200000 },
  { rateLimitType: 'RAW_REQUESTS', interval: 'MINUTE', intervalNum: 5, limit: 61000 },
  {
    rateLimitType: 'IP_WEIGHT',
    interval: 'SECOND',
    intervalNum: 1,
    limit: 12345678901234567890n,
    by: ['ip'],
  },
];

const SERVER_TIME = 1_764_506_000_123;
const PLAIN = exchangeInfoPayload([pairDefinition(), pairDefinition({ symbol: 'ETHUSDT' })], {
  serverTime: SERVER_TIME,
});

/** The plain payload with `rateLimits` between `serverTime` and `symbols`, where the documentation puts it. */
const WITH_RATE_LIMITS_TEXT = JSON.stringify(
  {
    timezone: PLAIN.timezone,
    serverTime: PLAIN.serverTime,
    rateLimits: RATE_LIMITS,
    symbols: PLAIN.symbols,
    exchangeFilters: [],
  },
  (_key, value: unknown) => (typeof value === 'bigint' ? `@big${value}` : value),
).replace(/"@big(\d+)"/g, '$1');

const FETCHED_AT = 1_764_506_001_000;
const bookOf = (info: ExchangeInfo) => RuleBook.fromExchangeInfo(info, { fetchedAt: FETCHED_AT });
const expected = bookOf(parseExchangeInfo(PLAIN)).toJSON();

let server: LoopbackServer | undefined;
let source: RuleBookSource | undefined;
afterEach(async () => {
  await source?.stop();
  source = undefined;
  await server?.close();
  server = undefined;
});

describe('a top-level rateLimits array is tolerated', () => {
  it('the payload really carries it, with a number past 2^64', () => {
    expect(WITH_RATE_LIMITS_TEXT).toContain('"rateLimits":[{"rateLimitType":"REQUEST_WEIGHT"');
    expect(WITH_RATE_LIMITS_TEXT).toContain('"limit":12345678901234567890,');
  });

  it('by parseExchangeInfo and parseExchangeInfoText: the same book, no warnings', () => {
    const fromObject = parseExchangeInfo(JSON.parse(WITH_RATE_LIMITS_TEXT));
    const fromText = parseExchangeInfoText(WITH_RATE_LIMITS_TEXT);
    for (const info of [fromObject, fromText]) {
      expect(info.symbols.map((s) => s.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
      expect(info.warnings).toEqual([]);
      expect(info.rejected).toEqual([]);
      expect(bookOf(info).toJSON()).toEqual(expected);
    }
  });

  it('by the HTTP client and a snapshot of what it fetched', async () => {
    server = await startLoopbackServer(json(200, WITH_RATE_LIMITS_TEXT));
    const client = new ExchangeInfoClient({ baseUrl: server.baseUrl, ...FAST });
    try {
      const book = bookOf(await client.fetchExchangeInfo({ symbolStatus: 'TRADING' }));
      expect(book.toJSON()).toEqual(expected);
      const text = JSON.stringify(book.toJSON());
      expect(text).not.toContain('rateLimits');
      expect(parseRuleBookSnapshot(text).toJSON()).toEqual(expected);
    } finally {
      await client.close();
    }
  });

  it('by the refreshing source, which reads the text in slices', async () => {
    server = await startLoopbackServer(json(200, WITH_RATE_LIMITS_TEXT));
    const client = new ExchangeInfoClient({ baseUrl: server.baseUrl, ...FAST });
    source = createRuleBookSource({ client, intervalMs: 60_000 });
    const book = await source.ready();
    expect(book.symbols).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect({ ...book.toJSON(), fetchedAt: FETCHED_AT }).toEqual(expected);
    await source.stop();
    await client.close();
  });
});
