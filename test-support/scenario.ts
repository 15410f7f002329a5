import fc from 'fast-check';
import type { PairDefinition, RuleBook, ValidationContext } from '../src/index.js';
import { isArbitraryConfigurationError, pairDefinitionArb, ruleBookOf } from '../src/testing/index.js';

/** A pair, its one-pair book, and the context orders are checked with. */
export interface Scenario {
  readonly definition: PairDefinition;
  readonly book: RuleBook;
  readonly context: ValidationContext;
}

/** Reference prices from a memecoin's to a 6-digit index's, to meet every grid at every scale. */
const referenceArb = fc.constantFrom('0.0000144', '0.5', '3', '2650.5', '64000', '110000', '1234567.89');
const maxNotionalArb = fc.constantFrom('0.5', '100', '25000', '1000000', '99999999999');

/** A book of `definitions`, made the public way: `ruleBookOf` re-sends them as the wire would. */
export function bookOf(definitions: readonly PairDefinition[]): RuleBook {
  return ruleBookOf(definitions);
}

export function scenarioArb(options: { tradingOnly?: boolean } = {}): fc.Arbitrary<Scenario> {
  return fc
    .record({
      definition: pairDefinitionArb({ tradingOnly: options.tradingOnly ?? true }),
      referencePrice: fc.option(referenceArb, { nil: undefined }),
      maxNotional: fc.option(maxNotionalArb, { nil: undefined }),
    })
    .map(({ definition, referencePrice, maxNotional }) => ({
      definition,
      book: bookOf([definition]),
      context: {
        ...(referencePrice === undefined ? {} : { referencePrice }),
        ...(maxNotional === undefined ? {} : { maxNotional }),
      },
    }));
}

/**
 * `count` values of `make()`, or none when the scenario admits no such order (`make` throws an
 * ArbitraryConfigurationError). Drawn as part of the property's input (never sampled inside it),
 * so a failure shrinks them with the rest.
 */
export function ordersOrNone<T>(make: () => fc.Arbitrary<T>, count: number): fc.Arbitrary<T[]> {
  let arb: fc.Arbitrary<T>;
  try {
    arb = make();
  } catch (error) {
    if (isArbitraryConfigurationError(error)) return fc.constant([]);
    throw error;
  }
  return fc.array(arb, { minLength: count, maxLength: count });
}

/** A scenario and the inputs drawn for it (orders depend on the pair: the one `chain` needed). */
export function withInputs<S, T>(
  scenarios: fc.Arbitrary<S>,
  draw: (s: S) => fc.Arbitrary<T>,
): fc.Arbitrary<[S, T]> {
  return scenarios.chain((s) => fc.tuple(fc.constant(s), draw(s)));
}
