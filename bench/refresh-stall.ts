/**
 * How long a rule-book refresh of a 20,000-pair exchange holds the event loop, measured with
 * `monitorEventLoopDelay` while a real `createRuleBookSource` refreshes from a loopback HTTP
 * exchange (snapshot writes included):
 *
 *   npx tsx bench/refresh-stall.ts [--pairs 20000]
 *
 * Rows: the work the source did before it was sliced (fetch, parse, compile, diff and snapshot
 * serialisation in one go), then the source as it is, through a client that hands it the raw
 * body (`fetchExchangeInfoText`: parsed in slices) and through `ExchangeInfoClient` (which
 * parses inside the client, in one block), each for a first book, a changed refresh and a
 * refresh that says nothing new. `max` is the longest the loop was held; the README's bound
 * is 50 ms.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { RuleBook } from '../src/book/rule-book.js';
import { ExchangeInfoClient } from '../src/client/exchange-info-client.js';
import { diffRuleBooks } from '../src/diff/diff-rule-books.js';
import { parseExchangeInfoText } from '../src/exchange-info/parse-exchange-info-text.js';
import { createRuleBookSource } from '../src/source/rule-book-source.js';
import type { ExchangeInfoFetcher } from '../src/source/source-options.js';
import { LARGE_SERVER_TIME, largePayload, startTextExchange } from '../test-support/text-exchange.js';

const args = process.argv.slice(2);
const pairsAt = args.indexOf('--pairs');
const PAIRS = pairsAt === -1 ? 20_000 : Number(args[pairsAt + 1]);

const original = JSON.stringify(largePayload(PAIRS));
const changed = JSON.stringify(
  largePayload(PAIRS, { changed: true, serverTime: LARGE_SERVER_TIME + 60_000 }),
);
// The changed rules again, served later: only serverTime differs.
const sameRules = JSON.stringify(
  largePayload(PAIRS, { changed: true, serverTime: LARGE_SERVER_TIME + 120_000 }),
);

interface Row {
  readonly path: string;
  readonly step: string;
  readonly maxMs: number;
  readonly p99Ms: number;
  readonly meanMs: number;
  readonly wallMs: number;
}

/** Runs `work` under a 1 ms-resolution loop-delay histogram. */
async function measure(path: string, step: string, work: () => Promise<unknown>): Promise<Row> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  // Let the histogram's timer start before the work does.
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.enable();
  const started = performance.now();
  await work();
  const wallMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.disable();
  const ms = (ns: number) => ns / 1e6;
  return {
    path,
    step,
    maxMs: ms(histogram.max),
    p99Ms: ms(histogram.percentile(99)),
    meanMs: ms(histogram.mean),
    wallMs,
  };
}

const exchange = await startTextExchange(original);
const directory = await mkdtemp(join(tmpdir(), 'refresh-stall-'));
const rows: Row[] = [];
try {
  const client = new ExchangeInfoClient({ baseUrl: exchange.server.baseUrl, retries: 0, timeoutMs: 60_000 });
  const textOnly: ExchangeInfoFetcher = exchange.fetcher;

  // What the source did before: everything after the request in one synchronous run.
  exchange.body = original;
  let previous: RuleBook | undefined;
  rows.push(
    await measure('unsliced (before)', 'first book', async () => {
      previous = RuleBook.fromExchangeInfo(parseExchangeInfoText(await textOnly.fetchExchangeInfoText!()));
      JSON.stringify(previous.toJSON());
    }),
  );
  exchange.body = changed;
  rows.push(
    await measure('unsliced (before)', 'changed refresh', async () => {
      const next = RuleBook.fromExchangeInfo(parseExchangeInfoText(await textOnly.fetchExchangeInfoText!()));
      diffRuleBooks(previous!, next);
      JSON.stringify(next.toJSON());
    }),
  );

  for (const [path, fetcher] of [
    ['source, raw body', textOnly],
    ['source, ExchangeInfoClient', client],
  ] as const) {
    exchange.body = original;
    const source = createRuleBookSource({
      client: fetcher,
      intervalMs: 3_600_000,
      snapshotFile: join(directory, `${path.replace(/\W+/g, '-')}.json`),
    });
    // A refresh resolves before its snapshot write ends; the write runs on into the next
    // step, and the last one into stop(), so every write is inside some measured window.
    rows.push(await measure(path, 'first book', () => source.ready()));
    exchange.body = changed;
    rows.push(await measure(path, 'changed refresh', () => source.refresh()));
    exchange.body = sameRules;
    rows.push(await measure(path, 'nothing new', () => source.refresh()));
    rows.push(await measure(path, 'snapshot writes, stop', () => source.stop()));
  }
  await client.close();
} finally {
  await exchange.close();
  await rm(directory, { recursive: true, force: true });
}

console.log(`Node ${process.version}, ${PAIRS} pairs (${(original.length / 1e6).toFixed(1)} MB body)`);
console.table(
  rows.map((r) => ({
    path: r.path,
    step: r.step,
    'max loop delay (ms)': Math.round(r.maxMs),
    'p99 (ms)': Math.round(r.p99Ms),
    'mean (ms)': Number(r.meanMs.toFixed(1)),
    'wall (ms)': Math.round(r.wallMs),
  })),
);
