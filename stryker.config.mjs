/**
 * Mutation testing (`npm run mutation`, docs/development.md): StrykerJS with the vitest runner
 * and per-test coverage, so that each mutant runs only the tests that reach it. Not part of
 * `npm test` or CI: the whole set takes tens of minutes on two cores.
 * One file or folder: `npm run mutation -- --mutate src/rules/price-tick.ts`.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  // A static mutant (one in what a module computes once, as it loads: a constant skip, the rule
  // list) would need the module loaded afresh, and the tests' workers keep their modules from run
  // to run (vitest.config.ts, `isolate: false`): such a mutant survives every test, whatever the
  // tests hold. Left out of the score; the tests that hold those values are plain tests
  // (test/rules/skipped-fields.test.ts names each skip's field).
  ignoreStatic: true,
  // Where the library decides: the rules, the exact and safe-integer arithmetic, the judge, the
  // compiled pairs and the order reader.
  mutate: [
    'src/rules/**/*.ts',
    'src/decimal/**/*.ts',
    'src/book/**/*.ts',
    'src/pair/**/*.ts',
    'src/order/**/*.ts',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  concurrency: 2,
  // A mutant whose tests run past 1.5 × their time in the first run plus this is counted as timed
  // out (detected). On a shared machine a passing run can be that slow, which would count an
  // equivalent mutant as detected: the margin is wide (infinite loops still end the run).
  timeoutMS: 30_000,
  // Nothing but the sources and tests is needed in the sandbox.
  ignorePatterns: ['reports', 'docs/api', 'bench', 'examples', 'test-browser', 'coverage'],
};
