import { describe, expect, it, vi } from 'vitest';
import { RuleBook } from '../../src/book/rule-book.js';
import { InvalidQueryError } from '../../src/client/errors/invalid-query-error.js';
import { MAX_TIMER_MS } from '../../src/client/wait-bounds.js';
import { InvalidArgumentError } from '../../src/errors/invalid-argument-error.js';
import { describeValue } from '../../src/errors/preflight-error.js';
import { parseExchangeInfo } from '../../src/exchange-info/parse-exchange-info.js';
import { createRuleBookSource } from '../../src/source/rule-book-source.js';
import { resolveRuleBookSourceOptions } from '../../src/source/source-options.js';
import { fakeClient, twoPairs } from './scripted-exchange.js';

const client = fakeClient([twoPairs()]);

/** The option an option fault names (`options.NAME`, `options.` taken off), or the query parameter. */
function parameterOf(options: unknown): unknown {
  return refusal(options).parameter;
}

function refusal(options: unknown): { parameter: string; value: unknown; message: string } {
  try {
    resolveRuleBookSourceOptions(options);
  } catch (error) {
    if (error instanceof InvalidQueryError) return error;
    expect(error).toBeInstanceOf(InvalidArgumentError);
    const { argument, value, message } = error as InvalidArgumentError;
    return { parameter: argument.replace(/^options\./, ''), value, message };
  }
  throw new Error('expected the options to be refused');
}

describe('rule-book source options', () => {
  it('fills in defaults from intervalMs', () => {
    const resolved = resolveRuleBookSourceOptions({ client, intervalMs: 64_000 });
    expect(resolved).toMatchObject({
      intervalMs: 64_000,
      maxAgeMs: 192_000,
      jitterRatio: 0.1,
      retryDelayMs: 4_000,
      writeSnapshot: false,
      keepProcessAlive: false,
      query: {},
    });
    expect(resolveRuleBookSourceOptions({ client, intervalMs: 60_000 }).retryDelayMs).toBe(3_750);
    // At least 1 s, but never more than the interval itself.
    expect(resolveRuleBookSourceOptions({ client, intervalMs: 5_000 }).retryDelayMs).toBe(1_000);
    expect(resolveRuleBookSourceOptions({ client, intervalMs: 200 }).retryDelayMs).toBe(200);
    expect(
      resolveRuleBookSourceOptions({ client, intervalMs: 1_000, snapshotFile: '/x' }).writeSnapshot,
    ).toBe(true);
  });

  it.each([
    [undefined, 'options'],
    [{ intervalMs: 1_000 }, 'client'],
    [{ client: {}, intervalMs: 1_000 }, 'client'],
    [{ client }, 'intervalMs'],
    [{ client, intervalMs: 0 }, 'intervalMs'],
    [{ client, intervalMs: 1.5 }, 'intervalMs'],
    [{ client, intervalMs: 2 ** 31 }, 'intervalMs'],
    [{ client, intervalMs: 1_000, maxAgeMs: 999 }, 'maxAgeMs'],
    [{ client, intervalMs: 1_000, jitterRatio: 1 }, 'jitterRatio'],
    [{ client, intervalMs: 1_000, jitterRatio: -0.1 }, 'jitterRatio'],
    [{ client, intervalMs: 1_000, jitterRatio: Number.NaN }, 'jitterRatio'],
    [{ client, intervalMs: 1_000, retryDelayMs: 1_001 }, 'retryDelayMs'],
    [{ client, intervalMs: 1_000, query: { symbols: [] } }, 'symbols'],
    [{ client, intervalMs: 1_000, query: { symbol: 'BTCUSDT', symbols: ['ETHUSDT'] } }, 'symbols'],
    [{ client, intervalMs: 1_000, initialBook: {} }, 'initialBook'],
    [{ client, intervalMs: 1_000, snapshotFile: '' }, 'snapshotFile'],
    [{ client, intervalMs: 1_000, writeSnapshot: true }, 'writeSnapshot'],
    [{ client, intervalMs: 1_000, snapshotFile: '/x', writeSnapshot: 'yes' }, 'writeSnapshot'],
    [{ client, intervalMs: 1_000, onChange: 'log' }, 'onChange'],
    [{ client, intervalMs: 1_000, onError: {} }, 'onError'],
    [{ client, intervalMs: 1_000, random: 0.5 }, 'random'],
    [{ client, intervalMs: 1_000, now: 0 }, 'now'],
    [{ client, intervalMs: 1_000, monotonicNow: 'performance' }, 'monotonicNow'],
    [{ client, intervalMs: 1_000, keepProcessAlive: 1 }, 'keepProcessAlive'],
    [{ client, intervalMs: 1_000, interval: 5 }, 'interval'],
  ])('refuses %o, naming %s', (options, parameter) => {
    expect(parameterOf(options)).toBe(parameter);
  });

  it('createRuleBookSource checks its options before doing anything', () => {
    const spy = fakeClient([twoPairs()]);
    expect(() => createRuleBookSource({ client: spy, intervalMs: -1 })).toThrow(InvalidArgumentError);
    expect(spy.calls).toBe(0);
  });

  it('accepts a RuleBook as initialBook', () => {
    const book = RuleBook.fromExchangeInfo(parseExchangeInfo(twoPairs()), { fetchedAt: 1 });
    expect(resolveRuleBookSourceOptions({ client, intervalMs: 1_000, initialBook: book }).initialBook).toBe(
      book,
    );
  });
});

describe('rule-book source options: each bad value names its option, its value and the limit', () => {
  const base = { client, intervalMs: 1_000 };

  it.each([
    ['client', {}, ['fetchExchangeInfo']],
    ['client', null, ['fetchExchangeInfo']],
    ['intervalMs', 0, ['1', String(MAX_TIMER_MS)]],
    ['intervalMs', MAX_TIMER_MS + 1, ['1', String(MAX_TIMER_MS)]],
    ['intervalMs', '1000', ['1', String(MAX_TIMER_MS)]],
    ['maxAgeMs', 999, ['1000', String(Number.MAX_SAFE_INTEGER)]],
    ['maxAgeMs', 1_500.5, [String(Number.MAX_SAFE_INTEGER)]],
    ['jitterRatio', 1, ['0', '1']],
    ['jitterRatio', -0.1, ['0', '1']],
    ['jitterRatio', Number.NaN, ['0', '1']],
    ['retryDelayMs', 1_001, ['1', '1000']],
    ['retryDelayMs', 0, ['1']],
    ['initialBook', {}, ['RuleBook']],
    ['snapshotFile', '', []],
    ['snapshotFile', 'a\u0000b', []],
    ['snapshotFile', 42, []],
    ['writeSnapshot', 'yes', ['true', 'false']],
    ['onChange', 'log', []],
    ['maxLossShare', 1.5, ['0', '1']],
    ['maxLossShare', -0.1, ['0', '1']],
    ['maxLossShare', '0.5', ['0', '1']],
    ['acceptRefresh', true, []],
    ['onError', {}, []],
    ['random', 0.5, []],
    ['now', 0, []],
    ['monotonicNow', 'performance', []],
    ['keepProcessAlive', 1, ['true', 'false']],
  ] as const)('%s = %o', (option, value, limits) => {
    const options = { ...base, snapshotFile: '/x', [option]: value };
    const error = refusal(options);
    expect(error.parameter).toBe(option);
    expect(error.value).toBe(value);
    expect(error.message).toContain(option);
    for (const limit of limits) expect(error.message).toContain(limit);
    expect(error.message).toContain(describeValue(value));
  });

  it('writeSnapshot without snapshotFile names writeSnapshot', () => {
    const error = refusal({ ...base, writeSnapshot: true });
    expect(error.parameter).toBe('writeSnapshot');
    expect(error.value).toBe(true);
    expect(error.message).toContain('snapshotFile');
  });

  it('a bad query is reported as the client reports it: the query parameter at fault', () => {
    const error = refusal({ ...base, query: { symbols: ['BTCUSDT', 'BTCUSDT'] } });
    expect(error.parameter).toBe('symbols');
    expect(error.value).toBe('BTCUSDT');
    expect(refusal({ ...base, query: 'BTCUSDT' }).parameter).toBe('query');
  });

  it('an unknown own key is refused, naming it, before any known option is checked', () => {
    const error = refusal({ client: {}, intervalMs: 0, interval: 5 });
    expect(error.parameter).toBe('interval');
    expect(error.value).toBe(5);
  });

  it('a getter that throws: InvalidArgumentError naming options', () => {
    const options = {
      client,
      get intervalMs(): number {
        throw new Error('boom');
      },
    };
    expect(refusal(options).parameter).toBe('options');
  });
});

describe('rule-book source options: the limits themselves pass (exact boundaries)', () => {
  it.each([
    [{ intervalMs: 1 }, 'intervalMs', 1],
    [{ intervalMs: MAX_TIMER_MS }, 'intervalMs', MAX_TIMER_MS],
    [{ intervalMs: 1_000, maxAgeMs: 1_000 }, 'maxAgeMs', 1_000],
    [{ intervalMs: 1_000, maxAgeMs: Number.MAX_SAFE_INTEGER }, 'maxAgeMs', Number.MAX_SAFE_INTEGER],
    [{ intervalMs: 1_000, retryDelayMs: 1 }, 'retryDelayMs', 1],
    [{ intervalMs: 1_000, retryDelayMs: 1_000 }, 'retryDelayMs', 1_000],
    [{ intervalMs: 1_000, jitterRatio: 0 }, 'jitterRatio', 0],
    [{ intervalMs: 1_000, jitterRatio: 0.999 }, 'jitterRatio', 0.999],
    [{ intervalMs: 1_000, maxLossShare: 0 }, 'maxLossShare', 0],
    [{ intervalMs: 1_000, maxLossShare: 1 }, 'maxLossShare', 1],
  ] as const)('%o', (options, option, value) => {
    expect(resolveRuleBookSourceOptions({ client, ...options })[option]).toBe(value);
  });

  it('the default maxAgeMs is 3 × intervalMs, at the longest interval too', () => {
    expect(resolveRuleBookSourceOptions({ client, intervalMs: MAX_TIMER_MS }).maxAgeMs).toBe(
      3 * MAX_TIMER_MS,
    );
  });

  it('the default clocks and random are the globals as they are when called', () => {
    const resolved = resolveRuleBookSourceOptions({ client, intervalMs: 1_000 });
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.25);
    const now = vi.spyOn(Date, 'now').mockReturnValue(42);
    try {
      expect(resolved.random()).toBe(0.25);
      expect(resolved.now()).toBe(42);
    } finally {
      random.mockRestore();
      now.mockRestore();
    }
  });
});
