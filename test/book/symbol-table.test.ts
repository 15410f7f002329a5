import { describe, expect, it } from 'vitest';
import { symbolTable } from '../../src/book/symbol-table.js';

/**
 * The hot path's lookup by symbol: what a map holds, found by the same keys, and nothing else
 * (no inherited name, no key of another map).
 */
describe('symbolTable', () => {
  const entries = new Map<string, number>([
    ['BTCUSDT', 1],
    ['ETHUSDT', 2],
    ['123', 3],
    ['__proto__', 4],
  ]);
  const find = symbolTable(entries);

  it('finds every entry by its symbol, built or interned', () => {
    expect(find('BTCUSDT')).toBe(1);
    expect(find('ETHUSDT')).toBe(2);
    // A symbol made at run time (not interned) and one that reads as an array index.
    expect(find(['BTC', 'USDT'].join(''))).toBe(1);
    expect(find(String(123))).toBe(3);
    expect(find('__proto__')).toBe(4);
  });

  it('finds nothing for any other symbol, inherited names included', () => {
    for (const symbol of ['btcusdt', 'BTCUSD', '', 'constructor', 'toString', 'hasOwnProperty', '0'])
      expect(find(symbol)).toBeUndefined();
  });

  it('holds a copy: what the map gains later is not found', () => {
    const map = new Map<string, number>([['A', 1]]);
    const lookup = symbolTable(map);
    map.set('B', 2);
    expect(lookup('A')).toBe(1);
    expect(lookup('B')).toBeUndefined();
  });
});
