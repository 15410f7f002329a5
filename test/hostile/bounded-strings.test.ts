/**
 * Bounded parsing (issue 15): names longer than 1 KiB in an exchange payload or a snapshot are
 * refused on their length alone, before they are copied, hashed, compared or quoted; messages
 * about hostile values and hostile errors stay short whatever their size.
 */
import { describe, expect, it } from 'vitest';
import { describeThrown, describeValue } from '../../src/errors/preflight-error.js';
import { MAX_FIELD_TEXT_LENGTH } from '../../src/exchange-info/field-schemas.js';
import {
  isExchangeInfoSchemaError,
  isSnapshotError,
  parseExchangeInfo,
  RuleBook,
  type RuleBookSnapshot,
  sampleExchangeInfo,
  validateOrder,
} from '../../src/index.js';

const HUGE = 10_000_000;
const BOUND_MS = 1_000;
const huge = (c: string) => c.repeat(HUGE);
const timed = <T>(f: () => T): { value: T; ms: number } => {
  const start = performance.now();
  const value = f();
  return { value, ms: performance.now() - start };
};

const definition = (overrides: Record<string, unknown>) => ({
  symbol: 'BTCUSDT',
  status: 'TRADING',
  baseAsset: 'BTC',
  quoteAsset: 'USDT',
  baseAssetPrecision: 8,
  quoteAssetPrecision: 8,
  tickSize: '0.01',
  stepSize: '0.00001',
  minTradeAmount: '0.0001',
  maxTradeAmount: '9000',
  enableTrade: true,
  ...overrides,
});
const payload = (...symbols: unknown[]) => ({ timezone: 'UTC', serverTime: 1, symbols });

describe('exchange payloads: names over 1 KiB are refused, never kept', () => {
  it('a 10-million-character symbol sets its pair aside without a symbol, and the rest loads', () => {
    const { value: info, ms } = timed(() =>
      parseExchangeInfo(payload(definition({ symbol: huge('A') }), definition({ symbol: 'ETHUSDT' }))),
    );
    expect(ms).toBeLessThan(BOUND_MS);
    expect(info.symbols.map((d) => d.symbol)).toEqual(['ETHUSDT']);
    expect(info.rejected).toHaveLength(1);
    expect(info.rejected[0]?.symbol).toBeUndefined();
    expect(info.rejected[0]?.reasons.map((r) => r.path)).toEqual(['symbol']);
    expect(JSON.stringify(info.rejected).length).toBeLessThan(1_000);
  });

  it('a symbol of exactly 1 KiB is a name; one character more is not', () => {
    const limit = 'S'.repeat(MAX_FIELD_TEXT_LENGTH);
    const info = parseExchangeInfo(
      payload(definition({ symbol: limit }), definition({ symbol: `${limit}S`, tickSize: 'x' })),
    );
    expect(info.symbols.map((d) => d.symbol)).toEqual([limit]);
    expect(info.rejected[0]?.symbol).toBeUndefined();
  });

  it('a set-aside pair keeps a readable symbol, read once (orders for it are SYMBOL_DEFINITION_INVALID)', () => {
    let reads = 0;
    const broken = definition({ tickSize: 'x' }) as Record<string, unknown>;
    delete broken.symbol;
    Object.defineProperty(broken, 'symbol', {
      enumerable: true,
      get: () => {
        reads++;
        return 'BROKENUSDT';
      },
    });
    const info = parseExchangeInfo(payload(broken));
    expect(reads).toBe(1);
    expect(info.rejected[0]?.symbol).toBe('BROKENUSDT');
    const book = RuleBook.fromExchangeInfo(info);
    const verdict = validateOrder(book, { symbol: 'BROKENUSDT', side: 'BUY', type: 'MARKET', quantity: '1' });
    expect(verdict.violations.map((v) => v.code)).toEqual(['SYMBOL_DEFINITION_INVALID']);
  });

  it.each([
    ['status', { status: huge('T') }],
    ['baseAsset', { baseAsset: huge('B') }],
    ['displayDigitMerge', { displayDigitMerge: huge('1') }],
    ['a decimal', { tickSize: huge('1') }],
  ])('a 10-million-character %s is refused quickly, with a short message', (_label, overrides) => {
    const { value: info, ms } = timed(() => parseExchangeInfo(payload(definition(overrides))));
    expect(ms).toBeLessThan(BOUND_MS);
    expect(JSON.stringify(info).length).toBeLessThan(2_000);
  });

  it('a 10-million-character timezone: ExchangeInfoSchemaError, quickly, with a short message', () => {
    const { ms, value: error } = timed(() => {
      try {
        parseExchangeInfo({ timezone: huge('Z'), serverTime: 1, symbols: [] });
      } catch (e) {
        return e;
      }
      return undefined;
    });
    expect(ms).toBeLessThan(BOUND_MS);
    expect(isExchangeInfoSchemaError(error)).toBe(true);
    expect((error as Error).message.length).toBeLessThan(1_000);
  });
});

describe('snapshots: names over 1 KiB are refused before anything else is read', () => {
  const saved = (): RuleBookSnapshot =>
    JSON.parse(JSON.stringify(RuleBook.fromExchangeInfo(sampleExchangeInfo()).toJSON())) as RuleBookSnapshot;

  it.each([
    [
      'a symbol',
      (s: Record<string, unknown>) => ((s.symbols as Record<string, unknown>[])[0]!.symbol = huge('A')),
    ],
    [
      'a duplicated symbol',
      (s: Record<string, unknown>) => {
        const symbols = s.symbols as Record<string, unknown>[];
        symbols[0]!.symbol = huge('A');
        symbols[1]!.symbol = huge('A');
      },
    ],
    [
      'an asset',
      (s: Record<string, unknown>) => ((s.symbols as Record<string, unknown>[])[0]!.quoteAsset = huge('Q')),
    ],
    ['the timezone', (s: Record<string, unknown>) => (s.timezone = huge('Z'))],
    [
      'a set-aside symbol',
      (s: Record<string, unknown>) =>
        (s.rejected as unknown[]).push({
          index: 99,
          symbol: huge('R'),
          reasons: [{ path: 'x', message: 'y' }],
        }),
    ],
  ])(
    '%s of 10 million characters: SnapshotError (schema), quickly, with a short message',
    (_label, spoil) => {
      const snapshot = saved() as unknown as Record<string, unknown>;
      spoil(snapshot);
      const { ms, value: error } = timed(() => {
        try {
          RuleBook.fromJSON(snapshot);
        } catch (e) {
          return e;
        }
        return undefined;
      });
      expect(ms).toBeLessThan(BOUND_MS);
      expect(isSnapshotError(error)).toBe(true);
      expect((error as { reason?: string }).reason).toBe('schema');
      expect((error as Error).message.length).toBeLessThan(2_000);
    },
  );

  it('a snapshot this library wrote still loads (names up to 1 KiB)', () => {
    const limit = 'S'.repeat(MAX_FIELD_TEXT_LENGTH);
    const book = RuleBook.fromExchangeInfo(parseExchangeInfo(payload(definition({ symbol: limit }))));
    expect(RuleBook.fromJSON(JSON.parse(JSON.stringify(book))).symbols).toEqual([limit]);
  });
});

describe('messages about hostile values and errors are short, whatever their size', () => {
  it('describeValue quotes the head of a huge string', () => {
    const { value, ms } = timed(() => describeValue(huge('x')));
    expect(ms).toBeLessThan(BOUND_MS);
    expect(value.length).toBeLessThan(200);
  });

  it('describeValue on an object with a huge Symbol.toStringTag', () => {
    expect(describeValue({ [Symbol.toStringTag]: huge('T') }).length).toBeLessThan(200);
  });

  it('describeThrown cuts a huge message and name', () => {
    const error = new Error(huge('m'));
    error.name = huge('N');
    const { value, ms } = timed(() => describeThrown(error));
    expect(ms).toBeLessThan(BOUND_MS);
    expect(value.length).toBeLessThan(400);
  });

  it('an order whose getter throws a 10-million-character error gets a short INVALID_ORDER', () => {
    const book = RuleBook.fromExchangeInfo(sampleExchangeInfo());
    const order = {
      get symbol(): string {
        throw new Error(huge('e'));
      },
    };
    const verdict = validateOrder(book, order as never);
    expect(verdict.violations.map((v) => v.code)).toEqual(['INVALID_ORDER']);
    expect(verdict.violations[0]!.message.length).toBeLessThan(500);
  });
});
