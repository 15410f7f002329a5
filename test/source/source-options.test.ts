import { describe, expect, it } from 'vitest';
import { RuleBook } from '../../src/book/rule-book.js';
import { InvalidQueryError } from '../../src/errors/invalid-query-error.js';
import { parseExchangeInfo } from '../../src/exchange-info/parse-exchange-info.js';
import { createRuleBookSource } from '../../src/source/rule-book-source.js';
import { resolveRuleBookSourceOptions } from '../../src/source/source-options.js';
import { fakeClient, twoPairs } from './scripted-exchange.js';

const client = fakeClient([twoPairs()]);

function parameterOf(options: unknown): unknown {
  try {
    resolveRuleBookSourceOptions(options);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidQueryError);
    return (error as InvalidQueryError).parameter;
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
    expect(() => createRuleBookSource({ client: spy, intervalMs: -1 })).toThrow(InvalidQueryError);
    expect(spy.calls).toBe(0);
  });

  it('accepts a RuleBook as initialBook', () => {
    const book = RuleBook.fromExchangeInfo(parseExchangeInfo(twoPairs()), { fetchedAt: 1 });
    expect(resolveRuleBookSourceOptions({ client, intervalMs: 1_000, initialBook: book }).initialBook).toBe(
      book,
    );
  });
});
