import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RuleBook } from '../../src/book/rule-book.js';
import { HttpStatusError } from '../../src/client/errors/http-status-error.js';
import { RequestTimeoutError } from '../../src/client/errors/request-timeout-error.js';
import type { RuleBookDiff } from '../../src/diff/diff-rule-books.js';
import { NoRuleBookError } from '../../src/source/no-rule-book-error.js';
import { createRuleBookSource, type RuleBookSource } from '../../src/source/rule-book-source.js';
import { RuleBookSourceCallbackError } from '../../src/source/rule-book-source-callback-error.js';
import { rejectionOf } from '../client/harness.js';
import {
  recorder,
  type ScriptedExchange,
  SERVER_TIME,
  startScriptedExchange,
  twoPairs,
} from './scripted-exchange.js';

const LIMIT_BUY = {
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price: '64000.05',
  quantity: '0.001',
};

let exchange: ScriptedExchange;
let source: RuleBookSource | undefined;

beforeEach(async () => {
  // The hang test waits this out once. Shorter (it was 150 ms), an answer that should come in time
  // missed it on a busy machine (npm test runs its steps side by side).
  exchange = await startScriptedExchange({ timeoutMs: 1_000 });
});

afterEach(async () => {
  await source?.stop();
  source = undefined;
  await exchange.close();
});

describe('a refreshing rule-book source against a loopback exchange', () => {
  it('swaps the new book in and hands onChange a diff naming the changed tickSize', async () => {
    const changes = recorder<[RuleBookDiff, RuleBook, RuleBook]>();
    source = createRuleBookSource({ client: exchange.client, intervalMs: 60_000, onChange: changes.fn });
    const first = await source.ready();
    expect(source.current()).toBe(first);
    expect(first.definition('BTCUSDT')?.tickSize).toBe('0.01');
    expect(source.validateOrder(LIMIT_BUY, { referencePrice: '64000' }).ok).toBe(true);
    expect(changes.calls).toHaveLength(0); // the first book is no change

    exchange.payload = twoPairs({ tickSize: '0.1' });
    const second = await source.refresh();

    expect(second).not.toBe(first);
    expect(source.current()).toBe(second);
    expect(second.definition('BTCUSDT')?.tickSize).toBe('0.1');
    const verdict = source.validateOrder(LIMIT_BUY, { referencePrice: '64000' });
    expect(verdict.violations.map((v) => v.code)).toContain('PRICE_TICK');
    expect(source.checkOrder(LIMIT_BUY, { referencePrice: '64000' }).codes).toEqual(
      verdict.violations.map((v) => v.code),
    );
    expect(changes.calls).toHaveLength(1);
    const [diff, book, previous] = changes.calls[0]!;
    expect(book).toBe(second);
    expect(previous).toBe(first);
    expect(changedFields(diff)).toEqual([{ symbol: 'BTCUSDT', field: 'tickSize', from: '0.01', to: '0.1' }]);
    expect(source.stats).toMatchObject({ refreshes: 2, changes: 1, failures: 0 });
  });

  it('an identical refetch keeps the same book, restarts its age, and calls nothing', async () => {
    const changes = recorder<[RuleBookDiff, RuleBook, RuleBook]>();
    let clock = 1_000;
    source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 60_000,
      onChange: changes.fn,
      now: () => clock,
      monotonicNow: () => clock,
    });
    const first = await source.ready();
    clock += 30_000;
    expect(source.ageMs()).toBe(30_000);

    // The exchange's clock moved on; nothing else did.
    exchange.payload = { ...twoPairs(), serverTime: SERVER_TIME + 30_000 };
    const second = await source.refresh();

    expect(changes.calls).toHaveLength(0);
    expect(second).toBe(first); // no compile: the answer said nothing new
    expect(source.current()).toBe(first);
    expect(first.fetchedAt).toBe(1_000); // when these rules were fetched
    expect(source.ageMs()).toBe(0); // the exchange vouched for them again just now
    expect(source.stats).toMatchObject({ refreshes: 2, changes: 0, failures: 0 });
    expect(exchange.server.requests).toHaveLength(2);

    clock += 1_000;
    exchange.payload = twoPairs({ tickSize: '0.5' });
    const third = await source.refresh();
    expect(third).not.toBe(first);
    expect(third.fetchedAt).toBe(32_000);
    expect(changes.calls).toHaveLength(1);
  });

  it('keeps the last good book through a 503 and a hang, then recovers', async () => {
    const errors = recorder<[unknown]>();
    source = createRuleBookSource({ client: exchange.client, intervalMs: 60_000, onError: errors.fn });
    const good = await source.ready();

    exchange.mode = 'fail';
    const failed = await rejectionOf(source.refresh());
    expect(failed).toBeInstanceOf(HttpStatusError);
    expect((failed as HttpStatusError).status).toBe(503);
    expect(source.current()).toBe(good);
    expect(source.lastError).toBe(failed);
    expect(errors.calls.map(([e]) => e)).toEqual([failed]);

    exchange.mode = 'hang';
    const hung = await rejectionOf(source.refresh());
    expect(hung).toBeInstanceOf(RequestTimeoutError);
    expect(source.current()).toBe(good);
    expect(source.validateOrder(LIMIT_BUY, { referencePrice: '64000' }).ok).toBe(true);
    expect(source.stats).toMatchObject({ refreshes: 1, failures: 2, consecutiveFailures: 2 });
    expect(errors.calls.map(([e]) => e)).toEqual([failed, hung]);

    exchange.mode = 'ok';
    exchange.payload = twoPairs({ enableTrade: false });
    const recovered = await source.refresh();
    expect(source.current()).toBe(recovered);
    expect(recovered.definition('BTCUSDT')?.enableTrade).toBe(false);
    expect(source.lastError).toBeUndefined();
    expect(source.stats).toMatchObject({ refreshes: 2, failures: 2, consecutiveFailures: 0 });
  });

  it('on its own timer: a first failure rejects ready(), the loop retries and recovers', async () => {
    exchange.mode = 'fail';
    const errors = recorder<[unknown]>();
    source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 40,
      retryDelayMs: 5,
      onError: errors.fn,
    });
    expect(() => source?.validateOrder(LIMIT_BUY)).toThrow(NoRuleBookError);
    expect(() => source?.checkOrder(LIMIT_BUY)).toThrow(NoRuleBookError);

    const first = await rejectionOf(source.ready());
    expect(first).toBeInstanceOf(HttpStatusError);
    expect(source.current()).toBeUndefined();
    expect(source.isStale()).toBe(true);

    exchange.mode = 'ok';
    const book = await readyEventually(source);
    expect(source.current()).toBe(book);
    expect(errors.calls.length).toBeGreaterThanOrEqual(1);
    expect(errors.calls.every(([e]) => e instanceof HttpStatusError)).toBe(true);

    // The loop goes on: a changed payload shows up without anyone calling refresh().
    exchange.payload = twoPairs({ tickSize: '0.5' });
    await until(() => source?.current()?.definition('BTCUSDT')?.tickSize === '0.5');
    expect(source.stats.refreshes).toBeGreaterThanOrEqual(2);
  });

  it('an onChange that throws is reported and neither undoes the swap nor stops the loop', async () => {
    const errors = recorder<[unknown]>();
    const boom = new Error('listener bug');
    source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 60_000,
      onChange: () => {
        throw boom;
      },
      onError: (error) => {
        errors.fn(error);
        throw new Error('the error handler fails too');
      },
    });
    await source.ready();
    exchange.payload = twoPairs({ tickSize: '1' });
    const next = await source.refresh();

    expect(source.current()).toBe(next);
    expect(errors.calls).toHaveLength(1);
    const [reported] = errors.calls[0]!;
    expect(reported).toBeInstanceOf(RuleBookSourceCallbackError);
    expect((reported as RuleBookSourceCallbackError).callback).toBe('onChange');
    expect((reported as RuleBookSourceCallbackError).cause).toBe(boom);
    expect(source.nextRefreshAt).toBeDefined();
  });

  it('concurrent refresh() calls share one request', async () => {
    source = createRuleBookSource({ client: exchange.client, intervalMs: 60_000 });
    await source.ready();
    exchange.delayMs = 30;
    exchange.payload = twoPairs({ stepSize: '0.001' });

    const calls = [source.refresh(), source.refresh(), source.refresh(), source.refresh()];
    const books = await Promise.all(calls);

    expect(exchange.server.requests).toHaveLength(2); // ready() and the shared refresh
    expect(new Set(books).size).toBe(1);
    expect(source.current()).toBe(books[0]);
    expect(source.stats.refreshes).toBe(2);
    // Once settled, the next refresh() is a new request.
    await source.refresh();
    expect(exchange.server.requests).toHaveLength(3);
  });
});

/** `ready()` again after each rejection, as a gateway waiting for its first book would. */
async function readyEventually(source: RuleBookSource): Promise<RuleBook> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      return await source.ready();
    } catch {
      // the loop retries on its own
    }
  }
  throw new Error('no book after 50 tries');
}

async function until(condition: () => boolean, timeoutMs = 1_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Every changed field of a diff, flattened. */
function changedFields(diff: RuleBookDiff): { symbol: string; field: string; from: unknown; to: unknown }[] {
  return diff.changed.flatMap(({ symbol, changes }) =>
    changes.map(({ field, before, after }) => ({ symbol, field, from: before, to: after })),
  );
}
