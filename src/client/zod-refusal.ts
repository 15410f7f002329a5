import * as z from 'zod/mini';

// How a zod transform or check records a refusal: plumbing with no voice of its own (what the
// refusal says is the caller's), shared by the library's option schemas and the CLI's flag
// schemas. The CLI may import this module alone past the entry points (.dependency-cruiser.cjs,
// `cli-through-entry-points`): it is not library behaviour, so it has no place in the public API.

/**
 * The context a zod transform or refinement gets: {@link refuse} records an issue on it.
 */
export interface IssueSink {
  readonly issues: unknown[];
}

/**
 * A value refused by a transform or by a check of several values together: where (`path` from
 * where the check sits: `[]` for the value itself, `['maxAgeMs']` from the object around it),
 * what it must be, and the value the error carries (a stand-in where the value must not be
 * repeated, such as a URL with a password).
 */
export interface OptionIssue {
  readonly path?: readonly PropertyKey[];
  readonly problem: string;
  readonly value: unknown;
}

/**
 * Records `issue` on `ctx`, for the schema's reader to report. Returns zod's `NEVER`, the value a
 * transform returns when it refuses.
 *
 * @example
 * ```ts
 * z.transform((value: string, ctx) => (value === '' ? refuse(ctx, { problem: 'must not be empty', value }) : value));
 * ```
 */
export function refuse(ctx: IssueSink, issue: OptionIssue): never {
  ctx.issues.push({
    code: 'custom',
    path: [...(issue.path ?? [])],
    message: issue.problem,
    input: issue.value,
  });
  return z.NEVER;
}
