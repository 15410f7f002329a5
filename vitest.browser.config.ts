import { defineConfig } from 'vitest/config';

// `npm run test:browser`: the order ticket in a real headless Chromium (Debian's `chromium`
// package, driven by playwright-core). Kept out of `npm test`, which must not need a browser;
// `.ci/run` runs it when /usr/bin/chromium is installed.
export default defineConfig({
  test: { include: ['test-browser/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
});
