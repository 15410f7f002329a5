import { describe, expect, it } from 'vitest';
import { demo } from '../../src/cli/commands/demo.js';
import { main } from '../../src/cli/main.js';
import { sampleExchangeInfo } from '../../src/index.js';
import { fakeIo } from './harness.js';

describe('order-preflight demo', () => {
  it('runs offline, exits 0 and shows every pair of the sample and PASS/FAIL verdicts', async () => {
    const { io, stdout, stderr } = fakeIo([]);
    expect(await demo(io)).toBe(0);
    for (const pair of sampleExchangeInfo().symbols) expect(stdout.text).toContain(pair.symbol);
    expect(stdout.text).toMatch(/^PASS /m);
    expect(stdout.text).toMatch(/^FAIL /m);
    expect(stdout.text).toContain('PRICE_TICK');
    expect(stderr.text).toBe('');
  });

  it('is reached through main', async () => {
    const { io, stdout } = fakeIo(['demo']);
    expect(await main(io)).toBe(0);
    expect(stdout.text).toContain('BTCUSDT');
  });

  it('takes no arguments', async () => {
    const { io, stdout, stderr } = fakeIo(['extra']);
    expect(await demo(io)).toBe(2);
    expect(stdout.text).toBe('');
    expect(stderr.lines).toEqual([
      expect.stringMatching(/^order-preflight: demo: unexpected argument 'extra'/),
    ]);
  });
});
