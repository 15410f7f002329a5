// Property runs are bounded by each property's default inside `npm test`, and `PROPERTY_RUNS`
// asks for more (test-support/runs.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROPERTY_TIME_LIMIT_MS, propertyParameters, propertyRuns } from '../../test-support/runs.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('property runs', () => {
  it('are the property’s own default when PROPERTY_RUNS is not set', () => {
    vi.stubEnv('PROPERTY_RUNS', undefined);
    vi.stubEnv('PROPERTY_SEED', undefined);
    expect(propertyRuns(150)).toBe(150);
    expect(propertyParameters(30)).toEqual({ numRuns: 30, interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS });
  });

  it('are stopped after the time limit in the default budget only, never when PROPERTY_RUNS is set', () => {
    vi.stubEnv('PROPERTY_RUNS', 'lots');
    expect(propertyParameters(30).interruptAfterTimeLimit).toBe(PROPERTY_TIME_LIMIT_MS);
    vi.stubEnv('PROPERTY_RUNS', '10');
    expect(propertyParameters(30)).toEqual({ numRuns: 30 });
  });

  it('are PROPERTY_RUNS when that is more, never fewer than the default', () => {
    vi.stubEnv('PROPERTY_RUNS', '50000');
    expect(propertyRuns(150)).toBe(50_000);
    vi.stubEnv('PROPERTY_RUNS', '10');
    expect(propertyRuns(150)).toBe(150);
  });

  it.each(['', ' ', 'lots', '1.5', '-3', '0'])('ignore PROPERTY_RUNS=%j', (value) => {
    vi.stubEnv('PROPERTY_RUNS', value);
    expect(propertyRuns(150)).toBe(150);
  });

  it('replay PROPERTY_SEED', () => {
    vi.stubEnv('PROPERTY_RUNS', '400');
    vi.stubEnv('PROPERTY_SEED', '-1234');
    expect(propertyParameters(30)).toEqual({ numRuns: 400, seed: -1234 });
    vi.stubEnv('PROPERTY_RUNS', undefined);
    expect(propertyParameters(30)).toEqual({
      numRuns: 30,
      seed: -1234,
      interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS,
    });
  });
});
