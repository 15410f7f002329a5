// What `require('order-preflight/testing')` loads (copied to dist by the build): the peers are
// checked first (peers.cjs), so a missing one is named with what to install.
require('./testing-peers.cjs').assertPeers();
module.exports = require('./testing.cjs');
