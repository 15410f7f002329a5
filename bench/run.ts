import { Bench } from 'tinybench';
import { BigBaselineValidator } from './big-baseline.js';
import { buildMix } from './order-mix.js';

const MIX_SIZE = 4_096;
const { definitions, book, cases } = buildMix(MIX_SIZE);
const baseline = new BigBaselineValidator(definitions);
const passing = cases.filter((c) => book.validateOrder(c.order, c.context).ok).length;
console.log(
  `mix: ${cases.length} orders over ${definitions.length} pairs, ${((100 * passing) / cases.length).toFixed(1)}% passing`,
);

let i = 0;
let sink = 0;
const bench = new Bench({ time: 1_500, warmupTime: 300 });
bench
  .add('validateOrder (order-preflight)', () => {
    const c = cases[i++ & (MIX_SIZE - 1)]!;
    if (book.validateOrder(c.order, c.context).ok) sink++;
  })
  .add('hand-written big.js validator', () => {
    const c = cases[i++ & (MIX_SIZE - 1)]!;
    if (baseline.validate(c.order, c.context).length === 0) sink++;
  });
await bench.run();
console.table(bench.table());
const [ours, theirs] = bench.tasks.map((t) => t.result!);
console.log(`throughput ratio: ${(ours!.hz / theirs!.hz).toFixed(1)}x (sink ${sink})`);
