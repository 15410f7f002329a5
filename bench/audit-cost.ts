/**
 * What the gateway's audit log and metrics cost, and what the usual packages would cost instead:
 *
 *   node --import tsx bench/audit-cost.ts [--lines 200000] [--per-turn 1,32] [--deps DIR] | cat > /dev/null
 *
 * Standard output must be a pipe (as the gateway's log usually is); the figures go to stderr.
 *
 * 1. Log writers, lines/s for `--lines` request records, `--per-turn` of them per event-loop turn
 *    (1: an idle gateway, each request ending alone; 32: a loaded one): a write per line (what
 *    the command did before), the command's own log (`createGatewayLog`: lines gathered and
 *    written once per turn) as JSON and as text, and pino (an async `pino.destination`, fields
 *    as the JSON record) when it can be loaded.
 * 2. Metrics: the cost of one request's updates (a labelled counter and a histogram), of a
 *    scrape, and of loading the module, for the gateway's registry (src/gateway/metrics.ts) and
 *    prom-client when it can be loaded.
 *
 * pino and prom-client are not dependencies: install them anywhere (`npm install pino
 * prom-client` in a scratch folder) and name that folder with `--deps` (its node_modules is
 * searched); without them their rows are skipped.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { createGatewayLog, describeRequest, type LogFormat } from '../src/cli/commands/gateway-log.js';
import { createMetricRegistry } from '../src/gateway/metrics.js';
import type { GatewayRequestEvent } from '../src/gateway.js';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '200000' },
    'per-turn': { type: 'string', default: '1,32' },
    deps: { type: 'string' },
    role: { type: 'string' },
  },
});
const LINES = Math.min(5_000_000, Math.max(1_000, Number(values.lines) || 200_000));
const PER_TURN = (values['per-turn'] ?? '1,32')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0 && n <= 10_000);
const say = (line: string) => process.stderr.write(`${line}\n`);

const EVENT: GatewayRequestEvent = {
  type: 'request',
  method: 'POST',
  path: '/api/v3/order',
  key: 'bg_9f1c2e0d4b7a4a1e8c3d5f6a7b8c9d0e',
  outcome: 'refused',
  status: 400,
  reason: 'order-refused',
  codes: ['PRICE_TICK'],
  sent: false,
  latencyMs: 0.8312,
};

/** A module from `--deps`' node_modules (or the project's), or undefined when it is not there. */
async function load(name: string): Promise<unknown> {
  try {
    const require = createRequire(join(values.deps ?? process.cwd(), 'noop.js'));
    const module = (await import(pathToFileURL(require.resolve(name)).href)) as { default?: unknown };
    return module.default ?? module;
  } catch {
    return undefined;
  }
}

/** Writes LINES lines, `perTurn` per event-loop turn, then waits until `settled` says all are out. */
async function timeWriter(perTurn: number, write: () => void, settled: () => Promise<void>): Promise<number> {
  const started = performance.now();
  for (let done = 0; done < LINES; ) {
    for (let i = 0; i < perTurn && done < LINES; i++, done++) write();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await settled();
  return LINES / ((performance.now() - started) / 1_000);
}

/** Resolves once everything written so far to stdout has been handed to the system. */
function stdoutDrained(): Promise<void> {
  return new Promise((resolve) => process.stdout.write('', () => resolve()));
}

async function writers(): Promise<void> {
  if (process.stdout.isTTY) {
    say('standard output is a terminal: pipe it (| cat > /dev/null)');
    process.exitCode = 2;
    return;
  }
  say(`log writers: ${LINES} request lines to a pipe, lines/s (higher is better)`);
  say(`| writer | ${PER_TURN.map((n) => `${n} per turn`).join(' | ')} |`);
  say(`|---|${PER_TURN.map(() => '---|').join('')}`);
  const row = async (name: string, run: (perTurn: number) => Promise<number>) => {
    const figures: string[] = [];
    for (const perTurn of PER_TURN) figures.push(Math.round(await run(perTurn)).toLocaleString('en'));
    say(`| ${name} | ${figures.join(' | ')} |`);
  };
  await row('a write per line, JSON.stringify', (perTurn) =>
    timeWriter(
      perTurn,
      () => {
        process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...EVENT })}\n`);
      },
      stdoutDrained,
    ),
  );
  for (const format of ['json', 'text'] as LogFormat[]) {
    const log = createGatewayLog(process.stdout, format, { onBroken: () => {} });
    await row(`the command's log, ${format} (batched per turn)`, (perTurn) =>
      timeWriter(
        perTurn,
        () => log.event(EVENT, format === 'text' ? describeRequest(EVENT) : undefined),
        async () => {
          log.flush();
          await stdoutDrained();
        },
      ),
    );
  }
  const pino = (await load('pino')) as PinoFactory | undefined;
  if (pino === undefined) say('| pino | not found (--deps) |');
  else {
    const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    const logger = pino(
      {
        base: null,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: () => ({}) },
      },
      destination,
    );
    const { type: _type, ...fields } = EVENT;
    await row('pino, async destination (minLength 4096)', (perTurn) =>
      timeWriter(
        perTurn,
        () => logger.info({ event: 'request', ...fields }),
        () => new Promise((resolve) => destination.flush(() => resolve())),
      ),
    );
  }
}

interface PinoFactory {
  (options: object, destination: unknown): { info(fields: object): void };
  destination(options: object): { flush(callback: () => void): void };
  stdTimeFunctions: { isoTime: () => string };
}

interface PromClient {
  Registry: new () => { metrics(): Promise<string> };
  Counter: new (options: object) => { inc(labels: object): void };
  Histogram: new (options: object) => { observe(value: number): void };
}

const UPDATES = 1_000_000;
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const OUTCOMES = ['forwarded', 'refused', 'answered'];

function perUpdate(update: (i: number) => void): number {
  for (let i = 0; i < 100_000; i++) update(i); // warm up
  const started = performance.now();
  for (let i = 0; i < UPDATES; i++) update(i);
  return ((performance.now() - started) * 1e6) / UPDATES;
}

async function perScrape(render: () => string | Promise<string>): Promise<{ ns: number; bytes: number }> {
  let text = '';
  for (let i = 0; i < 100; i++) text = await render();
  const started = performance.now();
  for (let i = 0; i < 1_000; i++) text = await render();
  return { ns: ((performance.now() - started) * 1e6) / 1_000, bytes: Buffer.byteLength(text) };
}

/** Milliseconds to import `specifier` in a fresh process (the median of 5). */
function importMs(specifier: string): number {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const t=performance.now();await import(${JSON.stringify(specifier)});console.log(performance.now()-t)`,
      ],
      { encoding: 'utf8' },
    );
    times.push(Number(out.trim()));
  }
  return times.sort((a, b) => a - b)[2]!;
}

async function metrics(): Promise<void> {
  say('');
  say(
    `metrics: one request's updates (a counter with outcome and reason labels, a ${BUCKETS.length}-bucket histogram), a scrape, loading`,
  );
  say('| registry | per request | per scrape (text size) | import in a fresh process |');
  say('|---|---|---|---|');
  const own = createMetricRegistry();
  const counter = own.counter({ name: 'requests_total', help: 'h', labels: ['outcome', 'reason'] });
  const histogram = own.histogram({ name: 'request_duration_seconds', help: 'h', buckets: BUCKETS });
  const ownUpdate = perUpdate((i) => {
    counter.inc({ outcome: OUTCOMES[i & 1]!, reason: '' });
    histogram.observe((i & 1023) / 10_000);
  });
  const ownScrape = await perScrape(() => own.render());
  // Bundled as the package would ship it (what it imports included), so no TypeScript is compiled.
  const folder = mkdtempSync(join(tmpdir(), 'audit-cost-'));
  const bundle = join(folder, 'metrics.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('../src/gateway/metrics.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: bundle,
    logLevel: 'silent',
  });
  const ownImport = importMs(pathToFileURL(bundle).href);
  const ownBytes = statSync(bundle).size;
  rmSync(folder, { recursive: true });
  say(
    `| src/gateway/metrics.ts | ${ownUpdate.toFixed(0)} ns | ${(ownScrape.ns / 1000).toFixed(1)} µs (${ownScrape.bytes} B) | ${ownImport.toFixed(1)} ms (bundled: ${(ownBytes / 1024).toFixed(0)} KiB, with what it imports) |`,
  );
  const prom = (await load('prom-client')) as PromClient | undefined;
  if (prom === undefined) {
    say('| prom-client | not found (--deps) | | |');
    return;
  }
  const registry = new prom.Registry();
  const promCounter = new prom.Counter({
    name: 'requests_total',
    help: 'h',
    labelNames: ['outcome', 'reason'],
    registers: [registry],
  });
  const promHistogram = new prom.Histogram({
    name: 'request_duration_seconds',
    help: 'h',
    buckets: BUCKETS,
    registers: [registry],
  });
  const promUpdate = perUpdate((i) => {
    promCounter.inc({ outcome: OUTCOMES[i & 1]!, reason: '' });
    promHistogram.observe((i & 1023) / 10_000);
  });
  const promScrape = await perScrape(() => registry.metrics());
  const require = createRequire(join(values.deps ?? process.cwd(), 'noop.js'));
  const promImport = importMs(pathToFileURL(require.resolve('prom-client')).href);
  say(
    `| prom-client | ${promUpdate.toFixed(0)} ns | ${(promScrape.ns / 1000).toFixed(1)} µs (${promScrape.bytes} B) | ${promImport.toFixed(1)} ms |`,
  );
}

await writers();
await metrics();
