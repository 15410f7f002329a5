import { isNegativeDecimal, isZeroDecimal, numericText, toPlainDecimal } from '../decimal/plain-decimal.js';
import { describeValue } from '../errors/preflight-error.js';

/**
 * Readers for the fields of a pair definition, one per wire encoding. The BETA wire sends the same
 * field as a string, a number or (from the lossless parser) a lossless number, and leaves fields
 * out, sends `null`, or sends `""`; each reader turns all of that into one exact canonical value,
 * "absent", or what was wrong.
 */

/** What a reader made of one field. */
export type FieldReading<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'absent' }
  | { readonly kind: 'wrong'; readonly message: string };

/** Reads one field's raw value. */
export type FieldReader<T> = (raw: unknown) => FieldReading<T>;

const ABSENT: FieldReading<never> = Object.freeze({ kind: 'absent' });

/** Largest precision accepted; real exchanges use at most 18. */
export const MAX_ASSET_PRECISION = 255;

/**
 * Longest text field (symbol, status, asset) read from the exchange: far above any real one, and
 * small enough that a hostile payload cannot make us copy megabytes per field.
 */
export const MAX_FIELD_TEXT_LENGTH = 1024;

/**
 * Absent, `null` and `""` all mean "the exchange did not say" (docs/exchange-semantics.md, "Reading
 * the exchange's definitions").
 */
export function isAbsent(raw: unknown): boolean {
  return raw === undefined || raw === null || raw === '';
}

function value<T>(v: T): FieldReading<T> {
  return { kind: 'value', value: v };
}

function wrong(message: string): FieldReading<never> {
  return { kind: 'wrong', message };
}

/** Any decimal, of any sign (fee rates: a negative maker rate is a rebate). */
export const readDecimal: FieldReader<string> = (raw) => {
  if (isAbsent(raw)) return ABSENT;
  const plain = toPlainDecimal(raw);
  return plain === undefined
    ? wrong(`expected a decimal (JSON string or number), got ${describeValue(raw)}`)
    : value(plain);
};

/** A decimal that must not be negative: sizes, amounts, ratios. */
export const readNonNegativeDecimal: FieldReader<string> = (raw) => {
  const read = readDecimal(raw);
  if (read.kind === 'value' && isNegativeDecimal(read.value))
    return wrong(`must not be negative, got ${read.value}`);
  return read;
};

/** `tickSize` / `stepSize`: a positive decimal; `0` means "no grid", as absence does. */
export const readGrid: FieldReader<string> = (raw) => {
  const read = readNonNegativeDecimal(raw);
  if (read.kind === 'wrong')
    return wrong(read.message.replace('expected a decimal', 'expected a decimal grid size'));
  return read.kind === 'value' && isZeroDecimal(read.value) ? ABSENT : read;
};

/** Any spelling of a whole number: `8`, `"8"`, `8.0`, `1.7e12` (as lossless text or a JS number). */
function integerFrom(raw: unknown): number | undefined {
  const plain = toPlainDecimal(raw);
  if (plain === undefined) return undefined;
  // Canonical text has a point only when it has a fraction; past 2^53 the number is not safe.
  if (plain.includes('.')) return undefined;
  const n = Number(plain);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** `baseAssetPrecision` / `quoteAssetPrecision`: an integer from 0 to MAX_ASSET_PRECISION, as a number or `"8"`. */
export const readPrecision: FieldReader<number> = (raw) => {
  if (isAbsent(raw)) return ABSENT;
  const n = integerFrom(raw);
  return n === undefined || n < 0 || n > MAX_ASSET_PRECISION
    ? wrong(
        `expected an integer from 0 to ${MAX_ASSET_PRECISION} (JSON number or string), got ${describeValue(raw)}`,
      )
    : value(n);
};

/** Smallest signed precision accepted: a size grid of 10^30 is far past any contract's. */
export const MIN_SIGNED_PRECISION = -30;

/**
 * A contract's `pricePrecision` / `quantityPrecision`: an integer from MIN_SIGNED_PRECISION to
 * MAX_ASSET_PRECISION, as a number or `"-2"` (negative: sizes in tens, hundreds).
 */
export const readSignedPrecision: FieldReader<number> = (raw) => {
  if (isAbsent(raw)) return ABSENT;
  const n = integerFrom(raw);
  return n === undefined || n < MIN_SIGNED_PRECISION || n > MAX_ASSET_PRECISION
    ? wrong(
        `expected an integer from ${MIN_SIGNED_PRECISION} to ${MAX_ASSET_PRECISION} (JSON number or string), got ${describeValue(raw)}`,
      )
    : value(n);
};

/** A flag: `true` / `false`, or the strings `"true"` / `"false"` some encoders send. */
export const readFlag: FieldReader<boolean> = (raw) => {
  if (isAbsent(raw)) return ABSENT;
  if (raw === true || raw === 'true') return value(true);
  if (raw === false || raw === 'false') return value(false);
  return wrong(`expected true or false, got ${describeValue(raw)}`);
};

/** A name (symbol, status, asset): a string of at most MAX_FIELD_TEXT_LENGTH characters. */
export const readText: FieldReader<string> = (raw) => {
  if (isAbsent(raw)) return ABSENT;
  if (typeof raw !== 'string') return wrong(`expected a string, got ${describeValue(raw)}`);
  if (raw.length > MAX_FIELD_TEXT_LENGTH)
    return wrong(`expected at most ${MAX_FIELD_TEXT_LENGTH} characters, got ${raw.length}`);
  return value(raw);
};

/** What {@link readDigitMerge} found: the readable positive steps and the entries it ignored. */
export interface DigitMerge {
  readonly steps: readonly string[];
  readonly ignored: readonly string[];
}

/** More entries than any real depth-merge list has; past it the rest is ignored. */
const MAX_DIGIT_MERGE_ENTRIES = 64;

/**
 * `displayDigitMerge`: a comma-separated list of price steps (`"0.01,0.1,1"`; a lone JSON number
 * is a one-step list). Empty entries (a trailing comma) are skipped quietly; entries that are not
 * positive decimals are ignored and reported, never a reason to set the pair aside.
 */
export const readDigitMerge: FieldReader<DigitMerge> = (raw) => {
  if (raw === undefined || raw === null) return ABSENT;
  const text = typeof raw === 'string' ? raw : numericText(raw);
  if (text === undefined || typeof raw === 'boolean')
    return wrong(`expected comma-separated decimals, got ${describeValue(raw)}`);
  if (text.length > MAX_FIELD_TEXT_LENGTH)
    return wrong(`expected at most ${MAX_FIELD_TEXT_LENGTH} characters, got ${text.length}`);
  const steps: string[] = [];
  const ignored: string[] = [];
  for (const part of text.split(',').slice(0, MAX_DIGIT_MERGE_ENTRIES)) {
    const entry = part.trim();
    if (entry === '') continue;
    const plain = toPlainDecimal(entry);
    if (plain === undefined || isNegativeDecimal(plain) || isZeroDecimal(plain)) ignored.push(entry);
    else steps.push(plain);
  }
  return value({ steps, ignored });
};

/** A non-negative integer up to `max`, in any spelling of a whole number, or undefined. */
export function readInteger(raw: unknown, max: number): number | undefined {
  const n = integerFrom(raw);
  return n === undefined || n < 0 || n > max ? undefined : n;
}

/**
 * Whether a JS number may have lost digits on its way through `JSON.parse`: a double holds 15
 * significant digits exactly, so a number printed with 16 or more may not be what was sent.
 */
export function mayHaveLostDigits(raw: unknown): boolean {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return false;
  const text = String(raw);
  const mantissa = text.split(/[eE]/)[0] ?? '';
  let significant = 0;
  let started = false;
  let trailingZeros = 0;
  for (const c of mantissa) {
    if (c < '0' || c > '9') continue;
    if (!started && c === '0') continue;
    started = true;
    significant++;
    trailingZeros = c === '0' ? trailingZeros + 1 : 0;
  }
  return significant - trailingZeros >= 16;
}
