import { describeThrown } from '../errors/preflight-error.js';
import {
  type DigitMerge,
  type FieldReader,
  type FieldReading,
  mayHaveLostDigits,
  readDecimal,
  readDigitMerge,
  readFlag,
  readGrid,
  readNonNegativeDecimal,
  readPrecision,
  readText,
} from './field-schemas.js';
import { PAIR_FIELD_NAMES, PAIR_FIELDS, type PairFieldKind, pairFieldsWith } from './pair-fields.js';
import type { PairDefinition, RejectionReason } from './schema.js';

/**
 * Reads one raw pair definition field by field (docs/exchange-semantics.md, "Reading the exchange's
 * definitions"):
 *
 * - a rule field that is absent, `null` or `""` becomes `null`, and only its checks are skipped;
 *   present but wrong, it sets the pair aside;
 * - a display or fee field never sets the pair aside: unreadable, it becomes `null` and a warning.
 */

/** How each kind of field (pair-fields.ts) is read from the exchange's wire. */
const READERS = {
  text: readText,
  integer: readPrecision,
  decimal: readDecimal,
  amount: readNonNegativeDecimal,
  grid: readGrid,
  flag: readFlag,
} as const satisfies Partial<Record<PairFieldKind, FieldReader<unknown>>>;

/** The kinds {@link READERS} read; the depth-merge list is read on its own and the tick source derived. */
const READ_ALONE = Object.keys(READERS) as (keyof typeof READERS)[];

/** A field with its reader. */
type FieldRead = readonly [field: string, reader: FieldReader<unknown>];

/** The fields whose values decide a verdict, the key aside: wrong ones set the pair aside. */
const RULE_FIELDS: readonly FieldRead[] = pairFieldsWith({ kind: READ_ALONE, role: ['rule'] }).map(
  (field) => [field, READERS[PAIR_FIELDS[field].kind]],
);
/** Fields shown to people or used for estimates only: unreadable ones are warnings, never rejections. */
const COSMETIC_FIELDS: readonly FieldRead[] = pairFieldsWith({ kind: READ_ALONE, role: ['cosmetic'] }).map(
  (field) => [field, READERS[PAIR_FIELDS[field].kind]],
);

/** Every field `null`, in definition order. */
const BLANK_DEFINITION: Readonly<Record<string, null>> = Object.fromEntries(
  PAIR_FIELD_NAMES.map((field) => [field, null]),
);

/** A field warning before the symbol is attached. */
export interface FieldWarning {
  readonly field: string;
  readonly message: string;
}

/** What reading one definition gave. */
export type DefinitionReading =
  | {
      readonly ok: true;
      readonly definition: PairDefinition;
      readonly warnings: readonly FieldWarning[];
    }
  | {
      readonly ok: false;
      readonly reasons: readonly RejectionReason[];
      /** The definition's symbol, when it was a readable name (so it is never read twice). */
      readonly symbol?: string;
    };

/**
 * Reads one definition. Every field is read once (a getter runs at most once), and what a
 * hostile object throws while being read is reported as a reason, never rethrown. The symbol of
 * a definition set aside is kept when it was a readable name (at most MAX_FIELD_TEXT_LENGTH
 * characters), so the caller never needs to read it again.
 */
export function readDefinition(raw: unknown): DefinitionReading {
  const seen: { symbol?: string } = {};
  try {
    return readFields(raw, seen);
  } catch (error) {
    return {
      ok: false,
      reasons: [{ path: '(definition)', message: `could not be read: ${describeThrown(error)}` }],
      ...(seen.symbol === undefined ? {} : { symbol: seen.symbol }),
    };
  }
}

function readFields(raw: unknown, seen: { symbol?: string }): DefinitionReading {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, reasons: [{ path: '(definition)', message: 'expected an object' }] };
  const record = raw as Record<string, unknown>;
  const symbolRead = readText(record.symbol);
  if (symbolRead.kind === 'value') seen.symbol = symbolRead.value;
  const reasons: RejectionReason[] = [];
  const warnings: FieldWarning[] = [];

  if (symbolRead.kind !== 'value')
    reasons.push({
      path: 'symbol',
      message: symbolRead.kind === 'wrong' ? symbolRead.message : 'must be a non-empty string',
    });

  // A copy of one blank: every definition has its fields in definition order, and one shape.
  const definition: Record<string, unknown> = { ...BLANK_DEFINITION };

  for (const [field, reader] of RULE_FIELDS) {
    const rawValue = record[field];
    const read = reader(rawValue);
    if (read.kind === 'wrong') reasons.push({ path: field, message: read.message });
    definition[field] = read.kind === 'value' ? read.value : null;
    if (mayHaveLostDigits(rawValue)) warnings.push(lostDigits(field, rawValue as number));
  }

  for (const [field, reader] of COSMETIC_FIELDS) {
    const rawValue = record[field];
    const read = reader(rawValue);
    if (read.kind === 'wrong') warnings.push({ field, message: `${read.message}; kept as absent` });
    definition[field] = read.kind === 'value' ? read.value : null;
    if (mayHaveLostDigits(rawValue)) warnings.push(lostDigits(field, rawValue as number));
  }

  const merge = readDigitMerge(record.displayDigitMerge);
  definition.displayDigitMerge = digitMergeOf(merge, warnings);

  if (reasons.length > 0 || symbolRead.kind !== 'value')
    return symbolRead.kind === 'value'
      ? { ok: false, reasons, symbol: symbolRead.value }
      : { ok: false, reasons };
  definition.symbol = symbolRead.value;
  definition.tickSizeSource = definition.tickSize === null ? 'none' : 'tickSize';
  return { ok: true, definition: definition as unknown as PairDefinition, warnings };
}

function digitMergeOf(read: FieldReading<DigitMerge>, warnings: FieldWarning[]): readonly string[] | null {
  if (read.kind === 'absent') return null;
  if (read.kind === 'wrong') {
    warnings.push({ field: 'displayDigitMerge', message: `${read.message}; kept as absent` });
    return null;
  }
  if (read.value.ignored.length > 0)
    warnings.push({
      field: 'displayDigitMerge',
      message: `ignored ${read.value.ignored.length} entr${read.value.ignored.length === 1 ? 'y' : 'ies'} that are not positive decimals (${read.value.ignored
        .slice(0, 3)
        .map((e) => JSON.stringify(e.slice(0, 20)))
        .join(', ')})`,
    });
  return read.value.steps;
}

function lostDigits(field: string, raw: number): FieldWarning {
  return {
    field,
    message: `arrived as the JavaScript number ${String(raw)}, which JSON.parse may have rounded; parse the response text with parseExchangeInfoText to keep every digit`,
  };
}
