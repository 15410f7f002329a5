import Big from 'big.js';
import { realCorpus } from '../test-support/corpus/real-corpus.js';
import type { RealCorpusPair } from '../test-support/corpus/types.js';
import {
  buildLongDigitMix,
  buildMix,
  type LongDigitKind,
  type MixCase,
  type MixSource,
} from './order-mix.js';

/**
 * The odd pairs: each gridded pair of the realistic corpus beside its twins in every other grid
 * shape the exchange's definitions take, so that `npm run bench` can show what a shape costs on
 * the same orders:
 *
 * - `fine tick`: a tick a hundred times finer than the quote precision allows (tick 0.001 with
 *   `quoteAssetPrecision` 1): prices are rounded onto the precision's grid, not the tick;
 * - `fine inferred tick`: the same, with no `tickSize` and the tick in `displayDigitMerge`;
 * - `fine step`: a step a hundred times finer than the base precision;
 * - `zero grid`: `tickSize` and `stepSize` 0 and no `displayDigitMerge` (the precisions are the
 *   grids);
 * - `grid-less`: no tick, step, depth-merge steps or precisions at all.
 *
 * Orders are built on the gridded twin's numbers (buildMix, buildLongDigitMix) and sent to each
 * shape under its own symbol.
 */
export const GRID_SHAPES = [
  'gridded',
  'fine tick',
  'fine inferred tick',
  'fine step',
  'zero grid',
  'grid-less',
] as const;
export type GridShape = (typeof GRID_SHAPES)[number];

const SUFFIX: Record<GridShape, string> = {
  gridded: '',
  'fine tick': 'FT',
  'fine inferred tick': 'FI',
  'fine step': 'FS',
  'zero grid': 'ZG',
  'grid-less': 'GL',
};

/** Decimal places of plain text. */
function places(text: string): number {
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

/** A twin's wire definition (every decimal a string) in another grid shape. */
function reshape(wire: Record<string, unknown>, shape: GridShape): Record<string, unknown> {
  const out: Record<string, unknown> = { ...wire, symbol: `${String(wire.symbol)}${SUFFIX[shape]}` };
  const tick = String(wire.tickSize);
  const step = String(wire.stepSize);
  const finer = (grid: string) => new Big(grid).div(100).toFixed();
  switch (shape) {
    case 'gridded':
      break;
    case 'fine tick':
      out.tickSize = finer(tick);
      out.quoteAssetPrecision = String(places(tick));
      break;
    case 'fine inferred tick':
      delete out.tickSize;
      out.displayDigitMerge = `${finer(tick)},${tick}`;
      out.quoteAssetPrecision = String(places(tick));
      break;
    case 'fine step':
      out.stepSize = finer(step);
      out.baseAssetPrecision = String(places(step));
      break;
    case 'zero grid':
      out.tickSize = '0';
      out.stepSize = '0';
      delete out.displayDigitMerge;
      break;
    case 'grid-less':
      delete out.tickSize;
      delete out.stepSize;
      delete out.displayDigitMerge;
      delete out.quoteAssetPrecision;
      delete out.baseAssetPrecision;
      break;
  }
  return out;
}

export interface OddPairs {
  /** The exchange's payload with every twin in every shape. */
  readonly text: string;
  /** The gridded twins, to build orders on (see {@link MixSource}). */
  readonly twins: MixSource;
  /** The symbol of `twin` in `shape`. */
  readonly symbolOf: (twin: string, shape: GridShape) => string;
}

/** Every tradable pair of the corpus that has a tick and a step on the wire, in every shape. */
export function buildOddPairs(): OddPairs {
  const corpus = realCorpus();
  const wires = (JSON.parse(corpus.stringText) as { symbols: Record<string, unknown>[] }).symbols;
  const symbols: Record<string, unknown>[] = [];
  const twins: RealCorpusPair[] = [];
  const taken = new Set(corpus.pairs.map((p) => p.symbol));
  corpus.pairs.forEach((pair, i) => {
    if (!pair.tradable || !pair.tickOnWire || !pair.stepOnWire) return;
    const wire = wires[i] as Record<string, unknown>;
    if (wire.symbol !== pair.symbol || new Big(String(wire.tickSize)).lte(0)) return;
    if (new Big(String(wire.stepSize)).lte(0)) return;
    const shaped = GRID_SHAPES.filter((s) => s !== 'gridded').map((s) => reshape(wire, s));
    if (shaped.some((s) => taken.has(String(s.symbol)))) return;
    for (const s of shaped) taken.add(String(s.symbol));
    symbols.push(wire, ...shaped);
    twins.push(pair);
  });
  const payload = JSON.parse(corpus.stringText) as Record<string, unknown>;
  const text = JSON.stringify({ ...payload, symbols });
  return { text, twins: { text, pairs: twins }, symbolOf: (twin, shape) => `${twin}${SUFFIX[shape]}` };
}

/** `cases` sent to the pairs of `shape` instead of their gridded twins. */
function inShape(odd: OddPairs, cases: readonly MixCase[], shape: GridShape): MixCase[] {
  return cases.map((c) => {
    const order = { ...c.order, symbol: odd.symbolOf(String(c.order.symbol), shape) };
    return JSON.parse(JSON.stringify({ order, context: c.context })) as MixCase;
  });
}

/**
 * The same realistic orders (two in three refused, each on one rule in turn) on every shape: one
 * list of cases per shape, order `i` of each the same order for the same twin.
 */
export function buildOddPairsMix(odd: OddPairs, size: number, seed = 45): Map<GridShape, MixCase[]> {
  const { cases } = buildMix(size, seed, { fail: 2, of: 3 }, odd.twins);
  return new Map(GRID_SHAPES.map((shape) => [shape, inShape(odd, cases, shape)]));
}

/**
 * The long-digit mix (buildLongDigitMix: 17 to 40 significant digits, refused mostly on
 * precision) over the odd pairs, the shapes taking turns order by order.
 */
export function buildOddLongDigitMix(
  odd: OddPairs,
  size: number,
  seed = 46,
): { cases: MixCase[]; kinds: LongDigitKind[]; shapes: GridShape[] } {
  const long = buildLongDigitMix(size, seed, odd.twins);
  const shapes = long.cases.map((_, i) => GRID_SHAPES[i % GRID_SHAPES.length] as GridShape);
  const cases = long.cases.map((c, i) => inShape(odd, [c], shapes[i] as GridShape)[0] as MixCase);
  return { cases, kinds: long.kinds, shapes };
}
