/**
 * Every TypeScript block in README.md and docs/ compiles against the built package under the
 * project's strict settings, and every block that shows what it prints prints that (see
 * code-blocks.ts for the fence info strings). `npm test` builds `dist/` first.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type CodeBlock, codeBlocksOf, documentationFiles } from './code-blocks.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Inside the package (git-ignored), so that `order-preflight` resolves to the package's own
// exports (dist/) by its name, as the package's own ES module scope.
const WORK = join(ROOT, '.doc-blocks');
const run = promisify(execFile);

const blocks: CodeBlock[] = documentationFiles(ROOT).flatMap((file) => codeBlocksOf(ROOT, file));

/** The project's strict settings, as a user's tsconfig would have them. */
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: ['node'],
  noEmit: true,
  skipLibCheck: false,
  isolatedModules: true,
};

function compile(): Map<string, string[]> {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const files = blocks.map((block) => {
    const path = join(WORK, block.name);
    // `export {}` makes every block a module, so top-level await and local names are its own.
    writeFileSync(path, `${block.source}\nexport {};\n`);
    return path;
  });
  const program = ts.createProgram(files, OPTIONS);
  const errors = new Map<string, string[]>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file;
    const block = blocks.find(
      (b) => file !== undefined && file.fileName === join(WORK, b.name).replaceAll('\\', '/'),
    );
    const key = block?.name ?? '(global)';
    let where = block?.where ?? 'the program';
    if (file !== undefined && diagnostic.start !== undefined && block !== undefined) {
      const { line } = file.getLineAndCharacterOfPosition(diagnostic.start);
      where = block.lineOrigins[line] ?? `${block.where} (the appended export)`;
    }
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    errors.set(key, [...(errors.get(key) ?? []), `${where}: TS${diagnostic.code} ${message}`]);
  }
  return errors;
}

describe('the TypeScript blocks of README.md and docs/', () => {
  it('there are blocks to check', () => {
    expect(blocks.length).toBeGreaterThan(3);
  });

  const errors = compile();

  it('the program as a whole has no error', () => {
    expect(errors.get('(global)') ?? []).toEqual([]);
  });

  it.each(blocks.map((block) => [block.where, block] as const))(
    '%s compiles under strict settings',
    (_, block) => {
      expect(errors.get(block.name) ?? []).toEqual([]);
    },
  );

  const printing = blocks.filter((block) => block.output !== undefined);
  it.each(printing.map((block) => [block.where, block] as const))(
    '%s prints what the text after it shows',
    async (_, block) => {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', join(WORK, block.name)], {
        cwd: ROOT,
        timeout: 30_000,
      });
      expect(stdout.trimEnd()).toBe(block.output!.trimEnd());
    },
    30_000,
  );
});
