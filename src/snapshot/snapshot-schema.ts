import { z } from 'zod';
import { MAX_EXCHANGE_DECIMAL_LENGTH } from '../decimal/plain-decimal.js';
import { MAX_ASSET_PRECISION } from '../exchange-info/field-schemas.js';
import type { DefinitionWarning, PairDefinition, RejectedDefinition } from '../exchange-info/schema.js';

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
export const SNAPSHOT_VERSION = 2;

/** Versions this library reads: 1 (every rule field present, no tick source) and 2. */
export const READABLE_SNAPSHOT_VERSIONS: readonly number[] = [1, 2];

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
/** A field the exchange did not send is `null`; version 1 left absent display flags out. */
const flag = z
  .boolean()
  .nullable()
  .optional()
  .transform((value) => value ?? null);
const decimalList = z
  .array(canonicalDecimal)
  .nullable()
  .optional()
  .transform((list) => list ?? null);

/**
 * One pair definition in a snapshot: the fields of {@link PairDefinition}, each in its one
 * canonical spelling. Unlike the exchange's wire, nothing is coerced (no `"8"` for 8, no `1e-8`,
 * no `0` for "no grid") and an unknown field is refused: a field this version does not know could
 * carry a rule it would not enforce. `tickSizeSource` is absent in version 1 snapshots, which
 * knew no inference: there the tick came from `tickSize`, or there was none.
 *
 * @example
 * ```ts
 * snapshotPairDefinitionSchema.safeParse({ ...definition, tickSize: '1e-2' }).success; // false
 * ```
 */
export const snapshotPairDefinitionSchema = z
  .strictObject({
    symbol: z.string().min(1),
    status: z.string().min(1).nullable(),
    baseAsset: z.string().nullable(),
    baseAssetPrecision: precision.nullable(),
    quoteAsset: z.string().nullable(),
    quoteAssetPrecision: precision.nullable(),
    tickSize: gridSize,
    tickSizeSource: z.enum(['tickSize', 'displayDigitMerge', 'none']).optional(),
    stepSize: gridSize,
    minTradeAmount: nonNegativeDecimal.nullable(),
    maxTradeAmount: nonNegativeDecimal.nullable(),
    takerFeeRate: canonicalDecimal.nullable(),
    makerFeeRate: canonicalDecimal.nullable(),
    buyLimitPriceRatio: nonNegativeDecimal.nullable(),
    sellLimitPriceRatio: nonNegativeDecimal.nullable(),
    marketBuyLimitSize: nonNegativeDecimal.nullable(),
    marketSellLimitSize: nonNegativeDecimal.nullable(),
    marketFallbackPriceRatio: nonNegativeDecimal.nullable(),
    enableTrade: z.boolean().nullable(),
    enableDisplay: flag,
    displayDigitMerge: decimalList,
    displayNew: flag,
    displayHot: flag,
  })
  .superRefine((d, ctx) => {
    if (d.tickSizeSource !== undefined && (d.tickSizeSource === 'none') !== (d.tickSize === null))
      ctx.addIssue({
        code: 'custom',
        path: ['tickSizeSource'],
        message: `a tickSizeSource of ${d.tickSizeSource} does not fit a tickSize of ${String(d.tickSize)}`,
      });
  })
  .transform(
    (d): PairDefinition => ({
      ...d,
      tickSizeSource: d.tickSizeSource ?? (d.tickSize === null ? 'none' : 'tickSize'),
    }),
  );

const warningSchema = z.strictObject({ symbol: z.string().min(1), field: z.string(), message: z.string() });

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
 * The rule-book snapshot, version 2 (what `book.toJSON()` returns; `RuleBook.fromJSON` reads
 * versions 1 and 2):
 *
 * - `format`: always `'order-preflight/rule-book'`; `version`: `2`.
 * - `fetchedAt`: when the definitions were fetched, integer ms since the epoch (like
 *   `serverTime`, so the two compare without parsing and age is one subtraction).
 * - `serverTime`, `timezone`: as the exchange reported them.
 * - `symbols`: the usable definitions in force, in payload order: decimals as canonical plain
 *   strings, `null` for a field the exchange did not send (or no grid), `tickSize` the tick in
 *   force and `tickSizeSource` where it came from (an inferred tick is kept, not re-inferred),
 *   `displayDigitMerge` as a list.
 * - `warnings`: the display and fee fields that could not be read.
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
    version: z.union([z.literal(1), z.literal(SNAPSHOT_VERSION)]),
    fetchedAt: epochMs,
    serverTime: epochMs,
    timezone: z.string(),
    symbols: z.array(snapshotPairDefinitionSchema),
    rejected: z.array(snapshotRejectedDefinitionSchema),
    warnings: z
      .array(warningSchema)
      .optional()
      .transform((list): DefinitionWarning[] => list ?? []),
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

/** Compile-time guard: a snapshot's definitions are the parser's, so the two cannot drift. */
type Holds<T extends true> = T;
type _DefinitionsMatch = Holds<RuleBookSnapshot['symbols'][number] extends PairDefinition ? true : false>;
type _RejectionsFit = Holds<RuleBookSnapshot['rejected'][number] extends RejectedDefinition ? true : false>;
