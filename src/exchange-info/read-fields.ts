import { describeThrown } from '../errors/preflight-error.js';
import { type FieldReader, mayHaveLostDigits, readText } from './field-schemas.js';
import type { RejectionReason } from './schema.js';

/**
 * The one field-by-field reading of a raw definition, pair or contract, each given by its own
 * table (docs/exchange-semantics.md, "Reading the exchange's definitions"): a rule field that is
 * absent, `null` or `""` becomes `null` and only its checks are skipped; present but wrong, it
 * sets the definition aside; a cosmetic field never does (unreadable, it is `null` and a warning).
 */

/** A field warning before the symbol is attached. */
export interface FieldWarning {
  readonly field: string;
  readonly message: string;
}

/** A field with its reader. */
export type FieldRead = readonly [field: string, reader: FieldReader<unknown>];

/** What reading one definition gave. */
export type DefinitionReadingOf<D> =
  | { readonly ok: true; readonly definition: D; readonly warnings: readonly FieldWarning[] }
  | {
      readonly ok: false;
      readonly reasons: readonly RejectionReason[];
      /** The definition's symbol, when it was a readable name (so it is never read twice). */
      readonly symbol?: string;
    };

/** One kind of definition's fields, as {@link readDefinitionWith} reads them. */
export interface DefinitionTable {
  /** The fields whose values decide a verdict, the key aside: wrong ones set the definition aside. */
  readonly rule: readonly FieldRead[];
  /** Fields shown to people or used for estimates only: unreadable ones are warnings. */
  readonly cosmetic: readonly FieldRead[];
  /** Every field `null`, in definition order: each definition is a copy, so all have one shape. */
  readonly blank: Readonly<Record<string, null>>;
  /** Whether a cosmetic field that arrived as a number that may have lost digits is warned of too. */
  readonly cosmeticDigits: boolean;
  /** The parser of the whole text, which the lost-digits warning advises. */
  readonly textParser: string;
  /** What the kind reads or derives beside its table, before the verdict (warnings it adds kept). */
  readonly more?: (
    record: Record<string, unknown>,
    definition: Record<string, unknown>,
    warnings: FieldWarning[],
  ) => void;
}

/**
 * Reads one definition by `table`. Every field is read once (a getter runs at most once), and
 * what a hostile object throws while being read is a reason, never rethrown. The symbol of a
 * definition set aside is kept when it was a readable name, so the caller never reads it again.
 */
export function readDefinitionWith<D>(raw: unknown, table: DefinitionTable): DefinitionReadingOf<D> {
  const seen: { symbol?: string } = {};
  try {
    return readFields(raw, table, seen);
  } catch (error) {
    return {
      ok: false,
      reasons: [{ path: '(definition)', message: `could not be read: ${describeThrown(error)}` }],
      ...(seen.symbol === undefined ? {} : { symbol: seen.symbol }),
    };
  }
}

function readFields<D>(
  raw: unknown,
  table: DefinitionTable,
  seen: { symbol?: string },
): DefinitionReadingOf<D> {
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
  const definition: Record<string, unknown> = { ...table.blank };
  for (const [field, reader] of table.rule) {
    const rawValue = record[field];
    const read = reader(rawValue);
    if (read.kind === 'wrong') reasons.push({ path: field, message: read.message });
    definition[field] = read.kind === 'value' ? read.value : null;
    if (mayHaveLostDigits(rawValue)) warnings.push(lostDigits(field, rawValue as number, table));
  }
  for (const [field, reader] of table.cosmetic) {
    const rawValue = record[field];
    const read = reader(rawValue);
    if (read.kind === 'wrong') warnings.push({ field, message: `${read.message}; kept as absent` });
    definition[field] = read.kind === 'value' ? read.value : null;
    if (table.cosmeticDigits && mayHaveLostDigits(rawValue))
      warnings.push(lostDigits(field, rawValue as number, table));
  }
  table.more?.(record, definition, warnings);
  if (reasons.length > 0 || symbolRead.kind !== 'value')
    return symbolRead.kind === 'value'
      ? { ok: false, reasons, symbol: symbolRead.value }
      : { ok: false, reasons };
  definition.symbol = symbolRead.value;
  return { ok: true, definition: definition as unknown as D, warnings };
}

function lostDigits(field: string, raw: number, table: DefinitionTable): FieldWarning {
  return {
    field,
    message: `arrived as the JavaScript number ${String(raw)}, which JSON.parse may have rounded; parse the response text with ${table.textParser} to keep every digit`,
  };
}
