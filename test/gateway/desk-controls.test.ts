/**
 * The desk controls' parts on a clock of the test's own: the token bucket's integer arithmetic,
 * the duplicate guard's window and bounds, the state kept per key, and the limits' schema.
 */
import { describe, expect, it } from 'vitest';
import { createDeskControls } from '../../src/gateway/desk/desk-controls.js';
import { readDeskLimits } from '../../src/gateway/desk/desk-limits.js';
import { MAX_RECENT_ORDERS, RecentOrders } from '../../src/gateway/desk/duplicate-guard.js';
import { MAX_TRACKED_KEYS } from '../../src/gateway/desk/key-states.js';
import type { DeskClient } from '../../src/gateway/desk/order-controls.js';
import { newBucket, takeToken } from '../../src/gateway/desk/token-bucket.js';

const ORDER = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.01', price: '100000.00' };

function compiled(value: unknown) {
  const read = readDeskLimits(value);
  if (!read.ok) throw new Error(`${read.path} ${read.problem}`);
  return read.limits;
}

/** Desk controls on a clock the test moves. */
function controlsAt(limits: unknown) {
  const clock = { ms: 1_000 };
  const desk = createDeskControls({ deskLimits: compiled(limits), now: () => clock.ms });
  const client = (key: string): DeskClient => desk.clientOf({ rawHeaders: ['ACCESS-KEY', key] });
  return { clock, desk, client };
}

describe('token bucket', () => {
  it('gives exactly rate × seconds orders over a long run, without drift', () => {
    for (const [rate, stepMs] of [
      [3, 1],
      [7, 333],
      [1_000, 7],
      [13, 900],
    ] as const) {
      const bucket = newBucket(rate, 0);
      let taken = 0;
      let now = 0;
      const endMs = 3_600_000;
      while (now <= endMs) {
        while (takeToken(bucket, rate, now)) taken++;
        now += stepMs;
      }
      // The burst, then `rate` per second of the hour (up to the last step): every step is
      // short enough that the bucket, drained each time, never reaches its cap in between.
      const lastStep = endMs - (endMs % stepMs);
      expect(taken, `rate ${rate}, step ${stepMs}`).toBe(rate + Math.floor((lastStep * rate) / 1_000));
    }
  });

  it('a fraction of a millisecond is never counted twice', () => {
    const bucket = newBucket(2, 0.4);
    expect(takeToken(bucket, 2, 0.9)).toBe(true);
    expect(takeToken(bucket, 2, 0.9)).toBe(true);
    expect(takeToken(bucket, 2, 0.9)).toBe(false);
    expect(takeToken(bucket, 2, 499.9)).toBe(false); // 499 whole ms: 998 thousandths
    expect(takeToken(bucket, 2, 500.1)).toBe(true); // 500 ms: one token
    expect(bucket.milli).toBe(0);
  });

  it('never holds more than its burst, however long it rests', () => {
    const bucket = newBucket(5, 0);
    let taken = 0;
    while (takeToken(bucket, 5, 3_600_000)) taken++;
    expect(taken).toBe(5);
  });

  it('a lowered rate caps the bucket at once', () => {
    const bucket = newBucket(10, 0);
    let taken = 0;
    while (takeToken(bucket, 2, 0)) taken++;
    expect(taken).toBe(2);
  });
});

describe('duplicate guard', () => {
  it('forgets orders older than the window, and keeps at most MAX_RECENT_ORDERS', () => {
    const recent = new RecentOrders();
    recent.add('a', 0);
    recent.add('a', 10);
    expect(recent.count('a', 100, 50)).toBe(2);
    expect(recent.count('a', 100, 100)).toBe(1); // the first is exactly a window old
    expect(recent.count('a', 100, 111)).toBe(0);
    expect(recent.isEmpty(100, 111)).toBe(true);
    for (let i = 0; i < MAX_RECENT_ORDERS * 3; i++) {
      recent.count(`o${i % 7}`, 1_000_000, 200 + i);
      recent.add(`o${i % 7}`, 200 + i);
    }
    expect(recent.size).toBe(MAX_RECENT_ORDERS);
  });

  it('refuses the (max + 1)th identical order within the window, and allows it again after', () => {
    const { clock, client } = controlsAt({
      keys: { k: { maxDuplicateOrders: 2 } },
      duplicateWindowMs: 1_000,
    });
    expect(client('k').judge(ORDER, '100000', false)).toBeUndefined();
    clock.ms += 500;
    expect(client('k').judge({ ...ORDER, quantity: '0.0100' }, '100000', false)).toBeUndefined();
    expect(client('k').judge({ ...ORDER, price: '1e5' }, '100000', false)?.reason).toBe('duplicate-order');
    // Another key's identical order is its own.
    expect(client('other').judge(ORDER, '100000', false)).toBeUndefined();
    clock.ms += 501; // the first has aged out
    expect(client('k').judge(ORDER, '100000', false)).toBeUndefined();
    expect(client('k').judge(ORDER, '100000', false)?.reason).toBe('duplicate-order');
  });
});

describe('state per key', () => {
  it('keys not listed share "*"\'s limits but each has its own bucket; idle ones are forgotten', () => {
    const { clock, desk, client } = controlsAt({ keys: { '*': { maxOrdersPerSecond: 1 } } });
    for (let i = 0; i < MAX_TRACKED_KEYS; i++)
      expect(client(`key-${i}`).judge(ORDER, '100000', false)).toBeUndefined();
    // Every tracked key is busy (its bucket empty): a new one is refused rather than grow the map.
    const refused = client('one-too-many').judge(ORDER, '100000', false);
    expect(refused?.reason).toBe('throttled');
    expect(refused?.body).toMatchObject({ control: 'throttled', limit: String(MAX_TRACKED_KEYS) });
    clock.ms += 1_000; // every bucket full again: nothing to remember
    expect(client('one-too-many').judge(ORDER, '100000', false)).toBeUndefined();
    expect(desk.state.refusals.throttled).toBe(1);
  });
});

describe('limits schema', () => {
  it.each([
    [{ keys: { x: { maxNotional: '-5' } } }, 'keys["x"].maxNotional', '"-5"'],
    [{ keys: { x: { maxNotional: 250000 } } }, 'keys["x"].maxNotional', '250000'],
    [{ keys: { x: { maxOrdersPerSecond: 0 } } }, 'keys["x"].maxOrdersPerSecond', '0'],
    [{ keys: { x: { maxOrdersPerSecond: 2.5 } } }, 'keys["x"].maxOrdersPerSecond', '2.5'],
    [{ keys: { x: { allowedSymbols: ['BTCUSDT', 3] } } }, 'keys["x"].allowedSymbols[1]', '3'],
    [{ keys: { x: { maxNotionl: '5' } } }, 'keys["x"]', '"maxNotionl"'],
    [{ symbols: { BTCUSDT: { maxDeviation: '1.5' } } }, 'symbols["BTCUSDT"].maxDeviation', '"1.5"'],
    [{ symbols: { BTCUSDT: { maxQuantity: '1e400' } } }, 'symbols["BTCUSDT"].maxQuantity', '"1e400"'],
    [{ duplicateWindowMs: -1 }, 'duplicateWindowMs', '-1'],
    [{ keys: [] }, 'keys', 'an array'],
    [{ key: {} }, '', '"key"'],
    ['limits', '', '"limits"'],
  ])('%j is refused at %s, naming the value', (value, path, shown) => {
    const read = readDeskLimits(value);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.path).toBe(path);
    expect(read.problem).toContain(shown);
  });

  it('reads decimals exactly and whole numbers as the strict JSON reader gives them (text)', () => {
    const limits = compiled({
      keys: { '*': { maxNotional: '250000.00', maxOrdersPerSecond: '5' }, k: { maxDuplicateOrders: '3' } },
      symbols: { '*': { maxDeviation: '0.010' }, BTCUSDT: { maxQuantity: '0.5' } },
      duplicateWindowMs: '5000',
    });
    expect(limits.anyKey.maxNotional?.text).toBe('250000');
    // A listed key takes the fields it leaves out from "*".
    const k = limits.keys.get('k')!;
    expect([k.maxOrdersPerSecond, k.maxNotional?.text, k.maxDuplicateOrders]).toEqual([5, '250000', 3]);
    expect(limits.symbols.get('BTCUSDT')?.maxDeviation?.text).toBe('0.01');
    expect(limits.duplicateWindowMs).toBe(5_000);
    expect(limits.capsEveryKey).toBe(true);
    expect(compiled({}).capsEveryKey).toBe(false);
  });
});

describe("the duplicate guards' one bound across keys", () => {
  it('past the bound, a key remembering an order forgets its own oldest first; each key keeps its latest', () => {
    const budget = { used: 0, max: 2 };
    const one = new RecentOrders(budget);
    const two = new RecentOrders(budget);
    one.add('a', 0);
    one.add('b', 1);
    two.add('c', 2);
    expect(budget.used).toBe(3);
    one.add('d', 3);
    expect({ used: budget.used, one: one.size, two: two.size }).toEqual({ used: 3, one: 2, two: 1 });
    expect(one.count('a', 1_000, 4)).toBe(0);
    expect(one.count('b', 1_000, 4)).toBe(1);
    one.forget('b');
    expect({ used: budget.used, one: one.size }).toEqual({ used: 2, one: 1 });
  });
});
