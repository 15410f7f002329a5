import { Dec } from '../decimal/dec.js';
import { describeThrown } from '../errors/preflight-error.js';
import {
  CONTRACT_FIELD_NAMES,
  CONTRACT_FIELDS,
  type ContractFieldKind,
  contractFieldsWith,
} from './contract-fields.js';
import type { ContractDefinition } from './contract-schema.js';
import {
  type FieldReader,
  mayHaveLostDigits,
  readDecimal,
  readFlag,
  readGrid,
  readNonNegativeDecimal,
  readPrecision,
  readSignedPrecision,
  readText,
} from './field-schemas.js';
import type { FieldWarning } from './read-definition.js';
import type { RejectionReason } from './schema.js';

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

type FieldRead = readonly [field: string, reader: FieldReader<unknown>];
const withReader = (field: keyof typeof CONTRACT_FIELDS): FieldRead => [
  field,
  READERS[CONTRACT_FIELDS[field].kind],
];
const RULE_FIELDS: readonly FieldRead[] = contractFieldsWith('rule').map(withReader);
const COSMETIC_FIELDS: readonly FieldRead[] = contractFieldsWith('cosmetic').map(withReader);
const BLANK: Readonly<Record<string, null>> = Object.fromEntries(CONTRACT_FIELD_NAMES.map((f) => [f, null]));

/** What reading one contract definition gave (the shape of `readDefinition`'s answer). */
export type ContractDefinitionReading =
  | { readonly ok: true; readonly definition: ContractDefinition; readonly warnings: readonly FieldWarning[] }
  | { readonly ok: false; readonly reasons: readonly RejectionReason[]; readonly symbol?: string };

/**
 * Reads one contract definition. Every field is read once, and what a hostile object throws
 * while being read is a reason, never rethrown.
 */
export function readContractDefinition(raw: unknown): ContractDefinitionReading {
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

function readFields(raw: unknown, seen: { symbol?: string }): ContractDefinitionReading {
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
  const definition: Record<string, unknown> = { ...BLANK };
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
  }
  if (reasons.length > 0 || symbolRead.kind !== 'value')
    return symbolRead.kind === 'value'
      ? { ok: false, reasons, symbol: symbolRead.value }
      : { ok: false, reasons };
  definition.symbol = symbolRead.value;
  const contract = definition as unknown as ContractDefinition;
  const disagreement = gridDisagreement(contract);
  if (disagreement !== undefined) warnings.push(disagreement);
  return { ok: true, definition: contract, warnings };
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

function lostDigits(field: string, raw: number): FieldWarning {
  return {
    field,
    message: `arrived as the JavaScript number ${String(raw)}, which JSON.parse may have rounded; parse the response text with parseContractInfoText to keep every digit`,
  };
}
