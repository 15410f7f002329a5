import { describe, expect, it } from 'vitest';
import {
  isExchangeInfoSchemaError,
  parseExchangeInfoText,
  SAMPLE_EXCHANGE_INFO_JSON,
} from '../../src/index.js';

// docs/guide.md, "Reliability: hostile input": a payload string or number longer than 1,024
// characters never reaches the lossless parser whole (memory stays a small multiple of the input);
// that one field is refused as a value of the wrong type, and the rest of the payload loads.

describe('oversized values in exchange-info text', () => {
  it('a 20 MB symbol: that definition is set aside, the others load, and memory stays small', () => {
    const huge = 'X'.repeat(20 * 1024 * 1024);
    const text = SAMPLE_EXCHANGE_INFO_JSON.replace('"symbol": "BTCUSDT"', `"symbol": "${huge}"`);
    const before = process.memoryUsage().heapUsed;
    const info = parseExchangeInfoText(text);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
    expect(info.symbols.map((d) => d.symbol)).not.toContain('BTCUSDT');
    expect(info.symbols.map((d) => d.symbol)).toContain('ETHUSDT');
    expect(
      info.rejected.some((r) => r.symbol === undefined && r.reasons.some((x) => x.path === 'symbol')),
    ).toBe(true);
  });

  it('a 2,000-digit number: the field is refused with its path; values at the limit still parse', () => {
    const digits = '1'.repeat(2_000);
    const info = parseExchangeInfoText(SAMPLE_EXCHANGE_INFO_JSON.replace('"9000"', digits));
    expect(info.rejected.find((r) => r.symbol === 'BTCUSDT')?.reasons.map((x) => x.path)).toEqual([
      'maxTradeAmount',
    ]);
    const atLimit = 'A'.repeat(1_024);
    const ok = parseExchangeInfoText(SAMPLE_EXCHANGE_INFO_JSON.replace('"BTCUSDT"', `"${atLimit}"`));
    expect(ok.symbols.some((d) => d.symbol === atLimit)).toBe(true);
  });

  it('an oversized time zone is a schema error at the top level', () => {
    const text = SAMPLE_EXCHANGE_INFO_JSON.replace('"UTC"', `"${'U'.repeat(5_000)}"`);
    let error: unknown;
    try {
      parseExchangeInfoText(text);
    } catch (caught) {
      error = caught;
    }
    expect(isExchangeInfoSchemaError(error)).toBe(true);
    expect((error as { issues: { path: string }[] }).issues[0]?.path).toBe('timezone');
  });

  it('escaped quotes inside strings do not fool the scan', () => {
    const text = SAMPLE_EXCHANGE_INFO_JSON.replace('"UTC"', `"U\\"TC${'\\\\'.repeat(10)}"`);
    expect(parseExchangeInfoText(text).timezone).toBe(`U"TC${'\\'.repeat(10)}`);
  });
});

describe('the remaining entry points answer hostile input with their own values and errors', () => {
  const revoked = (() => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  })();
  const throwing = new Proxy(
    {},
    {
      get() {
        throw new Error('boom');
      },
      getPrototypeOf() {
        throw new Error('boom');
      },
    },
  );

  it('toPlainDecimal: not a decimal', async () => {
    const { toPlainDecimal } = await import('../../src/index.js');
    expect(toPlainDecimal(revoked)).toBeUndefined();
    expect(toPlainDecimal(throwing)).toBeUndefined();
  });

  it('formatRuleBookDiff: an InvalidArgumentError naming the diff', async () => {
    const { formatRuleBookDiff, isInvalidArgumentError } = await import('../../src/index.js');
    for (const hostile of [revoked, throwing, { isEmpty: false, added: null }]) {
      let error: unknown;
      try {
        formatRuleBookDiff(hostile as never);
      } catch (caught) {
        error = caught;
      }
      expect(isInvalidArgumentError(error)).toBe(true);
    }
  });

  it('every isX guard answers false, never throws, on a proxy whose prototype trap throws', async () => {
    const core = await import('../../src/index.js');
    const node = await import('../../src/node.js');
    const guards = [...Object.entries(core), ...Object.entries(node)].filter(
      ([name, value]) => /^is[A-Z]/.test(name) && typeof value === 'function',
    );
    expect(guards.length).toBeGreaterThan(10);
    for (const [name, guard] of guards)
      expect((guard as (e: unknown) => boolean)(throwing), name).toBe(false);
  });
});
