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

  it('names only codes it showed: each code in a "no rounding repairs" line is on a line of its own above it', async () => {
    const { io, stdout } = fakeIo([]);
    expect(await demo(io)).toBe(0);
    const blocks = stdout.text.split(/\n(?=PASS |FAIL )/);
    let checked = 0;
    for (const block of blocks) {
      const lines = block.split('\n');
      const shown = new Set(
        lines.map((line) => /^ {6}([A-Z_]+) /.exec(line)?.[1]).filter((c) => c !== undefined),
      );
      for (const line of lines) {
        const named = /no rounding repairs this order \(([A-Z_, ]+)\)/.exec(line)?.[1];
        if (named === undefined) continue;
        for (const code of named.split(', ')) expect(shown).toContain(code);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
    // The 1e-7 order: the codes its repair met are shown with their messages.
    const tiny = blocks.find((block) => block.includes('1e-7'))!;
    expect(tiny).toMatch(/^ {6}QUANTITY_STEP /m);
    expect(tiny).toMatch(/^ {6}QUANTITY_BELOW_MIN /m);
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
