import { describe, expect, it } from 'vitest';
import { failureDelayMs, firstRefreshDelayMs, jitteredIntervalMs } from '../../src/source/refresh-delay.js';

describe('jitteredIntervalMs', () => {
  it('stays within intervalMs ± jitterRatio for any random value', () => {
    for (let i = 0; i <= 1_000; i++) {
      const wait = jitteredIntervalMs(10_000, 0.1, () => i / 1_000);
      expect(wait).toBeGreaterThanOrEqual(9_000);
      expect(wait).toBeLessThanOrEqual(11_000);
    }
    expect(jitteredIntervalMs(10_000, 0.1, () => 0)).toBe(9_000);
    expect(jitteredIntervalMs(10_000, 0.1, () => 0.5)).toBe(10_000);
    expect(jitteredIntervalMs(10_000, 0, () => 0.9)).toBe(10_000);
  });

  it('clamps a misbehaving random', () => {
    expect(jitteredIntervalMs(10_000, 0.1, () => 7)).toBe(11_000);
    expect(jitteredIntervalMs(10_000, 0.1, () => -3)).toBe(9_000);
    expect(jitteredIntervalMs(10_000, 0.1, () => Number.NaN)).toBe(10_000);
  });
});

describe('failureDelayMs', () => {
  const base = { retryDelayMs: 1_000, intervalMs: 60_000 };

  it('doubles per failure in a row and is capped at intervalMs', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
      failureDelayMs({ ...base, consecutiveFailures: n, random: () => 1 }),
    );
    expect(ceilings).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    // Equal jitter: never below half the ceiling.
    expect(failureDelayMs({ ...base, consecutiveFailures: 3, random: () => 0 })).toBe(2_000);
  });

  it('honours a longer Retry-After, even beyond intervalMs', () => {
    expect(failureDelayMs({ ...base, consecutiveFailures: 1, random: () => 1, retryAfterMs: 120_000 })).toBe(
      120_000,
    );
    expect(failureDelayMs({ ...base, consecutiveFailures: 1, random: () => 1, retryAfterMs: 10 })).toBe(
      1_000,
    );
  });
});

describe('firstRefreshDelayMs', () => {
  it('waits for what is left of the interval, at once for an old book', () => {
    expect(firstRefreshDelayMs({ fetchedAt: 1_000, now: 21_000, waitMs: 60_000 })).toBe(40_000);
    expect(firstRefreshDelayMs({ fetchedAt: 1_000, now: 99_000, waitMs: 60_000 })).toBe(0);
    // A book stamped in the future has no knowable age: it is refreshed at once.
    expect(firstRefreshDelayMs({ fetchedAt: 500_000, now: 0, waitMs: 60_000 })).toBe(0);
  });
});
