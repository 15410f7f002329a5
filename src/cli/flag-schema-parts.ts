import * as z from 'zod/mini';
import { clip, printable } from './text.js';

// The small zod parts the CLI's flag schemas are made of. The library has its own for its
// options, but keeps them private (its callers meet neither zod's errors nor its types), and the
// CLI imports the library only through its entry points; these speak the CLI's voice instead
// (a refused value is shown quoted and clipped, as a terminal shows it).

/**
 * The context a zod transform or refinement gets: {@link refuse} records an issue on it.
 */
export interface IssueSink {
  readonly issues: unknown[];
}

/**
 * Records a refusal on `ctx`: where (`path`, `[]` for the flag itself), what the value must be,
 * and the value. Returns zod's `NEVER`, the value a transform returns when it refuses.
 *
 * @example
 * ```ts
 * z.transform((text: string, ctx) => (text === '' ? refuse(ctx, { problem: 'must not be empty', value: text }) : text));
 * ```
 */
export function refuse(
  ctx: IssueSink,
  issue: { readonly path?: readonly PropertyKey[]; readonly problem: string; readonly value: unknown },
): never {
  ctx.issues.push({
    code: 'custom',
    path: [...(issue.path ?? [])],
    message: issue.problem,
    input: issue.value,
  });
  return z.NEVER;
}

/**
 * `schema`, or `fallback` when the flag is absent. The fallback is used as it is (zod would call
 * a function given as the default).
 *
 * @example
 * ```ts
 * withDefault(wholeNumberIn(0, 65_535, 'a port number'), 8080);
 * ```
 */
export function withDefault<Output, Input>(schema: z.ZodMiniType<Output, Input>, fallback: NoInfer<Output>) {
  return z._default(schema, () => fallback as Exclude<Output, undefined>);
}

/**
 * One of `values`, compared with `===`.
 *
 * @example
 * ```ts
 * oneOf(['text', 'json']); // refuses 'xml'
 * ```
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue: { readonly input?: unknown }) =>
      `must be ${values.map((value) => JSON.stringify(value)).join(' or ')}, got '${clip(printable(String(issue.input)), 40)}'`,
  });
}

/**
 * `build()`, called once, on first use: a command's schemas are built when it runs, never for
 * `--help` or `--version`.
 *
 * @example
 * ```ts
 * export const DIFF_FLAGS = builtOnce(() => flagTable({ json: switchFlag() }));
 * ```
 */
export function builtOnce<S>(build: () => S): () => S {
  let built: { readonly value: S } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}
