/**
 * The fields of a pair definition, stated once: every list of them (reading the exchange's
 * definitions, reading and writing snapshots, compiling, diffing) is taken from this table, in
 * its order, which is the order the exchange documents them (with `tickSizeSource` after
 * `tickSize`): the order snapshots write them and diffs list changes. schema.ts holds the table
 * to the `PairDefinition` interface at compile time (docs/exchange-semantics.md, "Reading the
 * exchange's definitions", says what each field means).
 */

/**
 * How a field's value is written, which decides how it is read, checked, compared and compiled:
 *
 * - `text`: a name (symbol, status, asset);
 * - `integer`: a precision, a whole number of decimal places;
 * - `decimal`: one decimal of either sign (the fee rates: a negative maker rate is a rebate);
 * - `amount`: one decimal that must not be negative (bounds, sizes, ratios);
 * - `grid`: a positive decimal step; `0`, like absence, means no grid;
 * - `flag`: true or false;
 * - `steps`: a list of positive decimals (the depth-merge price steps);
 * - `tick-source`: where the tick in force came from, set by the reader, never sent.
 */
export type PairFieldKind =
  | 'text'
  | 'integer'
  | 'decimal'
  | 'amount'
  | 'grid'
  | 'flag'
  | 'steps'
  | 'tick-source';

/**
 * What a field is for, which decides what an unreadable value costs:
 *
 * - `key`: names the pair; without a readable one the definition is set aside;
 * - `rule`: decides verdicts; present but unreadable, it sets the pair aside;
 * - `cosmetic`: shown to people or used for estimates; unreadable, it is kept as absent with a
 *   warning;
 * - `derived`: made by the reader from other fields.
 */
export type PairFieldRole = 'key' | 'rule' | 'cosmetic' | 'derived';

/** One row of {@link PAIR_FIELDS}. */
export interface PairFieldSpec {
  readonly kind: PairFieldKind;
  readonly role: PairFieldRole;
  /**
   * Whether a snapshot may leave the field out: version 1 had no `tickSizeSource` and left
   * absent display flags out. Every other field is written, `null` when absent.
   */
  readonly snapshotOptional: boolean;
}

const rule = <K extends PairFieldKind>(kind: K) => ({ kind, role: 'rule', snapshotOptional: false }) as const;
const cosmetic = <K extends PairFieldKind>(kind: K) =>
  ({ kind, role: 'cosmetic', snapshotOptional: false }) as const;
const displayFlag = { kind: 'flag', role: 'cosmetic', snapshotOptional: true } as const;

/** Every field of a pair definition, in definition order. */
export const PAIR_FIELDS = {
  symbol: { kind: 'text', role: 'key', snapshotOptional: false },
  status: rule('text'),
  baseAsset: cosmetic('text'),
  baseAssetPrecision: rule('integer'),
  quoteAsset: cosmetic('text'),
  quoteAssetPrecision: rule('integer'),
  tickSize: rule('grid'),
  tickSizeSource: { kind: 'tick-source', role: 'derived', snapshotOptional: true },
  stepSize: rule('grid'),
  minTradeAmount: rule('amount'),
  maxTradeAmount: rule('amount'),
  takerFeeRate: cosmetic('decimal'),
  makerFeeRate: cosmetic('decimal'),
  buyLimitPriceRatio: rule('amount'),
  sellLimitPriceRatio: rule('amount'),
  marketBuyLimitSize: rule('amount'),
  marketSellLimitSize: rule('amount'),
  marketFallbackPriceRatio: rule('amount'),
  enableTrade: rule('flag'),
  enableDisplay: displayFlag,
  displayDigitMerge: cosmetic('steps'),
  displayNew: displayFlag,
  displayHot: displayFlag,
} as const satisfies Record<string, PairFieldSpec>;

/** The name of a pair-definition field. */
export type PairFieldName = keyof typeof PAIR_FIELDS;

/** The fields of {@link PAIR_FIELDS} whose row has one of the kinds `K` and one of the roles `R`. */
export type PairFieldsWith<K extends PairFieldKind, R extends PairFieldRole = PairFieldRole> = {
  [F in PairFieldName]: (typeof PAIR_FIELDS)[F] extends { readonly kind: K; readonly role: R } ? F : never;
}[PairFieldName];

/** Every field name, in definition order. */
export const PAIR_FIELD_NAMES = Object.keys(PAIR_FIELDS) as readonly PairFieldName[];

/**
 * The fields of the given kinds and roles (any, when left out), in definition order.
 *
 * @example `pairFieldsWith({ kind: ['flag'], role: ['cosmetic'] }) // ['enableDisplay', 'displayNew', 'displayHot']`
 */
export function pairFieldsWith<
  K extends PairFieldKind = PairFieldKind,
  R extends PairFieldRole = PairFieldRole,
>(where: { readonly kind?: readonly K[]; readonly role?: readonly R[] }): readonly PairFieldsWith<K, R>[] {
  const { kind, role } = where;
  return PAIR_FIELD_NAMES.filter(
    (name) =>
      (kind === undefined || (kind as readonly PairFieldKind[]).includes(PAIR_FIELDS[name].kind)) &&
      (role === undefined || (role as readonly PairFieldRole[]).includes(PAIR_FIELDS[name].role)),
  ) as PairFieldsWith<K, R>[];
}

/** The kinds that hold one decimal: snapshots write them canonical and diffs compare them so. */
const ONE_DECIMAL_KINDS = ['decimal', 'amount', 'grid'] as const satisfies readonly PairFieldKind[];

/** Whether a field of this kind holds one decimal (or `null`). */
export function holdsOneDecimal(kind: PairFieldKind): boolean {
  return (ONE_DECIMAL_KINDS as readonly PairFieldKind[]).includes(kind);
}
