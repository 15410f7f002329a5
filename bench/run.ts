/**
 * `npm run bench`: validateOrder and checkOrder against a hand-written big.js validator on the
 * same realistic mix in the same process, the floor under any validator that reads as ours does
 * (`floor-validator.ts`), the long-digit mix (decimals of 17 to 40 significant digits, pairs with
 * 20-digit bounds: `buildLongDigitMix`) with every order of it and of the main mix timed alone
 * against big.js, latency percentiles, parse + compile cost of 10,000 definitions, and memory per
 * compiled pair, the odd pairs (odd-pairs.ts: each grid shape on the same orders as its
 * gridded twin, and the long-digit mix over every shape, order by order), and contracts beside
 * their spot twins (contract-report.ts: the same orders on perpetual contracts in the contract
 * host's shape and on spot pairs with the same numbers, and a big.js validator of the contract
 * rules).
 * `npm run bench -- --exactness 1000000` also checks, on that many generated orders (a quarter
 * realistic, a quarter of long digits, a quarter on the odd pairs, a quarter at the fast path's edges), that not one result
 * differs from the general path's and not one verdict from the big.js validator's
 * (`exactness.ts`).
 */
import fc from 'fast-check';

// The library as users get it: the built package, by name (run `npm run build` first; `npm run
// bench` does). Source run through a TypeScript loader carries helpers that would skew the figures.
// Typed from the source, loaded from dist: a fresh clone type-checks before anything is built.
const PACKAGE: string = 'order-preflight';
const { parseExchangeInfo, parseExchangeInfoText, RuleBook } = (await import(
  PACKAGE
)) as typeof import('../src/index.js');
const FUTURES: string = 'order-preflight/futures';
const { ContractBook } = (await import(FUTURES)) as typeof import('../src/futures.js');

import type { RuleBook as Book } from '../src/index.js';
import { exchangeInfoArb } from '../src/testing/index.js';
import { BigBaselineValidator } from './big-baseline.js';
import { reportContracts } from './contract-report.js';
import { checkExactness } from './exactness.js';
import { FloorValidator } from './floor-validator.js';
import { buildOddPairs } from './odd-pairs.js';
import { reportOddPairs } from './odd-pairs-report.js';
import { type OrderByOrder, orderByOrder } from './order-by-order.js';
import { buildLongDigitMix, buildMix, type LongDigitKind, type MixCase } from './order-mix.js';
import { race as measureTogether } from './race.js';

const MIX_SIZE = 4_096;
const args = process.argv.slice(2);
const exactnessIndex = args.indexOf('--exactness');
const exactnessCases = exactnessIndex === -1 ? 0 : Number(args[exactnessIndex + 1] ?? 1_000_000);

const { text, cases } = buildMix(MIX_SIZE);
const mixInfo = parseExchangeInfoText(text);
const definitions = mixInfo.symbols;
const book = RuleBook.fromExchangeInfo(mixInfo);
const baseline = new BigBaselineValidator(definitions);
const passing = cases.filter((c) => book.validateOrder(c.order, c.context).ok).length;
console.log(
  `Node ${process.version}, ${cases.length} orders over ${definitions.length} pairs, ` +
    `${((100 * passing) / cases.length).toFixed(1)}% passing; throughput: the validators take turns on the same orders, 256 at a time, each chunk keeping its fastest of 40 passes`,
);

// Throughput: both validators over the same orders, in one run. Each task has its own loop, so
// neither pays for a call site shared with the other.
let sink = 0;
interface Throughput {
  readonly ours: number;
  readonly theirs: number;
}
/** Whether a validator passes one order of the mix. */
type Passes = (c: MixCase) => boolean;
const ourVerdict =
  (against: Book): Passes =>
  (c) =>
    against.validateOrder(c.order, c.context).ok;
const bigVerdict =
  (by: BigBaselineValidator): Passes =>
  (c) =>
    by.validate(c.order, c.context).length === 0;

async function throughput(
  list: readonly MixCase[],
  against: Book,
  by: BigBaselineValidator,
): Promise<Throughput> {
  return race(list, ourVerdict(against), bigVerdict(by), 'order-preflight validateOrder');
}

async function race(
  list: readonly MixCase[],
  ours: Passes,
  theirs: Passes,
  _label: string,
): Promise<Throughput> {
  const [mine, other] = measureTogether([
    [ours, list],
    [theirs, list],
  ]) as [number, number];
  return { ours: mine, theirs: other };
}

const passingCases = cases.filter((c) => book.validateOrder(c.order, c.context).ok);
const failingCases = cases.filter((c) => !book.validateOrder(c.order, c.context).ok);
const mostlyFailing = buildMix(MIX_SIZE, 43, { fail: 2, of: 3 });
const failingInfo = parseExchangeInfoText(mostlyFailing.text);
const failingBook = RuleBook.fromExchangeInfo(failingInfo);
const failingBaseline = new BigBaselineValidator(failingInfo.symbols);
const failingShare = mostlyFailing.cases.filter(
  (c) => !failingBook.validateOrder(c.order, c.context).ok,
).length;

// Both validators are warmed on every order first, so that the first row is not the one that
// pays for the JIT settling (without this loop, `npm run bench` printed the first row up to twice
// as slow as the same work in the rows after it).
for (let round = 0; round < 20; round++)
  for (const c of [...cases, ...mostlyFailing.cases]) {
    if (book.validateOrder(c.order, c.context).ok) sink++;
    if (failingBook.validateOrder(c.order, c.context).ok) sink++;
    if (baseline.validate(c.order, c.context).length === 0) sink++;
    if (book.checkOrder(c.order, c.context).ok) sink++;
    if (failingBook.checkOrder(c.order, c.context).ok) sink++;
  }

const rows: [string, Throughput][] = [
  ['main mix (all)', await throughput(cases, book, baseline)],
  ['main mix: passing orders', await throughput(passingCases, book, baseline)],
  ['main mix: failing orders', await throughput(failingCases, book, baseline)],
  [
    `mostly failing mix (${((100 * failingShare) / mostlyFailing.cases.length).toFixed(0)}% failing)`,
    await throughput(mostlyFailing.cases, failingBook, failingBaseline),
  ],
];
const perSecond = (hz: number) => Math.round(hz).toLocaleString('en-US');
function printRows(title: string, list: readonly [string, Throughput][]): void {
  console.log(`\n${title} (orders per second; both validators on the same orders, in the same process)`);
  console.table(
    Object.fromEntries(
      list.map(([label, t]) => [
        label,
        {
          'order-preflight': perSecond(t.ours),
          'ns/order': (1e9 / t.ours).toFixed(0),
          'big.js by hand': perSecond(t.theirs),
          ratio: `${(t.ours / t.theirs).toFixed(1)}x`,
        },
      ]),
    ),
  );
  const [, pass] = list[1] as [string, Throughput];
  const [, fail] = list[2] as [string, Throughput];
  console.log(`a failing order costs ${(pass.ours / fail.ours).toFixed(2)}x a passing one`);
}
printRows('validateOrder: verdict, violations, messages, suggestions', rows);

// checkOrder: the same verdict and codes without explanations, what the big.js validator returns.
const codesOnly =
  (against: Book): Passes =>
  (c) =>
    against.checkOrder(c.order, c.context).ok;
const checkRows: [string, Throughput][] = [
  ['main mix (all)', await race(cases, codesOnly(book), bigVerdict(baseline), 'checkOrder')],
  ['main mix: passing orders', await race(passingCases, codesOnly(book), bigVerdict(baseline), 'checkOrder')],
  ['main mix: failing orders', await race(failingCases, codesOnly(book), bigVerdict(baseline), 'checkOrder')],
  [
    'mostly failing mix',
    await race(mostlyFailing.cases, codesOnly(failingBook), bigVerdict(failingBaseline), 'checkOrder'),
  ],
];
printRows('checkOrder: verdict and codes only, as the big.js validator answers', checkRows);

// The long-digit mix: decimals past safe integers and bounds past 2^53, judged exactly.
const long = buildLongDigitMix(MIX_SIZE);
const longInfo = parseExchangeInfoText(long.text);
const longBook = RuleBook.fromExchangeInfo(longInfo);
const longBaseline = new BigBaselineValidator(longInfo.symbols);
const longFailing = long.cases.filter((c) => !longBook.validateOrder(c.order, c.context).ok).length;
for (let round = 0; round < 20; round++)
  for (const c of long.cases) {
    if (longBook.validateOrder(c.order, c.context).ok) sink++;
    if (longBook.checkOrder(c.order, c.context).ok) sink++;
    if (longBaseline.validate(c.order, c.context).length === 0) sink++;
  }
const longRows: [string, Throughput][] = [
  [
    `validateOrder (${((100 * longFailing) / long.cases.length).toFixed(0)}% failing)`,
    await throughput(long.cases, longBook, longBaseline),
  ],
  ['checkOrder', await race(long.cases, codesOnly(longBook), bigVerdict(longBaseline), 'checkOrder')],
];
console.log(
  '\nlong-digit mix: quantities and prices of 17 to 40 significant digits, pairs with 20-digit bounds ' +
    '(orders per second; both validators on the same orders, in the same process)',
);
console.table(
  Object.fromEntries(
    longRows.map(([label, t]) => [
      label,
      {
        'order-preflight': perSecond(t.ours),
        'ns/order': (1e9 / t.ours).toFixed(0),
        'big.js by hand': perSecond(t.theirs),
        ratio: `${(t.ours / t.theirs).toFixed(1)}x`,
      },
    ]),
  ),
);

// Order by order: each order timed alone against big.js on the same order (order-by-order.ts).
function printOrderByOrder(
  title: string,
  list: readonly MixCase[],
  book: Book,
  by: BigBaselineValidator,
): OrderByOrder {
  const found = orderByOrder(list, ourVerdict(book), bigVerdict(by));
  sink += found.passes;
  const slowest = found.slowest;
  const mean = (times: Float64Array) => times.reduce((sum, t) => sum + t, 0) / times.length;
  console.log(
    `${title}: on average ${mean(found.ours).toFixed(0)} ns an order against big.js's ${mean(found.theirs).toFixed(0)} ns ` +
      `(${(mean(found.theirs) / mean(found.ours)).toFixed(1)}x); ` +
      `${found.slower} of ${list.length} orders (${((100 * found.slower) / list.length).toFixed(2)}%) ` +
      `slower than big.js on the same order; the slowest at ${slowest.ratio.toFixed(2)}x big.js ` +
      `(${slowest.ours.toFixed(0)} vs ${slowest.theirs.toFixed(0)} ns: ${JSON.stringify(list[slowest.index])})`,
  );
  return found;
}
console.log('\norder by order (validateOrder; each order timed alone, big.js on the same order)');
const perKind = printOrderByOrder('long-digit mix', long.cases, longBook, longBaseline);
printOrderByOrder('main mix', cases, book, baseline);
const kinds = new Map<LongDigitKind, { ours: number; theirs: number; n: number }>();
long.kinds.forEach((kind, i) => {
  const k = kinds.get(kind) ?? { ours: 0, theirs: 0, n: 0 };
  k.ours += perKind.ours[i] as number;
  k.theirs += perKind.theirs[i] as number;
  k.n++;
  kinds.set(kind, k);
});
console.table(
  Object.fromEntries(
    [...kinds].map(([kind, k]) => [
      `long ${kind}`,
      {
        orders: k.n,
        'ns/order': (k.ours / k.n).toFixed(0),
        'big.js ns/order': (k.theirs / k.n).toFixed(0),
        ratio: `${(k.theirs / k.ours).toFixed(1)}x`,
      },
    ]),
  ),
);

// The odd pairs: every grid shape against its gridded twin, and long digits over them all.
const odd = buildOddPairs();
const oddInfo = parseExchangeInfoText(odd.text);
reportOddPairs(odd, RuleBook.fromExchangeInfo(oddInfo), new BigBaselineValidator(oddInfo.symbols), MIX_SIZE);

// Contracts beside their spot twins: the same orders, the same engine (contract-report.ts).
reportContracts({ ContractBook, RuleBook, parseExchangeInfoText }, MIX_SIZE);

// The floor: what no validator reading decimals as ours do can go below (floor-validator.ts).
const floor = new FloorValidator(definitions);
for (let round = 0; round < 20; round++)
  for (const c of cases) if (floor.validate(c.order, c.context)) sink++;
const least = await race(cases, (c) => floor.validate(c.order, c.context), bigVerdict(baseline), 'floor');
console.log(
  `floor on the main mix (find the pair, read the four decimals, three comparisons; not a validator): ` +
    `${(1e9 / least.ours).toFixed(0)} ns/order, ${(least.ours / least.theirs).toFixed(1)}x big.js`,
);

// Latency: one call at a time, timer included (a hrtime call costs a few tens of ns).
function percentiles(check: (c: MixCase) => unknown, rounds: number): Record<string, string> {
  const samples = new Float64Array(rounds);
  for (let n = 0; n < rounds; n++) {
    const c = cases[n & (MIX_SIZE - 1)] as MixCase;
    const start = process.hrtime.bigint();
    check(c);
    samples[n] = Number(process.hrtime.bigint() - start);
  }
  samples.sort();
  const at = (q: number) => `${((samples[Math.floor(q * (rounds - 1))] ?? 0) / 1000).toFixed(2)} µs`;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), 'p99.9': at(0.999) };
}
console.log('\nlatency per call');
console.table({
  'order-preflight (all)': percentiles((c) => book.validateOrder(c.order, c.context), 400_000),
  'big.js by hand (all)': percentiles((c) => baseline.validate(c.order, c.context), 400_000),
});

// Heap allocated per call: the growth of the heap over one pass through each kind of order, after
// a full collection; the least of several passes, as the first ones also hold the code V8
// compiles for the loop. A scavenge in between would hide allocation, so each pass stays far
// below the young generation's size (a few thousand orders of at most a few hundred bytes).
function bytesPerCall(list: readonly MixCase[], passes: Passes = ourVerdict(book)): string {
  const gc = globalThis.gc;
  if (gc === undefined) return 'run with node --expose-gc';
  let least = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 8; pass++) {
    let ok = 0;
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let n = 0; n < list.length; n++) {
      const c = list[n] as MixCase;
      if (passes(c)) ok++;
    }
    const after = process.memoryUsage().heapUsed;
    sink += ok;
    least = Math.min(least, (after - before) / list.length);
  }
  return `${Math.max(0, least).toFixed(1)} B`;
}
console.log(
  `\nheap allocated per call: passing ${bytesPerCall(passingCases)}, failing ${bytesPerCall(failingCases)} ` +
    '(each violation, its message, limit, value and suggestions); checkOrder: passing ' +
    `${bytesPerCall(passingCases, codesOnly(book))}, failing ${bytesPerCall(failingCases, codesOnly(book))}`,
);

// Parse + compile 10,000 definitions; memory per compiled pair.
const payloads = fc.sample(exchangeInfoArb({ minPairs: 500, maxPairs: 500 }), { numRuns: 20, seed: 7 });
const symbols = payloads.flatMap((p, i) =>
  (p.symbols as Record<string, unknown>[]).map((s) => ({ ...s, symbol: `${String(s.symbol)}${i}` })),
);
const big = { timezone: 'UTC', serverTime: 0, symbols };
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const start = process.hrtime.bigint();
const info = parseExchangeInfo(big);
const parsed = process.hrtime.bigint();
const compiled = RuleBook.fromExchangeInfo(info);
const done = process.hrtime.bigint();
globalThis.gc?.();
const heapAfter = process.memoryUsage().heapUsed;
console.log(
  `\n${compiled.size.toLocaleString('en-US')} definitions: parse ${(Number(parsed - start) / 1e6).toFixed(0)} ms, ` +
    `compile ${(Number(done - parsed) / 1e6).toFixed(0)} ms; ` +
    (globalThis.gc
      ? `${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MiB held, ${((heapAfter - heapBefore) / compiled.size / 1024).toFixed(2)} KiB per pair (definition + compiled form)`
      : 'run with node --expose-gc for memory figures'),
);

// Exactness: not one verdict may differ, from the general path or from big.js.
if (exactnessCases > 0) {
  const report = checkExactness(exactnessCases);
  const count = (n: number) => n.toLocaleString('en-US');
  console.log(
    `\nexactness: ${count(report.checked)} orders (${count(report.realistic)} from the mix, ` +
      `${count(report.long)} from the long-digit mix, ${count(report.odd)} from the odd-pairs mixes, ` +
      `${count(report.edges)} at the fast path's edges; ` +
      `${count(report.answeredFast)} answered by the fast path): ` +
      `${report.differ} differ from the general path or from big.js`,
  );
  if (report.differ > 0) process.exitCode = 1;
}
console.log(`(sink ${sink})`);
