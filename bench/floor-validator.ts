import type { PairDefinition } from '../src/index.js';
import { lastRead, readDecimalUnits } from '../src/order/fast-read.js';

/**
 * Not a validator: the least that any exact validator of these orders must do, to put the
 * figures of `npm run bench` in proportion. It finds the pair, reads the order's four decimals
 * into integers and scales with the library's own readers (the fastest exact reading we know: one
 * pass over a string's characters, a number read without making its string), and makes three
 * comparisons of those integers, which are deliberately not even correct (it compares across
 * scales, and ignores the other nine rules, the skips and every explanation). What
 * `validateOrder` costs beyond this is the rest of the contract; a validator that reads its
 * decimals the way these readers do cannot cost less than this.
 */
interface FloorPair {
  readonly minUnits: number;
  readonly tickUnits: number;
}

/** The units the library's own reader reads (its scale left in `lastScale`), or -1 when it reads none. */
let lastScale = 0;
function readUnits(value: unknown): number {
  if (!readDecimalUnits(value)) return -1;
  lastScale = lastRead.scale;
  return lastRead.units;
}

export class FloorValidator {
  readonly #pairs = new Map<string, FloorPair>();

  constructor(definitions: readonly PairDefinition[]) {
    for (const d of definitions) {
      const min = readUnits(d.minTradeAmount ?? '0');
      const tick = readUnits(d.tickSize ?? '1');
      this.#pairs.set(d.symbol, { minUnits: min, tickUnits: tick > 0 ? tick : 1 });
    }
  }

  /** True when the three comparisons pass; the verdict means nothing beyond its cost. */
  validate(
    order: Record<string, unknown>,
    context: { referencePrice?: unknown; maxNotional?: unknown },
  ): boolean {
    const pair = typeof order.symbol === 'string' ? this.#pairs.get(order.symbol) : undefined;
    if (pair === undefined || (order.side !== 'BUY' && order.side !== 'SELL')) return false;
    const quantity = readUnits(order.quantity);
    const scales = lastScale;
    const price = order.type === 'LIMIT' ? readUnits(order.price) : pair.tickUnits;
    const reference = readUnits(context.referencePrice);
    const notional = context.maxNotional === undefined ? 0 : readUnits(context.maxNotional);
    return (
      quantity >= pair.minUnits &&
      Math.floor(price / pair.tickUnits) * pair.tickUnits === price &&
      reference > 0 &&
      notional >= 0 &&
      scales + lastScale >= 0
    );
  }
}
