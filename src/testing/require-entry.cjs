// What `require('order-preflight/testing')` loads (copied to dist by the build): fast-check is an
// optional peer dependency of this entry point, so say what to install when it is missing,
// rather than fail with a bare MODULE_NOT_FOUND from deep inside the bundle.
try {
  require.resolve('fast-check');
} catch (error) {
  throw new Error(
    'order-preflight/testing needs fast-check (an optional peer dependency): npm install --save-dev fast-check@4',
    { cause: error },
  );
}
module.exports = require('./testing.cjs');
