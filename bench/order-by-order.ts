import type { MixCase } from './order-mix.js';

/**
 * Each order of a mix timed alone, against big.js on the same order: what `npm run bench` reports
 * as the share of orders slower than big.js and the slowest order's ratio. A mix's throughput can
 * hide a kind of order that is slower than big.js behind many that are faster; this cannot.
 *
 * One sample is {@link REPEATS} calls of one validator on one order in a row (tens of µs, so the
 * timer's own cost and resolution do not matter); the two validators take turns, which goes
 * first alternating by round. Each order keeps the least of its samples: on a shared machine,
 * noise only ever adds time, so the least is the closest to what the order costs, for both
 * validators alike. An order that looks slower than big.js, or close to it, is measured again
 * over {@link CONFIRM_ROUNDS} more rounds before it is counted.
 */

/** Calls per sample. */
const REPEATS = 32;
/** Rounds for an order whose first rounds put it within this ratio of big.js. */
const CONFIRM_BELOW = 1.25;
const CONFIRM_ROUNDS = 20;

/** Whether a validator passes one order (its verdict is counted, so the call is not optimised away). */
export type Verdict = (c: MixCase) => boolean;

export interface OrderByOrder {
  /** ns per call of each order, ours and big.js's. */
  readonly ours: Float64Array;
  readonly theirs: Float64Array;
  /** Orders that took longer than big.js takes on the same order. */
  readonly slower: number;
  /** The order with the lowest ratio (big.js's time over ours: below 1 is slower than big.js). */
  readonly slowest: {
    readonly index: number;
    readonly ratio: number;
    readonly ours: number;
    readonly theirs: number;
  };
  /** Verdicts counted, to keep the calls. */
  readonly passes: number;
}

/** Times every order of `list` alone, `rounds` rounds each (more for those close to big.js). */
export function orderByOrder(
  list: readonly MixCase[],
  ours: Verdict,
  theirs: Verdict,
  rounds = 5,
): OrderByOrder {
  const mine = new Float64Array(list.length).fill(Number.POSITIVE_INFINITY);
  const other = new Float64Array(list.length).fill(Number.POSITIVE_INFINITY);
  let passes = 0;
  const sample = (verdict: Verdict, c: MixCase): number => {
    const start = process.hrtime.bigint();
    for (let n = 0; n < REPEATS; n++) if (verdict(c)) passes++;
    return Number(process.hrtime.bigint() - start) / REPEATS;
  };
  const measure = (index: number, round: number): void => {
    const c = list[index] as MixCase;
    if (round % 2 === 0) {
      mine[index] = Math.min(mine[index] as number, sample(ours, c));
      other[index] = Math.min(other[index] as number, sample(theirs, c));
    } else {
      other[index] = Math.min(other[index] as number, sample(theirs, c));
      mine[index] = Math.min(mine[index] as number, sample(ours, c));
    }
  };
  for (let round = 0; round < rounds; round++) for (let i = 0; i < list.length; i++) measure(i, round);
  for (let i = 0; i < list.length; i++) {
    if ((other[i] as number) / (mine[i] as number) >= CONFIRM_BELOW) continue;
    for (let round = 0; round < CONFIRM_ROUNDS; round++) measure(i, round);
  }
  let slower = 0;
  let slowest = { index: 0, ratio: Number.POSITIVE_INFINITY, ours: 0, theirs: 0 };
  for (let i = 0; i < list.length; i++) {
    const ratio = (other[i] as number) / (mine[i] as number);
    if (ratio < 1) slower++;
    if (ratio < slowest.ratio)
      slowest = { index: i, ratio, ours: mine[i] as number, theirs: other[i] as number };
  }
  return { ours: mine, theirs: other, slower, slowest, passes };
}
