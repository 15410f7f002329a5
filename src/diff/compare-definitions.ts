import { holdsOneDecimal, PAIR_FIELDS } from '../exchange-info/pair-fields.js';
import { PAIR_DEFINITION_FIELDS, type PairDefinition } from '../exchange-info/schema.js';
import { canonical } from '../snapshot/write-snapshot.js';

/**
 * A field of a pair definition that can change while the pair stays listed (every field but
 * `symbol`, which is how pairs are matched).
 *
 * @example
 * ```ts
 * const field: DefinitionField = 'tickSize';
 * ```
 */
export type DefinitionField = Exclude<keyof PairDefinition, 'symbol'>;

/**
 * One field of one pair whose value differs between two books, with both values as the books
 * hold them (decimals as canonical strings, `null` for a field the exchange did not send). A
 * tick that came from elsewhere shows as a `tickSizeSource` change beside the `tickSize` one.
 * `field` narrows `before` and `after`.
 *
 * @example
 * ```ts
 * // { field: 'tickSize', before: '0.01', after: '0.1' }
 * // { field: 'enableTrade', before: true, after: false }
 * // { field: 'displayDigitMerge', before: ['0.01', '0.1'], after: [] }
 * if (change.field === 'enableTrade' && !change.after) alert(`${symbol} disabled`);
 * ```
 */
export type FieldChange = {
  [K in DefinitionField]: {
    readonly field: K;
    readonly before: PairDefinition[K];
    readonly after: PairDefinition[K];
  };
}[DefinitionField];

/**
 * Every field but `symbol`, in definition order: the order of a pair's changes in a diff.
 *
 * @example `DEFINITION_FIELDS.indexOf('tickSize') < DEFINITION_FIELDS.indexOf('enableTrade') // true`
 */
export const DEFINITION_FIELDS: readonly DefinitionField[] = PAIR_DEFINITION_FIELDS.filter(
  (field): field is DefinitionField => field !== 'symbol',
);

/**
 * The fields whose values differ between two definitions of one pair, in definition order.
 * Decimals compare by canonical text, so `'0.10'` and `'0.1'` are the same value even in a book
 * compiled from a hand-built (unparsed) `ExchangeInfo`.
 *
 * @example
 * ```ts
 * compareDefinitions(before, { ...before, tickSize: '0.1' }); // [{ field: 'tickSize', before: '0.01', after: '0.1' }]
 * ```
 */
export function compareDefinitions(before: PairDefinition, after: PairDefinition): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of DEFINITION_FIELDS) {
    const a = before[field];
    const b = after[field];
    if (!sameValue(field, a, b)) changes.push({ field, before: copyOf(a), after: copyOf(b) } as FieldChange);
  }
  return changes;
}

/** Decimals, one or a list of steps, are equal when their canonical texts are; the rest when identical. */
function sameValue(field: DefinitionField, a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((step, i) => sameDecimal(step, b[i]));
  if (holdsOneDecimal(PAIR_FIELDS[field].kind)) return sameDecimal(a, b);
  return a === b;
}

function sameDecimal(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a === b || canonical(a) === canonical(b);
  return a === b;
}

/** A diff must not share a list with the book it describes. */
function copyOf<T>(value: T): T {
  return (Array.isArray(value) ? [...value] : value) as T;
}
