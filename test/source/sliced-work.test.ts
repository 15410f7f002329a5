import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RuleBook, ruleBookSteps, snapshotContentsOf } from '../../src/book/rule-book.js';
import { parseResponseJson } from '../../src/client/json-body.js';
import { diffRuleBooks, diffRuleBooksSteps } from '../../src/diff/diff-rule-books.js';
import { ExchangeInfoSchemaError } from '../../src/errors/exchange-info-schema-error.js';
import { parseExchangeInfo } from '../../src/exchange-info/parse-exchange-info.js';
import { parseExchangeInfoText } from '../../src/exchange-info/parse-exchange-info-text.js';
import { MAX_JSON_DEPTH as D } from '../../src/json/json-depth.js';
import { snapshotTextSteps } from '../../src/snapshot/write-snapshot.js';
import { scanExchangeInfoText } from '../../src/source/exchange-info-body.js';
import { fingerprintExchangeInfo } from '../../src/source/fingerprint.js';
import { Slicer } from '../../src/source/slicer.js';
import { exchangeInfoPayload, pairDefinition, withRawJson } from '../../test-support/payload.js';
import { largePayload } from '../../test-support/text-exchange.js';

/** A slicer that yields after every item: the most cuts, so a wrong resume point shows. */
const eager = () => new Slicer({ budgetMs: 0 });

const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/weex-samples.json', import.meta.url), 'utf8'),
) as {
  withGrid: unknown;
  withoutGrid: unknown;
};

/** Bodies that must read exactly as a whole-body parse reads them. */
const BODIES: Record<string, string> = {
  'a 1,500-pair payload in mixed encodings': JSON.stringify(largePayload(1_500)),
  'published samples with a grid': JSON.stringify(fixture.withGrid),
  'published samples without a grid': JSON.stringify(fixture.withoutGrid),
  'pretty-printed, with other members before and after': JSON.stringify(
    {
      rateLimits: [{ rateLimitType: 'REQUEST_WEIGHT', limit: 1200, nested: { deep: [1, [2, { x: '}' }]] } }],
      ...exchangeInfoPayload([pairDefinition(), pairDefinition({ symbol: 'ETHUSDT' })], { serverTime: 5 }),
      exchangeFilters: [],
    },
    null,
    2,
  ),
  'strings holding quotes, backslashes, brackets and escapes': JSON.stringify(
    exchangeInfoPayload([
      pairDefinition({ symbol: 'A"]},[{B', baseAsset: 'x\\', quoteAsset: '\\"' }),
      pairDefinition({ symbol: 'ÉTH\u2028USDT', baseAsset: '\u0000' }),
      pairDefinition({ symbol: 'C\\\\' }),
    ]),
  ),
  'an empty symbols array': '{"timezone":"UTC","serverTime":1,"symbols":[ \n ]}',
  'numbers JavaScript cannot hold or write': withRawJson(
    exchangeInfoPayload([pairDefinition({ maxTradeAmount: '@big', tickSize: '@tiny', stepSize: '@exp' })]),
    { '@big': '123456789012345678901234567890', '@tiny': '1e-8', '@exp': '1E-5' },
  ),
  'definitions that are not objects, malformed, or nameless': JSON.stringify(
    exchangeInfoPayload([
      pairDefinition({ tickSize: 'abc' }),
      ...([42, null, [pairDefinition()]] as unknown as Record<string, unknown>[]),
      pairDefinition({ symbol: '' }),
      pairDefinition({ symbol: 'OKUSDT', displayHot: 1 }),
    ]),
  ),
  'duplicate symbols, near and far apart': JSON.stringify(
    exchangeInfoPayload([
      pairDefinition({ symbol: 'DUPUSDT' }),
      ...(largePayload(300).symbols as Record<string, unknown>[]),
      pairDefinition({ symbol: 'DUPUSDT', tickSize: 'bad' }),
      pairDefinition({ symbol: 'TWINUSDT' }),
      pairDefinition({ symbol: 'TWINUSDT' }),
    ]),
  ),
  'serverTime and precision as strings': JSON.stringify({
    timezone: 'Asia/Singapore',
    serverTime: '1700000000000',
    symbols: [pairDefinition({ baseAssetPrecision: '8' })],
  }),
};

describe('parsing a raw body in slices', () => {
  for (const [name, text] of Object.entries(BODIES)) {
    it(`reads ${name} exactly as parseExchangeInfoText does`, async () => {
      const expected = parseExchangeInfoText(text);
      const body = await scanExchangeInfoText(text, eager());
      expect(await body.parse(eager())).toEqual(expected);
    });
  }

  /** Each refused body, and the class the client's own whole-body reading gives it. */
  const NOT_JSON = 'InvalidResponseError';
  const WRONG_SHAPE = 'ExchangeInfoSchemaError';
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const REFUSED: Record<string, readonly [string, string]> = {
    'an HTML page': ['<html><body>502 Bad Gateway</body></html>', NOT_JSON],
    'a truncated body': [JSON.stringify(largePayload(50)).slice(0, 4_000), NOT_JSON],
    'trailing garbage': [`${JSON.stringify(exchangeInfoPayload())} x`, NOT_JSON],
    'a top-level array': [JSON.stringify([exchangeInfoPayload()]), WRONG_SHAPE],
    'no serverTime': [JSON.stringify({ timezone: 'UTC', symbols: [] }), WRONG_SHAPE],
    'a serverTime that is not a time': ['{"timezone":"UTC","serverTime":-1,"symbols":[]}', WRONG_SHAPE],
    'symbols that is not an array': ['{"timezone":"UTC","serverTime":1,"symbols":{"0":{}}}', WRONG_SHAPE],
    'no symbols': ['{"timezone":"UTC","serverTime":1}', WRONG_SHAPE],
    'an element that is not JSON': [
      '{"timezone":"UTC","serverTime":1,"symbols":[{"symbol":"A"},{symbol:"B"}]}',
      NOT_JSON,
    ],
    'an empty element': ['{"timezone":"UTC","serverTime":1,"symbols":[{"symbol":"A"},]}', NOT_JSON],
    'a member value that is not JSON': ['{"timezone":UTC,"serverTime":1,"symbols":[]}', NOT_JSON],
    'a repeated member': ['{"timezone":"UTC","serverTime":1,"serverTime":2,"symbols":[]}', NOT_JSON],
    'a repeated field in a definition': [
      '{"timezone":"UTC","serverTime":1,"symbols":[{"symbol":"A","tickSize":"1","tickSize":"2"}]}',
      NOT_JSON,
    ],
    [`a member nested ${D + 1} levels deep`]: [
      `{"timezone":"UTC","serverTime":1,"symbols":[],"x":${deep(D)}}`,
      NOT_JSON,
    ],
    [`a definition nested ${D + 1} levels deep`]: [
      `{"timezone":"UTC","serverTime":1,"symbols":[{"symbol":"A","x":${deep(D - 2)}}]}`,
      NOT_JSON,
    ],
    [`a body nested ${D + 1} levels deep`]: [deep(D + 1), NOT_JSON],
    [`a body nested ${D} levels deep (JSON, of the wrong shape)`]: [deep(D), WRONG_SHAPE],
    'a repeated member with the same value': [
      '{"timezone":"UTC","serverTime":1,"serverTime":1,"symbols":[]}',
      NOT_JSON,
    ],
  };
  for (const [name, [text, expectedName]] of Object.entries(REFUSED)) {
    it(`refuses ${name} with the class and issues' paths of the client's whole-body reading (${expectedName})`, async () => {
      const expected = failureOf(() => parseExchangeInfo(parseResponseJson(text, { text })));
      expect(expected).toMatchObject({ name: expectedName });
      const actual = await (async () => {
        try {
          await (await scanExchangeInfoText(text, eager())).parse(eager());
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(actual).toMatchObject({ name: expectedName });
      expect(Object.getPrototypeOf(actual)).toBe(Object.getPrototypeOf(expected));
      if (expected instanceof ExchangeInfoSchemaError) {
        const paths = (e: unknown) => (e as ExchangeInfoSchemaError).issues.map((i) => i.path);
        expect(paths(actual)).toEqual(paths(expected));
      }
    });
  }

  it(`reads a definition nested exactly ${D} levels deep as the client does (the nesting is no rule field)`, async () => {
    const text = `{"timezone":"UTC","serverTime":1,"symbols":[${JSON.stringify(pairDefinition()).slice(0, -1)},"x":${deep(D - 3)}}]}`;
    const expected = parseExchangeInfo(parseResponseJson(text, { text }));
    const body = await scanExchangeInfoText(text, eager());
    expect(await body.parse(eager())).toEqual(expected);
  });

  it('gives equal fingerprints to bodies that differ only in serverTime, and different ones otherwise', async () => {
    const print = async (payload: Record<string, unknown>) =>
      (await scanExchangeInfoText(JSON.stringify(payload), eager())).fingerprint;
    const base = await print(largePayload(200));
    expect(await print(largePayload(200, { serverTime: 1_800_000_000_000 }))).toBe(base);
    expect(await print(largePayload(200, { changed: true }))).not.toBe(base);
    expect(await print({ ...largePayload(200), timezone: 'Asia/Tokyo' })).not.toBe(base);
  });
});

describe('the other steps, run in slices, give what the one-call forms give', () => {
  const books = () => {
    const info = parseExchangeInfoText(JSON.stringify(largePayload(1_200)));
    const before = RuleBook.fromExchangeInfo(info, { fetchedAt: 1_000 });
    const changedInfo = parseExchangeInfo(
      exchangeInfoPayload(
        [
          ...(largePayload(1_200, { changed: true }).symbols as Record<string, unknown>[]).slice(100),
          pairDefinition({ symbol: 'NEWUSDT' }),
          pairDefinition({ symbol: 'BROKENUSDT', stepSize: 'x' }),
        ],
        { timezone: 'Etc/UTC' },
      ),
    );
    const after = RuleBook.fromExchangeInfo(changedInfo, { fetchedAt: 2_000 });
    return { info, before, after };
  };

  it('diffRuleBooksSteps in slices equals diffRuleBooks, both ways and against itself', async () => {
    const { before, after } = books();
    expect(await eager().run(diffRuleBooksSteps(before, after))).toEqual(diffRuleBooks(before, after));
    expect(await eager().run(diffRuleBooksSteps(after, before))).toEqual(diffRuleBooks(after, before));
    expect((await eager().run(diffRuleBooksSteps(before, before))).isEmpty).toBe(true);
  });

  it('snapshotTextSteps in slices is JSON.stringify(book.toJSON()), character for character', async () => {
    const { before, after } = books();
    const odd = RuleBook.fromExchangeInfo(
      parseExchangeInfo(
        exchangeInfoPayload([pairDefinition({ symbol: 'Q"]USDT' })], { timezone: '"symbols":[]' }),
      ),
      { fetchedAt: 3 },
    );
    const empty = RuleBook.fromExchangeInfo(parseExchangeInfo(exchangeInfoPayload([])), { fetchedAt: 4 });
    for (const book of [before, after, odd, empty])
      expect(await eager().run(snapshotTextSteps(snapshotContentsOf(book)))).toBe(
        JSON.stringify(book.toJSON()),
      );
  });

  it('ruleBookSteps in slices makes the book fromExchangeInfo makes', async () => {
    const { info } = books();
    const sliced = await eager().run(ruleBookSteps(info, { fetchedAt: 1_000 }));
    const whole = RuleBook.fromExchangeInfo(info, { fetchedAt: 1_000 });
    expect(sliced.toJSON()).toEqual(whole.toJSON());
    const order = {
      symbol: 'P1USDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '1.23',
      quantity: '2',
    };
    expect(sliced.validateOrder(order, { referencePrice: '1.2' })).toEqual(
      whole.validateOrder(order, { referencePrice: '1.2' }),
    );
  });

  it('fingerprintExchangeInfo ignores serverTime only', async () => {
    const print = (payload: Record<string, unknown>) =>
      fingerprintExchangeInfo(parseExchangeInfo(payload), eager());
    const base = await print(largePayload(100));
    expect(base).toBeTypeOf('string');
    expect(await print(largePayload(100, { serverTime: 5 }))).toBe(base);
    expect(await print(largePayload(100, { changed: true }))).not.toBe(base);
  });

  it('a slicer that was aborted stops the work at its next pause with the abort reason', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped');
    controller.abort(reason);
    const text = JSON.stringify(largePayload(500));
    await expect(
      scanExchangeInfoText(text, new Slicer({ budgetMs: 0, signal: controller.signal })),
    ).rejects.toBe(reason);
  });
});

function failureOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
