// What `require('order-preflight/testing')` loads (copied to dist by the build): fast-check and
// big.js are optional peer dependencies of this entry point (the core and ./node load neither),
// so say what to install when one is missing, rather than fail with a bare MODULE_NOT_FOUND from
// deep inside the bundle.
const missing = ['fast-check', 'big.js'].filter((name) => {
  try {
    require.resolve(name);
    return false;
  } catch {
    return true;
  }
});
if (missing.length > 0) {
  throw new Error(
    `order-preflight/testing needs ${missing.join(' and ')} (optional peer dependencies): npm install --save-dev fast-check@4 big.js@7`,
  );
}
module.exports = require('./testing.cjs');
