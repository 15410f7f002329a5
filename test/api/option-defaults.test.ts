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
import { gatewayOptionShape } from '../../src/gateway/gateway-options.js';
import { DEFAULT_SOURCE_OPTIONS, sourceOptionShape } from '../../src/source/source-options.js';

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

const CASES = [
  {
    name: 'ExchangeInfoClientOptions',
    file: 'src/client/client-options.ts',
    shape: clientOptionShape() as Record<string, z.ZodMiniType>,
    defaults: DEFAULT_CLIENT_OPTIONS as Record<string, unknown>,
  },
  {
    name: 'RuleBookSourceOptions',
    file: 'src/source/source-options.ts',
    shape: sourceOptionShape() as Record<string, z.ZodMiniType>,
    defaults: DEFAULT_SOURCE_OPTIONS as Record<string, unknown>,
  },
  {
    name: 'RiskGatewayOptions',
    file: 'src/gateway/gateway-options.ts',
    shape: gatewayOptionShape() as Record<string, z.ZodMiniType>,
    defaults: {} as Record<string, unknown>,
  },
];

/**
 * The schema that fills in an option's default: the option's own, or, for one whose value is
 * turned into another form once checked (a list of routes into a route table), the first step's.
 */
function defaulted(schema: z.ZodMiniType): z.ZodMiniType | undefined {
  const def = schema._zod.def as { type: string; in?: z.ZodMiniType };
  if (def.type === 'default') return schema;
  return def.type === 'pipe' && def.in !== undefined ? defaulted(def.in) : undefined;
}

describe.each(CASES)('$name: options stated once', ({ name, file, shape, defaults }) => {
  const tags = defaultTags(file, name);

  it('declares every option of the schema on the interface, and no other', () => {
    expect([...tags.keys()].sort()).toEqual(Object.keys(shape).sort());
  });

  it.each(Object.keys(shape))('%s: its @default is the one the schema fills in', (key) => {
    const schema = defaulted(shape[key] as z.ZodMiniType);
    const tag = tags.get(key);
    if (schema === undefined) {
      // No default, or one worked out from other options (`3 × intervalMs`), named in words.
      if (tag !== undefined) expect(literal(tag)).toBeUndefined();
      return;
    }
    expect(tag).toBeDefined();
    const filled = z.safeParse(schema, undefined).data;
    const written = literal(tag as string);
    // A default held in its checked form (a set of checks) is written as the list it is given as.
    if (written !== undefined) expect(filled instanceof Set ? [...filled] : filled).toEqual(written.value);
    else expect(typeof filled).toBe('function'); // `Math.random`, `Date.now`: a function, named
  });

  it('has in its DEFAULT_* object, for each option there, the default its tag writes', () => {
    for (const [key, value] of Object.entries(defaults))
      if (tags.has(key)) expect(literal(tags.get(key) ?? '')?.value).toEqual(value);
  });
});
