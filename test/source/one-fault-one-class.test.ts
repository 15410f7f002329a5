/**
 * One fault in an exchange's answer gives one error class, whichever path reads it: the client's
 * `fetchExchangeInfo` (the body parsed whole), or the rule-book source (the text of
 * `fetchExchangeInfoText`, parsed in slices). A body that cannot be read as JSON is an
 * `InvalidResponseError`; JSON of the wrong shape is an `ExchangeInfoSchemaError`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidResponseError } from '../../src/client/errors/invalid-response-error.js';
import { ExchangeInfoClient } from '../../src/client/exchange-info-client.js';
import { ExchangeInfoSchemaError } from '../../src/errors/exchange-info-schema-error.js';
import { MAX_JSON_DEPTH } from '../../src/json/json-depth.js';
import { createRuleBookSource } from '../../src/source/rule-book-source.js';
import { json, type LoopbackServer, startLoopbackServer, text } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { rejectionOf } from '../client/harness.js';

const definition = JSON.stringify(pairDefinition());
const envelope = (symbols: string, extra = '') =>
  `{"timezone":"UTC","serverTime":1700000000000,${extra}"symbols":[${symbols}]}`;
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** What the loopback exchange answers with status 200, and the class both paths must give. */
const FAULTS: readonly (readonly [name: string, answer: () => ReturnType<typeof json>, expected: string])[] =
  [
    [
      'an HTML page',
      () => text(200, '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html'),
      'InvalidResponseError',
    ],
    [
      'a member named twice at the top level',
      () => json(200, envelope(definition, '"serverTime":1700000000001,')),
      'InvalidResponseError',
    ],
    [
      'a field named twice in a definition',
      () => json(200, envelope(`${definition.slice(0, -1)},"tickSize":"0.5"}`)),
      'InvalidResponseError',
    ],
    ['a body nested 100,000 levels deep', () => json(200, nested(100_000)), 'InvalidResponseError'],
    [
      'a definition nested 100,000 levels deep',
      () => json(200, envelope(`${definition.slice(0, -1)},"x":${nested(100_000)}}`)),
      'InvalidResponseError',
    ],
    [
      `a definition nested one level past ${MAX_JSON_DEPTH}`,
      () => json(200, envelope(`${definition.slice(0, -1)},"x":${nested(MAX_JSON_DEPTH - 2)}}`)),
      'InvalidResponseError',
    ],
    // The other side of the line: JSON, of the wrong shape.
    ['JSON of the wrong shape', () => json(200, { symbols: 'none' }), 'ExchangeInfoSchemaError'],
    [
      `a body nested exactly ${MAX_JSON_DEPTH} levels`,
      () => json(200, nested(MAX_JSON_DEPTH)),
      'ExchangeInfoSchemaError',
    ],
  ];

let server: LoopbackServer;
let client: ExchangeInfoClient;
let answer: ReturnType<typeof json>;

beforeEach(async () => {
  server = await startLoopbackServer((req, res, index) => answer(req, res, index));
  client = new ExchangeInfoClient({ baseUrl: server.baseUrl, retries: 0, timeoutMs: 10_000 });
});

afterEach(async () => {
  await client.close();
  await server.close();
});

describe('one fault, one error class, through the client and through the source', () => {
  it.each(FAULTS)('%s', async (_name, respond, expected) => {
    answer = respond();
    const direct = await rejectionOf(client.fetchExchangeInfo());

    const reported: unknown[] = [];
    const source = createRuleBookSource({
      client,
      intervalMs: 60_000,
      onError: (error) => reported.push(error),
    });
    const throughSource = await rejectionOf(source.refresh());
    await source.stop();

    expect(server.requests).toHaveLength(2);
    const classOf = (error: unknown) => (error as Error).constructor;
    expect(direct).toMatchObject({ name: expected });
    expect(throughSource).toMatchObject({ name: expected });
    expect(classOf(throughSource)).toBe(classOf(direct));
    expect(reported).toEqual([throughSource]);
    expect(source.lastError).toBe(throughSource);

    if (direct instanceof InvalidResponseError && throughSource instanceof InvalidResponseError) {
      // The same excerpt of the same body; only the client knows the URL and content type.
      expect(throughSource.bodyExcerpt).toBe(direct.bodyExcerpt);
      expect(direct.url).toBe(`${server.baseUrl}/api/v3/exchangeInfo`);
      expect(throughSource.url).toBeUndefined();
    }
    if (direct instanceof ExchangeInfoSchemaError && throughSource instanceof ExchangeInfoSchemaError) {
      expect(throughSource.issues.map((i) => i.path)).toEqual(direct.issues.map((i) => i.path));
    }
  });

  it('a sound answer loads the same through both (the faults above are the only difference)', async () => {
    answer = json(200, exchangeInfoPayload([pairDefinition()], { serverTime: 1_700_000_000_000 }));
    const direct = await client.fetchExchangeInfo();
    const source = createRuleBookSource({ client, intervalMs: 60_000 });
    const book = await source.refresh();
    await source.stop();
    expect(book.definition('BTCUSDT')).toEqual(direct.symbols[0]);
  });
});
