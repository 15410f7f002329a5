import {
  type DigitMerge,
  type FieldReader,
  type FieldReading,
  readDecimal,
  readDigitMerge,
  readFlag,
  readGrid,
  readNonNegativeDecimal,
  readPrecision,
  readText,
} from './field-schemas.js';
import { PAIR_FIELD_NAMES, PAIR_FIELDS, type PairFieldKind, pairFieldsWith } from './pair-fields.js';
import {
  type DefinitionReadingOf,
  type DefinitionTable,
  type FieldWarning,
  readDefinitionWith,
} from './read-fields.js';
import type { PairDefinition } from './schema.js';

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

/** The pair's fields: the depth-merge list read on its own, the tick source derived. */
const PAIR_TABLE: DefinitionTable = {
  rule: pairFieldsWith({ kind: READ_ALONE, role: ['rule'] }).map((field) => [
    field,
    READERS[PAIR_FIELDS[field].kind],
  ]),
  cosmetic: pairFieldsWith({ kind: READ_ALONE, role: ['cosmetic'] }).map((field) => [
    field,
    READERS[PAIR_FIELDS[field].kind],
  ]),
  blank: Object.fromEntries(PAIR_FIELD_NAMES.map((field) => [field, null])),
  cosmeticDigits: true,
  textParser: 'parseExchangeInfoText',
  more(record, definition, warnings) {
    definition.displayDigitMerge = digitMergeOf(readDigitMerge(record.displayDigitMerge), warnings);
    definition.tickSizeSource = definition.tickSize === null ? 'none' : 'tickSize';
  },
};

export type { FieldWarning } from './read-fields.js';

/** What reading one definition gave. */
export type DefinitionReading = DefinitionReadingOf<PairDefinition>;

/**
 * Reads one definition. Every field is read once (a getter runs at most once), and what a
 * hostile object throws while being read is reported as a reason, never rethrown. The symbol of
 * a definition set aside is kept when it was a readable name (at most MAX_FIELD_TEXT_LENGTH
 * characters), so the caller never needs to read it again.
 */
export function readDefinition(raw: unknown): DefinitionReading {
  return readDefinitionWith(raw, PAIR_TABLE);
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
