import Big from 'big.js';
import { realCorpus } from '../property-tests/support/real-corpus.js';
import type { ValidationContext } from '../src/index.js';

/** One order of the benchmark mix and the context it is checked with. */
export interface MixCase {
  readonly order: Record<string, unknown>;
  readonly context: ValidationContext;
}

/** A deterministic generator (mulberry32), so every run sees the same mix. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** As a trader's code would send it: a JS number where that prints the same text, else a string. */
function spell(value: Big, asNumber: boolean): string | number {
  const text = value.toFixed();
  return asNumber && String(Number(text)) === text ? Number(text) : text;
}

const FAILURES = ['tick', 'step', 'min', 'band', 'marketCap', 'notional'] as const;

/**
 * A realistic mix, fixed by its seed, over the realistic corpus (1,260 real-shaped pairs, some
 * without grids on the wire, decimals as strings and numbers; `property-tests/support/real-corpus.ts`):
 * prices within a few percent of the last price, sizes a few dozen steps; LIMIT and MARKET;
 * strings and numbers; by default 80% passing and 20% breaking one rule (off the tick or step,
 * under the minimum, over a band, a market cap or the caller's notional limit); `failing` sets
 * the share that breaks one (`{ of: 3, fail: 2 }`: two orders in three, as from a misbehaving
 * strategy). `text` is the exchange's payload as JSON text, to be parsed losslessly.
 */
export function buildMix(
  size: number,
  seed = 42,
  failing: { readonly fail: number; readonly of: number } = { fail: 1, of: 5 },
): { text: string; cases: MixCase[] } {
  const corpus = realCorpus();
  const pairs = corpus.pairs.filter((p) => p.tradable);
  const next = random(seed);
  const cases: MixCase[] = [];
  let broken = 0;
  for (let n = 0; n < size; n++) {
    const d = pairs[Math.floor(next() * pairs.length)] as (typeof pairs)[number];
    const tick = new Big(d.tickSize);
    const step = new Big(d.stepSize);
    const reference = tick.times(12_345);
    const buy = next() < 0.5;
    const market = next() < 0.3;
    const asNumber = next() < 0.4;
    const minSteps = new Big(d.minTradeAmount).div(step).round(0, Big.roundUp);
    let quantity = step.times(
      (minSteps.gt(0) ? minSteps : new Big(1)).plus(Math.floor(next() * 40)).toFixed(),
    );
    const cap = new Big(buy ? d.marketBuyLimitSize : d.marketSellLimitSize);
    if (market && quantity.gt(cap) && cap.gte(step))
      quantity = cap.div(step).round(0, Big.roundDown).times(step);
    let price = tick.times(12_345 + (buy ? -1 : 1) * Math.floor(next() * 200));
    const context = { referencePrice: reference.toFixed() };
    // The last `fail` orders of every `of` break a rule, each the next kind of failure in turn.
    const breaks = n % failing.of >= failing.of - failing.fail;
    const failure = breaks ? FAILURES[broken++ % FAILURES.length] : undefined;
    let maxNotional = price.times(quantity).times(1_000).toFixed();
    switch (failure) {
      case 'tick':
        price = price.plus(tick.div(10));
        break;
      case 'step':
        quantity = quantity.plus(step.div(10));
        break;
      case 'min':
        quantity = new Big(d.minTradeAmount).gt(step) ? step : quantity.plus(step.div(10));
        break;
      case 'band':
        price = buy ? tick.times(13_000 * 2) : tick.times(6_000);
        break;
      case 'marketCap':
        quantity = step.times(
          new Big(buy ? d.marketBuyLimitSize : d.marketSellLimitSize)
            .div(step)
            .round(0, Big.roundDown)
            .plus(1)
            .toFixed(),
        );
        break;
      case 'notional':
        maxNotional = price.times(quantity).div(2).toFixed();
        break;
    }
    const base = { symbol: d.symbol, side: buy ? 'BUY' : 'SELL' };
    const order =
      market && failure !== 'tick' && failure !== 'band'
        ? { ...base, type: 'MARKET', quantity: spell(quantity, asNumber) }
        : {
            ...base,
            type: 'LIMIT',
            timeInForce: 'GTC',
            price: spell(price, asNumber),
            quantity: spell(quantity, asNumber),
          };
    // Orders reach a validator as parsed JSON (a gateway) or object literals (a strategy); both
    // give V8 shared, fast object shapes, which spread-built objects do not.
    cases.push(JSON.parse(JSON.stringify({ order, context: { ...context, maxNotional } })) as MixCase);
  }
  return { text: corpus.text, cases };
}
