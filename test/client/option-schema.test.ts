// The compiler holds each options schema to its public interface (src/client/option-schema.ts,
// DeclaresExactly): `npm test` type-checks this file, so each `@ts-expect-error` below proves a
// mismatch fails the build rather than passing unseen.
import { describe, expect, it } from 'vitest';
import type { DeclaresExactly } from '../../src/client/option-schema.js';

interface Options {
  readonly required: string;
  readonly optional?: number;
  readonly optionalOrUndefined?: boolean | undefined;
}

describe('DeclaresExactly', () => {
  it('is true for the same options, undefined aside', () => {
    const same: DeclaresExactly<
      { required: string; optional?: number | undefined; optionalOrUndefined?: boolean | undefined },
      Options
    > = true;
    expect(same).toBe(true);
  });

  it('is false for an option missing, one too many, another type or another required set', () => {
    // @ts-expect-error an option missing
    true satisfies DeclaresExactly<{ required: string; optional?: number }, Options>;
    // @ts-expect-error an option too many
    true satisfies DeclaresExactly<
      { required: string; optional?: number; optionalOrUndefined?: boolean; extra?: string },
      Options
    >;
    // @ts-expect-error another type
    true satisfies DeclaresExactly<
      { required: string; optional?: string; optionalOrUndefined?: boolean },
      Options
    >;
    // @ts-expect-error an optional option required by the schema
    true satisfies DeclaresExactly<
      { required: string; optional: number; optionalOrUndefined?: boolean },
      Options
    >;
    // @ts-expect-error a required option optional in the schema
    true satisfies DeclaresExactly<
      { required?: string; optional?: number; optionalOrUndefined?: boolean },
      Options
    >;
    expect(true).toBe(true);
  });
});
