import fc from 'fast-check';
import { toPlainDecimal } from '../decimal/plain-decimal.js';
import type { PairDefinition } from '../exchange-info/schema.js';
import { Big } from './big.js';
import { type PairDefinitionArbOptions, pairDefinitionArb } from './pair-definition-arb.js';

/**
 * Options of {@link exchangeInfoArb}: those of {@link pairDefinitionArb} (`tradingOnly`,
 * `absentRuleFields`) and how many pairs a payload has.
 *
 * @example
 * ```ts
 * const options: ExchangeInfoArbOptions = { minPairs: 1, maxPairs: 5, tradingOnly: true };
 * ```
 */
export interface ExchangeInfoArbOptions extends Omit<PairDefinitionArbOptions, 'symbol'> {
  readonly minPairs?: number | undefined;
  readonly maxPairs?: number | undefined;
}

type Wire = string | number | boolean | null | undefined;

/** Rule decimals: absent, `null` or `""` on the wire when the definition has none. */
const RULE_DECIMALS = [
  'minTradeAmount',
  'maxTradeAmount',
  'buyLimitPriceRatio',
  'sellLimitPriceRatio',
  'marketBuyLimitSize',
  'marketSellLimitSize',
  'marketFallbackPriceRatio',
] as const;
const FEE_RATES = ['takerFeeRate', 'makerFeeRate'] as const;
const DISPLAY_FLAGS = ['enableDisplay', 'displayNew', 'displayHot'] as const;

/** What "not sent" looks like: the key left out (`undefined` here), `null`, or `""`. */
const NOT_SENT: readonly Wire[] = [undefined, null, ''];

/**
 * Every way the wire spells one decimal: plain text, text padded to 8 places as exchanges print
 * (`0.00000100`, `1.00000000`), text with a trailing zero, or a JSON number where one carries the
 * exact value (`1e-8` does; `12345678901234567890` does not).
 */
function decimalWireArb(text: string): fc.Arbitrary<Wire> {
  const spellings: Wire[] = [text, `${text}${text.includes('.') ? '0' : '.00'}`];
  const places = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  const eight = new Big(text).toFixed(8);
  if (places <= 8 && eight !== text) spellings.push(eight);
  const asNumber = Number(text);
  if (toPlainDecimal(asNumber) === text) spellings.push(asNumber);
  return fc.constantFrom(...spellings);
}

function optionalDecimalWireArb(text: string | null): fc.Arbitrary<Wire> {
  return text === null ? fc.constantFrom(...NOT_SENT) : decimalWireArb(text);
}

/** A grid as the wire sends it; no grid is absent, `null`, `""`, `0` or `"0"`. */
function gridWireArb(text: string | null): fc.Arbitrary<Wire> {
  return text === null ? fc.constantFrom<Wire>(...NOT_SENT, 0, '0') : decimalWireArb(text);
}

function precisionWireArb(places: number | null): fc.Arbitrary<Wire> {
  return places === null ? fc.constantFrom(...NOT_SENT) : fc.constantFrom<Wire>(places, String(places));
}

/** A rule flag (`enableTrade`): `true`, or `"true"` as some encoders send it. */
function flagWireArb(flag: boolean | null): fc.Arbitrary<Wire> {
  return flag === null ? fc.constantFrom(...NOT_SENT) : fc.constantFrom<Wire>(flag, String(flag));
}

/**
 * Display flags and fee rates never set a pair aside; an unreadable one is read as absent (with a
 * warning on the book). So `null` here is also spelled as junk now and then (`displayHot: 1`).
 */
function cosmeticWireArb(value: boolean | string | null, junk: readonly Wire[]): fc.Arbitrary<Wire> {
  if (value === null)
    return fc.oneof(
      { arbitrary: fc.constantFrom<Wire>(undefined, null), weight: 4 },
      fc.constantFrom(...junk),
    );
  return typeof value === 'boolean' ? flagWireArb(value) : decimalWireArb(value);
}

/** `displayDigitMerge` as one comma-separated string, sometimes with a trailing comma. */
function mergeWireArb(steps: readonly string[] | null): fc.Arbitrary<Wire> {
  if (steps === null) return fc.constantFrom<Wire>(undefined, null);
  if (steps.length === 0) return fc.constant('');
  const list = steps.join(',');
  return fc.oneof({ arbitrary: fc.constant(list), weight: 3 }, fc.constant(`${list},`));
}

/**
 * One parsed definition spelled as the wire sends it, so that `parseExchangeInfo` reads it back
 * as the same definition: decimals as strings, padded strings and JSON numbers; precisions as
 * `8` or `"8"`; `enableTrade` as `true` or `"true"`; fields the definition lacks left out, `null`
 * or `""`; no `tickSize` where the tick is only in `displayDigitMerge`; cosmetic fields the
 * definition lacks sometimes unreadable; unknown extra fields now and then. A definition whose
 * tick was inferred (`tickSizeSource: 'displayDigitMerge'`) is sent without `tickSize`.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(pairDefinitionArb().chain(wirePairArb), (wire) =>
 *   parseExchangeInfo({ timezone: 'UTC', serverTime: 0, symbols: [wire] }).rejected.length === 0));
 * ```
 */
export function wirePairArb(definition: PairDefinition): fc.Arbitrary<Record<string, unknown>> {
  const d = definition;
  const sentTick = d.tickSizeSource === 'displayDigitMerge' ? null : d.tickSize;
  const fields: Record<string, fc.Arbitrary<Wire>> = {
    status: d.status === null ? fc.constantFrom(...NOT_SENT) : fc.constant(d.status),
    baseAsset: fc.constant(d.baseAsset),
    quoteAsset: fc.constant(d.quoteAsset),
    baseAssetPrecision: precisionWireArb(d.baseAssetPrecision),
    quoteAssetPrecision: precisionWireArb(d.quoteAssetPrecision),
    tickSize: gridWireArb(sentTick),
    stepSize: gridWireArb(d.stepSize),
    enableTrade: flagWireArb(d.enableTrade),
    displayDigitMerge: mergeWireArb(d.displayDigitMerge),
  };
  for (const f of RULE_DECIMALS) fields[f] = optionalDecimalWireArb(d[f]);
  for (const f of FEE_RATES) fields[f] = cosmeticWireArb(d[f], ['n/a', '']);
  for (const f of DISPLAY_FLAGS) fields[f] = cosmeticWireArb(d[f], [1, 0, '']);
  return fc
    .record({
      fields: fc.record(fields),
      extra: fc.option(
        fc.constantFrom<Record<string, unknown>>(
          { permissions: ['SPOT'] },
          { icebergAllowed: true, filters: [] },
        ),
        { nil: undefined },
      ),
    })
    .map(({ fields: spelled, extra }) => {
      const wire: Record<string, unknown> = { symbol: d.symbol };
      for (const [key, value] of Object.entries(spelled)) if (value !== undefined) wire[key] = value;
      return { ...wire, ...extra };
    });
}

/**
 * Whole `GET /api/v3/exchangeInfo` payloads (as decoded JSON) in the wire's v2 shapes: decimals as
 * strings and JSON numbers, padded (`"0.00000100"`, `"1.00000000"`) or not; precisions as `"8"`;
 * pairs without `tickSize` whose `displayDigitMerge` (sometimes unsorted, sometimes ending in a
 * comma) starts at the tick; pairs without `stepSize`; `takerFeeRate: null`,
 * `enableDisplay: "true"`, an unreadable `displayHot` now and then; zero fallback ratios; unknown
 * extra fields; with `absentRuleFields`, rule fields left out. Every definition parses (none is
 * set aside); symbols are unique.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { RuleBook, parseExchangeInfo } from 'order-preflight';
 * import { exchangeInfoArb } from 'order-preflight/testing';
 * fc.assert(fc.property(exchangeInfoArb(), (payload) => {
 *   const book = RuleBook.fromExchangeInfo(parseExchangeInfo(payload));
 *   return book.rejected.length === 0;
 * }));
 * ```
 */
export function exchangeInfoArb(options: ExchangeInfoArbOptions = {}): fc.Arbitrary<Record<string, unknown>> {
  const pairs = fc.uniqueArray(pairDefinitionArb(options), {
    minLength: options.minPairs ?? 1,
    maxLength: options.maxPairs ?? 8,
    selector: (d) => d.symbol,
  });
  return fc
    .record({
      definitions: pairs,
      serverTime: fc.integer({ min: 1_500_000_000_000, max: 2_000_000_000_000 }),
      serverTimeAsString: fc.boolean(),
      timezone: fc.constantFrom('UTC', 'Asia/Singapore'),
    })
    .chain(({ definitions, serverTime, serverTimeAsString, timezone }) =>
      fc.tuple(...definitions.map(wirePairArb)).map((symbols) => ({
        timezone,
        serverTime: serverTimeAsString ? String(serverTime) : serverTime,
        rateLimits: [],
        symbols,
      })),
    );
}
