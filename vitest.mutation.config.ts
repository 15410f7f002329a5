import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The test configuration of `npm run mutation` (stryker.config.mjs): the unit and property
 * projects, less the tests that judge through another process (the CLI, the gateway, the built
 * package, the docs' blocks run against the build): a mutant is compiled into the tests' own
 * process only, so those tests can never kill one, and they would only make the first, whole run
 * longer. A failing property stops at its first counterexample rather than shrinking it.
 */
export default mergeConfig(
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
    },
  }),
);
