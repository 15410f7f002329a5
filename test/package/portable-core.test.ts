import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as core from '../../src/index.js';

// The portable core (README, "Entry points"): bundled for a browser with no Node built-in to lean
// on, it must build, fit its size budget, and run in a bare JavaScript context that has no
// `process`, `require` or `Buffer`, giving the same answers as in Node.

/** Bundles the core entry for the browser, as an app's bundler would. */
async function browserBundle(): Promise<string> {
  const result = await build({
    entryPoints: [new URL('../../src/index.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'OrderPreflight',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** What the bare context runs: every core operation on the embedded sample. */
const SCRIPT = `
  const P = OrderPreflight;
  const info = P.parseExchangeInfoText(P.SAMPLE_EXCHANGE_INFO_JSON);
  const book = P.RuleBook.fromExchangeInfo(info, { fetchedAt: 1763712000000 });
  const orders = [
    { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '64000.005', quantity: '0.001' },
    { symbol: 'SOLUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', price: '150.125', quantity: '2.000000001' },
    { symbol: 'ETHUSDT', side: 'BUY', type: 'MARKET', quantity: 1e-7 },
    { symbol: 'NOPE', side: 'BUY', type: 'MARKET', quantity: '1' },
  ];
  const context = { referencePrice: '150', maxNotional: '100000' };
  const text = JSON.stringify(book.toJSON());
  const reloaded = P.parseRuleBookSnapshot(text);
  const changed = P.RuleBook.fromExchangeInfo(
    P.parseExchangeInfoText(P.SAMPLE_EXCHANGE_INFO_JSON.replace('"tickSize": "0.01"', '"tickSize": "0.1"')),
    { fetchedAt: 1763712000000 },
  );
  return JSON.stringify({
    verdicts: orders.map((o) => P.validateOrder(book, o, context)),
    repaired: orders.map((o) => P.normalizeOrder(book, o, context)),
    estimates: orders.map((o) => P.estimateOrder(book, o, context)),
    sameAfterReload: orders.every((o) => JSON.stringify(reloaded.validateOrder(o, context)) === JSON.stringify(book.validateOrder(o, context))),
    diff: P.formatRuleBookDiff(P.diffRuleBooks(book, changed)),
    warnings: book.warnings,
  });
`;

describe('the portable core', () => {
  it('bundles for the browser and runs in a bare context with no process, require or Buffer', async () => {
    const bundle = await browserBundle();
    const context: Record<string, unknown> = {};
    const out = runInNewContext(`${bundle};\n(function () {${SCRIPT}})()`, context, {
      timeout: 10_000,
    }) as string;
    expect(context).not.toHaveProperty('process');
    // The same script in Node, against the source: the answers are identical.
    const inNode = new Function('OrderPreflight', SCRIPT)(core) as string;
    const result = JSON.parse(out) as { sameAfterReload: boolean; verdicts: { ok: boolean }[]; diff: string };
    expect(result.sameAfterReload).toBe(true);
    expect(result.verdicts.map((v) => v.ok)).toEqual([false, false, false, false]);
    expect(result.diff).toContain('tickSize');
    expect(JSON.parse(out)).toEqual(JSON.parse(inNode));
  }, 60_000);

  it('fits its size budget: at most 40 KB gzipped for parse, RuleBook, validate, normalize, estimate, snapshots and diffs', async () => {
    const bundle = await browserBundle();
    // A budget, not a timing: the figure itself is printed by `npm run size`.
    expect(gzipSync(bundle, { level: 9 }).length).toBeLessThanOrEqual(40 * 1024);
    expect(bundle).not.toMatch(/require\(["']node:|from["']node:|undici/);
  }, 60_000);
});

describe('the portable futures entry', () => {
  it('bundles for the browser with no Node built-in and judges a contract order in a bare context', async () => {
    const result = await build({
      entryPoints: [new URL('../../src/futures.ts', import.meta.url).pathname],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      globalName: 'Futures',
      minify: true,
      write: false,
      logLevel: 'silent',
    });
    const bundle = result.outputFiles[0]!.text;
    expect(bundle).not.toMatch(/require\(["']node:|from["']node:|undici/);
    const script = `
      const book = Futures.ContractBook.fromContractInfoText(
        '{"symbols":[{"symbol":"DOGEUSDT","pricePrecision":5,"quantityPrecision":-2,"contractVal":100,"minOrderSize":100}]}',
      );
      return JSON.stringify(book.validateOrder({ symbol: 'DOGEUSDT', side: 'BUY', positionSide: 'LONG', type: 'MARKET', quantity: '150' }));
    `;
    const context: Record<string, unknown> = {};
    const out = JSON.parse(runInNewContext(`${bundle};\n(function () {${script}})()`, context) as string) as {
      violations: { code: string; suggestion: string[] }[];
    };
    expect(context).not.toHaveProperty('process');
    expect(out.violations.map((v) => [v.code, v.suggestion])).toEqual([['QUANTITY_STEP', ['100', '200']]]);
  }, 60_000);
});
