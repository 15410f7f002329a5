// No module of src/ holds code only tests call: what the tests need of the engine's insides they
// reach through test-support/engine-internals.ts, made from what the engine itself runs. An
// exported function, constant or class that nothing in src/ uses is either dead or test-only;
// this finds one by name (a word outside comments, anywhere in src/ beyond its definition).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Exports that stay although only tests use them, each with its reason. `wirePairArb` is part of
 * the arbitraries of order-preflight/testing (not yet exported from the entry): the library's
 * own properties use it to spell definitions as the wire sends them.
 */
const KEPT: ReadonlySet<string> = new Set(['src/testing/exchange-info-arb.ts:wirePairArb']);

/** The entry points: what they export is the public API, used by callers, not by src/. */
const ENTRIES: ReadonlySet<string> = new Set([
  'src/index.ts',
  'src/node.ts',
  'src/gateway.ts',
  'src/testing/index.ts',
]);

const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => join('src', file));

/** A source without its comments (block comments whole, line comments that start a line). */
const code = new Map(
  files.map((file) => [
    file,
    readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, ''),
  ]),
);

/** `file:name` for each exported function, constant or class declared in `file`. */
const exported = files
  .filter((file) => !ENTRIES.has(file))
  .flatMap((file) =>
    [
      ...(code.get(file) ?? '').matchAll(
        /^export (?:async )?(?:function\*?|const|let|class) ([A-Za-z_$][\w$]*)/gm,
      ),
    ].map((match) => ({ file, name: match[1] as string })),
  );

const occurrences = (text: string, name: string) =>
  text.match(new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'))?.length ?? 0;

describe('no test-only code in src/', () => {
  it('sees the exports it looks for (a check that would find nothing proves nothing)', () => {
    expect(exported.length).toBeGreaterThan(200);
  });

  it('every exported function, constant and class is used by src/ itself', () => {
    const unused = exported
      .filter(({ file, name }) => {
        // Its own file names it once, where it is declared.
        let uses = occurrences(code.get(file) ?? '', name) - 1;
        for (const [other, text] of code) if (other !== file) uses += occurrences(text, name);
        return uses === 0;
      })
      .map(({ file, name }) => `${file}:${name}`)
      .filter((entry) => !KEPT.has(entry));
    expect(unused).toEqual([]);
  });

  it('keeps only what it names as kept', () => {
    for (const entry of KEPT) expect(exported.map(({ file, name }) => `${file}:${name}`)).toContain(entry);
  });
});
