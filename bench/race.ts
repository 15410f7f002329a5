import type { Verdict } from './order-by-order.js';
import type { MixCase } from './order-mix.js';

/** One verdict on one list of orders. */
export type Task = readonly [Verdict, readonly MixCase[]];

/** Rounds: each chunk of each task is timed this many times, and keeps its fastest. */
const ROUNDS = 40;
/** Orders per timed chunk: a few hundred µs, short enough that most samples see no other load. */
const CHUNK = 256;
let sink = 0;

/**
 * Orders per second of each task, measured together. Each list is cut into chunks of
 * {@link CHUNK} orders; the tasks take turns, chunk by chunk (which goes first rotating by
 * round), for {@link ROUNDS} rounds, each chunk keeping its fastest time, and a task's time is
 * the sum of its chunks'. On a shared machine noise only ever adds time, so the least is the
 * closest to what the orders cost (as `order-by-order.ts` keeps the least sample of each order),
 * and taking turns in short samples spreads what noise is left over every task alike, where
 * timing one task for seconds and then the other let a burst of load land on one side only.
 */
export function race(tasks: readonly Task[]): number[] {
  const least = tasks.map(([, list]) => new Float64Array(Math.ceil(list.length / CHUNK)).fill(Infinity));
  for (let round = 0; round < ROUNDS; round++)
    for (let k = 0; k < tasks.length; k++) {
      const t = (k + round) % tasks.length;
      const [verdict, list] = tasks[t] as Task;
      const chunks = least[t] as Float64Array;
      for (let c = 0; c < chunks.length; c++) {
        const end = Math.min(list.length, (c + 1) * CHUNK);
        const start = process.hrtime.bigint();
        for (let i = c * CHUNK; i < end; i++) if (verdict(list[i] as MixCase)) sink++;
        chunks[c] = Math.min(chunks[c] as number, Number(process.hrtime.bigint() - start));
      }
    }
  if (sink === -1) console.log(sink);
  return least.map((chunks, t) => {
    const total = chunks.reduce((sum, ns) => sum + ns, 0);
    return (1e9 * (tasks[t] as Task)[1].length) / total;
  });
}
