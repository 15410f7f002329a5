import fc from 'fast-check';
import { toPlainDecimal } from '../decimal/plain-decimal.js';
import { pairFieldsWith } from '../exchange-info/pair-fields.js';
import { parseExchangeInfo } from '../exchange-info/parse-exchange-info.js';
import type { PairDefinition } from '../exchange-info/schema.js';
import { Big } from './big.js';
import { mapInvertibly, sameData } from './invertible.js';
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
export interface ExchangeInfoArbOptions
  extends Omit<PairDefinitionArbOptions, 'symbol' | 'canBreak' | 'orderOptions'> {
  readonly minPairs?: number | undefined;
  readonly maxPairs?: number | undefined;
}

type Wire = string | number | boolean | null | undefined;

/** Rule decimals: absent, `null` or `""` on the wire when the definition has none. */
const RULE_DECIMALS = pairFieldsWith({ kind: ['amount'], role: ['rule'] });
const FEE_RATES = pairFieldsWith({ kind: ['decimal'], role: ['cosmetic'] });
const DISPLAY_FLAGS = pairFieldsWith({ kind: ['flag'], role: ['cosmetic'] });

/** What "not sent" looks like: the key left out (`undefined` here), `null`, or `""`. */
const NOT_SENT: readonly Wire[] = [undefined, null, ''];

/** The ways the wire writes a decimal that is there; one that does not apply falls back to `plain`. */
const DECIMAL_STYLES = ['plain', 'trailingZero', 'eight', 'number'] as const;
type DecimalStyle = (typeof DECIMAL_STYLES)[number];

/**
 * One decimal as the wire writes it: plain text, text with a trailing zero, text padded to 8
 * places as exchanges print (`0.00000100`, `1.00000000`), or a JSON number where one carries the
 * exact value (`1e-8` does; `12345678901234567890` does not).
 */
function decimalOnWire(text: string, style: DecimalStyle): Wire {
  switch (style) {
    case 'plain':
      return text;
    case 'trailingZero':
      return `${text}${text.includes('.') ? '0' : '.00'}`;
    case 'eight': {
      const places = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
      return places <= 8 ? new Big(text).toFixed(8) : text;
    }
    case 'number': {
      const asNumber = Number(text);
      return toPlainDecimal(asNumber) === text ? asNumber : text;
    }
  }
}

/** How the wire writes one field: `sent` when the definition has a value, `missing` when not. */
interface FieldStyle<S> {
  readonly sent: S;
  readonly missing: Wire;
}

/** Not sent: the key left out (`undefined` here), `null`, or `""`; a grid also `0` or `"0"`. */
const notSentArb = fc.constantFrom(...NOT_SENT);
const decimalStyleArb = fc.constantFrom(...DECIMAL_STYLES);
const decimalFieldArb = fc.record({ sent: decimalStyleArb, missing: notSentArb });
const gridFieldArb = fc.record({
  sent: decimalStyleArb,
  missing: fc.constantFrom<Wire>(...NOT_SENT, 0, '0'),
});
/** Precisions as `8` or `"8"`; `enableTrade` as `true` or `"true"`, as some encoders send it. */
const asTextArb = fc.boolean();
const textFieldArb = fc.record({ sent: asTextArb, missing: notSentArb });
/**
 * Display flags and fee rates never set a pair aside; an unreadable one is read as absent (with a
 * warning on the book). So a missing one is also spelled as junk now and then (`displayHot: 1`).
 */
const cosmeticMissingArb = (junk: readonly Wire[]) =>
  fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constantFrom<Wire>(undefined, null), weight: 4 },
    fc.constantFrom(...junk),
  );
/** `displayDigitMerge` as one comma-separated string, sometimes with a trailing comma. */
const mergeFieldArb = fc.record({
  sent: fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(false), weight: 3 }, fc.constant(true)),
  missing: fc.constantFrom<Wire>(undefined, null),
});
const EXTRAS = {
  permissions: { permissions: ['SPOT'] },
  iceberg: { icebergAllowed: true, filters: [] },
} as const;
type Extra = keyof typeof EXTRAS;

/** How one pair is written on the wire, drawn apart from the pair itself. */
interface WireStyle {
  readonly status: Wire;
  readonly baseAssetPrecision: FieldStyle<boolean>;
  readonly quoteAssetPrecision: FieldStyle<boolean>;
  readonly tickSize: FieldStyle<DecimalStyle>;
  readonly stepSize: FieldStyle<DecimalStyle>;
  readonly enableTrade: FieldStyle<boolean>;
  readonly displayDigitMerge: FieldStyle<boolean>;
  readonly decimals: Readonly<Record<(typeof RULE_DECIMALS)[number], FieldStyle<DecimalStyle>>>;
  readonly fees: Readonly<Record<(typeof FEE_RATES)[number], FieldStyle<DecimalStyle>>>;
  readonly flags: Readonly<Record<(typeof DISPLAY_FLAGS)[number], FieldStyle<boolean>>>;
  readonly extra: Extra | undefined;
}

function fieldsArb<K extends string, S>(
  keys: readonly K[],
  arb: fc.Arbitrary<S>,
): fc.Arbitrary<Record<K, S>> {
  const model = {} as Record<K, fc.Arbitrary<S>>;
  for (const key of keys) model[key] = arb;
  return fc.record(model) as fc.Arbitrary<Record<K, S>>;
}

const wireStyleArb: fc.Arbitrary<WireStyle> = fc.record({
  status: notSentArb,
  baseAssetPrecision: textFieldArb,
  quoteAssetPrecision: textFieldArb,
  tickSize: gridFieldArb,
  stepSize: gridFieldArb,
  enableTrade: textFieldArb,
  displayDigitMerge: mergeFieldArb,
  decimals: fieldsArb(RULE_DECIMALS, decimalFieldArb),
  fees: fieldsArb(FEE_RATES, fc.record({ sent: decimalStyleArb, missing: cosmeticMissingArb(['n/a', '']) })),
  flags: fieldsArb(DISPLAY_FLAGS, fc.record({ sent: asTextArb, missing: cosmeticMissingArb([1, 0, '']) })),
  extra: fc.option(fc.constantFrom<Extra>('permissions', 'iceberg'), { nil: undefined }),
});

const decimalField = (text: string | null, style: FieldStyle<DecimalStyle>): Wire =>
  text === null ? style.missing : decimalOnWire(text, style.sent);
const textField = (value: number | boolean | null, style: FieldStyle<boolean>): Wire =>
  value === null ? style.missing : style.sent ? String(value) : value;

/**
 * One parsed definition written as the wire sends it, in the given style, so that
 * `parseExchangeInfo` reads it back as the same definition. A definition whose tick was
 * inferred (`tickSizeSource: 'displayDigitMerge'`) is sent without `tickSize`.
 */
function pairOnWire(d: PairDefinition, style: WireStyle): Record<string, unknown> {
  const sentTick = d.tickSizeSource === 'displayDigitMerge' ? null : d.tickSize;
  const merge = d.displayDigitMerge;
  const fields: Record<string, Wire> = {
    status: d.status ?? style.status,
    baseAsset: d.baseAsset,
    quoteAsset: d.quoteAsset,
    baseAssetPrecision: textField(d.baseAssetPrecision, style.baseAssetPrecision),
    quoteAssetPrecision: textField(d.quoteAssetPrecision, style.quoteAssetPrecision),
    tickSize: decimalField(sentTick, style.tickSize),
    stepSize: decimalField(d.stepSize, style.stepSize),
    enableTrade: textField(d.enableTrade, style.enableTrade),
    displayDigitMerge:
      merge === null
        ? style.displayDigitMerge.missing
        : `${merge.join(',')}${merge.length > 0 && style.displayDigitMerge.sent ? ',' : ''}`,
  };
  for (const f of RULE_DECIMALS) fields[f] = decimalField(d[f], style.decimals[f]);
  for (const f of FEE_RATES) fields[f] = decimalField(d[f], style.fees[f]);
  for (const f of DISPLAY_FLAGS) fields[f] = textField(d[f], style.flags[f]);
  const wire: Record<string, unknown> = { symbol: d.symbol };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) wire[key] = value;
  return style.extra === undefined ? wire : { ...wire, ...EXTRAS[style.extra] };
}

/** The first choice of `options` that writes the value as the wire holds it. */
function styleFor<S>(options: readonly S[], write: (style: S) => Wire, onWire: unknown): S {
  const found = options.find((style) => sameData(write(style), onWire));
  if (found === undefined) throw new TypeError('a field this arbitrary does not write so');
  return found;
}

/** The style a pair was written in; {@link mapInvertibly} checks it by writing the pair again. */
function wireStyleOf(d: PairDefinition, value: unknown): WireStyle {
  const wire = value as Record<string, unknown>;
  const at = (key: string): Wire => (Object.hasOwn(wire, key) ? (wire[key] as Wire) : undefined);
  const sentTick = d.tickSizeSource === 'displayDigitMerge' ? null : d.tickSize;
  const decimal = (text: string | null, key: string): FieldStyle<DecimalStyle> =>
    text === null
      ? { sent: 'plain', missing: at(key) }
      : { sent: styleFor(DECIMAL_STYLES, (s) => decimalOnWire(text, s), at(key)), missing: undefined };
  const asText = (v: number | boolean | null, key: string): FieldStyle<boolean> =>
    v === null
      ? { sent: false, missing: at(key) }
      : { sent: typeof at(key) === 'string', missing: undefined };
  const mergeText = at('displayDigitMerge');
  const pick = <K extends string, S>(keys: readonly K[], style: (key: K) => S) => {
    const out = {} as Record<K, S>;
    for (const key of keys) out[key] = style(key);
    return out;
  };
  const extra = (Object.keys(EXTRAS) as Extra[]).find((e) =>
    Object.keys(EXTRAS[e]).every((k) => Object.hasOwn(wire, k)),
  );
  return {
    status: d.status === null ? at('status') : undefined,
    baseAssetPrecision: asText(d.baseAssetPrecision, 'baseAssetPrecision'),
    quoteAssetPrecision: asText(d.quoteAssetPrecision, 'quoteAssetPrecision'),
    tickSize: decimal(sentTick, 'tickSize'),
    stepSize: decimal(d.stepSize, 'stepSize'),
    enableTrade: asText(d.enableTrade, 'enableTrade'),
    displayDigitMerge:
      d.displayDigitMerge === null
        ? { sent: false, missing: mergeText }
        : { sent: typeof mergeText === 'string' && mergeText.endsWith(','), missing: undefined },
    decimals: pick(RULE_DECIMALS, (f) => decimal(d[f], f)),
    fees: pick(FEE_RATES, (f) => decimal(d[f], f)),
    flags: pick(DISPLAY_FLAGS, (f) => asText(d[f], f)),
    extra,
  };
}

/**
 * One parsed definition spelled as the wire sends it, so that `parseExchangeInfo` reads it back
 * as the same definition: decimals as strings, padded strings and JSON numbers; precisions as
 * `8` or `"8"`; `enableTrade` as `true` or `"true"`; fields the definition lacks left out, `null`
 * or `""`; no `tickSize` where the tick is only in `displayDigitMerge`; cosmetic fields the
 * definition lacks sometimes unreadable; unknown extra fields now and then. A definition whose
 * tick was inferred (`tickSizeSource: 'displayDigitMerge'`) is sent without `tickSize`. The
 * style is drawn apart from the definition and mapped onto it (no `chain`).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(pairDefinitionArb().chain(wirePairArb), (wire) =>
 *   parseExchangeInfo({ timezone: 'UTC', serverTime: 0, symbols: [wire] }).rejected.length === 0));
 * ```
 */
export function wirePairArb(definition: PairDefinition): fc.Arbitrary<Record<string, unknown>> {
  return mapInvertibly(
    wireStyleArb,
    (style) => pairOnWire(definition, style),
    (wire) => wireStyleOf(definition, wire),
  );
}

/** Every choice a payload is made from: its pairs, each with the style it is written in. */
interface PayloadPlan {
  readonly definitions: readonly (readonly [PairDefinition, WireStyle])[];
  readonly serverTime: number;
  readonly serverTimeAsString: boolean;
  readonly timezone: string;
}

/** The choices behind a payload, read back with the library's own parser (and checked by writing it again). */
function payloadPlanOf(value: unknown): PayloadPlan {
  const payload = value as { symbols?: unknown; serverTime?: unknown; timezone?: unknown };
  const wires = Array.isArray(payload.symbols) ? payload.symbols : [];
  const info = parseExchangeInfo(payload);
  if (info.symbols.length !== wires.length) throw new TypeError('a pair is set aside');
  return {
    definitions: info.symbols.map((d, i) => [d, wireStyleOf(d, wires[i])] as const),
    serverTime: Number(payload.serverTime),
    serverTimeAsString: typeof payload.serverTime === 'string',
    timezone: String(payload.timezone),
  };
}

/**
 * Whole `GET /api/v3/exchangeInfo` payloads (as decoded JSON) in the wire's v2 shapes: decimals as
 * strings and JSON numbers, padded (`"0.00000100"`, `"1.00000000"`) or not; precisions as `"8"`;
 * pairs without `tickSize` whose `displayDigitMerge` (sometimes unsorted, sometimes ending in a
 * comma) starts at the tick; pairs without `stepSize`; `takerFeeRate: null`,
 * `enableDisplay: "true"`, an unreadable `displayHot` now and then; zero fallback ratios; unknown
 * extra fields; with `absentRuleFields`, rule fields left out. Every definition parses (none is
 * set aside); symbols are unique. Each pair and the way it is written are drawn apart and
 * mapped together (no `chain`): a failing payload shrinks pair by pair, and a payload it did not
 * make itself shrinks too, when it is one it could have made.
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
  const pairs = fc.uniqueArray(fc.tuple(pairDefinitionArb(options), wireStyleArb), {
    minLength: options.minPairs ?? 1,
    maxLength: options.maxPairs ?? 8,
    selector: ([d]) => d.symbol,
  });
  const plans: fc.Arbitrary<PayloadPlan> = fc.record({
    definitions: pairs,
    serverTime: fc.integer({ min: 1_500_000_000_000, max: 2_000_000_000_000 }),
    serverTimeAsString: fc.boolean(),
    timezone: fc.constantFrom('UTC', 'Asia/Singapore'),
  });
  return mapInvertibly(
    plans,
    ({ definitions, serverTime, serverTimeAsString, timezone }) => ({
      timezone,
      serverTime: serverTimeAsString ? String(serverTime) : serverTime,
      rateLimits: [],
      symbols: definitions.map(([d, style]) => pairOnWire(d, style)),
    }),
    payloadPlanOf,
  );
}
