import type { ParseArgsConfig } from 'node:util';
import * as z from 'zod/mini';
import { toPlainDecimal } from '../index.js';
import { type Command, parseCommandArgs } from './command.js';
import { SUMMARIES } from './command-summaries.js';
import { type IssueSink, oneOf, refuse, withDefault } from './flag-schema-parts.js';
import type { CliIo } from './io.js';
import { clip, printable } from './text.js';
import { UsageError } from './usage-error.js';

// A command's flags are declared once, each with how `util.parseArgs` reads it and one zod
// schema (zod/mini, as the options of `order-preflight/node` are) for its type, check and
// default; the first issue becomes a usage error naming the flag. Schemas are built when a
// command runs, never for `--help` or `--version` (README, "Dependencies").

/** One flag: how `util.parseArgs` reads it, and the schema that checks and converts its value. */
export interface Flag<Schema extends z.ZodMiniType = z.ZodMiniType> {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** Whether the flag may be given more than once (its schema then reads a list of texts). */
  readonly multiple?: boolean;
  /** The client option or query parameter the flag gives, when the library's errors name that. */
  readonly gives?: string;
  readonly schema: Schema;
}

/** The flags of a command, by long name (without `--`). */
export type Flags = Readonly<Record<string, Flag>>;

type ShapeOf<F extends Flags> = { -readonly [K in keyof F]: F[K]['schema'] };

/** What a command's flags read as once checked: one field per flag, defaults filled in. */
export type FlagValues<F extends Flags> = z.output<z.ZodMiniObject<ShapeOf<F>>>;

/** A command's flags and the one schema that checks them all (and any rule across them). */
export interface FlagTable<F extends Flags, Output> {
  readonly flags: F;
  readonly schema: z.ZodMiniType<Output>;
}

/**
 * A flag that takes a value, checked by `schema` (given `undefined` when the flag is absent).
 *
 * @example
 * ```ts
 * valueFlag(required(), { short: 'r' }); // --rules FILE, -r FILE
 * ```
 */
export function valueFlag<Schema extends z.ZodMiniType<unknown, string | undefined>>(
  schema: Schema,
  options: { readonly short?: string; readonly gives?: string } = {},
): Flag<Schema> {
  return { type: 'string', schema, ...options };
}

/**
 * A flag that may be given any number of times, each value checked by `schema`: a list, empty
 * when the flag is absent.
 *
 * @example
 * ```ts
 * repeatedFlag(z.string()); // --allow-field a --allow-field b gives ['a', 'b']
 * ```
 */
export function repeatedFlag<Item extends z.ZodMiniType<unknown, string>>(schema: Item) {
  return {
    type: 'string',
    multiple: true,
    schema: withDefault(z.array(schema), []),
  } as const satisfies Flag;
}

/**
 * A flag without a value: `true` when given, else `false`.
 *
 * @example
 * ```ts
 * switchFlag(); // --json
 * ```
 */
export function switchFlag() {
  return { type: 'boolean', schema: withDefault(z.boolean(), false) } as const satisfies Flag;
}

/**
 * Declares a command's flags and the rules across them: `whenGiven` sees the values as given,
 * before any flag is checked (a flag that does not apply beside another is the mistake to
 * report, whatever its value); `combine` gets the checked values and makes what the command
 * reads (refusing with {@link refuseFlag}).
 *
 * @example
 * ```ts
 * const table = flagTable({ json: switchFlag() });
 * parseFlags(['--json'], table, 0).flags.json; // true
 * ```
 */
export function flagTable<F extends Flags, Output = FlagValues<F>>(
  flags: F,
  across: {
    readonly whenGiven?: (given: Readonly<Record<string, unknown>>, ctx: IssueSink) => void;
    readonly combine?: (values: FlagValues<F>, ctx: IssueSink) => Output;
  } = {},
): FlagTable<F, Output> {
  const shape = Object.fromEntries(Object.entries(flags).map(([name, flag]) => [name, flag.schema]));
  const object = z.object(shape as ShapeOf<F>);
  const { whenGiven, combine } = across;
  const checked = combine === undefined ? object : z.pipe(object, z.transform(combine));
  const schema =
    whenGiven === undefined
      ? checked
      : z.pipe(
          z
            .unknown()
            .check(z.superRefine((given, ctx) => whenGiven(given as Readonly<Record<string, unknown>>, ctx))),
          checked as z.ZodMiniType<unknown, unknown>,
        );
  return { flags, schema: schema as z.ZodMiniType<Output> };
}

/** The flag whose value gives `option` (a client option, a query parameter), without `--`. */
export function flagGiving(flags: Flags, option: string): string | undefined {
  return Object.keys(flags).find((key) => flags[key]?.gives === option);
}

/** How a refused value is shown in a message: quoted, printable, at most 40 characters. */
export function shown(value: unknown): string {
  return `'${clip(printable(String(value)), 40)}'`;
}

function mustBe(what: string) {
  return { error: (issue: { readonly input?: unknown }) => `must be ${what}, got ${shown(issue.input)}` };
}

/**
 * A flag that must be given (any text).
 *
 * @example
 * ```ts
 * required(); // absent: "--rules is required"
 * ```
 */
export function required() {
  return z.string({ error: 'is required' });
}

/** Any text, or absent. */
export function optionalText() {
  return z.optional(z.string());
}

const WHOLE_NUMBER = /^\d{1,15}$/;

/**
 * Digits only (no sign, no exponent), as a number.
 *
 * @example
 * ```ts
 * wholeNumber(); // '3' gives 3; '-1', '1e6' and 'lots' are refused
 * ```
 */
export function wholeNumber(what = 'a whole number') {
  return z.pipe(z.string().check(z.regex(WHOLE_NUMBER, mustBe(what))), z.transform(Number));
}

/**
 * {@link wholeNumber} from `min` to `max`, both included; `what` names the unit.
 *
 * @example
 * ```ts
 * wholeNumberIn(1, 1024, 'a whole number of bytes'); // refuses '0' and '2048'
 * ```
 */
export function wholeNumberIn(min: number, max: number, what = 'a whole number') {
  const range = mustBe(`${what} from ${min} to ${max}`);
  return z.pipe(
    z.string().check(z.regex(WHOLE_NUMBER, range)),
    z.pipe(z.transform(Number), z.number().check(z.gte(min, range), z.lte(max, range))),
  );
}

/**
 * A positive decimal given on the command line or in a file, in canonical plain notation
 * (`6.4e4` and `64000.0` both give `'64000'`), or `undefined` when it is not one.
 */
function positiveDecimal(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const plain = toPlainDecimal(value.trim());
  return plain === undefined || plain === '0' || plain.startsWith('-') ? undefined : plain;
}

/**
 * A positive decimal in canonical plain notation (`6.4e4` gives `'64000'`); `show` writes the
 * refused value in the message.
 *
 * @example
 * ```ts
 * positiveDecimalValue(); // '50000' gives '50000'; '0', '-1' and 'lots' are refused
 * ```
 */
export function positiveDecimalValue<Input = unknown>(show: (value: unknown) => string = shown) {
  return z.transform((value: Input, ctx) => {
    const plain = positiveDecimal(value);
    return plain ?? refuse(ctx, { problem: `must be a positive decimal, got ${show(value)}`, value });
  });
}

/**
 * A decimal of 0 or more in canonical plain notation (`0.50` gives `'0.5'`); `show` writes the
 * refused value in the message.
 *
 * @example
 * ```ts
 * nonNegativeDecimalValue(); // '0' and '1.5' pass; '-1' and 'lots' are refused
 * ```
 */
export function nonNegativeDecimalValue<Input = unknown>(show: (value: unknown) => string = shown) {
  return z.transform((value: Input, ctx) => {
    const plain = typeof value === 'string' ? toPlainDecimal(value.trim()) : undefined;
    return plain !== undefined && !plain.startsWith('-')
      ? plain
      : refuse(ctx, { problem: `must be a decimal of 0 or more, got ${show(value)}`, value });
  });
}

/** The markets a command can work on: WEEX spot (the default) or its perpetual futures. */
export const MARKETS = ['spot', 'futures'] as const;

/** One of {@link MARKETS}. */
export type Market = (typeof MARKETS)[number];

/**
 * `--market spot|futures`, spot when absent: which of the exchange's hosts and rule sets a
 * command works on.
 *
 * @example
 * ```ts
 * flagTable({ market: marketFlag() }); // --market futures
 * ```
 */
export function marketFlag() {
  return valueFlag(withDefault(oneOf(MARKETS), 'spot'));
}

/**
 * `util.parseArgs` in strict mode over `table`'s flags, its errors as {@link UsageError}s of one
 * line and `maxPositionals` refusing extra operands by name; then every flag checked by the
 * table's schema.
 *
 * @throws {UsageError} naming the first flag at fault.
 */
export function parseFlags<F extends Flags, Output>(
  args: readonly string[],
  table: FlagTable<F, Output>,
  maxPositionals: number,
): { readonly flags: Output; readonly positionals: string[] } {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, flag] of Object.entries(table.flags))
    options[name] = {
      type: flag.type,
      ...(flag.short === undefined ? {} : { short: flag.short }),
      ...(flag.multiple === true ? { multiple: true } : {}),
    };
  const { values, positionals } = parseCommandArgs(args, options, maxPositionals);
  return { flags: readFlags(table.schema, values), positionals };
}

/** The flags' values checked by `schema`, or a {@link UsageError} naming the first at fault. */
function readFlags<Output>(schema: z.ZodMiniType<Output>, values: unknown): Output {
  const read = readWith(schema, values);
  if (read.ok) return read.value;
  const flag = read.path[0];
  throw new UsageError(flag === undefined ? read.problem : `--${String(flag)} ${read.problem}`);
}

/**
 * `value` read by `schema`: what it gives, or its first issue (where, and the problem).
 *
 * @example
 * ```ts
 * readWith(z.record(z.string(), positiveDecimalValue()), { BTCUSDT: '0' });
 * // { ok: false, path: ['BTCUSDT'], problem: "must be a positive decimal, got '0'" }
 * ```
 */
export function readWith<Output>(
  schema: z.ZodMiniType<Output>,
  value: unknown,
):
  | { readonly ok: true; readonly value: Output }
  | { readonly ok: false; readonly path: readonly PropertyKey[]; readonly problem: string } {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, path: issue?.path ?? [], problem: issue?.message ?? 'is not valid' };
}

/**
 * Records that a flag is at fault, from a check across flags (`flag` without `--`); returns
 * zod's `NEVER`, as a refusing transform does.
 */
export function refuseFlag(ctx: IssueSink, flag: string, problem: string): never {
  return refuse(ctx, { path: [flag], problem, value: undefined });
}

/**
 * A command whose arguments are `table`'s flags and at most `maxPositionals` operands: its name,
 * summary and help, and a body that gets them parsed and checked (the one way every command with
 * flags starts).
 */
export function flaggedCommand<F extends Flags, Output>(
  name: keyof typeof SUMMARIES,
  help: string,
  table: () => FlagTable<F, Output>,
  maxPositionals: number,
  body: (parsed: { readonly flags: Output; readonly positionals: string[] }, io: CliIo) => Promise<number>,
): Command {
  return {
    name,
    summary: SUMMARIES[name],
    help,
    run: (args, io) => body(parseFlags(args, table(), maxPositionals), io),
  };
}
