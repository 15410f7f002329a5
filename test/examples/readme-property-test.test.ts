/**
 * README, "Property tests of your own strategy", and docs/testing.md, "Testing the code that
 * consumes orders": their examples run as printed. The blocks are read from README.md and
 * docs/testing.md and run as they stand (only their imports of `order-preflight`,
 * `order-preflight/testing` and `fast-check` are pointed at the sources and at this project's
 * fast-check), under a fixed seed:
 *
 * - the strategy with its float rounding fails, and the failure shrinks: the counterexample
 *   reached is smaller than the first failing case, with the simplest symbol, and under seed 1
 *   it is the one the README prints;
 * - the same property holds for a fixed strategy (the README's property, the strategy swapped),
 *   which judges an order on every run and repairs some the float one gets wrong;
 * - the risk-check example of docs/testing.md, with `canBreak`, passes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { PairDefinition } from '../../src/index.js';
import { ruleBookOf } from '../../src/testing/index.js';
import { codeBlocksOf } from '../docs/code-blocks.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = join(ROOT, 'README.md');
const TESTING_GUIDE = join(ROOT, 'docs', 'testing.md');
const WORK = mkdtempSync(join(tmpdir(), 'readme-property-test-'));
afterAll(() => rmSync(WORK, { recursive: true, force: true }));
afterEach(() => fc.resetConfigureGlobal());

/** The one block of `file` whose code (with what it continues) contains `marker` and not `unlike`. */
function blockOf(file: string, marker: string, unlike?: string): string {
  const found = codeBlocksOf(ROOT, file).filter(
    (block) => block.source.includes(marker) && (unlike === undefined || !block.source.includes(unlike)),
  );
  expect(found.map((block) => block.where)).toHaveLength(1);
  return (found[0] as { source: string }).source;
}

/** The one README block whose code (with what it continues) contains `marker` and not `unlike`. */
function readmeBlock(marker: string, unlike?: string): string {
  return blockOf(README, marker, unlike);
}

/** The README's printed output: the `text` block right after the block that contains `marker`. */
function readmeOutputAfter(marker: string): string {
  const text = readFileSync(README, 'utf8');
  const at = text.indexOf(marker);
  const open = text.indexOf('```text\n', at);
  return text.slice(open + '```text\n'.length, text.indexOf('\n```', open));
}

const IMPORTS: Readonly<Record<string, string>> = {
  'order-preflight/testing': fileURLToPath(new URL('../../src/testing/index.ts', import.meta.url)),
  'order-preflight': fileURLToPath(new URL('../../src/index.ts', import.meta.url)),
  // The module this file's `fc` is, so that fc.configureGlobal reaches the README's code.
  'fast-check': fileURLToPath(import.meta.resolve('fast-check')),
  'big.js': fileURLToPath(import.meta.resolve('big.js')),
};

let runs = 0;

/** Runs `source` as a module; its imports pointed at the sources, its text otherwise as printed. */
async function run(source: string): Promise<void> {
  let code = source;
  for (const [name, path] of Object.entries(IMPORTS))
    code = code.replaceAll(`from '${name}'`, `from '${path}'`);
  const file = join(WORK, `block-${++runs}.ts`);
  writeFileSync(file, `${code}\nexport {};\n`);
  await import(pathToFileURL(file).href);
}

type Last = Record<string, unknown>;

/** Runs the README's strategy property under `seed`, and answers what fc.assert saw. */
async function strategyRun(
  seed: number,
  source: string,
  endOnFailure = false,
): Promise<fc.RunDetails<[[PairDefinition, Last]]>> {
  let details: fc.RunDetails<[[PairDefinition, Last]]> | undefined;
  fc.configureGlobal({
    seed,
    endOnFailure,
    reporter: (d) => {
      details = d as fc.RunDetails<[[PairDefinition, Last]]>;
    },
  });
  await run(source);
  if (details === undefined) throw new Error('the README block ran no fc.assert');
  return details;
}

const STRATEGY = 'function myStrategy(';
const PROPERTY = 'fc.property(market,';

describe("README's property test of a strategy", () => {
  it('the float strategy fails, as the README prints it under seed 1', async () => {
    fc.configureGlobal({ seed: 1 });
    const failure = await run(readmeBlock(PROPERTY)).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(failure).toBeDefined();
    // `...` in the printed output stands for elided text; every other character is as printed.
    const printed = readmeOutputAfter(PROPERTY).split('\n');
    const lines = (failure ?? '').split('\n');
    expect(
      lines.slice(0, printed.length).map((line, i) => {
        const pattern = (printed[i] ?? '')
          .split('...')
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
        return new RegExp(`^${pattern.join('.*')}$`).test(line) ? 'as printed' : line;
      }),
    ).toEqual(printed.map(() => 'as printed'));
  });

  it('shrinks: from any seed, to a smaller counterexample with the simplest symbol, which the strategy gets wrong', async () => {
    const source = readmeBlock(PROPERTY);
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const shrunk = await strategyRun(seed, source);
      const first = await strategyRun(seed, source, true);
      expect(shrunk.failed && first.failed).toBe(true);
      expect(shrunk.numShrinks).toBeGreaterThan(0);
      const [[pair, last]] = shrunk.counterexample ?? [[undefined, undefined]];
      expect(JSON.stringify(shrunk.counterexample).length).toBeLessThanOrEqual(
        JSON.stringify(first.counterexample).length,
      );
      // Nothing about the symbol or the quantity makes the strategy fail: they shrink all the way,
      // and the last price to a few grid steps.
      expect(pair?.symbol).toBe('AAUSDT');
      expect(last?.quantity).toBe('1');
      expect(Number(last?.price)).toBeLessThanOrEqual(1);
      // What the exchange would say of the shrunk case: the float price is off the price grid.
      const price = (Number(last?.price) * 0.99).toFixed(2);
      const order = {
        symbol: 'AAUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        price,
        quantity: String(last?.quantity),
      };
      const codes = ruleBookOf([pair as PairDefinition])
        .validateOrder(order)
        .violations.map((v) => v.code);
      expect(codes.filter((c) => c.startsWith('PRICE_') || c === 'INVALID_FIELD')).not.toEqual([]);
    }
  });

  it('the same property holds for a fixed strategy, which judges an order on every run', async () => {
    const property = readmeBlock(PROPERTY).replace(readmeBlock(STRATEGY, PROPERTY), '');
    expect(property).not.toContain(STRATEGY);
    const fixed = `import Big from 'big.js';
import { normalizeOrder, type OrderInput, type PairDefinition } from 'order-preflight';
import { ruleBookOf as bookOf } from 'order-preflight/testing';

const tally = globalThis as { judged?: number; repaired?: number };

/** Bid 1% under the last price, in exact decimals, moved onto the pair's grid by normalizeOrder. */
function myStrategy(pair: PairDefinition, lastPrice: string, quantity: string): OrderInput {
  const wanted: OrderInput = { symbol: pair.symbol, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC',
    price: new Big(lastPrice).times('0.99').toFixed(), quantity };
  const repaired = normalizeOrder(bookOf([pair]), wanted);
  tally.judged = (tally.judged ?? 0) + 1;
  if (repaired.ok && repaired.changes.length > 0) tally.repaired = (tally.repaired ?? 0) + 1;
  // 1% under a one-tick price rounds to nothing: bid the last price itself.
  return repaired.ok ? repaired.order : { ...wanted, price: lastPrice };
}
`;
    const tally = globalThis as { judged?: number; repaired?: number };
    tally.judged = 0;
    tally.repaired = 0;
    const details = await strategyRun(7, `${fixed}\n${property}`);
    expect(details.failed).toBe(false);
    expect(details.numRuns).toBe(100);
    expect(tally.judged).toBe(details.numRuns);
    expect(tally.repaired).toBeGreaterThan(10);
  });
});

describe("docs/testing.md's property test of a risk check", () => {
  it('runs as printed: generated pairs that can break PRICE_TICK, real ones filtered by canBreak', async () => {
    fc.configureGlobal({ seed: 3, numRuns: 50 });
    await expect(run(blockOf(TESTING_GUIDE, "canBreak: 'PRICE_TICK'"))).resolves.toBeUndefined();
  });
});
