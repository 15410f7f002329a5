import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // Examples and tables: hand-written cases, each with its expected answer.
      { test: { name: 'unit', include: ['test/**/*.test.ts'] } },
      // Properties only: generated cases, their number bounded (property-tests/support/runs.ts).
      {
        test: { name: 'property', include: ['property-tests/**/*.property.test.ts'], testTimeout: 60_000 },
      },
    ],
  },
});
