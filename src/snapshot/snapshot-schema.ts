import { z } from 'zod';
import { MAX_EXCHANGE_DECIMAL_LENGTH } from '../decimal/plain-decimal.js';
import { MAX_ASSET_PRECISION } from '../exchange-info/field-schemas.js';
import type { PairDefinition, RejectedDefinition } from '../exchange-info/schema.js';

/**
 * The value of a snapshot's `format` field: it marks a JSON document as a rule-book snapshot.
 *
 * @example
 * ```ts
 * JSON.parse(text).format === SNAPSHOT_FORMAT; // true for a file written from book.toJSON()
 * ```
 */
export const SNAPSHOT_FORMAT = 'order-preflight/rule-book';

/**
 * The snapshot version this library writes, and the newest it reads. It goes up whenever a field
 * is added or changes meaning, so an older library refuses a snapshot it would misread.
 *
 * @example
 * ```ts
 * book.toJSON().version === SNAPSHOT_VERSION; // true
 * ```
 */
export const SNAPSHOT_VERSION = 1;

/**
 * A canonical plain decimal: no exponent, no sign on zero, no leading or trailing zeros.
 * Length: the exchange reader accepts up to MAX_EXCHANGE_DECIMAL_LENGTH characters of input, and
 * expanding an exponent can make the canonical text twice as long plus a sign and a point; a
 * snapshot must hold whatever the reader produced.
 */
const CANONICAL_DECIMAL = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;
const MAX_CANONICAL_LENGTH = 2 * MAX_EXCHANGE_DECIMAL_LENGTH + 2;

function isCanonicalDecimal(text: string): boolean {
  return text.length <= MAX_CANONICAL_LENGTH && CANONICAL_DECIMAL.test(text) && text !== '-0';
}

const CANONICAL_MESSAGE =
  "expected a canonical plain decimal string (such as '0.01', never '0.010' or '1e-2')";

const canonicalDecimal = z.string().refine(isCanonicalDecimal, { message: CANONICAL_MESSAGE });
const nonNegativeDecimal = canonicalDecimal.refine((text) => !text.startsWith('-'), {
  message: 'must not be negative',
});
/** A grid is `null` (no grid) or positive: the parser already turned `0` into `null`. */
const gridSize = nonNegativeDecimal
  .refine((text) => text !== '0', { message: 'must be positive; no grid is written as null' })
  .nullable();
const precision = z.number().int().min(0).max(MAX_ASSET_PRECISION);
const epochMs = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/**
 * JSON cannot hold `undefined`, so an absent display flag is an absent key. The identity transform
 * makes the parsed key present-but-`undefined`, exactly as in {@link PairDefinition}.
 */
const optionalFlag = z
  .boolean()
  .optional()
  .transform((flag) => flag);
const optionalDecimalList = z
  .array(canonicalDecimal)
  .optional()
  .transform((list) => list);

/**
 * One pair definition in a snapshot: the fields of {@link PairDefinition}, each in its one
 * canonical spelling. Unlike the exchange's wire, nothing is coerced (no `"8"` for 8, no `1e-8`,
 * no `0` for "no grid") and an unknown field is refused: a field this version does not know could
 * carry a rule it would not enforce.
 *
 * @example
 * ```ts
 * snapshotPairDefinitionSchema.safeParse({ ...definition, tickSize: '1e-2' }).success; // false
 * ```
 */
export const snapshotPairDefinitionSchema = z.strictObject({
  symbol: z.string().min(1),
  status: z.string().min(1),
  baseAsset: z.string(),
  baseAssetPrecision: precision,
  quoteAsset: z.string(),
  quoteAssetPrecision: precision,
  tickSize: gridSize,
  stepSize: gridSize,
  minTradeAmount: nonNegativeDecimal,
  maxTradeAmount: nonNegativeDecimal,
  takerFeeRate: canonicalDecimal,
  makerFeeRate: canonicalDecimal,
  buyLimitPriceRatio: nonNegativeDecimal,
  sellLimitPriceRatio: nonNegativeDecimal,
  marketBuyLimitSize: nonNegativeDecimal,
  marketSellLimitSize: nonNegativeDecimal,
  marketFallbackPriceRatio: nonNegativeDecimal,
  enableTrade: z.boolean(),
  enableDisplay: optionalFlag,
  displayDigitMerge: optionalDecimalList,
  displayNew: optionalFlag,
  displayHot: optionalFlag,
});

const rejectionReasonSchema = z.strictObject({ path: z.string(), message: z.string() });

/**
 * A definition the exchange sent that was set aside, as {@link RejectedDefinition}.
 *
 * @example
 * ```ts
 * snapshotRejectedDefinitionSchema.parse({ index: 3, symbol: 'BADUSDT', reasons: [{ path: 'tickSize', message: '...' }] });
 * ```
 */
export const snapshotRejectedDefinitionSchema = z.strictObject({
  index: z.number().int().min(0),
  symbol: z.string().min(1).exactOptional(),
  reasons: z.array(rejectionReasonSchema).min(1),
});

/**
 * The rule-book snapshot, version 1 (what `book.toJSON()` returns and `RuleBook.fromJSON`
 * reads):
 *
 * - `format`: always `'order-preflight/rule-book'`; `version`: `1`.
 * - `fetchedAt`: when the definitions were fetched, integer ms since the epoch (like
 *   `serverTime`, so the two compare without parsing and age is one subtraction).
 * - `serverTime`, `timezone`: as the exchange reported them.
 * - `symbols`: the usable definitions, in payload order, exactly as parsed: decimals as
 *   canonical plain strings, `tickSize`/`stepSize` `null` for no grid, `displayDigitMerge` as a
 *   list, absent display flags absent.
 * - `rejected`: the definitions set aside, with their reasons; `index` is the position in the
 *   exchange's payload, not in `symbols`.
 *
 * A symbol appears at most once in `symbols` and never in both lists.
 *
 * @example
 * ```ts
 * const result = ruleBookSnapshotSchema.safeParse(JSON.parse(text));
 * if (!result.success) console.table(result.error.issues);
 * ```
 */
export const ruleBookSnapshotSchema = z
  .strictObject({
    format: z.literal(SNAPSHOT_FORMAT),
    version: z.literal(SNAPSHOT_VERSION),
    fetchedAt: epochMs,
    serverTime: epochMs,
    timezone: z.string(),
    symbols: z.array(snapshotPairDefinitionSchema),
    rejected: z.array(snapshotRejectedDefinitionSchema),
  })
  .superRefine((snapshot, ctx) => {
    // A book keys pairs by symbol: a second definition would silently replace the first.
    const seen = new Set<string>();
    snapshot.symbols.forEach((definition, index) => {
      if (seen.has(definition.symbol))
        ctx.addIssue({
          code: 'custom',
          path: ['symbols', index, 'symbol'],
          message: `duplicate definition of ${definition.symbol}`,
        });
      seen.add(definition.symbol);
    });
    snapshot.rejected.forEach((entry, index) => {
      if (entry.symbol !== undefined && seen.has(entry.symbol))
        ctx.addIssue({
          code: 'custom',
          path: ['rejected', index, 'symbol'],
          message: `${entry.symbol} is both usable and set aside`,
        });
    });
  });

/**
 * A rule-book snapshot: the JSON-ready object of `book.toJSON()`, whose format
 * {@link ruleBookSnapshotSchema} documents.
 *
 * @example
 * ```ts
 * const snapshot: RuleBookSnapshot = book.toJSON();
 * snapshot.symbols.find((d) => d.symbol === 'BTCUSDT')?.tickSize; // '0.01'
 * await writeFile('rule-book.json', JSON.stringify(snapshot));
 * ```
 */
export type RuleBookSnapshot = z.infer<typeof ruleBookSnapshotSchema>;

/** Compile-time guard: a snapshot's definitions are exactly the parser's, so the two cannot drift. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
type _DefinitionsMatch = Holds<Same<RuleBookSnapshot['symbols'][number], PairDefinition>>;
type _RejectionsFit = Holds<RuleBookSnapshot['rejected'][number] extends RejectedDefinition ? true : false>;
