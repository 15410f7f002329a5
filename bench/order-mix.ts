import Big from 'big.js';
import type { ValidationContext } from '../src/index.js';
import { realCorpus } from '../test-support/corpus/real-corpus.js';
import type { RealCorpusPair } from '../test-support/corpus/types.js';
import { SeededRandom } from '../test-support/seeded-random.js';

/** One order of the benchmark mix and the context it is checked with. */
export interface MixCase {
  readonly order: Record<string, unknown>;
  readonly context: ValidationContext;
}

/** The pairs a mix is built over and the exchange's payload they come from (the realistic corpus by default). */
export interface MixSource {
  readonly text: string;
  readonly pairs: readonly RealCorpusPair[];
}

/** Numbers in [0, 1) from a seed (the corpus's generator), so every run sees the same mix. */
export function random(seed: number): () => number {
  const generator = new SeededRandom(seed);
  return () => generator.fraction();
}

/** As a trader's code would send it: a JS number where that prints the same text, else a string. */
function spell(value: Big, asNumber: boolean): string | number {
  const text = value.toFixed();
  return asNumber && String(Number(text)) === text ? Number(text) : text;
}

const FAILURES = ['tick', 'step', 'min', 'band', 'marketCap', 'notional'] as const;

/**
 * A realistic mix, fixed by its seed, over the realistic corpus (1,260 real-shaped pairs, some
 * without grids on the wire, decimals as strings and numbers; `test-support/corpus/`):
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
  corpus: MixSource = realCorpus(),
): { text: string; cases: MixCase[] } {
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

/** Big.js with room for 40 significant digits of any magnitude the mix meets. */
const Long = Big();
Long.DP = 80;

/** Denominators whose quotients never end, as a strategy's divisions give them. */
const REPEATING = [3, 7, 9, 11, 13, 17, 19, 21, 23, 29, 37, 99] as const;

/**
 * `numerator / denominator` written with `significant` significant digits (rounded down), as a
 * decimal library with that many places gives it: `0.01333333333333333333`,
 * `100013.33333333333333`. Plain text, never an exponent.
 */
function longQuotient(numerator: Big, denominator: number, significant: number): string {
  const quotient = new Long(numerator).div(denominator);
  const text = quotient.prec(significant, Big.roundDown).toFixed();
  if (significantDigits(text) >= significant) return text;
  // The quotient ended early (the numerator a multiple of the denominator): a third of a unit
  // in its last place keeps it as long as asked.
  const third = new Long(10).pow(quotient.e - significant + 2).div(3);
  return quotient.plus(third).prec(significant, Big.roundDown).toFixed();
}

/** Significant digits of plain decimal text: `'0.0120'` → 3, `'100'` → 3. */
export function significantDigits(text: string): number {
  return text.replace('.', '').replace(/^0+/, '').length;
}

/** What a long-digit order is long in (see {@link buildLongDigitMix}). */
export type LongDigitKind = 'quantity' | 'price' | 'both' | 'context' | 'bound';

/**
 * The long-digit mix: orders whose decimals do not fit safe integers, as strategies that compute
 * with decimal libraries send them, and orders for pairs whose bounds pass 2^53. Over the same
 * corpus as {@link buildMix}; every long decimal has 17 to 40 significant digits. In ten orders:
 * three have a long quantity (a budget divided by a price), two a long price (the reference moved
 * by a fraction), one both, so most of the mix fails on precision (and usually the grid); one has
 * a long reference price and notional limit in its context; and three are for pairs whose caps
 * have 16 to 20 digits, with quantities past 2^53 grid units, on the grid, under the cap or one
 * step over it. `kinds[i]` says what `cases[i]` is long in.
 */
export function buildLongDigitMix(
  size: number,
  seed = 44,
  corpus: MixSource = realCorpus(),
): { text: string; cases: MixCase[]; kinds: LongDigitKind[] } {
  const pairs = corpus.pairs.filter((p) => p.tradable);
  // Caps past 2^53 grid units: the pairs a quantity of 17 digits or more can pass on.
  const longCaps = pairs.filter(
    (p) => new Big(p.maxTradeAmount).div(p.stepSize).gt(2 ** 53) && significantDigits(p.maxTradeAmount) >= 16,
  );
  const next = random(seed);
  const below = (n: number) => Math.floor(next() * n);
  const digits = () => 17 + below(24);
  const cases: MixCase[] = [];
  const kinds: LongDigitKind[] = [];
  for (let n = 0; n < size; n++) {
    const roll = n % 10;
    const kind: LongDigitKind =
      roll < 3 ? 'quantity' : roll < 5 ? 'price' : roll < 6 ? 'both' : roll < 7 ? 'context' : 'bound';
    const d = (kind === 'bound' ? longCaps : pairs)[
      below(kind === 'bound' ? longCaps.length : pairs.length)
    ] as (typeof pairs)[number];
    const tick = new Big(d.tickSize);
    const step = new Big(d.stepSize);
    const reference = new Big(d.referencePrice);
    const buy = next() < 0.5;
    const market = kind !== 'price' && kind !== 'both' && kind !== 'bound' && next() < 0.3;
    const denominator = REPEATING[below(REPEATING.length)] as number;
    const minSteps = new Big(d.minTradeAmount).div(step).round(0, Big.roundUp);
    let quantity = step
      .times((minSteps.gt(0) ? minSteps : new Big(1)).plus(1 + below(40)).toFixed())
      .toFixed();
    let price = tick
      .times(
        new Big(d.referencePrice)
          .div(tick)
          .round(0, Big.roundDown)
          .plus(buy ? -below(100) : below(100)),
      )
      .toFixed();
    let referencePrice = d.referencePrice;
    if (kind === 'quantity' || kind === 'both')
      // A budget spent at the price: what a strategy sizing by notional sends.
      quantity = longQuotient(new Big(quantity).times(denominator + 1), denominator, digits());
    if (kind === 'price' || kind === 'both')
      price = longQuotient(reference.times(buy ? denominator - 1 : denominator + 1), denominator, digits());
    if (kind === 'context')
      referencePrice = longQuotient(reference.times(denominator + 1), denominator, digits());
    if (kind === 'bound') {
      // On the grid, within the precision: just under the cap, or one step over it.
      const cap = new Big(d.maxTradeAmount).div(step).round(0, Big.roundDown).times(step);
      const over = next() < 0.3;
      quantity = (over ? cap.plus(step) : cap.minus(step.times(below(1000)))).toFixed();
    }
    // A thousand times the notional, at most 40 significant digits (a product of two long
    // decimals has more): long whenever the order is.
    const notional = new Big(market ? reference : price).times(quantity).times(1_000);
    const maxNotional =
      kind === 'context'
        ? longQuotient(notional, denominator, digits())
        : notional.prec(40, Big.roundDown).toFixed();
    const context = { referencePrice, maxNotional };
    const base = { symbol: d.symbol, side: buy ? 'BUY' : 'SELL' };
    const order = market
      ? { ...base, type: 'MARKET', quantity }
      : { ...base, type: 'LIMIT', timeInForce: 'GTC', price, quantity };
    cases.push(JSON.parse(JSON.stringify({ order, context })) as MixCase);
    kinds.push(kind);
  }
  return { text: corpus.text, cases, kinds };
}
