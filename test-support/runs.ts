/**
 * Run counts for property tests: every file under `property-tests/`, and the unit tests that run a
 * property.
 *
 * Each property names its own default, sized so that the whole property project takes a few
 * seconds inside `npm test` (tens to a few hundred cases per property, a few thousand for the
 * cheapest, more where a property checks afterwards that every case it is about came up).
 * `PROPERTY_RUNS=50000 npm run test:property` runs every property at least that many times; it
 * never lowers a default. `PROPERTY_SEED` replays a failing run (fast-check prints the seed).
 */

/** A positive integer from the environment variable `name`, or `fallback` when unset or unusable. */
export function runsFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The number of runs for a property: `fallback`, or `PROPERTY_RUNS` when that is more. */
export function propertyRuns(fallback = 100): number {
  return Math.max(fallback, runsFromEnv('PROPERTY_RUNS', fallback));
}

/** `PROPERTY_SEED` when set (to replay a counterexample), else `undefined`. */
export function propertySeed(): number | undefined {
  const raw = process.env.PROPERTY_SEED;
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isInteger(value) ? value : undefined;
}

/**
 * How long one property may run in the default budget before fast-check stops it. Passing, every
 * property takes a few seconds; failing, shrinking a large counterexample (a generated book and
 * order) ran for over ten minutes. Stopped there, fast-check still reports the failure, with the
 * smallest counterexample it had and its seed and path to replay; a property that only ran slow
 * passes with the runs it made. Runs asked for with `PROPERTY_RUNS` are never cut short.
 */
export const PROPERTY_TIME_LIMIT_MS = 60_000;

/** The fast-check parameters every property runs with. */
export interface PropertyParameters {
  numRuns: number;
  seed?: number;
  interruptAfterTimeLimit?: number;
  endOnFailure?: boolean;
}

/** fast-check parameters from the environment: `{ numRuns, seed?, interruptAfterTimeLimit?, endOnFailure? }`. */
export function propertyParameters(fallbackRuns = 100): PropertyParameters {
  const seed = propertySeed();
  const parameters: PropertyParameters = { numRuns: propertyRuns(fallbackRuns) };
  if (seed !== undefined) parameters.seed = seed;
  if (runsFromEnv('PROPERTY_RUNS', 0) === 0) parameters.interruptAfterTimeLimit = PROPERTY_TIME_LIMIT_MS;
  // Mutation testing (vitest.mutation.config.ts) needs only to know that a property fails.
  if (process.env.PROPERTY_END_ON_FAILURE === '1') parameters.endOnFailure = true;
  return parameters;
}
