// What `import 'order-preflight/testing'` loads (written to dist by the build, which fills in the
// export names). A static `export * from './testing.js'` would fail while linking, before any
// check could run, so the peers are checked first (peers.cjs, the same message as `require`) and
// the arbitraries are loaded after, by a dynamic import.
import peers from './testing-peers.cjs';

peers.assertPeers();
const testing = await import('./testing.js');
export const { __EXPORTS__ } = testing;
