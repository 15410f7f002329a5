/**
 * Each command's one-line summary, for `order-preflight --help`. Kept here, apart from the
 * commands, so the help lists them without loading any (each command's module pulls in the
 * library, zod and undici: hundreds of milliseconds `--version` and `--help` need not pay). In a
 * module of its own so that a command names its summary without importing the list of commands
 * that loads it (which would be a circle).
 */
export const SUMMARIES = {
  demo: 'check sample orders against an embedded sample exchange (offline)',
  fetch: 'fetch the exchange rules (or read a saved payload) and save them as a snapshot',
  check: 'check a JSON-lines file of orders against a snapshot or a saved payload',
  diff: 'show what changed between two snapshots or saved payloads',
  gateway: 'run the risk gateway: judge every order before it reaches the exchange',
  'fake-exchange': 'run a stand-in WEEX V3 exchange on loopback (for trying the gateway)',
} as const;
