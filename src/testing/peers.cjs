// The optional peers of `order-preflight/testing` (copied to dist by the build), checked by both
// of its entry points, `require` (require-entry.cjs) and `import` (import-entry.mjs), so each
// says the same thing when one is missing, rather than fail with a bare MODULE_NOT_FOUND (or, for
// `import`, ERR_MODULE_NOT_FOUND) from deep inside the bundle. The core and ./node load neither.
const PEERS = ['fast-check', 'big.js'];

/** The peers that cannot be resolved from here; none where `require.resolve` is not (a bundle). */
function missingPeers() {
  if (typeof require === 'undefined' || typeof require.resolve !== 'function') return [];
  return PEERS.filter((name) => {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/** Throws what to install when a peer is missing. */
function assertPeers() {
  const missing = missingPeers();
  if (missing.length > 0) {
    throw new Error(
      `order-preflight/testing needs ${missing.join(' and ')} (optional peer dependencies): npm install --save-dev fast-check@4 big.js@7`,
    );
  }
}

module.exports = { assertPeers };
