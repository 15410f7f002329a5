/**
 * Linear time on any text (issue 15): every regular expression in `src/` is found by parsing the
 * sources, compiled with its own flags and fed 100,000-character adversarial inputs (long runs of
 * each character class the library's patterns use, with and without a rejecting suffix); each must
 * finish well within a generous bound. The ESLint rules `regexp/no-super-linear-backtracking` and
 * `regexp/no-super-linear-move` (eslint.config.mjs, `npm run lint`) keep new ones honest
 * statically; this test measures them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { resolveClientOptions, withoutTrailingSlashes } from '../../src/client/client-options.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');
const LENGTH = 100_000;
/** Generous: a linear pass over 100k characters takes well under 10 ms even on a loaded machine. */
const BOUND_MS = 1_000;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

interface Found {
  readonly where: string;
  readonly regex: RegExp;
}

/** Every regular-expression literal in src/, and every `RegExp(...)` call site. */
function inventory(): { literals: Found[]; constructed: string[] } {
  const literals: Found[] = [];
  const constructed: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const where = () =>
        `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (ts.isRegularExpressionLiteral(node)) {
        const text = node.text;
        const end = text.lastIndexOf('/');
        literals.push({
          where: `${where()} ${text}`,
          regex: new RegExp(text.slice(1, end), text.slice(end + 1)),
        });
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        constructed.push(where());
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, constructed };
}

/** Runs of every kind of character the library's patterns care about, alone and in pairs. */
const UNITS = [
  ' ',
  '\t',
  '\n',
  '\r',
  '\u00a0',
  '/',
  '\\',
  '.',
  ',',
  ':',
  '-',
  '+',
  '_',
  '%',
  "'",
  '"',
  '0',
  '1',
  '9',
  'a',
  'A',
  'e',
  'E',
  'x',
  '\u0000',
  '\u2028',
  '0.',
  '1e',
  '-1',
  'a ',
  ' \n',
  '\r\n',
  'A:',
  '/a',
  'a.',
  '0,',
];
/** Each run alone (all accepted), then followed by characters that make most patterns fail. */
const SUFFIXES = ['', '!', '\u0000', 'x', ' '];

function adversarialInputs(): string[] {
  const inputs: string[] = [];
  for (const unit of UNITS) {
    const run = unit.repeat(Math.ceil(LENGTH / unit.length)).slice(0, LENGTH);
    for (const suffix of SUFFIXES) inputs.push(run + suffix);
  }
  return inputs;
}

/** The slowest single use of `regex` over the inputs, in ms: `replace` (every match), as code does. */
function slowestMs(regex: RegExp, inputs: readonly string[]): { ms: number; input: string } {
  let worst = { ms: 0, input: '' };
  for (const input of inputs) {
    const fresh = new RegExp(regex.source, regex.flags);
    const start = performance.now();
    input.replace(fresh, '');
    fresh.lastIndex = 0;
    fresh.test(input);
    const ms = performance.now() - start;
    if (ms > worst.ms) worst = { ms, input };
  }
  return worst;
}

const { literals, constructed } = inventory();
const inputs = adversarialInputs();

describe('every regular expression in src/ is linear on 100k-character adversarial input', () => {
  it('finds the regular expressions (the inventory is not empty)', () => {
    expect(literals.length).toBeGreaterThan(10);
  });

  it.each(literals.map((f) => [f.where, f.regex] as const))(
    '%s',
    (_where, regex) => {
      const { ms, input } = slowestMs(regex, inputs);
      expect(
        ms,
        `slowest on ${JSON.stringify(input.slice(0, 6))}… (${input.length} characters)`,
      ).toBeLessThan(BOUND_MS);
    },
    60_000,
  );

  it('builds no regular expression at run time except the reviewed one', () => {
    // snapshot-file.ts: `^<escaped file name>\.(\d{1,10})\.<uuid>\.tmp$`, anchored, every quantifier
    // bounded, matched against directory entries. A new RegExp(...) needs the same review.
    expect(constructed.map((where) => where.replace(/:\d+$/, ''))).toEqual(['source/snapshot-file.ts']);
  });
});

describe('the client trims trailing slashes in linear time (it used /\\/+$/, 10 s on 100k slashes)', () => {
  it.each([
    ['a run of slashes that does not end the path', `/${'/'.repeat(LENGTH)}x`, `/${'/'.repeat(LENGTH)}x`],
    ['a run of slashes that ends it', `/prefix${'/'.repeat(LENGTH)}`, '/prefix'],
    ['nothing but slashes', '/'.repeat(LENGTH), ''],
  ])('%s', (_label, path, expected) => {
    const start = performance.now();
    expect(withoutTrailingSlashes(path)).toBe(expected);
    expect(performance.now() - start).toBeLessThan(BOUND_MS);
  });

  it('baseUrl with 100k slashes: the endpoint, quickly', () => {
    const start = performance.now();
    const { endpoint } = resolveClientOptions({ baseUrl: `http://127.0.0.1/api${'/'.repeat(LENGTH)}x` });
    expect(performance.now() - start).toBeLessThan(BOUND_MS);
    expect(endpoint.pathname.endsWith('x/api/v3/exchangeInfo')).toBe(true);
    const trailing = resolveClientOptions({ baseUrl: `http://127.0.0.1/api${'/'.repeat(LENGTH)}` });
    expect(trailing.endpoint.pathname).toBe('/api/api/v3/exchangeInfo');
  });
});
