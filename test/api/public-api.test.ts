/**
 * The public API is explicit and documented: every export of `src/index.ts` and of the testing
 * entry point is named (no `export *`) and carries TSDoc with an `@example`.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const ENTRY_POINTS = [
  'src/index.ts',
  'src/futures.ts',
  'src/node.ts',
  'src/gateway.ts',
  'src/testing/index.ts',
];

let built: ts.Program | undefined;
afterAll(() => {
  built = undefined; // the next test file in this worker need not keep it
});

const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  // Only the exports and their TSDoc are read: no standard library, no @types.
  noLib: true,
  types: [],
};

/**
 * One program of the three entry points, built once for the whole file. It reads the package's
 * own modules only: an export's declaration, and so its TSDoc, is always in src/, and the
 * dependencies' types (undici's, fast-check's) would triple the files read.
 */
function program(): ts.Program {
  if (built !== undefined) return built;
  const host = ts.createCompilerHost(OPTIONS, true);
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, options, file) =>
    literals.map((literal) =>
      literal.text.startsWith('.')
        ? ts.resolveModuleName(
            literal.text,
            containingFile,
            options,
            host,
            undefined,
            redirected,
            ts.getModeForUsageLocation(file, literal, options),
          )
        : { resolvedModule: undefined },
    );
  built = ts.createProgram({ rootNames: ENTRY_POINTS, options: OPTIONS, host });
  return built;
}

function hasExample(symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  for (const declaration of target.declarations ?? []) {
    const tags = ts.getJSDocTags(declaration);
    if (tags.some((tag) => tag.tagName.text === 'example')) return true;
    // A `const x = guard(...)` carries its TSDoc on the variable statement.
    const statement = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : undefined;
    if (statement && ts.getJSDocTags(statement).some((tag) => tag.tagName.text === 'example')) return true;
    const text = declaration.getSourceFile().text;
    const before = text.slice(Math.max(0, declaration.getFullStart()), declaration.getStart());
    if (/@example/.test(before)) return true;
  }
  return false;
}

describe('public API', () => {
  it.each(ENTRY_POINTS)('%s names every export (no export *)', (file) => {
    expect(readFileSync(file, 'utf8')).not.toMatch(/export \*/);
  });

  it.each(ENTRY_POINTS)(
    '%s: every export has TSDoc with an @example',
    (file) => {
      const p = program();
      const checker = p.getTypeChecker();
      const source = p.getSourceFile(file);
      if (source === undefined) throw new Error(`cannot read ${file}`);
      const moduleSymbol = checker.getSymbolAtLocation(source);
      if (moduleSymbol === undefined) throw new Error(`${file} has no exports`);
      const exports = checker.getExportsOfModule(moduleSymbol);
      expect(exports.length).toBeGreaterThan(5);
      const undocumented = exports.filter((s) => !hasExample(s, checker)).map((s) => s.getName());
      expect(undocumented).toEqual([]);
      // Building a type-checked program of the whole package takes seconds on a busy 2-core machine.
    },
    60_000,
  );
});

describe('the HTTP errors are exported by order-preflight/node only', () => {
  const NODE_ONLY_ERRORS = [
    'ClientClosedError',
    'HttpStatusError',
    'InvalidQueryError',
    'InvalidResponseError',
    'NetworkError',
    'RateLimitedError',
    'RequestTimeoutError',
    'ResponseTooLargeError',
  ];

  it('the core, which never throws them, does not export them; ./node does, each a PreflightError', async () => {
    const core: Record<string, unknown> = await import('../../src/index.js');
    const node: Record<string, unknown> = await import('../../src/node.js');
    for (const name of NODE_ONLY_ERRORS) {
      expect(core[name], name).toBeUndefined();
      expect(core[`is${name}`], name).toBeUndefined();
      const errorClass = node[name] as (abstract new (...args: never[]) => unknown) | undefined;
      expect(typeof errorClass, name).toBe('function');
      expect(typeof node[`is${name}`], name).toBe('function');
      expect(
        Object.prototype.isPrototypeOf.call(core.PreflightError as object, errorClass as object),
        name,
      ).toBe(true);
    }
    // Loading both entry points from source takes seconds on a busy 2-core machine.
  }, 60_000);
});

describe('order-preflight/futures', () => {
  it('exports the agreed names, and the core exports none of them', async () => {
    const futures: Record<string, unknown> = await import('../../src/futures.js');
    const core: Record<string, unknown> = await import('../../src/index.js');
    for (const name of [
      'parseContractInfo',
      'parseContractInfoText',
      'ContractBook',
      'CONTRACT_VIOLATION_CODES',
    ]) {
      expect(futures[name], name).toBeDefined();
      expect(core[name], name).toBeUndefined();
    }
    const book = futures.ContractBook as { fromContractInfo: unknown; fromContractInfoText: unknown };
    expect(typeof book.fromContractInfo).toBe('function');
    expect(typeof book.fromContractInfoText).toBe('function');
  }, 60_000);
});
