import fc from 'fast-check';
import { toPlainDecimal } from '../decimal/plain-decimal.js';
import type { PairDefinition } from '../exchange-info/schema.js';
import { type PairDefinitionArbOptions, pairDefinitionArb } from './pair-definition-arb.js';

/**
 * Options of {@link exchangeInfoArb}.
 *
 * @example
 * ```ts
 * const options: ExchangeInfoArbOptions = { minPairs: 1, maxPairs: 5, tradingOnly: true };
 * ```
 */
export interface ExchangeInfoArbOptions extends Omit<PairDefinitionArbOptions, 'symbol'> {
  readonly minPairs?: number;
  readonly maxPairs?: number;
}

const DECIMAL_FIELDS = [
  'minTradeAmount',
  'maxTradeAmount',
  'takerFeeRate',
  'makerFeeRate',
  'buyLimitPriceRatio',
  'sellLimitPriceRatio',
  'marketBuyLimitSize',
  'marketSellLimitSize',
  'marketFallbackPriceRatio',
] as const;

/** Every way the wire spells one decimal: plain text, text with trailing zeros, a JSON number. */
function decimalWireArb(text: string): fc.Arbitrary<string | number> {
  const spellings: (string | number)[] = [text, `${text}${text.includes('.') ? '0' : '.00'}`];
  const asNumber = Number(text);
  // A JSON number only where it carries the exact value (1e-8 does; 12345678901234567890 does not).
  if (toPlainDecimal(asNumber) === text) spellings.push(asNumber);
  return fc.constantFrom(...spellings);
}

/** A grid as the wire sends it: its decimal spellings, or, for no grid, absent, `null`, `0` or `"0"`. */
function gridWireArb(text: string | null): fc.Arbitrary<string | number | null | undefined> {
  if (text === null) return fc.constantFrom<string | number | null | undefined>(undefined, null, 0, '0');
  return decimalWireArb(text);
}

/** One parsed definition spelled in the wire's mixed encodings, sometimes with unknown extra fields. */
export function wirePairArb(definition: PairDefinition): fc.Arbitrary<Record<string, unknown>> {
  const decimals = Object.fromEntries(DECIMAL_FIELDS.map((f) => [f, decimalWireArb(definition[f])]));
  return fc
    .record({
      decimals: fc.record(decimals),
      tickSize: gridWireArb(definition.tickSize),
      stepSize: gridWireArb(definition.stepSize),
      baseAssetPrecision: fc.constantFrom<number | string>(
        definition.baseAssetPrecision,
        String(definition.baseAssetPrecision),
      ),
      quoteAssetPrecision: fc.constantFrom<number | string>(
        definition.quoteAssetPrecision,
        String(definition.quoteAssetPrecision),
      ),
      extra: fc.option(fc.constantFrom({ permissions: ['SPOT'] }, { icebergAllowed: true, filters: [] }), {
        nil: undefined,
      }),
    })
    .map((w) => {
      const wire: Record<string, unknown> = {
        ...definition,
        ...w.decimals,
        baseAssetPrecision: w.baseAssetPrecision,
        quoteAssetPrecision: w.quoteAssetPrecision,
        displayDigitMerge: (definition.displayDigitMerge ?? []).join(','),
        ...w.extra,
      };
      for (const [key, value] of [
        ['tickSize', w.tickSize],
        ['stepSize', w.stepSize],
      ] as const) {
        if (value === undefined) delete wire[key];
        else wire[key] = value;
      }
      return wire;
    });
}

/**
 * Whole `GET /api/v3/exchangeInfo` payloads (as decoded JSON) in the wire's mixed encodings:
 * decimals as strings and as JSON numbers (`1e-8`), trailing zeros, precisions as strings, grids
 * absent, `null` or `0`, zero fallback ratios and unknown extra fields. Symbols are unique.
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
