/*! The build bundles zod (MIT License, Copyright (c) 2025 Colin McDonnell) into
 * order-preflight/node; the licence's full text is in dist/zod.LICENSE. */
import * as z from 'zod/mini';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { describeThrown, describeValue, isOwnInstance } from '../errors/preflight-error.js';
import { InvalidQueryError } from './errors/invalid-query-error.js';
import { type IssueSink, type OptionIssue, refuse } from './zod-refusal.js';

// The options of `order-preflight/node` are each declared by one zod schema: for every option its
// type, its check and its default. This module makes the parts of such a schema and turns its
// first issue into the library's own error, so callers meet neither zod's errors nor its types
// (README, "Dependencies").

/**
 * One option: checks a value, maybe fills in a default. Its error text ends with the value it
 * got, so the message names the option, the limit and the value.
 */
export type OptionSchema<Output, Input = Output> = z.ZodMiniType<Output, Input>;

/** The error text of a schema: what the option must be, then the value it got. */
function mustBe(what: string) {
  return {
    error: (issue: { readonly input?: unknown }) => `must be ${what}, got ${describeValue(issue.input)}`,
  };
}

/**
 * An integer from `min` to `max`, both included.
 *
 * @example
 * ```ts
 * integerIn(1, MAX_TIMER_MS); // refuses 0, 1.5, NaN, Infinity and '100'
 * ```
 */
export function integerIn(min: number, max: number): OptionSchema<number> {
  return z.int(mustBe(`an integer from ${min} to ${max}`)).check(z.gte(min), z.lte(max));
}

/**
 * A finite number from `min` to `max`; `max` itself only when `maxIncluded`.
 *
 * @example
 * ```ts
 * numberIn(0, 1, { maxIncluded: false }); // refuses 1, -0.1 and NaN
 * ```
 */
export function numberIn(min: number, max: number, options: { readonly maxIncluded: boolean }) {
  const range = options.maxIncluded
    ? `from ${min} to ${max}`
    : `from ${min} (inclusive) to ${max} (exclusive)`;
  return z
    .number(mustBe(`a number ${range}`))
    .check(z.gte(min), options.maxIncluded ? z.lte(max) : z.lt(max));
}

/**
 * One of `values`, compared with `===`.
 *
 * @example
 * ```ts
 * oneOf(['comma', 'json']); // refuses 'csv'
 * ```
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, mustBe(values.map((value) => JSON.stringify(value)).join(' or ')));
}

/**
 * `true` or `false`.
 *
 * @example
 * ```ts
 * flag(); // refuses 1 and 'yes'
 * ```
 */
export function flag(): OptionSchema<boolean> {
  return z.boolean(mustBe('true or false'));
}

/**
 * A value `accept` says yes to, typed as `T`; `what` completes "must be …".
 *
 * @example
 * ```ts
 * valueThat<RuleBook>((value) => value instanceof RuleBook, 'a RuleBook');
 * ```
 */
export function valueThat<T>(accept: (value: unknown) => boolean, what: string): OptionSchema<T> {
  return z.custom<T>(accept, mustBe(what));
}

/**
 * An object with a method named `method`, typed as `T`: duck-typed, so an instance from another
 * copy of its library (or a stand-in in a test) is accepted. `what` completes "must be …".
 *
 * @example
 * ```ts
 * objectWithMethod<Dispatcher>('request', 'an undici Dispatcher');
 * ```
 */
export function objectWithMethod<T>(method: keyof T & string, what: string): OptionSchema<T> {
  return valueThat<T>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as Record<string, unknown>)[method] === 'function',
    what,
  );
}

/**
 * A function (a callback, a clock, `random`): what it returns is checked where it is called.
 *
 * @example
 * ```ts
 * callback<() => number>(); // refuses 0.5
 * ```
 */
export function callback<F extends (...args: never[]) => unknown>(): OptionSchema<F> {
  return valueThat<F>((value) => typeof value === 'function', 'a function');
}

/**
 * `schema`, or `fallback` when the option is absent or `undefined` (the two are the same). The
 * fallback is used as it is, a function too (zod would call a function given as the default).
 *
 * @example
 * ```ts
 * withDefault(integerIn(0, 9), 2);
 * withDefault(callback<() => number>(), Math.random);
 * ```
 */
export function withDefault<Output, Input>(schema: OptionSchema<Output, Input>, fallback: NoInfer<Output>) {
  return z._default(schema, () => fallback as Exclude<Output, undefined>);
}

/**
 * An option whose check has a home of its own that throws the library's own error (the query,
 * checked as the client checks it per call): that error is the one reported, as it is.
 *
 * @example
 * ```ts
 * checkedBy((query: ExchangeInfoQuery | undefined) => validateExchangeInfoQuery(query));
 * ```
 */
export function checkedBy<Output, Input>(check: (value: Input) => Output): OptionSchema<Output, Input> {
  return z.pipe(
    z.custom<Input>(() => true),
    z.transform((value: Input, ctx) => {
      try {
        return check(value);
      } catch (error) {
        if (!isOwnInstance(error, InvalidQueryError)) throw error;
        ctx.issues.push({
          code: 'custom',
          path: [],
          message: (error as Error).message,
          input: value,
          params: { error },
        });
        return z.NEVER;
      }
    }),
  );
}

// Records a refusal on a transform's context ({@link readOptions} reports it); the CLI shares it.
export { type IssueSink, type OptionIssue, refuse };

/**
 * The options object of a function: `shape` declares every option (type, check and default, in
 * the order they are checked). An option of another name is refused before any is checked, so
 * a typo (`timeout` for `timeoutMs`) fails loudly instead of leaving the default in place; as
 * before zod, only the object's own enumerable keys count. `subject` completes "… is not …",
 * `required` names the options it needs.
 *
 * @example
 * ```ts
 * optionsSchema({ retries: withDefault(integerIn(0, 9), 2) }, { subject: 'a retry option', required: 'nothing' });
 * ```
 */
export function optionsSchema<Shape extends z.core.$ZodLooseShape>(
  shape: Shape,
  names: { readonly subject: string; readonly required: string },
) {
  const object = z.object(shape, mustBe(`an object with at least ${names.required}`));
  const knownKeysOnly = z.unknown().check(
    z.superRefine((value, ctx) => {
      if (typeof value !== 'object' || value === null) return;
      const unknown = Object.keys(value).find((key) => !Object.hasOwn(shape, key));
      if (unknown === undefined) return;
      const record = value as Record<string, unknown>;
      refuse(ctx, { path: [unknown], problem: `is not ${names.subject}`, value: record[unknown] });
    }),
  );
  // Typed as what the object takes, so `z.input` of the schema is the options' type.
  return z.pipe(knownKeysOnly as unknown as OptionSchema<z.input<typeof object>>, object);
}

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Declared<T> = { -readonly [K in keyof T]-?: Exclude<T[K], undefined> };
type RequiredKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];

/**
 * `true` when a schema's input declares exactly the options of an interface: the same names,
 * the same required ones, the same types (`undefined` aside: an option set to `undefined` counts
 * as absent). The public option types stay plain interfaces; the compiler holds each schema to
 * its interface with `true satisfies DeclaresExactly<z.input<typeof schema>, Options>`.
 */
export type DeclaresExactly<SchemaInput, Options> =
  Same<Declared<SchemaInput>, Declared<Options>> extends true
    ? Same<RequiredKeys<SchemaInput>, RequiredKeys<Options>>
    : false;

/**
 * `build()`, called once, on first use: building a zod schema costs more than the rest of
 * loading `order-preflight/node` together, so an import that never checks options never pays it
 * (README, "Dependencies").
 *
 * @example
 * ```ts
 * const schema = builtOnce(() => optionsSchema(shape, names));
 * readOptions(schema(), input);
 * ```
 */
export function builtOnce<S>(build: () => S): () => S {
  let built: S | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

/**
 * Reads `input` with `schema`: the options with every default filled in, or the library's own
 * `InvalidArgumentError`, whose `argument` is the option at fault (the first in the schema's
 * order) as `options.NAME`, and whose message says what it must be and the value it got;
 * `argument` is `options` for the object itself, or when reading it threw (a getter, a revoked
 * proxy). An option checked where it has a home of its own (a `query`, see {@link checkedBy})
 * is refused with that home's error, as it is.
 *
 * @throws {InvalidArgumentError} for the first option at fault.
 * @throws {InvalidQueryError} for a query given as an option, as the client refuses it.
 * @example
 * ```ts
 * readOptions(optionsSchema({ retries: integerIn(0, 9) }, names), { retries: -1 });
 * // throws InvalidArgumentError { argument: 'options.retries' }: "options.retries must be an integer from 0 to 9, got -1"
 * ```
 */
export function readOptions<Output>(schema: z.ZodMiniType<Output>, input: unknown): Output {
  let result: ReturnType<typeof schema.safeParse>;
  try {
    result = schema.safeParse(input, { reportInput: true });
  } catch (error) {
    // What the caller's options threw while being read (a getter, a proxy) is reported as ours.
    throw new InvalidArgumentError('options', `could not be read (${describeThrown(error)})`, {
      cause: error,
    });
  }
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const own = (issue as { params?: { error?: unknown } } | undefined)?.params?.error;
  if (isOwnInstance(own, InvalidQueryError)) throw own;
  const option = issue?.path[0];
  throw new InvalidArgumentError(
    option === undefined ? 'options' : `options.${String(option)}`,
    issue?.message ?? 'are not valid',
    { value: issue?.input },
  );
}
