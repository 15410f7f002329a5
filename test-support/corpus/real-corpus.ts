/**
 * A realistic corpus of spot pair definitions: a whole `GET /api/v3/exchangeInfo` payload of
 * {@link REAL_CORPUS_SIZE} pairs, in this exchange's V3 field names and in the wire's mixed
 * encodings, for tests (`test/corpus/`) and the benchmark's mixes. Deterministic (one fixed seed,
 * exact decimals on big.js, no I/O), made once per process.
 *
 * The pieces: `venue-shapes.ts` (what real definitions look like, measured from public listings,
 * and the three venue styles), `anchors.ts` (the pairs written out by hand, this exchange's
 * published ones first), `plan.ts` (what one generated definition means), `wire.ts` (how it is
 * spelled), `decimals.ts` (big.js and the venues' spellings of a decimal), `orders.ts` (orders
 * built from a pair) and `types.ts`.
 *
 * On top of the venue styles, the shapes docs/exchange-semantics.md tolerates: about 10% of pairs
 * carry no `tickSize` and no `stepSize` at all (their `displayDigitMerge` still carries the tick),
 * a few have `tickSize: ""` or `0`, a null fee rate, a display flag written `1` or `"true"`, a
 * depth-merge list out of order or with a trailing comma. A few pairs are `HALT` or `BREAK`, or
 * have trading disabled. Every definition is consistent: grids fit their precisions, the minimum is
 * a whole number of steps, the cap is above the minimum, and the smallest depth-merge step is the
 * tick.
 */
import { SeededRandom } from '../seeded-random.js';
import { ANCHORS } from './anchors.js';
import { significantDigits } from './decimals.js';
import { anchorPlan, type Plan, randomPlan } from './plan.js';
import type { CorpusDefinition, RealCorpus, RealCorpusPair } from './types.js';
import { BASES, QUOTES, type QuoteClass, STABLE_BASES } from './venue-shapes.js';
import { decodedField, describePlan, objectText, stringTextField, textField, wireFields } from './wire.js';

/**
 * The number of pair definitions in the corpus.
 *
 * @example
 * ```ts
 * expect(realCorpus().definitions).toHaveLength(REAL_CORPUS_SIZE);
 * ```
 */
export const REAL_CORPUS_SIZE = 1_260;

/** The payload's `serverTime`: 2025-11-24T00:00:00.123Z. */
const SERVER_TIME = 1_763_942_400_123;
const SEED = 0x5eed_2025;

function pickBase(rng: SeededRandom, quoteClass: QuoteClass): string {
  if ((quoteClass === 'STABLE' || quoteClass === 'FIAT') && rng.chance(40))
    return STABLE_BASES[rng.below(STABLE_BASES.length)]!;
  const band = rng.below(100);
  // Majors are listed against many quotes, the long tail against one or two.
  const [from, to] = band < 30 ? [0, 25] : band < 65 ? [25, 100] : [100, BASES.length];
  return BASES[from + rng.below(to - from)]!;
}

/** A made-up ticker for when the common ones run out (three to five letters). */
function syntheticBase(rng: SeededRandom): string {
  const consonants = 'BCDFGKLMNPRSTVXZ';
  const vowels = 'AEIOU';
  let name = '';
  const length = 3 + rng.below(3);
  for (let i = 0; i < length; i++)
    name += i % 2 === 0 ? consonants[rng.below(consonants.length)] : vowels[rng.below(vowels.length)];
  return name;
}

function build(): RealCorpus {
  const rng = new SeededRandom(SEED);
  const plans: Plan[] = [];
  const symbols = new Set<string>();
  for (const spec of ANCHORS) {
    plans.push(anchorPlan(rng, spec));
    symbols.add(spec.base + spec.quote);
  }
  while (plans.length < REAL_CORPUS_SIZE) {
    const [quote, quoteClass] = rng.pick(QUOTES);
    let base = '';
    for (let attempt = 0; attempt < 40; attempt++) {
      const candidate = attempt < 30 ? pickBase(rng, quoteClass) : syntheticBase(rng);
      const stableBase = STABLE_BASES.includes(candidate);
      if (candidate === quote || symbols.has(candidate + quote)) continue;
      if (stableBase && (quoteClass === 'BTC' || quoteClass === 'ALT')) continue;
      base = candidate;
      break;
    }
    if (base === '') continue;
    symbols.add(base + quote);
    plans.push(randomPlan(rng, base, quote, quoteClass));
  }

  const definitions: CorpusDefinition[] = [];
  const texts: string[] = [];
  const stringTexts: string[] = [];
  const pairs: RealCorpusPair[] = [];
  for (const plan of plans) {
    const fields = wireFields(rng, plan);
    const definition: Record<string, unknown> = {};
    for (const [key, wire] of fields) definition[key] = decodedField(wire);
    definitions.push(Object.freeze(definition));
    texts.push(objectText(fields, textField));
    stringTexts.push(objectText(fields, stringTextField));
    // Caps of 16 or more significant digits.
    for (const cap of [plan.max, plan.marketBuy, plan.marketSell])
      if (significantDigits(cap) >= 16) plan.shapes.add('long-cap');
    pairs.push(describePlan(plan));
  }
  const envelope = (items: readonly string[]) =>
    `{"timezone":"UTC","serverTime":${SERVER_TIME},"symbols":[${items.join(',')}]}`;
  return Object.freeze({
    definitions: Object.freeze(definitions),
    text: envelope(texts),
    stringText: envelope(stringTexts),
    pairs: Object.freeze(pairs),
  });
}

let corpus: RealCorpus | undefined;

/**
 * The corpus, built on the first call and shared after (everything in it is frozen). Always the
 * same {@link REAL_CORPUS_SIZE} pairs: it depends on nothing but a fixed seed.
 *
 * @example
 * ```ts
 * import { parseExchangeInfoText, RuleBook } from '../../src/index.js';
 * const { text, definitions, pairs } = realCorpus();
 * const book = RuleBook.fromExchangeInfo(parseExchangeInfoText(text));
 * book.size; // every definition, once the parser reads all the tolerated shapes
 * ```
 */
export function realCorpus(): RealCorpus {
  corpus ??= build();
  return corpus;
}
