import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoRuleBookError } from '../../src/source/no-rule-book-error.js';
import { createRuleBookSource } from '../../src/source/rule-book-source.js';
import { RuleBookSourceStoppedError } from '../../src/source/rule-book-source-stopped-error.js';
import { rejectionOf } from '../client/harness.js';
import { fakeClient, recorder, startScriptedExchange, twoPairs } from './scripted-exchange.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets real I/O progress while setTimeout is faked. */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 10_000 && !condition(); turn++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!condition()) throw new Error('condition not met');
}

describe('stop()', () => {
  it('clears the timer, keeps the book readable, and is final and idempotent', async () => {
    vi.useFakeTimers();
    const client = fakeClient([twoPairs()]);
    const source = createRuleBookSource({ client, intervalMs: 10_000 });
    const book = await source.ready();
    expect(source.state).toBe('running');
    expect(vi.getTimerCount()).toBe(1);

    await source.stop();
    expect(source.state).toBe('stopped');
    expect(vi.getTimerCount()).toBe(0);
    expect(source.nextRefreshAt).toBeUndefined();
    await source.stop();
    await Promise.all([source.stop(), source.stop()]);

    expect(source.current()).toBe(book);
    expect(source.validateOrder({ symbol: 'BTCUSDT' }).ok).toBe(false);
    expect(await source.ready()).toBe(book);
    expect(await rejectionOf(source.refresh())).toBeInstanceOf(RuleBookSourceStoppedError);
    expect(() => source.start()).toThrow(RuleBookSourceStoppedError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.calls).toBe(1);
  });

  it('aborts a fetch in flight without reporting it as a failure', async () => {
    vi.useFakeTimers();
    const errors = recorder<[unknown]>();
    const client = fakeClient(['hang']);
    const source = createRuleBookSource({ client, intervalMs: 10_000, onError: errors.fn });
    const ready = source.ready();
    const refresh = source.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.calls).toBe(1); // refresh() joined the fetch ready() started
    expect(client.signals[0]?.aborted).toBe(false);

    await source.stop();

    expect(client.signals[0]?.aborted).toBe(true);
    expect(await rejectionOf(refresh)).toBeInstanceOf(RuleBookSourceStoppedError);
    expect(await rejectionOf(ready)).toBeInstanceOf(RuleBookSourceStoppedError);
    expect(await rejectionOf(source.ready())).toBeInstanceOf(RuleBookSourceStoppedError);
    expect(() => source.validateOrder({})).toThrow(NoRuleBookError);
    expect(errors.calls).toHaveLength(0);
    expect(source.stats).toMatchObject({ failures: 0, refreshes: 0 });
    expect(source.lastError).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('against a hanging loopback server: aborts the request, leaves no timer and no open connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const exchange = await startScriptedExchange({ timeoutMs: 30_000 });
    try {
      const source = createRuleBookSource({ client: exchange.client, intervalMs: 10_000 });
      await source.ready();
      expect(vi.getTimerCount()).toBeGreaterThanOrEqual(1); // the next refresh

      exchange.mode = 'hang';
      const refresh = source.refresh();
      await until(() => exchange.server.requests.length === 2);
      expect(exchange.server.openSockets).toBeGreaterThanOrEqual(1);

      await source.stop();
      expect(await rejectionOf(refresh)).toBeInstanceOf(RuleBookSourceStoppedError);
      expect(source.nextRefreshAt).toBeUndefined();
      await exchange.client.close();
      await until(() => exchange.server.openSockets === 0);
      // undici's own coarse timer (keep-alive) drops out on its next tick; the source's refresh
      // timer (10 s) and the client's attempt timer (30 s) would still be pending if left behind.
      await vi.advanceTimersByTimeAsync(1_000);
      expect(vi.getTimerCount()).toBe(0);
      expect(exchange.server.requests).toHaveLength(2);
    } finally {
      vi.useRealTimers();
      await exchange.close();
    }
  });

  it('a stop() while the first request hangs leaves ready() rejected and nothing open', async () => {
    const exchange = await startScriptedExchange({ timeoutMs: 30_000 });
    exchange.mode = 'hang';
    try {
      const source = createRuleBookSource({ client: exchange.client, intervalMs: 10_000 });
      const ready = source.ready();
      await until(() => exchange.server.requests.length === 1);
      await source.stop();
      expect(await rejectionOf(ready)).toBeInstanceOf(RuleBookSourceStoppedError);
      await exchange.client.close();
      await exchange.server.waitForNoOpenSockets();
      expect(exchange.server.openSockets).toBe(0);
    } finally {
      await exchange.close();
    }
  });

  it('unrefs its timer unless keepProcessAlive', async () => {
    const spy = vi.spyOn(globalThis, 'setTimeout');
    const timerOf = async (keepProcessAlive: boolean) => {
      spy.mockClear();
      const source = createRuleBookSource({
        client: fakeClient([twoPairs()]),
        intervalMs: 3_600_000,
        keepProcessAlive,
      });
      await source.ready();
      await new Promise((resolve) => setImmediate(resolve));
      const index = spy.mock.calls.findIndex(([, delay]) => (delay ?? 0) > 1_000_000);
      const timer = spy.mock.results[index]?.value as NodeJS.Timeout;
      const hasRef = timer.hasRef();
      await source.stop();
      return hasRef;
    };
    expect(await timerOf(false)).toBe(false);
    expect(await timerOf(true)).toBe(true);
  });
});
