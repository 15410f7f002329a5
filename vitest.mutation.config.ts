import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The tests a run may be narrowed to, for a quick look at one folder's mutants:
 * `MUTATION_TESTS='test/rules test/decimal'` (folders or test files). Fewer tests can only kill
 * fewer mutants, so a narrowed score is a floor of the whole suite's.
 */
const focus = (process.env.MUTATION_TESTS ?? '').split(/[\s,]+/).filter((entry) => entry !== '');

/**
 * The test configuration of `npm run mutation` (stryker.config.mjs): the unit and property
 * projects, less the tests that judge through another process (the CLI, the gateway, the built
 * package, the docs' blocks run against the build): a mutant is compiled into the tests' own
 * process only, so those tests can never kill one, and they would only make the first, whole run
 * longer. A failing property stops at its first counterexample rather than shrinking it.
 */
const whole = mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        'test/cli/**',
        'test/gateway/**',
        'test/package/**',
        'test/docs/**',
        'test/scripts/**',
        'test/source/**',
        'node_modules/**',
      ],
      env: { PROPERTY_END_ON_FAILURE: '1' },
      // The machine may be shared while a run lasts; a slow test is not a killed mutant (Stryker
      // times a mutant out on its own clock).
      testTimeout: 60_000,
    },
  }),
);

const include = focus.map((entry) =>
  entry.endsWith('.ts') ? entry : `${entry.replace(/\/$/, '')}/**/*.test.ts`,
);

export default focus.length === 0
  ? whole
  : defineConfig({
      ...whole,
      test: { ...whole.test, projects: [{ extends: true, test: { name: 'focus', include } }] },
    });
