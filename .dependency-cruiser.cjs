/**
 * The layers of `src/`, enforced by `npm run lint` (docs/architecture.md says what each holds).
 *
 * LAYERS runs from the bottom up. A module may import its own layer and any layer below it, never
 * one above: each layer gets one `no-climb-from-…` rule that forbids every higher layer. With
 * `no-circular`, that keeps the dependency graph a straight stack of floors.
 *
 * A layer entry is a folder of `src/` (`'decimal'`) or a single file (`'index.ts'`).
 */
const LAYERS = [
  { name: 'foundations', paths: ['decimal', 'errors', 'json', 'steps'] },
  { name: 'exchange-info', paths: ['exchange-info'] },
  { name: 'validation', paths: ['validation'] },
  { name: 'order', paths: ['order'] },
  { name: 'pair', paths: ['pair'] },
  { name: 'rules', paths: ['rules'] },
  { name: 'snapshot', paths: ['snapshot'] },
  { name: 'book', paths: ['book'] },
  { name: 'features', paths: ['diff', 'sample', 'testing'] },
  { name: 'client', paths: ['client'] },
  { name: 'source', paths: ['source'] },
  { name: 'entry-points', paths: ['index.ts', 'futures.ts', 'node.ts'] },
  { name: 'gateway', paths: ['gateway', 'gateway.ts'] },
  { name: 'cli', paths: ['cli'] },
];

/** The modules that may use Node.js: everything else is the portable core (`order-preflight`). */
const NODE_ONLY = ['client', 'source', 'gateway', 'cli', 'node.ts', 'gateway.ts'];

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pattern = (entry) =>
  entry.endsWith('.ts') ? `^src/${escapeRegExp(entry)}$` : `^src/${escapeRegExp(entry)}/`;
const anyOf = (entries) => entries.map(pattern);

const layerRules = LAYERS.slice(0, -1).map((layer, index) => {
  const above = LAYERS.slice(index + 1);
  return {
    name: `no-climb-from-${layer.name}`,
    severity: 'error',
    comment:
      `Layer ${index + 1} (${layer.paths.join(', ')}) may import only itself and the layers below it, ` +
      `not ${above.map((higher) => higher.name).join(', ')}. See docs/architecture.md.`,
    from: { path: anyOf(layer.paths) },
    to: { path: anyOf(above.flatMap((higher) => higher.paths)) },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module must not depend on itself through others: the layers are a stack, not a web.',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'portable-core-no-node-builtins',
      severity: 'error',
      comment:
        'The portable core runs in browsers, edge runtimes and workers: no Node.js built-in (node:*) and ' +
        'no undici outside client/, source/, gateway/, cli/, node.ts and gateway.ts.',
      from: { path: '^src/', pathNot: anyOf(NODE_ONLY) },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'portable-core-no-undici',
      severity: 'error',
      comment: 'The HTTP stack (undici) belongs to client/ and the Node-only modules above it.',
      from: { path: '^src/', pathNot: anyOf(NODE_ONLY) },
      to: { path: '(^|/)node_modules/undici/|^undici$' },
    },
    {
      name: 'portable-core-no-node-only-modules',
      severity: 'error',
      comment:
        'The portable core must not reach Node.js through a Node-only module either: nothing outside ' +
        'client/, source/, gateway/, cli/, node.ts and gateway.ts imports them (index.ts sits in the same layer as node.ts).',
      from: { path: '^src/', pathNot: anyOf(NODE_ONLY) },
      to: { path: anyOf(NODE_ONLY) },
    },
    {
      name: 'portable-core-no-zod',
      severity: 'error',
      comment:
        'zod declares the options of order-preflight/node (client/, source/) and the CLI inputs (cli/); the core reads payloads ' +
        'with its own reader, which measured faster and smaller than zod/mini (README, "Dependencies").',
      from: { path: '^src/', pathNot: anyOf(NODE_ONLY) },
      to: { path: '(^|/)node_modules/zod/|^zod(/|$)' },
    },
    {
      name: 'cli-through-entry-points',
      severity: 'error',
      comment:
        'The CLI is a user of the library like any other: it imports it only through its entry points ' +
        '(index.ts, node.ts, gateway.ts, futures.ts), never its internals, so what the CLI needs is public and ' +
        'tested as such. (gateway/ internals are still imported by the gateway commands: to be moved.) ' +
        'One exception: client/zod-refusal.ts, how a zod transform records a refusal, which has no voice ' +
        'of its own and is no library behaviour, so one copy serves the option and the flag schemas.',
      from: { path: '^src/cli/' },
      to: {
        path: '^src/',
        pathNot: [
          '^src/cli/',
          '^src/(index|node|gateway|futures)\\.ts$',
          '^src/gateway/',
          '^src/client/zod-refusal\\.ts$',
        ],
      },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'Every import resolves: if `.js` specifiers stopped resolving to the `.ts` sources, every ' +
        'rule above would pass without seeing a single dependency. require-entry.cjs and ' +
        'import-entry.mjs name the built files that sit beside them in dist/.',
      from: { pathNot: '^src/testing/(require-entry\\.cjs|import-entry\\.mjs)$' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a layer must not even name a higher layer's types.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      // The sources import `./x.js` where the file on disk is `./x.ts`: with tsConfig set,
      // dependency-cruiser resolves such a specifier to the TypeScript source.
      extensions: ['.ts', '.js', '.cjs', '.mjs', '.json'],
    },
  },
};
