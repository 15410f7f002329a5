import { describe, expect, it } from 'vitest';
import { parseRuleBookSnapshot } from '../../src/book/parse-rule-book-snapshot.js';
import { type ExchangeInfo, isPreflightError, parseExchangeInfo, RuleBook } from '../../src/index.js';
import { readRuleBookSnapshot } from '../../src/snapshot/read-snapshot.js';
import { isSnapshotError, SnapshotError } from '../../src/snapshot/snapshot-error.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from '../../src/snapshot/snapshot-schema.js';
import { definition, definitionWithout, limitOrder, marketOrder, payload } from '../rules/fixtures.js';

const FETCHED_AT = 1_763_712_345_678;

/** A book with a grid pair, a gridless pair without display fields, and a pair set aside. */
function sampleBook(): RuleBook {
  const info = parseExchangeInfo(
    payload([
      definition(),
      definitionWithout(['tickSize', 'enableDisplay', 'displayDigitMerge', 'displayNew', 'displayHot'], {
        symbol: 'ETHUSDT',
        stepSize: 0,
        quoteAssetPrecision: '2',
      }),
      definition({ symbol: 'BADUSDT', minTradeAmount: 'abc' }),
      definition({ symbol: 'EMPTYMERGE', displayDigitMerge: '' }),
    ]),
  );
  return RuleBook.fromExchangeInfo(info, { fetchedAt: FETCHED_AT });
}

/** A snapshot's JSON, decoded again: what another process would read. */
function reloadedJson(book: RuleBook): Record<string, unknown> {
  return JSON.parse(JSON.stringify(book)) as Record<string, unknown>;
}

function snapshotError(run: () => unknown): SnapshotError {
  try {
    run();
  } catch (error) {
    if (isSnapshotError(error)) return error;
    throw error;
  }
  throw new Error('expected a SnapshotError');
}

function pathsOf(error: SnapshotError): string[] {
  return error.issues.map((issue) => issue.path);
}

describe('book.toJSON', () => {
  it('writes the documented envelope: format, version, fetchedAt (ms), serverTime, timezone', () => {
    const snapshot = sampleBook().toJSON();
    expect(snapshot.format).toBe(SNAPSHOT_FORMAT);
    expect(snapshot.format).toBe('order-preflight/rule-book');
    expect(snapshot.version).toBe(SNAPSHOT_VERSION);
    expect(snapshot.version).toBe(2);
    expect(snapshot.fetchedAt).toBe(FETCHED_AT);
    expect(snapshot.serverTime).toBe(1_763_712_000_000);
    expect(snapshot.timezone).toBe('UTC');
  });

  it('holds the usable definitions exactly as parsed, in payload order', () => {
    const info = parseExchangeInfo(payload([definition(), definition({ symbol: 'ETHUSDT', tickSize: 0.5 })]));
    const snapshot = RuleBook.fromExchangeInfo(info).toJSON();
    expect(snapshot.symbols).toEqual(info.symbols);
    expect(snapshot.symbols.map((d) => d.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('keeps no-grid and absent fields as null, an empty digit-merge list empty', () => {
    const snapshot = reloadedJson(sampleBook()) as { symbols: Record<string, unknown>[] };
    const eth = snapshot.symbols.find((d) => d.symbol === 'ETHUSDT');
    expect(eth?.tickSize).toBeNull();
    expect(eth?.tickSizeSource).toBe('none');
    expect(eth?.stepSize).toBeNull();
    expect(eth?.displayDigitMerge).toBeNull();
    expect(eth?.enableDisplay).toBeNull();
    const empty = snapshot.symbols.find((d) => d.symbol === 'EMPTYMERGE');
    expect(empty?.displayDigitMerge).toEqual([]);
    const btc = snapshot.symbols.find((d) => d.symbol === 'BTCUSDT');
    expect(btc?.displayDigitMerge).toEqual(['0.01', '0.1']);
  });

  it('writes every decimal as a plain string, never a number or an exponent', () => {
    const info = parseExchangeInfo(
      payload([definition({ tickSize: 1e-8, stepSize: '1E-7', maxTradeAmount: '12345678901234567890' })]),
    );
    const [pair] = RuleBook.fromExchangeInfo(info).toJSON().symbols;
    expect(pair?.tickSize).toBe('0.00000001');
    expect(pair?.stepSize).toBe('0.0000001');
    expect(pair?.maxTradeAmount).toBe('12345678901234567890');
  });

  it('records the definitions set aside with their reasons', () => {
    const snapshot = sampleBook().toJSON();
    expect(snapshot.rejected).toEqual([
      { index: 2, symbol: 'BADUSDT', reasons: [expect.objectContaining({ path: 'minTradeAmount' })] },
    ]);
    expect(snapshot.symbols.map((d) => d.symbol)).not.toContain('BADUSDT');
  });

  it('is what JSON.stringify(book) writes', () => {
    const book = sampleBook();
    expect(JSON.stringify(book)).toBe(JSON.stringify(book.toJSON()));
  });

  it('returns a fresh object: changing it does not change the book', () => {
    const book = sampleBook();
    const snapshot = book.toJSON();
    (snapshot.symbols[0] as { tickSize: string | null }).tickSize = '5';
    (snapshot.symbols[0]?.displayDigitMerge as string[] | undefined)?.push('7');
    expect(book.definition('BTCUSDT')?.tickSize).toBe('0.01');
    expect(book.definition('BTCUSDT')?.displayDigitMerge).toEqual(['0.01', '0.1']);
  });

  it('writes a hand-built (unparsed) book with canonical decimals, so that it loads', () => {
    const parsed = parseExchangeInfo(payload([definition()]));
    const handBuilt: ExchangeInfo = {
      ...parsed,
      symbols: parsed.symbols.map((d) => ({ ...d, tickSize: '0.010', minTradeAmount: '1e-3' })),
    };
    const snapshot = RuleBook.fromExchangeInfo(handBuilt).toJSON();
    expect(snapshot.symbols[0]?.tickSize).toBe('0.01');
    expect(snapshot.symbols[0]?.minTradeAmount).toBe('0.001');
    expect(RuleBook.fromJSON(JSON.parse(JSON.stringify(snapshot))).definition('BTCUSDT')?.tickSize).toBe(
      '0.01',
    );
  });
});

describe('fetchedAt', () => {
  const info = parseExchangeInfo(payload());

  it('defaults to now', () => {
    const before = Date.now();
    const book = RuleBook.fromExchangeInfo(info);
    expect(book.fetchedAt).toBeGreaterThanOrEqual(before);
    expect(book.fetchedAt).toBeLessThanOrEqual(Date.now());
  });

  it('takes ms or a Date, kept as whole ms', () => {
    expect(RuleBook.fromExchangeInfo(info, { fetchedAt: 1234 }).fetchedAt).toBe(1234);
    expect(RuleBook.fromExchangeInfo(info, { fetchedAt: new Date(5678) }).fetchedAt).toBe(5678);
    expect(RuleBook.fromExchangeInfo(info, { fetchedAt: 1234.9 }).fetchedAt).toBe(1234);
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a negative time', -1],
    ['an invalid Date', new Date('not a date')],
  ])('refuses %s with a RangeError', (_, fetchedAt) => {
    expect(() => RuleBook.fromExchangeInfo(info, { fetchedAt })).toThrow(RangeError);
  });

  it('keeps working for raw bodies, as before', () => {
    const book = RuleBook.fromExchangeInfo(payload() as unknown as ExchangeInfo, { fetchedAt: 1 });
    expect(book.symbols).toEqual(['BTCUSDT']);
    expect(book.fetchedAt).toBe(1);
  });
});

describe('RuleBook.fromJSON', () => {
  it('restores fetchedAt, serverTime, timezone, definitions and what was set aside', () => {
    const book = sampleBook();
    const loaded = RuleBook.fromJSON(reloadedJson(book));
    expect(loaded.fetchedAt).toBe(book.fetchedAt);
    expect(loaded.serverTime).toBe(book.serverTime);
    expect(loaded.timezone).toBe(book.timezone);
    expect(loaded.symbols).toEqual(book.symbols);
    expect(loaded.rejected).toEqual(book.rejected);
    for (const symbol of book.symbols) expect(loaded.definition(symbol)).toEqual(book.definition(symbol));
  });

  it('gives the same verdicts, including for a set-aside and an unknown symbol', () => {
    const book = sampleBook();
    const loaded = RuleBook.fromJSON(reloadedJson(book));
    const context = { referencePrice: '100', maxNotional: '50' };
    const orders: unknown[] = [
      limitOrder('BUY', '100', '1'),
      limitOrder('BUY', '100.005', '1'),
      marketOrder('SELL', '60'),
      { ...limitOrder('BUY', '100', '1'), symbol: 'ETHUSDT' },
      { ...limitOrder('BUY', '100.123', '1'), symbol: 'ETHUSDT' },
      { ...marketOrder('BUY', '1'), symbol: 'BADUSDT' },
      { ...marketOrder('BUY', '1'), symbol: 'NOPE' },
      'not an order',
    ];
    for (const order of orders) {
      expect(loaded.validateOrder(order, context)).toEqual(book.validateOrder(order, context));
      expect(loaded.estimateOrder(order, context)).toEqual(book.estimateOrder(order, context));
    }
    expect(loaded.validateOrder({ ...marketOrder('BUY', '1'), symbol: 'BADUSDT' }).violations[0]?.code).toBe(
      'SYMBOL_DEFINITION_INVALID',
    );
  });

  it('is a fixed point: a loaded book writes the snapshot it was loaded from', () => {
    const text = JSON.stringify(sampleBook());
    const once = RuleBook.fromJSON(JSON.parse(text));
    expect(JSON.stringify(once)).toBe(text);
    expect(RuleBook.fromJSON(once.toJSON()).toJSON()).toEqual(once.toJSON());
  });

  it('accepts the object of toJSON directly, without a trip through text', () => {
    const book = sampleBook();
    expect(RuleBook.fromJSON(book.toJSON()).toJSON()).toEqual(book.toJSON());
  });

  it('shares nothing with its input', () => {
    const json = reloadedJson(sampleBook()) as {
      symbols: { tickSize: string; displayDigitMerge?: string[] }[];
    };
    const loaded = RuleBook.fromJSON(json);
    const first = json.symbols[0];
    if (first === undefined) throw new Error('no symbols');
    first.tickSize = '7';
    (first.displayDigitMerge as string[] | null)?.push('9');
    expect(loaded.definition('BTCUSDT')?.tickSize).toBe('0.01');
    expect(loaded.definition('BTCUSDT')?.displayDigitMerge).toEqual(['0.01', '0.1']);
  });

  it('holds the longest decimals the exchange reader accepts, digit for digit', () => {
    const tiny = `0.${'0'.repeat(254)}1`;
    const info = parseExchangeInfo(
      payload([definition({ tickSize: '1e-255', maxTradeAmount: '123456789012345678901234567890' })]),
    );
    const loaded = RuleBook.fromJSON(reloadedJson(RuleBook.fromExchangeInfo(info)));
    expect(loaded.definition('BTCUSDT')?.tickSize).toBe(tiny);
    expect(loaded.definition('BTCUSDT')?.maxTradeAmount).toBe('123456789012345678901234567890');
  });

  it('loads an empty book', () => {
    const empty = RuleBook.fromExchangeInfo(parseExchangeInfo(payload([])), { fetchedAt: 0 });
    const loaded = RuleBook.fromJSON(reloadedJson(empty));
    expect(loaded.size).toBe(0);
    expect(loaded.fetchedAt).toBe(0);
  });
});

describe('RuleBook.fromJSON refuses what it cannot load, with a typed error', () => {
  const good = () =>
    reloadedJson(sampleBook()) as Record<string, unknown> & { symbols: Record<string, unknown>[] };
  const withPair = (overrides: Record<string, unknown>, drop: readonly string[] = []) => {
    const snapshot = good();
    const pair: Record<string, unknown> = { ...snapshot.symbols[0], ...overrides };
    for (const key of drop) delete pair[key];
    snapshot.symbols[0] = pair;
    return snapshot;
  };

  it.each([
    ['null', null],
    ['a string', 'rule book'],
    ['an array', []],
    ['a number', 42],
    ['an exchange-info payload', payload()],
    ['a wrong format', { ...reloadedJson(sampleBook()), format: 'someone-else/rule-book' }],
  ])('%s: reason format', (_, value) => {
    const error = snapshotError(() => RuleBook.fromJSON(value));
    expect(error.reason).toBe('format');
  });

  it('a future version: reason version, with the version found and the one supported', () => {
    const error = snapshotError(() => RuleBook.fromJSON({ ...good(), version: 3 }));
    expect(error.reason).toBe('version');
    expect(error.version).toBe(3);
    expect(error.supportedVersion).toBe(2);
    expect(pathsOf(error)).toEqual(['version']);
  });

  it('version 0: reason version', () => {
    expect(snapshotError(() => RuleBook.fromJSON({ ...good(), version: 0 })).reason).toBe('version');
  });

  it.each([
    ['a missing version', { version: undefined }, 'version'],
    ['a version as text', { version: '1' }, 'version'],
    ['a fractional version', { version: 1.5 }, 'version'],
    ['a missing fetchedAt', { fetchedAt: undefined }, 'fetchedAt'],
    ['fetchedAt as an ISO string', { fetchedAt: '2025-11-21T08:00:00Z' }, 'fetchedAt'],
    ['a negative fetchedAt', { fetchedAt: -5 }, 'fetchedAt'],
    ['a fractional serverTime', { serverTime: 1.5 }, 'serverTime'],
    ['serverTime as text', { serverTime: '1763712000000' }, 'serverTime'],
    ['a missing timezone', { timezone: undefined }, 'timezone'],
    ['symbols not a list', { symbols: {} }, 'symbols'],
    ['a missing rejected list', { rejected: undefined }, 'rejected'],
    ['an unknown top-level field', { source: 'https://api.example.com' }, '(root)'],
  ])('%s: reason schema, at the field', (_, overrides, path) => {
    const snapshot: Record<string, unknown> = { ...good(), ...overrides };
    for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete snapshot[key];
    const error = snapshotError(() => RuleBook.fromJSON(snapshot));
    expect(error.reason).toBe('schema');
    expect(pathsOf(error)).toContain(path);
  });

  it.each([
    ['a decimal with an exponent', { tickSize: '1e-2' }, 'tickSize'],
    ['a decimal with a trailing zero', { stepSize: '0.000010' }, 'stepSize'],
    ['a decimal with a leading zero', { minTradeAmount: '00.1' }, 'minTradeAmount'],
    ['a decimal as a JSON number', { maxTradeAmount: 1000 }, 'maxTradeAmount'],
    ['negative zero', { takerFeeRate: '-0' }, 'takerFeeRate'],
    ['a zero grid (no grid is null)', { tickSize: '0' }, 'tickSize'],
    ['a negative grid', { stepSize: '-0.01' }, 'stepSize'],
    ['a negative ratio', { buyLimitPriceRatio: '-0.05' }, 'buyLimitPriceRatio'],
    ['a precision as text', { baseAssetPrecision: '8' }, 'baseAssetPrecision'],
    ['a precision out of range', { quoteAssetPrecision: 256 }, 'quoteAssetPrecision'],
    ['enableTrade as text', { enableTrade: 'true' }, 'enableTrade'],
    ['a display flag as text', { displayHot: 'true' }, 'displayHot'],
    ['an unknown tick source', { tickSizeSource: 'guess' }, 'tickSizeSource'],
    ['a tick source that contradicts the tick', { tickSizeSource: 'none' }, 'tickSizeSource'],
    ['a digit-merge list as text', { displayDigitMerge: '0.01,0.1' }, 'displayDigitMerge'],
    ['a non-canonical digit-merge step', { displayDigitMerge: ['0.10'] }, 'displayDigitMerge[0]'],
    ['an empty symbol', { symbol: '' }, 'symbol'],
    ['an unknown field', { filters: [] }, ''],
  ])('a definition with %s: reason schema, at symbols[0].%s', (_, overrides, field) => {
    const error = snapshotError(() => RuleBook.fromJSON(withPair(overrides)));
    expect(error.reason).toBe('schema');
    expect(pathsOf(error)).toContain(field === '' ? 'symbols[0]' : `symbols[0].${field}`);
  });

  it('a definition missing a field: reason schema, at that field', () => {
    const error = snapshotError(() => RuleBook.fromJSON(withPair({}, ['enableTrade'])));
    expect(error.reason).toBe('schema');
    expect(pathsOf(error)).toEqual(['symbols[0].enableTrade']);
  });

  it('a definition without tickSize (no grid must be written as null): reason schema', () => {
    const error = snapshotError(() => RuleBook.fromJSON(withPair({}, ['tickSize'])));
    expect(pathsOf(error)).toEqual(['symbols[0].tickSize']);
  });

  it('two definitions of one symbol: reason schema, at the second', () => {
    const snapshot = good();
    snapshot.symbols.push({ ...snapshot.symbols[0] });
    const error = snapshotError(() => RuleBook.fromJSON(snapshot));
    expect(error.reason).toBe('schema');
    expect(pathsOf(error)).toEqual([`symbols[${snapshot.symbols.length - 1}].symbol`]);
  });

  it('a symbol both usable and set aside: reason schema, at the rejected entry', () => {
    const snapshot = {
      ...good(),
      rejected: [{ index: 9, symbol: 'BTCUSDT', reasons: [{ path: 'x', message: 'y' }] }],
    };
    const error = snapshotError(() => RuleBook.fromJSON(snapshot));
    expect(pathsOf(error)).toEqual(['rejected[0].symbol']);
  });

  it.each([
    ['no reasons', { index: 2, symbol: 'X', reasons: [] }, 'rejected[0].reasons'],
    ['a negative index', { index: -1, reasons: [{ path: 'a', message: 'b' }] }, 'rejected[0].index'],
    ['a reason without a message', { index: 1, reasons: [{ path: 'a' }] }, 'rejected[0].reasons[0].message'],
  ])('a rejected entry with %s: reason schema', (_, entry, path) => {
    const error = snapshotError(() => RuleBook.fromJSON({ ...good(), rejected: [entry] }));
    expect(error.reason).toBe('schema');
    expect(pathsOf(error)).toContain(path);
  });

  it('reports every problem, not just the first', () => {
    const error = snapshotError(() => RuleBook.fromJSON(withPair({ tickSize: '1e-2', stepSize: 5 })));
    expect(pathsOf(error)).toEqual(expect.arrayContaining(['symbols[0].tickSize', 'symbols[0].stepSize']));
  });

  it('a snapshot that throws while being read: reason schema, with the throw as cause', () => {
    const boom = new Error('boom');
    const hostile = new Proxy(good(), {
      get(target, key, receiver) {
        if (key === 'symbols') throw boom;
        return Reflect.get(target, key, receiver);
      },
    });
    const error = snapshotError(() => RuleBook.fromJSON(hostile));
    expect(error.reason).toBe('schema');
    expect(error.cause).toBe(boom);
  });

  it('is a PreflightError, recognised by its guards, with each issue and its path', () => {
    const error = snapshotError(() => RuleBook.fromJSON(withPair({ tickSize: '1e-2' })));
    expect(error).toBeInstanceOf(SnapshotError);
    expect(error.name).toBe('SnapshotError');
    expect(isPreflightError(error)).toBe(true);
    expect(isSnapshotError(error)).toBe(true);
    expect(isSnapshotError(new Error('x'))).toBe(false);
    expect(error.version).toBe(2);
    expect(error.issues[0]).toEqual(
      expect.objectContaining({ path: 'symbols[0].tickSize', code: 'invalid_value' }),
    );
  });
});

describe('snapshots of version 1 (written before tick inference)', () => {
  it('load: the tick came from tickSize or there was none, absent display flags are null', () => {
    const v2 = reloadedJson(sampleBook()) as { symbols: Record<string, unknown>[] } & Record<string, unknown>;
    const v1 = {
      ...v2,
      version: 1,
      warnings: undefined,
      symbols: v2.symbols.map(({ tickSizeSource: _source, enableDisplay, ...rest }) =>
        enableDisplay === null ? rest : { ...rest, enableDisplay },
      ),
    };
    const loaded = RuleBook.fromJSON(JSON.parse(JSON.stringify(v1)));
    expect(loaded.definition('BTCUSDT')).toMatchObject({ tickSize: '0.01', tickSizeSource: 'tickSize' });
    expect(loaded.definition('ETHUSDT')).toMatchObject({
      tickSize: null,
      tickSizeSource: 'none',
      enableDisplay: null,
    });
    expect(loaded.toJSON().version).toBe(2);
  });
});

describe('an inferred tick survives the round trip, and is not inferred again', () => {
  it('keeps the grid and its source', () => {
    const info = parseExchangeInfo(
      payload([definitionWithout(['tickSize'], { displayDigitMerge: '0.1,0.01,' })]),
    );
    const book = RuleBook.fromExchangeInfo(info);
    const loaded = RuleBook.fromJSON(reloadedJson(book));
    expect(loaded.definition('BTCUSDT')).toMatchObject({
      tickSize: '0.01',
      tickSizeSource: 'displayDigitMerge',
    });
    const off = {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '100.001',
      quantity: '1',
    };
    expect(loaded.validateOrder(off)).toEqual(book.validateOrder(off));
    const literal = RuleBook.fromExchangeInfo(info, { inferTickSize: false });
    expect(RuleBook.fromJSON(reloadedJson(literal)).definition('BTCUSDT')?.tickSizeSource).toBe('none');
  });
});

describe('readRuleBookSnapshot', () => {
  it('returns the validated snapshot without compiling a book', () => {
    const book = sampleBook();
    expect(readRuleBookSnapshot(reloadedJson(book))).toEqual(book.toJSON());
  });
});

describe('parseRuleBookSnapshot', () => {
  it('loads the text JSON.stringify(book) wrote', () => {
    const book = sampleBook();
    const loaded = parseRuleBookSnapshot(JSON.stringify(book));
    expect(loaded.toJSON()).toEqual(book.toJSON());
  });

  it('text that is not JSON: reason json, with the parse error as cause', () => {
    const error = snapshotError(() => parseRuleBookSnapshot('{"format": "order-preflight/rule-book",'));
    expect(error.reason).toBe('json');
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('something that is not text: reason json', () => {
    expect(snapshotError(() => parseRuleBookSnapshot(42 as unknown as string)).reason).toBe('json');
  });

  it('JSON that is not a snapshot: reason format; a future one: reason version', () => {
    expect(snapshotError(() => parseRuleBookSnapshot('[]')).reason).toBe('format');
    const future = JSON.stringify({ ...reloadedJson(sampleBook()), version: 7 });
    const error = snapshotError(() => parseRuleBookSnapshot(future));
    expect(error.reason).toBe('version');
    expect(error.version).toBe(7);
  });
});
