import { Dec } from '../decimal/dec.js';
import {
  CONTRACT_FIELD_NAMES,
  CONTRACT_FIELDS,
  type ContractFieldKind,
  contractFieldsWith,
} from './contract-fields.js';
import type { ContractDefinition } from './contract-schema.js';
import {
  type FieldReader,
  readDecimal,
  readFlag,
  readGrid,
  readNonNegativeDecimal,
  readPrecision,
  readSignedPrecision,
  readText,
} from './field-schemas.js';
import {
  type DefinitionReadingOf,
  type DefinitionTable,
  type FieldRead,
  type FieldWarning,
  readDefinitionWith,
} from './read-fields.js';

/**
 * Reads one raw contract definition field by field, as `readDefinition` reads a pair's
 * (docs/exchange-semantics.md, "Futures (contracts)"): a rule field absent, `null` or `""` is
 * `null` and only its checks are skipped; present but wrong, it sets the contract aside; a
 * cosmetic field never does (unreadable, it is `null` and a warning). The same readers as the
 * pair fields', so a contract's decimals are read exactly as a pair's are.
 */

/** How each kind of contract field is read from the exchange's wire. */
const READERS = {
  text: readText,
  'signed-integer': readSignedPrecision,
  integer: readPrecision,
  decimal: readDecimal,
  amount: readNonNegativeDecimal,
  grid: readGrid,
  flag: readFlag,
} as const satisfies Record<ContractFieldKind, FieldReader<unknown>>;

const withReader = (field: keyof typeof CONTRACT_FIELDS): FieldRead => [
  field,
  READERS[CONTRACT_FIELDS[field].kind],
];

/** The contract's fields, read as a pair's are; a cosmetic number is not checked for lost digits. */
const CONTRACT_TABLE: DefinitionTable = {
  rule: contractFieldsWith('rule').map(withReader),
  cosmetic: contractFieldsWith('cosmetic').map(withReader),
  blank: Object.fromEntries(CONTRACT_FIELD_NAMES.map((f) => [f, null])),
  cosmeticDigits: false,
  textParser: 'parseContractInfoText',
  more(_record, definition, warnings) {
    const disagreement = gridDisagreement(definition as unknown as ContractDefinition);
    if (disagreement !== undefined) warnings.push(disagreement);
  },
};

/** What reading one contract definition gave (the shape of `readDefinition`'s answer). */
export type ContractDefinitionReading = DefinitionReadingOf<ContractDefinition>;

/**
 * Reads one contract definition. Every field is read once, and what a hostile object throws
 * while being read is a reason, never rethrown.
 */
export function readContractDefinition(raw: unknown): ContractDefinitionReading {
  return readDefinitionWith(raw, CONTRACT_TABLE);
}

/**
 * `10^-places` as plain text, for any sign of `places` (`-2` → `'100'`, `2` → `'0.01'`).
 *
 * @example `powerOfTenText(-2) // '100'`
 */
export function powerOfTenText(places: number): string {
  if (places <= 0) return `1${'0'.repeat(-places)}`;
  return `0.${'0'.repeat(places - 1)}1`;
}

/**
 * The warning for a definition whose `contractVal` is not `10^-quantityPrecision`: every recorded
 * definition has them equal, so a difference is worth a word (the book then holds quantities to
 * the grid both allow, `ContractBookOptions.sizeGrid`).
 */
function gridDisagreement(contract: ContractDefinition): FieldWarning | undefined {
  const { contractVal, quantityPrecision } = contract;
  if (contractVal === null || quantityPrecision === null) return undefined;
  const unit = powerOfTenText(quantityPrecision);
  if (Dec.parse(contractVal).eq(Dec.parse(unit))) return undefined;
  return {
    field: 'contractVal',
    message: `contractVal ${contractVal} disagrees with quantityPrecision ${quantityPrecision} (a size grid of ${unit}); by default quantities are held to the grid both allow (ContractBookOptions.sizeGrid)`,
  };
}
