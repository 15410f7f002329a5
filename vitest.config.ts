import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One module graph per worker, reused from file to file: a fresh one per file cost more time
    // importing (the sources, undici, fast-check, TypeScript) than many files spend testing. No test
    // file relies on a fresh module state (fake timers and spies are restored after each test).
    // Forks, not threads: the stall meter (test/source/stall-meter.ts) falls back to the process's
    // CPU time where Linux does not give the main thread's, and a process per worker keeps that
    // figure to one test file.
    pool: 'forks',
    isolate: false,
    // Three workers on two cores (vitest's default is one): `npm test` runs the type-check, lint and
    // package checks beside vitest, and several test files spend seconds waiting on timers, sockets
    // and child processes, which leaves a core to the others.
    maxWorkers: 3,
    projects: [
      // Examples and tables: hand-written cases, each with its expected answer.
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'] } },
      // Properties only: generated cases, their number bounded (test-support/runs.ts).
      {
        extends: true,
        test: { name: 'property', include: ['property-tests/**/*.property.test.ts'], testTimeout: 60_000 },
      },
    ],
  },
});
