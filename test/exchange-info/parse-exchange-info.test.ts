import { describe, expect, it } from 'vitest';
import {
  ExchangeInfoSchemaError,
  isExchangeInfoSchemaError,
  isPreflightError,
  PreflightError,
  parseExchangeInfo,
  parseExchangeInfoText,
  RuleBook,
} from '../../src/index.js';
import { definition, definitionWithout, payload } from '../rules/fixtures.js';

/** JSON text of a payload with placeholders swapped for raw JSON (numbers JS cannot hold or write). */
function rawText(value: unknown, raw: Record<string, string>): string {
  let text = JSON.stringify(value);
  for (const [placeholder, json] of Object.entries(raw))
    text = text.split(JSON.stringify(placeholder)).join(json);
  return text;
}

function only(info: ReturnType<typeof parseExchangeInfo>) {
  expect(info.rejected).toEqual([]);
  expect(info.symbols).toHaveLength(1);
  return info.symbols[0]!;
}

/** What the parse throws, asserting it throws an ExchangeInfoSchemaError. */
function schemaErrorOf(run: () => unknown): ExchangeInfoSchemaError {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ExchangeInfoSchemaError);
  expect(thrown).toBeInstanceOf(PreflightError);
  expect(thrown).not.toBeInstanceOf(TypeError);
  expect(thrown).not.toBeInstanceOf(SyntaxError);
  expect(isExchangeInfoSchemaError(thrown)).toBe(true);
  expect(isPreflightError(thrown)).toBe(true);
  const error = thrown as ExchangeInfoSchemaError;
  expect(error.name).toBe('ExchangeInfoSchemaError');
  expect(error.issues.length).toBeGreaterThan(0);
  return error;
}

describe('parseExchangeInfo: the envelope', () => {
  it('keeps timezone and serverTime', () => {
    const info = parseExchangeInfo(payload());
    expect(info.timezone).toBe('UTC');
    expect(info.serverTime).toBe(1_763_712_000_000);
    expect(info.rejected).toEqual([]);
  });

  it('accepts an empty symbols list', () => {
    expect(parseExchangeInfo({ ...payload([]) }).symbols).toEqual([]);
  });

  it('tolerates unknown top-level fields', () => {
    const info = parseExchangeInfo({ ...payload(), rateLimits: [], exchangeFilters: [{ x: 1 }] });
    expect(info.symbols.map((s) => s.symbol)).toEqual(['BTCUSDT']);
  });
});

describe('parseExchangeInfo: decimals in the wire mixtures', () => {
  it('parses every field of a definition, strings and numbers side by side', () => {
    const d = only(
      parseExchangeInfo(
        payload([
          definition({
            baseAssetPrecision: '8',
            quoteAssetPrecision: 6,
            tickSize: 0.01,
            stepSize: '0.00001',
            minTradeAmount: '0.00010',
            maxTradeAmount: 9000,
            takerFeeRate: 0.001,
            makerFeeRate: '-0.0002',
            buyLimitPriceRatio: 0.05,
            sellLimitPriceRatio: '0.050',
            marketBuyLimitSize: 50,
            marketSellLimitSize: '50.0',
            marketFallbackPriceRatio: 0.02,
          }),
        ]),
      ),
    );
    expect(d).toEqual({
      symbol: 'BTCUSDT',
      status: 'TRADING',
      baseAsset: 'BTC',
      baseAssetPrecision: 8,
      quoteAsset: 'USDT',
      quoteAssetPrecision: 6,
      tickSize: '0.01',
      tickSizeSource: 'tickSize',
      stepSize: '0.00001',
      minTradeAmount: '0.0001',
      maxTradeAmount: '9000',
      takerFeeRate: '0.001',
      makerFeeRate: '-0.0002',
      buyLimitPriceRatio: '0.05',
      sellLimitPriceRatio: '0.05',
      marketBuyLimitSize: '50',
      marketSellLimitSize: '50',
      marketFallbackPriceRatio: '0.02',
      enableTrade: true,
      enableDisplay: true,
      displayDigitMerge: ['0.01', '0.1'],
      displayNew: false,
      displayHot: false,
    });
  });

  it.each([
    { wire: 1e-8, plain: '0.00000001' },
    { wire: '1e-8', plain: '0.00000001' },
    { wire: '1E-8', plain: '0.00000001' },
    { wire: 1.2e-7, plain: '0.00000012' },
    { wire: '0.10', plain: '0.1' },
    { wire: '0.0100', plain: '0.01' },
    { wire: 0.5, plain: '0.5' },
    { wire: 110, plain: '110' },
    { wire: '110.00', plain: '110' },
    { wire: '1e2', plain: '100' },
  ])('tickSize / stepSize $wire → $plain', ({ wire, plain }) => {
    const d = only(parseExchangeInfo(payload([definition({ tickSize: wire, stepSize: wire })])));
    expect(d.tickSize).toBe(plain);
    expect(d.stepSize).toBe(plain);
  });

  it.each([
    { wire: 1e-8, plain: '0.00000001' },
    { wire: 0.1, plain: '0.1' },
    { wire: '0.10', plain: '0.1' },
    { wire: 1e21, plain: '1000000000000000000000' },
    { wire: '00012.50', plain: '12.5' },
    { wire: 0, plain: '0' },
  ])('a BigDecimal $wire → $plain', ({ wire, plain }) => {
    const d = only(
      parseExchangeInfo(payload([definition({ minTradeAmount: wire, marketFallbackPriceRatio: wire })])),
    );
    expect(d.minTradeAmount).toBe(plain);
    expect(d.marketFallbackPriceRatio).toBe(plain);
  });

  it('1e-8 as a JSON number in text stays exact', () => {
    const text = rawText(payload([definition({ tickSize: '@t', stepSize: '@s', takerFeeRate: '@f' })]), {
      '@t': '1e-8',
      '@s': '1.2E-7',
      '@f': '0.00100',
    });
    expect(text).toContain('"tickSize":1e-8');
    const d = only(parseExchangeInfoText(text));
    expect(d.tickSize).toBe('0.00000001');
    expect(d.stepSize).toBe('0.00000012');
    expect(d.takerFeeRate).toBe('0.001');
  });

  it('a 20-digit integer stays exact through parseExchangeInfoText', () => {
    const text = rawText(payload([definition({ maxTradeAmount: '@m', marketBuyLimitSize: '@b' })]), {
      '@m': '12345678901234567890',
      '@b': '98765432109876543210.123456789',
    });
    const d = only(parseExchangeInfoText(text));
    expect(d.maxTradeAmount).toBe('12345678901234567890');
    expect(d.marketBuyLimitSize).toBe('98765432109876543210.123456789');
  });

  it('precisions come as numbers or strings', () => {
    const d = only(
      parseExchangeInfo(payload([definition({ baseAssetPrecision: '8', quoteAssetPrecision: '0' })])),
    );
    expect(d.baseAssetPrecision).toBe(8);
    expect(d.quoteAssetPrecision).toBe(0);
    const t = only(
      parseExchangeInfoText(rawText(payload([definition({ baseAssetPrecision: '@p' })]), { '@p': '18' })),
    );
    expect(t.baseAssetPrecision).toBe(18);
  });

  it('a zero fallback ratio is accepted', () => {
    for (const zero of [0, '0', '0.0']) {
      expect(
        only(parseExchangeInfo(payload([definition({ marketFallbackPriceRatio: zero })])))
          .marketFallbackPriceRatio,
      ).toBe('0');
    }
  });
});

describe('parseExchangeInfo: grids', () => {
  it.each([
    { label: 'absent', raw: definitionWithout(['tickSize', 'stepSize']) },
    { label: 'null', raw: definition({ tickSize: null, stepSize: null }) },
    { label: '0', raw: definition({ tickSize: 0, stepSize: 0 }) },
    { label: '"0"', raw: definition({ tickSize: '0', stepSize: '0.00' }) },
  ])('$label grids → null', ({ raw }) => {
    const d = only(parseExchangeInfo(payload([raw])));
    expect(d.tickSize).toBeNull();
    expect(d.stepSize).toBeNull();
  });

  it('a negative or non-decimal grid sets the definition aside', () => {
    const info = parseExchangeInfo(
      payload([
        definition({ symbol: 'A', tickSize: '-0.01' }),
        definition({ symbol: 'B', stepSize: 'abc' }),
        definition({ symbol: 'C' }),
      ]),
    );
    expect(info.symbols.map((s) => s.symbol)).toEqual(['C']);
    expect(info.rejected.map((r) => [r.symbol, r.reasons.map((x) => x.path)])).toEqual([
      ['A', ['tickSize']],
      ['B', ['stepSize']],
    ]);
  });
});

describe('parseExchangeInfo: displayDigitMerge and extra fields', () => {
  it.each([
    { wire: '', list: [] },
    { wire: '0.01,0.1', list: ['0.01', '0.1'] },
    { wire: '0.01, 0.1 ,1', list: ['0.01', '0.1', '1'] },
    { wire: '0.10,1e1', list: ['0.1', '10'] },
  ])('displayDigitMerge $wire → $list', ({ wire, list }) => {
    expect(
      only(parseExchangeInfo(payload([definition({ displayDigitMerge: wire })]))).displayDigitMerge,
    ).toEqual(list);
  });

  it('unknown extra fields in a definition are tolerated', () => {
    const d = only(
      parseExchangeInfo(
        payload([definition({ permissions: ['SPOT'], newFieldInBeta: { nested: true }, orderTypes: 5 })]),
      ),
    );
    expect(d.symbol).toBe('BTCUSDT');
    expect(d.tickSize).toBe('0.01');
  });

  it('absent or null display flags do not sink a pair', () => {
    const d = only(
      parseExchangeInfo(
        payload([
          definitionWithout(['enableDisplay', 'displayNew', 'displayDigitMerge'], { displayHot: null }),
        ]),
      ),
    );
    expect(d.enableTrade).toBe(true);
  });
});

describe('parseExchangeInfo: malformed definitions are set aside', () => {
  it('minTradeAmount "abc" is rejected with path minTradeAmount while the others load', () => {
    const info = parseExchangeInfo(
      payload([
        definition({ symbol: 'BTCUSDT' }),
        definition({ symbol: 'BADUSDT', minTradeAmount: 'abc' }),
        definition({ symbol: 'ETHUSDT' }),
      ]),
    );
    expect(info.symbols.map((s) => s.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(info.rejected).toHaveLength(1);
    const r = info.rejected[0]!;
    expect(r.index).toBe(1);
    expect(r.symbol).toBe('BADUSDT');
    expect(r.reasons.map((x) => x.path)).toEqual(['minTradeAmount']);
    expect(r.reasons[0]?.message.length).toBeGreaterThan(0);
  });

  it.each([
    { field: 'minTradeAmount', value: '-1' },
    { field: 'maxTradeAmount', value: '1,000' },
    { field: 'buyLimitPriceRatio', value: '-0.05' },
    { field: 'marketFallbackPriceRatio', value: -0.1 },
    { field: 'baseAssetPrecision', value: '8.5' },
    { field: 'quoteAssetPrecision', value: -1 },
    { field: 'status', value: 7 },
    { field: 'enableTrade', value: 'yes' },
    { field: 'tickSize', value: '0.01.0' },
  ])('$field = $value sets the definition aside with that path', ({ field, value }) => {
    const bad = definition({ symbol: 'BADUSDT', [field]: value });
    if (value === undefined) delete bad[field];
    const info = parseExchangeInfo(payload([bad, definition()]));
    expect(info.symbols.map((s) => s.symbol)).toEqual(['BTCUSDT']);
    expect(info.rejected).toEqual([
      { index: 0, symbol: 'BADUSDT', reasons: [expect.objectContaining({ path: field })] },
    ]);
  });

  it('a definition that is not an object, or has no readable symbol, is set aside without a symbol', () => {
    const info = parseExchangeInfo(payload([null, 42, 'BTCUSDT', definition({ symbol: '' }), definition()]));
    expect(info.symbols.map((s) => s.symbol)).toEqual(['BTCUSDT']);
    expect(info.rejected.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    for (const r of info.rejected) expect(r.symbol).toBeUndefined();
  });

  it('reports several faults of one definition', () => {
    const info = parseExchangeInfo(payload([definition({ minTradeAmount: 'abc', tickSize: 'x' })]));
    expect(info.rejected[0]?.reasons.map((r) => r.path).sort()).toEqual(['minTradeAmount', 'tickSize']);
  });

  it('duplicate symbols: every copy is set aside', () => {
    const info = parseExchangeInfo(
      payload([
        definition({ symbol: 'BTCUSDT', tickSize: '0.01' }),
        definition({ symbol: 'ETHUSDT' }),
        definition({ symbol: 'BTCUSDT', tickSize: '0.1' }),
      ]),
    );
    expect(info.symbols.map((s) => s.symbol)).toEqual(['ETHUSDT']);
    expect(info.rejected.map((r) => [r.index, r.symbol, r.reasons.map((x) => x.path)])).toEqual([
      [0, 'BTCUSDT', ['symbol']],
      [2, 'BTCUSDT', ['symbol']],
    ]);
    const book = RuleBook.fromExchangeInfo(info);
    expect(
      book.validateOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '1' }).violations[0]
        ?.code,
    ).toBe('SYMBOL_DEFINITION_INVALID');
  });

  it('a duplicate of a malformed definition also sets the good copy aside', () => {
    const info = parseExchangeInfo(
      payload([definition({ symbol: 'BTCUSDT', minTradeAmount: 'abc' }), definition({ symbol: 'BTCUSDT' })]),
    );
    expect(info.symbols).toEqual([]);
    expect(info.rejected.map((r) => r.index)).toEqual([0, 1]);
  });
});

describe('parseExchangeInfo: a wrong top level throws ExchangeInfoSchemaError', () => {
  it.each([
    { label: 'missing timezone', json: { serverTime: 1, symbols: [] }, path: 'timezone' },
    { label: 'numeric timezone', json: { timezone: 0, serverTime: 1, symbols: [] }, path: 'timezone' },
    { label: 'missing serverTime', json: { timezone: 'UTC', symbols: [] }, path: 'serverTime' },
    {
      label: 'fractional serverTime',
      json: { timezone: 'UTC', serverTime: 1.5, symbols: [] },
      path: 'serverTime',
    },
    { label: 'missing symbols', json: { timezone: 'UTC', serverTime: 1 }, path: 'symbols' },
    {
      label: 'symbols not an array',
      json: { timezone: 'UTC', serverTime: 1, symbols: 'BTCUSDT' },
      path: 'symbols',
    },
    {
      label: 'symbols an object',
      json: { timezone: 'UTC', serverTime: 1, symbols: { 0: {} } },
      path: 'symbols',
    },
  ])('$label → issue at $path', ({ json, path }) => {
    const error = schemaErrorOf(() => parseExchangeInfo(json));
    expect(error.issues.map((i) => i.path)).toContain(path);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', '{"timezone":"UTC"}'],
    ['an array', [payload()]],
    ['a boolean', false],
  ])('%s at the top level', (_label, json) => {
    schemaErrorOf(() => parseExchangeInfo(json));
  });

  it('several faults are all reported', () => {
    const error = schemaErrorOf(() => parseExchangeInfo({ symbols: 5 }));
    expect(error.issues.map((i) => i.path).sort()).toEqual(['serverTime', 'symbols', 'timezone']);
  });

  it('RuleBook.fromExchangeInfo of a raw body with a wrong top level throws the same error', () => {
    schemaErrorOf(() => RuleBook.fromExchangeInfo({ timezone: 'UTC' } as never));
  });
});

describe('parseExchangeInfoText', () => {
  it('parses text like parseExchangeInfo parses the decoded value', () => {
    const value = payload([definition(), definition({ symbol: 'ETHUSDT', tickSize: 0.5 })]);
    expect(parseExchangeInfoText(JSON.stringify(value))).toEqual(parseExchangeInfo(value));
  });

  it.each([
    ['empty text', ''],
    ['not JSON', 'not json'],
    ['truncated JSON', '{"timezone":"UTC","serverTime":1,"symbols":['],
    ['HTML', '<html>502 Bad Gateway</html>'],
  ])('%s throws ExchangeInfoSchemaError, not SyntaxError', (_label, text) => {
    const error = schemaErrorOf(() => parseExchangeInfoText(text));
    expect(error.issues[0]?.path).toBe('(root)');
  });

  it('JSON of the wrong shape names the field', () => {
    const error = schemaErrorOf(() =>
      parseExchangeInfoText('{"timezone":"UTC","serverTime":1,"symbols":{}}'),
    );
    expect(error.issues.map((i) => i.path)).toEqual(['symbols']);
    schemaErrorOf(() => parseExchangeInfoText('[]'));
    schemaErrorOf(() => parseExchangeInfoText('null'));
  });

  it('a serverTime from text is an integer', () => {
    expect(
      parseExchangeInfoText('{"timezone":"UTC","serverTime":1763712000000,"symbols":[]}').serverTime,
    ).toBe(1_763_712_000_000);
  });
});

describe('parseExchangeInfo: inputs that are not plain decoded JSON', () => {
  const hostile = () =>
    new Proxy(
      {},
      {
        get() {
          throw new TypeError('get trap');
        },
        getOwnPropertyDescriptor() {
          throw new TypeError('getOwnPropertyDescriptor trap');
        },
        has() {
          throw new TypeError('has trap');
        },
        ownKeys() {
          throw new TypeError('ownKeys trap');
        },
      },
    );

  it("an unreadable top level throws ExchangeInfoSchemaError, not the reader's TypeError", () => {
    schemaErrorOf(() => parseExchangeInfo(hostile()));
  });

  it('an unreadable definition is set aside while the others load', () => {
    const bad = definition({ symbol: 'BADUSDT' });
    Object.defineProperty(bad, 'tickSize', {
      enumerable: true,
      get() {
        throw new TypeError('getter');
      },
    });
    const info = parseExchangeInfo(payload([bad, hostile(), definition()]));
    expect(info.symbols.map((s) => s.symbol)).toEqual(['BTCUSDT']);
    expect(info.rejected.map((r) => r.index)).toEqual([0, 1]);
  });
});

describe('parseExchangeInfoText and parseExchangeInfo agree', () => {
  it('on every field of a payload in the wire mixtures', () => {
    const text = rawText(
      payload([definition({ tickSize: '@t', maxTradeAmount: '@m', baseAssetPrecision: '8' })]),
      {
        '@t': '1e-2',
        '@m': '9000',
      },
    );
    expect(parseExchangeInfoText(text)).toEqual(parseExchangeInfo(JSON.parse(text)));
  });

  it('on integer fields spelled 8.0 and 1.7e12', () => {
    const text = rawText(
      { ...payload([definition({ baseAssetPrecision: '@p' })]), serverTime: '@s' },
      {
        '@p': '8.0',
        '@s': '1.7e12',
      },
    );
    const viaJson = parseExchangeInfo(JSON.parse(text));
    expect(viaJson.symbols[0]?.baseAssetPrecision).toBe(8);
    expect(viaJson.serverTime).toBe(1_700_000_000_000);
    expect(parseExchangeInfoText(text)).toEqual(viaJson);
  });
});
