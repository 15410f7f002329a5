import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuleBook } from '../../src/book/rule-book.js';
import { ClientClosedError } from '../../src/client/errors/client-closed-error.js';
import { RateLimitedError } from '../../src/client/errors/rate-limited-error.js';
import { parseExchangeInfo } from '../../src/exchange-info/parse-exchange-info.js';
import { createRuleBookSource, type RuleBookSource } from '../../src/source/rule-book-source.js';
import { rejectionOf } from '../client/harness.js';
import { type FakeAnswer, fakeClient, recorder, twoPairs } from './scripted-exchange.js';

const START = 1_700_000_000_000;

let source: RuleBookSource | undefined;

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});

afterEach(async () => {
  await source?.stop();
  source = undefined;
  vi.useRealTimers();
});

/** The wait until the next scheduled refresh, measured on the (fake) clock. */
function nextWait(s: RuleBookSource): number | undefined {
  return s.nextRefreshAt === undefined ? undefined : s.nextRefreshAt - Date.now();
}

describe('age and staleness', () => {
  it('age grows from fetchedAt, the book goes stale after maxAgeMs while refreshes fail, and recovers', async () => {
    let answer: FakeAnswer = twoPairs();
    const client = fakeClient(() => answer);
    source = createRuleBookSource({ client, intervalMs: 60_000, maxAgeMs: 90_000, jitterRatio: 0 });
    expect(source.ageMs()).toBeUndefined();
    expect(source.isStale()).toBe(true);

    const book = await source.ready();
    expect(book.fetchedAt).toBe(START);
    expect(source.ageMs()).toBe(0);
    expect(source.isStale()).toBe(false);

    answer = new Error('exchange down');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.calls).toBe(2);
    expect(source.current()).toBe(book);
    expect(source.ageMs()).toBe(60_000);

    await vi.advanceTimersByTimeAsync(30_000);
    expect(source.ageMs()).toBe(90_000);
    expect(source.isStale()).toBe(false); // stale means older than maxAgeMs
    await vi.advanceTimersByTimeAsync(1);
    expect(source.isStale()).toBe(true);
    expect(source.current()).toBe(book);
    expect(source.stats.consecutiveFailures).toBeGreaterThanOrEqual(2);

    answer = twoPairs();
    await vi.advanceTimersByTimeAsync(60_000);
    // The same rules again: the book stays, and the exchange's answer vouches for it anew.
    expect(source.current()).toBe(book);
    expect(source.isStale()).toBe(false);
    expect(source.ageMs()).toBeLessThan(60_000);
    expect(source.ageMs()).toBe(Date.now() - source.stats.lastSuccessAt!);

    answer = twoPairs({ tickSize: '0.5' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(source.current()).not.toBe(book);
    expect(source.stats.lastSuccessAt).toBe(source.current()?.fetchedAt);
  });

  it('an injected clock drives age without any timer', async () => {
    let clock = 5_000;
    source = createRuleBookSource({
      client: fakeClient([twoPairs()]),
      intervalMs: 1_000,
      maxAgeMs: 2_500,
      now: () => clock,
    });
    await source.refresh(); // manual mode: the source is idle, nothing is scheduled
    expect(source.state).toBe('idle');
    expect(vi.getTimerCount()).toBe(0);
    clock = 7_500;
    expect(source.ageMs()).toBe(2_500);
    expect(source.isStale()).toBe(false);
    clock = 7_501;
    expect(source.isStale()).toBe(true);
    clock = 0; // a clock that jumped back never gives a negative age
    expect(source.ageMs()).toBe(0);
  });
});

describe('age on a wall clock stepped back', () => {
  it('a book goes stale on time while refreshes fail, though the wall clock was stepped back an hour', async () => {
    let answer: FakeAnswer = twoPairs();
    const client = fakeClient(() => answer);
    source = createRuleBookSource({ client, intervalMs: 60_000, maxAgeMs: 180_000, jitterRatio: 0 });
    const book = await source.ready();

    answer = new Error('exchange down');
    vi.setSystemTime(Date.now() - 3_600_000); // NTP steps the wall clock back; timers and performance.now() go on
    await vi.advanceTimersByTimeAsync(180_000);
    expect(source.ageMs()).toBe(180_000);
    expect(source.isStale()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(source.ageMs()).toBe(180_001);
    expect(source.isStale()).toBe(true);
    expect(source.current()).toBe(book);
    expect(source.stats.consecutiveFailures).toBeGreaterThanOrEqual(3);
    expect(book.fetchedAt).toBe(START); // the wall clock is still what is shown and written
  });

  it('with injected clocks: the monotonic count governs a step back, the wall count a suspension', async () => {
    let wall = 1_000_000;
    let monotonic = 50;
    source = createRuleBookSource({
      client: fakeClient([twoPairs()]),
      intervalMs: 1_000,
      maxAgeMs: 3_000,
      now: () => wall,
      monotonicNow: () => monotonic,
    });
    await source.refresh();
    const cases: readonly (readonly [
      wallStep: number,
      monotonicStep: number,
      age: number,
      stale: boolean,
    ])[] = [
      [-3_600_000, 3_000, 3_000, false], // stepped back an hour; 3 s elapsed: exactly maxAgeMs
      [0, 1, 3_001, true],
      [3_600_000, 0, 3_001, true], // the step undone: the wall clock says 0 s, the monotonic one more
      [3_600_000, 0, 3_600_000, true], // an hour suspended: the wall clock counts it, the monotonic may not
    ];
    for (const [wallStep, monotonicStep, age, stale] of cases) {
      wall += wallStep;
      monotonic += monotonicStep;
      expect([source.ageMs(), source.isStale()]).toEqual([age, stale]);
    }
  });

  it('a snapshot or initial book keeps its age when loaded, and ages on the monotonic clock after', async () => {
    let wall = 1_000_000;
    let monotonic = 0;
    const book = RuleBook.fromExchangeInfo(parseExchangeInfo(twoPairs()), { fetchedAt: wall - 2_000 });
    source = createRuleBookSource({
      client: fakeClient([new Error('down')]),
      intervalMs: 1_000,
      maxAgeMs: 3_000,
      initialBook: book,
      now: () => wall,
      monotonicNow: () => monotonic,
    });
    expect(source.ageMs()).toBe(2_000);
    wall -= 600_000;
    monotonic += 1_000;
    expect(source.ageMs()).toBe(3_000);
    expect(source.isStale()).toBe(false);
    monotonic += 1;
    expect(source.isStale()).toBe(true);
  });
});

describe('scheduling', () => {
  it('jitter keeps every wait within intervalMs ± jitterRatio and the refresh fires then', async () => {
    const randoms = [0, 0.999_9, 0.5, 0.25, 0.75, 0.1, 0.9, 0.33, 0.66, 0.01];
    let i = 0;
    const client = fakeClient([twoPairs()]);
    source = createRuleBookSource({
      client,
      intervalMs: 10_000,
      jitterRatio: 0.1,
      random: () => randoms[i++ % randoms.length]!,
    });
    await source.ready();

    expect(nextWait(source)).toBe(9_000); // random() = 0: the shortest wait
    await vi.advanceTimersByTimeAsync(8_999);
    expect(client.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.calls).toBe(2);
    expect(nextWait(source)).toBe(11_000); // random() just below 1: the longest wait

    const waits: number[] = [];
    for (let n = 0; n < 20; n++) {
      const wait = nextWait(source)!;
      waits.push(wait);
      await vi.advanceTimersByTimeAsync(wait);
    }
    expect(client.calls).toBe(22);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(9_000);
      expect(wait).toBeLessThanOrEqual(11_000);
    }
    expect(new Set(waits).size).toBeGreaterThan(5);
  });

  it('backs off after failures, capped at intervalMs, and returns to the interval on success', async () => {
    let answer: FakeAnswer = twoPairs();
    const client = fakeClient(() => answer);
    source = createRuleBookSource({
      client,
      intervalMs: 10_000,
      retryDelayMs: 1_000,
      jitterRatio: 0,
      random: () => 1,
    });
    await source.ready();
    answer = new Error('down');

    const waits: number[] = [];
    for (let n = 0; n < 6; n++) {
      await vi.advanceTimersByTimeAsync(nextWait(source)!);
      waits.push(nextWait(source)!);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    expect(source.stats).toMatchObject({ failures: 6, consecutiveFailures: 6 });

    answer = twoPairs();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(source.stats.consecutiveFailures).toBe(0);
    expect(nextWait(source)).toBe(10_000);
  });

  it("honours a rate limit's Retry-After beyond intervalMs", async () => {
    const limited = new RateLimitedError({
      url: 'http://127.0.0.1/api/v3/exchangeInfo',
      attempts: 1,
      status: 429,
      bodyExcerpt: '',
      retryAfterMs: 120_000,
    });
    const errors = recorder<[unknown]>();
    source = createRuleBookSource({
      client: fakeClient([twoPairs(), limited, twoPairs()]),
      intervalMs: 10_000,
      jitterRatio: 0,
      onError: errors.fn,
    });
    await source.ready();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(errors.calls.map(([e]) => e)).toEqual([limited]);
    expect(nextWait(source)).toBe(120_000);
  });

  it('a closed client ends the loop: the book stays, no timer is left', async () => {
    const closed = new ClientClosedError();
    const errors = recorder<[unknown]>();
    source = createRuleBookSource({
      client: fakeClient([twoPairs(), closed]),
      intervalMs: 10_000,
      jitterRatio: 0,
      onError: errors.fn,
    });
    const book = await source.ready();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(errors.calls.map(([e]) => e)).toEqual([closed]);
    expect(source.current()).toBe(book);
    expect(source.nextRefreshAt).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a closed client before the first book: ready() rejects with it and does not wait forever', async () => {
    const closed = new ClientClosedError();
    source = createRuleBookSource({ client: fakeClient([closed]), intervalMs: 10_000 });
    expect(await rejectionOf(source.ready())).toBe(closed);
    expect(await rejectionOf(source.ready())).toBe(closed);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a source given a book waits for what is left of its interval before the first request', async () => {
    const client = fakeClient([twoPairs()]);
    const initialBook = RuleBook.fromExchangeInfo(parseExchangeInfo(twoPairs()), {
      fetchedAt: START - 20_000,
    });
    source = createRuleBookSource({ client, intervalMs: 60_000, jitterRatio: 0, initialBook });
    expect(source.current()).toBe(initialBook);
    expect(await source.ready()).toBe(initialBook);
    await vi.advanceTimersByTimeAsync(0);
    expect(nextWait(source)).toBe(40_000);
    await vi.advanceTimersByTimeAsync(39_999);
    expect(client.calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.calls).toBe(1);
    expect(source.current()).not.toBe(initialBook);
  });

  it('a manual refresh() restarts the wait from now', async () => {
    const client = fakeClient([twoPairs()]);
    source = createRuleBookSource({ client, intervalMs: 10_000, jitterRatio: 0 });
    await source.ready();
    await vi.advanceTimersByTimeAsync(6_000);
    await source.refresh();
    expect(nextWait(source)).toBe(10_000);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(client.calls).toBe(2);
  });
});
