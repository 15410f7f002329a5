import * as z from 'zod/mini';
import { clip, printable } from './text.js';

// The small zod parts the CLI's flag schemas are made of. The library has its own for its
// options, but keeps them private (its callers meet neither zod's errors nor its types), and the
// CLI imports the library only through its entry points; these speak the CLI's voice instead
// (a refused value is shown quoted and clipped, as a terminal shows it). `refuse` alone is shared.

// How a transform records a refusal is zod plumbing, the library's own (a module the CLI
// may import past the entry points); what a refusal says stays the CLI's.
export { type IssueSink, refuse } from '../client/zod-refusal.js';

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
