import fc from 'fast-check';
import { ArbitraryConfigurationError } from './arbitrary-configuration-error.js';

/** Draws a filter makes before it gives up. */
const MAX_DRAWS = 1_000;

/**
 * `arb.filter(keep)`, except that a thousand rejected draws in a row throw an
 * {@link ArbitraryConfigurationError} saying `why`, where fast-check's filter would loop for
 * ever. Shrinks as a filter does, with or without context.
 */
class BoundedFilterArbitrary<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly arb: fc.Arbitrary<T>,
    private readonly keep: (value: T) => boolean,
    private readonly why: string,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    for (let draw = 0; draw < MAX_DRAWS; draw++) {
      const value = this.arb.generate(mrng, biasFactor);
      if (this.keep(value.value)) return value;
    }
    throw new ArbitraryConfigurationError(this.why);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.arb.canShrinkWithoutContext(value) && this.keep(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.arb.shrink(value, context).filter((shrunk) => this.keep(shrunk.value));
  }
}

/**
 * The values of `arb` that `keep` accepts; throws `why` (an {@link ArbitraryConfigurationError})
 * when a thousand draws in a row are refused, rather than hang.
 *
 * @example `filterOrExplain(pairDefinitionArb(), (d) => d.stepSize !== null, 'no pair has a step')`
 */
export function filterOrExplain<T>(
  arb: fc.Arbitrary<T>,
  keep: (value: T) => boolean,
  why: string,
): fc.Arbitrary<T> {
  return new BoundedFilterArbitrary(arb, keep, why);
}
