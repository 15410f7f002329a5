/**
 * `npm run bench -- --exactness N`: N orders, a quarter from the benchmark's realistic mix, a
 * quarter from its long-digit mix (decimals of 17 to 40 significant digits, pairs with 20-digit
 * bounds, judged by the exact checks), a quarter from the odd-pairs mixes (every grid shape, short
 * and long digits: odd-pairs.ts) and a quarter at the fast path's edges
 * (`test-support/edge-cases.ts`), each checked twice: `validateOrder`'s whole result
 * equals the general path's (the fast path never says anything else), and its violation codes
 * equal the hand-written big.js validator's. Run on the source, not the build: this is about
 * answers, not speed.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { parseExchangeInfoText, RuleBook, type ValidationContext } from '../src/index.js';
import { edgeCaseArb } from '../test-support/edge-cases.js';
import { fastOnly, generalPath } from '../test-support/engine-internals.js';
import { bookOf } from '../test-support/scenario.js';
import { BigBaselineValidator } from './big-baseline.js';
import { buildOddLongDigitMix, buildOddPairs, buildOddPairsMix } from './odd-pairs.js';
import { buildLongDigitMix, buildMix, type MixCase } from './order-mix.js';

interface Case {
  readonly order: Record<string, unknown>;
  readonly context: ValidationContext;
}

/** What the run found; `differ` counts orders where any of the three answers disagree. */
export interface ExactnessReport {
  readonly checked: number;
  readonly realistic: number;
  readonly long: number;
  /** From the odd-pairs mixes (odd-pairs.ts): every grid shape, short and long digits. */
  readonly odd: number;
  readonly edges: number;
  /** Orders the fast path answered itself (the rest it handed to the general path). */
  readonly answeredFast: number;
  readonly differ: number;
}

const EDGE_BATCH = 1_000;

class Checker {
  checked = 0;
  answeredFast = 0;
  differ = 0;

  check(book: RuleBook, baseline: BigBaselineValidator, c: Case): void {
    const actual = book.validateOrder(c.order, c.context);
    const general = generalPath(book)(c.order, c.context);
    const fast = fastOnly(book)(c.order, c.context);
    const ourCodes = actual.violations.map((v) => v.code);
    const bigCodes = baseline.validate(c.order, c.context);
    this.checked++;
    if (fast !== undefined) this.answeredFast++;
    if (isDeepStrictEqual(actual, general) && ourCodes.join() === bigCodes.join()) return;
    this.differ++;
    if (this.differ <= 5) console.log('DIFFERS', JSON.stringify(c), ourCodes, general.violations, bigCodes);
  }
}

/** Checks every case of mixes made from seed 1 on, until `target` orders in all are checked. */
function checkMixes(
  checker: Checker,
  target: number,
  build: (seed: number) => { text: string; cases: readonly MixCase[] },
): void {
  for (let seed = 1; checker.checked < target; seed++) {
    const mix = build(seed);
    const info = parseExchangeInfoText(mix.text);
    const book = RuleBook.fromExchangeInfo(info);
    // The baseline infers missing ticks itself, from the parsed (not the compiled) definitions.
    const baseline = new BigBaselineValidator(info.symbols);
    for (const c of mix.cases) {
      if (checker.checked >= target) break;
      checker.check(book, baseline, c);
    }
  }
}

/** Checks `total` orders; every one must agree. */
export function checkExactness(total: number): ExactnessReport {
  const checker = new Checker();
  checkMixes(checker, Math.ceil(total / 4), (seed) => buildMix(4_096, seed));
  const realistic = checker.checked;
  checkMixes(checker, Math.ceil((2 * total) / 4), (seed) => buildLongDigitMix(4_096, seed));
  const long = checker.checked - realistic;
  const oddPairs = buildOddPairs();
  checkMixes(checker, Math.ceil((3 * total) / 4), (seed) => ({
    text: oddPairs.text,
    cases:
      seed % 2 === 1
        ? [...buildOddPairsMix(oddPairs, 1_024, seed).values()].flat()
        : buildOddLongDigitMix(oddPairs, 4_096, seed).cases,
  }));
  const odd = checker.checked - realistic - long;
  for (let seed = 1; checker.checked < total; seed++) {
    const batch = fc.sample(edgeCaseArb, { numRuns: Math.min(EDGE_BATCH, total - checker.checked), seed });
    // One book for the batch: each case's pair under its own symbol.
    const renamed = batch.map((edge, i) => {
      const symbol = `E${i}${edge.definition.symbol}`;
      return { ...edge, definition: { ...edge.definition, symbol }, order: { ...edge.order, symbol } };
    });
    const definitions = renamed.map((edge) => edge.definition);
    const book = bookOf(definitions);
    const baseline = new BigBaselineValidator(definitions);
    for (const edge of renamed) checker.check(book, baseline, edge);
  }
  return {
    checked: checker.checked,
    realistic,
    long,
    odd,
    edges: checker.checked - realistic - long - odd,
    answeredFast: checker.answeredFast,
    differ: checker.differ,
  };
}
