/**
 * Options are stated once: each option with a default carries it as a TSDoc `@default` on its
 * interface, and that is the default the option's schema fills in (which takes it from the
 * `DEFAULT_*` object). A default changed in one place and not the other fails here.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { clientOptionShape, DEFAULT_CLIENT_OPTIONS } from '../../src/client/client-options.js';

/** The `@default` tag of each property of `name` in `file`, as written. */
function defaultTags(file: string, name: string): Map<string, string | undefined> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const tags = new Map<string, string | undefined>();
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== name) return;
    for (const member of node.members) {
      if (!ts.isPropertySignature(member) || !ts.isIdentifier(member.name)) continue;
      const tag = ts.getJSDocTags(member).find((t) => t.tagName.text === 'default');
      tags.set(
        member.name.text,
        tag === undefined ? undefined : ts.getTextOfJSDocComment(tag.comment)?.trim(),
      );
    }
  });
  return tags;
}

/** A tag's text as a value, where it is a literal (`10_000`, `'comma'`, `{}`, `true`). */
function literal(text: string): { value: unknown } | undefined {
  const json = text.replace(/(\d)_(?=\d)/g, '$1').replace(/^'(.*)'$/, '"$1"');
  try {
    return { value: JSON.parse(json) };
  } catch {
    return undefined;
  }
}

describe('options stated once', () => {
  const shape = clientOptionShape();
  const tags = defaultTags('src/client/client-options.ts', 'ExchangeInfoClientOptions');

  it('declares every option of the schema on the interface, and no other', () => {
    expect([...tags.keys()].sort()).toEqual(Object.keys(shape).sort());
  });

  it.each(Object.keys(shape))(
    '%s: a default in the schema exactly when the interface has a @default',
    (key) => {
      const schema = shape[key as keyof typeof shape] as z.ZodMiniType;
      const filled = z.safeParse(schema, undefined);
      const hasDefault = schema._zod.def.type === 'default';
      expect(tags.get(key) !== undefined).toBe(hasDefault);
      if (!hasDefault) return;
      const written = literal(tags.get(key) as string);
      if (written !== undefined) expect(filled.data).toEqual(written.value);
      else expect(typeof filled.data).toBe('function'); // `Math.random`: a function, named
    },
  );

  it('lists in DEFAULT_CLIENT_OPTIONS the literal defaults, as the tags write them', () => {
    for (const [key, value] of Object.entries(DEFAULT_CLIENT_OPTIONS))
      expect(literal(tags.get(key) ?? '')?.value).toEqual(value);
  });
});
