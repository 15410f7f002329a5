import * as z from 'zod/mini';
import { builtOnce } from '../../client/option-schema.js';
import { Dec } from '../../decimal/dec.js';
import { describeValue } from '../../errors/preflight-error.js';
import { toPlainDecimal } from '../../index.js';

// The desk's limits (docs/gateway.md, "Desk controls"): per API key and per symbol, declared by
// one zod/mini schema that the `--limits` file, the `deskLimits` option and `setLimits()` all go
// through, then compiled once into what the hot path reads (decimals parsed, "*" merged in).

/**
 * The limits of one API key (its `ACCESS-KEY`), or of every key not listed (`"*"`). A listed key
 * takes each field it leaves out from `"*"`: listing a key to raise its rate never drops the
 * notional cap every key has.
 *
 * @example
 * ```ts
 * const desk: DeskKeyLimits = { maxOrdersPerSecond: 5, maxNotional: '1000000', maxDuplicateOrders: 3 };
 * ```
 */
export interface DeskKeyLimits {
  /** Orders per second, at most (a token bucket whose burst is the rate); past it, 429 `throttled`. */
  readonly maxOrdersPerSecond?: number;
  /** Price × quantity (worst case for MARKET), in quote units, at most; past it, 400 `notional-cap`. */
  readonly maxNotional?: string;
  /**
   * Identical orders (symbol, side, type, price, quantity) within `duplicateWindowMs`, at most;
   * the next is refused 409 `duplicate-order`, whatever its client order id.
   */
  readonly maxDuplicateOrders?: number;
  /** The only symbols this key may trade; another is refused 403 `symbol-not-allowed`. */
  readonly allowedSymbols?: readonly string[];
}

/**
 * The limits of one symbol, or of every symbol not listed (`"*"`), field by field as for keys.
 *
 * @example
 * ```ts
 * const btc: DeskSymbolLimits = { maxQuantity: '0.5', maxDeviation: '0.01' };
 * ```
 */
export interface DeskSymbolLimits {
  /** The order's quantity, at most; past it, 400 `quantity-cap`. */
  readonly maxQuantity?: string;
  /**
   * The desk's price collar: a LIMIT price at most this fraction away from the reference price
   * (`|price − reference| ≤ reference × maxDeviation`); past it, 400 `price-collar`. Without a
   * usable reference price the collar cannot be checked: 503, whatever `failOpen` says.
   */
  readonly maxDeviation?: string;
  /** Price × quantity for this symbol, at most (with the key's cap and `maxNotional`, the smallest holds). */
  readonly maxNotional?: string;
}

/**
 * The desk's limits: the `--limits` file's JSON, the `deskLimits` option, `setLimits()`. Decimals
 * are strings (a JSON number in the file is read by its written digits); every field is optional;
 * an unknown field is refused, so a typo never leaves a limit unset.
 *
 * @example
 * ```ts
 * const limits: DeskLimits = {
 *   keys: { '*': { maxNotional: '250000' }, 'desk-key': { maxOrdersPerSecond: 5, maxDuplicateOrders: 3 } },
 *   symbols: { BTCUSDT: { maxQuantity: '0.5', maxDeviation: '0.01' } },
 *   duplicateWindowMs: 5000,
 * };
 * ```
 */
export interface DeskLimits {
  /** By API key (`ACCESS-KEY`); `"*"`: every key not listed, and each field a listed key leaves out. */
  readonly keys?: Readonly<Record<string, DeskKeyLimits>>;
  /** By symbol; `"*"` as for keys. */
  readonly symbols?: Readonly<Record<string, DeskSymbolLimits>>;
  /** The duplicate guard's window. Default 5000 ms. */
  readonly duplicateWindowMs?: number;
}

/** `"*"`: the entry for every key (or symbol) not listed. */
export const ANY = '*';
/** The duplicate guard's window when the limits give none. */
export const DEFAULT_DUPLICATE_WINDOW_MS = 5_000;
/** The most identical orders a key may be allowed: the guard remembers no more per key. */
export const MAX_DUPLICATE_ORDERS = 1_000;
const MAX_ORDERS_PER_SECOND = 1_000_000;
const MAX_WINDOW_MS = 3_600_000;

/** A decimal limit: as written (canonical) for messages, and parsed for comparing. */
export interface DecimalLimit {
  readonly text: string;
  readonly value: Dec;
}

/** One key's limits, `"*"` merged in. */
export interface KeyRule {
  readonly maxOrdersPerSecond: number | undefined;
  readonly maxNotional: DecimalLimit | undefined;
  readonly maxDuplicateOrders: number | undefined;
  readonly allowedSymbols: ReadonlySet<string> | undefined;
}

/** One symbol's limits, `"*"` merged in. */
export interface SymbolRule {
  readonly maxQuantity: DecimalLimit | undefined;
  readonly maxDeviation: DecimalLimit | undefined;
  readonly maxNotional: DecimalLimit | undefined;
}

/** The limits as the hot path reads them: one lookup per key and per symbol. */
export interface CompiledDeskLimits {
  readonly keys: ReadonlyMap<string, KeyRule>;
  readonly anyKey: KeyRule;
  readonly symbols: ReadonlyMap<string, SymbolRule>;
  readonly anySymbol: SymbolRule;
  readonly duplicateWindowMs: number;
  /** Whether `"*"` caps the notional of every key (the CLI will not start without some cap). */
  readonly capsEveryKey: boolean;
  /** Listed keys and symbols, `"*"` aside, for the status page. */
  readonly listedKeys: number;
  readonly listedSymbols: number;
}

function mustBe(what: string) {
  return {
    error: (issue: { readonly input?: unknown }) => `must be ${what}, got ${describeValue(issue.input)}`,
  };
}

/** A whole number from `min` to `max`: a JSON number, or its digits as the strict reader keeps them. */
function wholeIn(min: number, max: number) {
  const what = mustBe(`a whole number from ${min} to ${max}`);
  return z.pipe(
    z.custom<number | string>(
      (value) =>
        (typeof value === 'number' && Number.isSafeInteger(value)) ||
        (typeof value === 'string' && /^\d{1,16}$/.test(value)),
      what,
    ),
    z.pipe(
      z.transform((value: number | string) => Number(value)),
      z.number().check(z.gte(min, what), z.lte(max, what)),
    ),
  );
}

/** A positive decimal as a string (or a JSON number's written digits), in canonical plain text. */
function positiveDecimal(what: string, atMostOne = false) {
  return z.pipe(
    z.custom<string>((value) => {
      if (typeof value !== 'string') return false;
      const plain = toPlainDecimal(value);
      if (plain === undefined || plain === '0' || plain.startsWith('-')) return false;
      return !atMostOne || Dec.parse(plain).lte(Dec.ONE);
    }, mustBe(what)),
    z.transform((value: string) => toPlainDecimal(value) as string),
  );
}

/** An object of name to entry, read as a Map so that every key counts (`__proto__` too). */
function entries<T>(entry: z.ZodMiniType<T>, what: string) {
  return z.pipe(
    z.custom<Readonly<Record<string, unknown>>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      mustBe(what),
    ),
    z.pipe(
      z.transform((value: Readonly<Record<string, unknown>>) => new Map(Object.entries(value))),
      z.map(z.string(), entry),
    ),
  );
}

/** An object with only the fields of `shape`: an unknown one (a typo) is named and refused. */
function fieldsOf<Shape extends z.core.$ZodLooseShape>(shape: Shape, what: string) {
  const fields = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue: {
      readonly code?: string;
      readonly keys?: readonly string[];
      readonly input?: unknown;
    }) =>
      issue.code === 'unrecognized_keys'
        ? `has an unknown field ${describeValue(issue.keys?.[0])} (the fields are ${fields})`
        : `must be ${what}, got ${describeValue(issue.input)}`,
  });
}

const limitsSchema = builtOnce(() => {
  const keyLimits = fieldsOf(
    {
      maxOrdersPerSecond: z.optional(wholeIn(1, MAX_ORDERS_PER_SECOND)),
      maxNotional: z.optional(positiveDecimal('a positive decimal string such as "250000"')),
      maxDuplicateOrders: z.optional(wholeIn(1, MAX_DUPLICATE_ORDERS)),
      allowedSymbols: z.optional(
        z.array(
          z.string(mustBe('a symbol such as "BTCUSDT"')),
          mustBe('an array of symbols such as ["BTCUSDT"]'),
        ),
      ),
    },
    'an object of key limits such as {"maxNotional": "250000"}',
  );
  const symbolLimits = fieldsOf(
    {
      maxQuantity: z.optional(positiveDecimal('a positive decimal string such as "0.5"')),
      maxDeviation: z.optional(
        positiveDecimal('a positive decimal string at most 1, such as "0.01" (1 %)', true),
      ),
      maxNotional: z.optional(positiveDecimal('a positive decimal string such as "250000"')),
    },
    'an object of symbol limits such as {"maxQuantity": "0.5"}',
  );
  return fieldsOf(
    {
      keys: z.optional(
        entries(keyLimits, 'an object of API key to limits, such as {"*": {"maxNotional": "250000"}}'),
      ),
      symbols: z.optional(
        entries(symbolLimits, 'an object of symbol to limits, such as {"BTCUSDT": {"maxQuantity": "0.5"}}'),
      ),
      duplicateWindowMs: z.optional(wholeIn(1, MAX_WINDOW_MS)),
    },
    'a JSON object with keys, symbols and duplicateWindowMs',
  );
});

/**
 * What {@link readDeskLimits} gives: the compiled limits, or where the first fault is (a path
 * such as `keys["desk-key"].maxNotional`) and what it must be, with the value it got.
 */
export type DeskLimitsRead =
  | { readonly ok: true; readonly limits: CompiledDeskLimits }
  | { readonly ok: false; readonly path: string; readonly problem: string };

/**
 * Checks and compiles the desk's limits (from a file's strict JSON or from an embedder).
 *
 * @example
 * ```ts
 * readDeskLimits({ keys: { '*': { maxNotional: '-5' } } });
 * // { ok: false, path: 'keys["*"].maxNotional', problem: 'must be a positive decimal string such as "250000", got "-5"' }
 * ```
 */
export function readDeskLimits(value: unknown): DeskLimitsRead {
  let result: ReturnType<ReturnType<typeof limitsSchema>['safeParse']>;
  try {
    result = limitsSchema().safeParse(value, { reportInput: true });
  } catch (error) {
    return { ok: false, path: '', problem: `could not be read (${describeValue(error)})` };
  }
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, path: pathText(issue?.path ?? []), problem: issue?.message ?? 'is not valid' };
  }
  const { keys, symbols, duplicateWindowMs } = result.data;
  const anyKey = keyRule(keys?.get(ANY), undefined);
  const anySymbol = symbolRule(symbols?.get(ANY), undefined);
  const keyRules = new Map<string, KeyRule>();
  for (const [key, limits] of keys ?? []) if (key !== ANY) keyRules.set(key, keyRule(limits, anyKey));
  const symbolRules = new Map<string, SymbolRule>();
  for (const [symbol, limits] of symbols ?? [])
    if (symbol !== ANY) symbolRules.set(symbol, symbolRule(limits, anySymbol));
  return {
    ok: true,
    limits: {
      keys: keyRules,
      anyKey,
      symbols: symbolRules,
      anySymbol,
      duplicateWindowMs: duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS,
      capsEveryKey: anyKey.maxNotional !== undefined,
      listedKeys: keyRules.size,
      listedSymbols: symbolRules.size,
    },
  };
}

/**
 * A fault {@link readDeskLimits} found, as one phrase: where, then what it must be.
 *
 * @example
 * ```ts
 * describeLimitsFault({ ok: false, path: 'keys["*"].maxNotional', problem: 'must be ...' }); // 'keys["*"].maxNotional must be ...'
 * ```
 */
export function describeLimitsFault(read: { readonly path: string; readonly problem: string }): string {
  return read.path === '' ? read.problem : `${read.path} ${read.problem}`;
}

/** The limits as the schema gives them, before compiling. */
type ReadLimits = z.output<ReturnType<typeof limitsSchema>>;
type ReadKey = NonNullable<ReadLimits['keys']> extends ReadonlyMap<string, infer K> ? K : never;
type ReadSymbol = NonNullable<ReadLimits['symbols']> extends ReadonlyMap<string, infer S> ? S : never;

function decimal(text: string | undefined): DecimalLimit | undefined {
  return text === undefined ? undefined : { text, value: Dec.parse(text) };
}

function keyRule(read: ReadKey | undefined, any: KeyRule | undefined): KeyRule {
  return {
    maxOrdersPerSecond: read?.maxOrdersPerSecond ?? any?.maxOrdersPerSecond,
    maxNotional: decimal(read?.maxNotional) ?? any?.maxNotional,
    maxDuplicateOrders: read?.maxDuplicateOrders ?? any?.maxDuplicateOrders,
    allowedSymbols: read?.allowedSymbols === undefined ? any?.allowedSymbols : new Set(read.allowedSymbols),
  };
}

function symbolRule(read: ReadSymbol | undefined, any: SymbolRule | undefined): SymbolRule {
  return {
    maxQuantity: decimal(read?.maxQuantity) ?? any?.maxQuantity,
    maxDeviation: decimal(read?.maxDeviation) ?? any?.maxDeviation,
    maxNotional: decimal(read?.maxNotional) ?? any?.maxNotional,
  };
}

/** A schema path as a reader writes it: `keys["desk-key"].maxNotional`, `keys["x"].allowedSymbols[2]`. */
function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const [i, part] of path.entries()) {
    if (typeof part === 'number') text += `[${part}]`;
    else if (i === 1 && (path[0] === 'keys' || path[0] === 'symbols'))
      text += `[${JSON.stringify(String(part))}]`;
    else text += `${text === '' ? '' : '.'}${String(part)}`;
  }
  return text;
}
