/**
 * `npm run docs`: the API reference of the three public entry points, from their TSDoc, into
 * docs/api/ (git-ignored; build it, never commit it). Any warning fails the run: a broken
 * `{@link}`, a public type that names one the entries do not export, an export without TSDoc.
 *
 * @type {import('typedoc').TypeDocOptions}
 */
export default {
  entryPoints: ['src/index.ts', 'src/futures.ts', 'src/node.ts', 'src/gateway.ts', 'src/testing/index.ts'],
  out: 'docs/api',
  // The front page: what the package does, how to install it, `validateOrder` first, and the
  // four entries. Its own page, not the README: the README's relative links to examples/ and
  // docs/ are not pages of the reference.
  readme: 'docs/api-front-page.md',
  // What is exported for the package's own CLI and gateway but is not for users (the strict JSON
  // reader) is marked `@internal` and left out of the reference (docs/development.md, "API").
  excludeInternal: true,
  // The guards (`isX`), functions and variables alike, are one group (`@group Guards`), in
  // alphabetical order: no sort by kind, which would put the variables after the functions.
  sort: ['instance-first', 'alphabetical-ignoring-documents'],
  // Only src/: the main tsconfig also holds the tests, benches and examples, which the reference
  // does not show and need not be read for it.
  tsconfig: 'tsconfig.docs.json',
  // `npm test` type-checks the same sources (`tsc --noEmit`) before `.ci/run` builds this.
  skipErrorChecking: true,
  // What Error and Node's typings give every error class (captureStackTrace and the like) is
  // theirs to document, not ours; leaving it out also shortens every error class's page.
  excludeExternals: true,
  // The TSDoc examples are TypeScript; loading no other grammar shortens the HTML step.
  highlightLanguages: ['typescript'],
  treatWarningsAsErrors: true,
  // The clone may have no remote: link the sources to package.json's repository, at this commit.
  sourceLinkTemplate: 'https://github.com/order-preflight/order-preflight/blob/{gitRevision}/{path}#L{line}',
  validation: {
    notExported: true,
    invalidLink: true,
    invalidPath: true,
    rewrittenLink: true,
    notDocumented: true,
    unusedMergeModuleWith: true,
  },
  // Named by public types but not exported: removeLeftoverSnapshotFiles's `fs` option is a test
  // hook (its type is `@internal`); PlainViolation is `Violation`'s member for the codes that
  // quote no bound (its TSDoc says so; TypeDoc cannot inline a generic interface). `OrderField`
  // and `ViolationCode` are derived from the one table and the code lists they are written in
  // (order-fields.ts, violation-codes.ts): their pages list the members, the tables are internal.
  intentionallyNotExported: [
    'SnapshotFileSystem',
    'PlainViolation',
    'ORDER_FIELD_TABLE',
    'READING_CODES',
    'LOOKUP_CODES',
    // The contract tables, as `ORDER_FIELD_TABLE` for spot: `ContractFieldName` and
    // `ContractOrderField` are derived from them, and their pages list the members.
    'CONTRACT_FIELDS',
    'CONTRACT_ORDER_FIELD_TABLE',
  ],
  // Every export and every method has TSDoc; a field's meaning is often its name and its type.
  requiredToBeDocumented: [
    'Enum',
    'EnumMember',
    'Variable',
    'Function',
    'Class',
    'Interface',
    'Method',
    'Accessor',
    'TypeAlias',
  ],
};
