import type { RuleBook } from '../src/index.js';
import type { BigBaselineValidator } from './big-baseline.js';
import {
  buildOddLongDigitMix,
  buildOddPairsMix,
  GRID_SHAPES,
  type GridShape,
  type OddPairs,
} from './odd-pairs.js';
import { orderByOrder, type Verdict } from './order-by-order.js';
import type { MixCase } from './order-mix.js';
import { race, type Task } from './race.js';

/**
 * The odd-pairs part of `npm run bench` (odd-pairs.ts): each grid shape on the same orders as its
 * gridded twin, against big.js on those orders, and the long-digit mix over every shape, order by
 * order. `book` and `baseline` are built from `odd.text`.
 */

let sink = 0;

export function reportOddPairs(
  odd: OddPairs,
  book: RuleBook,
  baseline: BigBaselineValidator,
  size: number,
): void {
  const validate: Verdict = (c) => book.validateOrder(c.order, c.context).ok;
  const check: Verdict = (c) => book.checkOrder(c.order, c.context).ok;
  const big: Verdict = (c) => baseline.validate(c.order, c.context).length === 0;
  const mix = buildOddPairsMix(odd, size);
  const all = [...mix.values()].flat();
  for (let round = 0; round < 10; round++) for (const c of all) if (validate(c) && check(c) && big(c)) sink++;
  const rows: Record<string, Record<string, string>> = {};
  const hz = race(
    GRID_SHAPES.flatMap((shape) => [validate, check, big].map((v): Task => [v, mix.get(shape) as MixCase[]])),
  );
  const twin = { validate: hz[0] as number, check: hz[1] as number };
  GRID_SHAPES.forEach((shape, s) => {
    const list = mix.get(shape) as MixCase[];
    const failing = list.filter((c) => !validate(c)).length;
    const [ours, codes, theirs] = hz.slice(3 * s, 3 * s + 3) as [number, number, number];
    rows[shape] = {
      failing: `${((100 * failing) / list.length).toFixed(0)}%`,
      'validateOrder ns': (1e9 / ours).toFixed(0),
      'checkOrder ns': (1e9 / codes).toFixed(0),
      'big.js ns': (1e9 / theirs).toFixed(0),
      'validate vs big.js': `${(ours / theirs).toFixed(1)}x`,
      'check vs big.js': `${(codes / theirs).toFixed(1)}x`,
      'validate cost vs twin': `${(twin.validate / ours).toFixed(2)}x`,
      'check cost vs twin': `${(twin.check / codes).toFixed(2)}x`,
    };
  });
  console.log(
    '\nodd-pairs mix: the same orders (two in three refused) on each grid shape and on its gridded twin ' +
      '(cost vs twin: time per order over the twin’s)',
  );
  console.table(rows);

  const long = buildOddLongDigitMix(odd, size);
  for (let round = 0; round < 10; round++) for (const c of long.cases) if (validate(c) && big(c)) sink++;
  const failing = long.cases.filter((c) => !book.checkOrder(c.order, c.context).ok);
  const onPrecision = failing.filter((c) =>
    book.checkOrder(c.order, c.context).codes.some((code) => code.endsWith('_PRECISION')),
  ).length;
  const [ours, theirs] = race([
    [validate, long.cases],
    [big, long.cases],
  ]) as [number, number];
  const found = orderByOrder(long.cases, validate, big);
  sink += found.passes;
  const slowest = found.slowest;
  console.log(
    `\nlong-digit mix over the odd pairs (${((100 * failing.length) / long.cases.length).toFixed(0)}% refused, ` +
      `${((100 * onPrecision) / long.cases.length).toFixed(0)}% on precision): validateOrder ` +
      `${(1e9 / ours).toFixed(0)} ns/order, ${(ours / theirs).toFixed(1)}x big.js; order by order, ` +
      `${found.slower} of ${long.cases.length} (${((100 * found.slower) / long.cases.length).toFixed(2)}%) ` +
      `slower than big.js, the slowest at ${slowest.ratio.toFixed(2)}x big.js (${slowest.ours.toFixed(0)} vs ` +
      `${slowest.theirs.toFixed(0)} ns, ${long.shapes[slowest.index]}: ${JSON.stringify(long.cases[slowest.index])})`,
  );
  const byShape = new Map<GridShape, { ours: number; theirs: number; slower: number; n: number }>();
  long.shapes.forEach((shape, i) => {
    const s = byShape.get(shape) ?? { ours: 0, theirs: 0, slower: 0, n: 0 };
    s.ours += found.ours[i] as number;
    s.theirs += found.theirs[i] as number;
    if ((found.theirs[i] as number) < (found.ours[i] as number)) s.slower++;
    s.n++;
    byShape.set(shape, s);
  });
  console.table(
    Object.fromEntries(
      [...byShape].map(([shape, s]) => [
        `long, ${shape}`,
        {
          orders: s.n,
          'ns/order': (s.ours / s.n).toFixed(0),
          'big.js ns/order': (s.theirs / s.n).toFixed(0),
          ratio: `${(s.theirs / s.ours).toFixed(1)}x`,
          'slower than big.js': s.slower,
        },
      ]),
    ),
  );
  if (sink === -1) console.log(sink);
}
