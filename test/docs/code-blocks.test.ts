/**
 * Every TypeScript block in README.md and docs/ compiles against the built package under the
 * project's strict settings, and every block that shows what it prints prints that (see
 * code-blocks.ts for the fence info strings). `npm test` builds `dist/` first.
 *
 * The blocks that fetch name the fake exchange at its command's default address
 * (`npx order-preflight fake-exchange --port 9000`, `http://127.0.0.1:9000`): here one runs on a
 * free port, and a block is run with that address, and a gateway's `port: 8080` as a free port,
 * in place of the ones it names, so parallel runs do not meet. Blocks run in the scratch
 * directory, where a snapshot file they write is git-ignored.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeExchange, startFakeExchange } from '../../src/gateway.js';
import { type CodeBlock, codeBlocksOf, documentationFiles } from './code-blocks.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Inside the package (git-ignored), so that `order-preflight` resolves to the package's own
// exports (dist/) by its name, as the package's own ES module scope.
const WORK = join(ROOT, '.doc-blocks');
const run = promisify(execFile);

const blocks: CodeBlock[] = documentationFiles(ROOT).flatMap((file) => codeBlocksOf(ROOT, file));

/** The fake exchange's address as the documentation names it (its command's default port). */
const DOCUMENTED_EXCHANGE = 'http://127.0.0.1:9000';
/** Whether a block talks to the network: any that does names the fake exchange. */
const NETWORK =
  /ExchangeInfoClient\(|createRiskGateway\(|createReferenceTicker\(|\bfetch\(|baseUrl|upstreamUrl/;

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

  const network = blocks.filter((block) => NETWORK.test(block.source));
  it.each(network.map((block) => [block.where, block] as const))(
    '%s, which fetches, names the fake exchange and shows what it prints',
    (_, block) => {
      expect(block.source).toContain(DOCUMENTED_EXCHANGE);
      expect(block.source).not.toMatch(/https?:\/\/(?!127\.0\.0\.1:9000)/);
      expect(block.output).toBeDefined();
    },
  );

  let exchange: FakeExchange;
  beforeAll(async () => {
    exchange = await startFakeExchange();
  });
  afterAll(async () => {
    await exchange.close();
  });

  const printing = blocks.filter((block) => block.output !== undefined);
  it.each(printing.map((block) => [block.where, block] as const))(
    '%s prints what the text after it shows',
    async (_, block) => {
      const file = join(WORK, `run-${block.name}`);
      writeFileSync(
        file,
        `${block.source.replaceAll(DOCUMENTED_EXCHANGE, exchange.url).replaceAll('port: 8080', 'port: 0')}\nexport {};\n`,
      );
      const { stdout } = await run(process.execPath, ['--import', 'tsx', file], {
        cwd: WORK,
        timeout: 30_000,
      });
      expect(stdout.trimEnd()).toBe(block.output!.trimEnd());
    },
    30_000,
  );
});
