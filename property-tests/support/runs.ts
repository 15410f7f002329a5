/**
 * Run counts for property tests, shared by every file under `property-tests/`.
 *
 * `PROPERTY_RUNS=50000 npx vitest run property-tests` scales every property up; the defaults keep
 * the suite fast. `PROPERTY_SEED` replays a failing run (fast-check prints the seed).
 */

/** A positive integer from the environment variable `name`, or `fallback` when unset or unusable. */
export function runsFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The number of runs for a property: `PROPERTY_RUNS`, else `fallback`. */
export function propertyRuns(fallback = 2000): number {
  return runsFromEnv('PROPERTY_RUNS', fallback);
}

/** `PROPERTY_SEED` when set (to replay a counterexample), else `undefined`. */
export function propertySeed(): number | undefined {
  const raw = process.env.PROPERTY_SEED;
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isInteger(value) ? value : undefined;
}

/** fast-check parameters from the environment: `{ numRuns, seed? }`. */
export function propertyParameters(fallbackRuns = 2000): { numRuns: number; seed?: number } {
  const seed = propertySeed();
  return seed === undefined
    ? { numRuns: propertyRuns(fallbackRuns) }
    : { numRuns: propertyRuns(fallbackRuns), seed };
}
