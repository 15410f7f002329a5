/**
 * Spelling a plan on the wire: each field as the plan's venue style writes it (fixed places, the
 * shortest text, JS or Java exponent form; a JSON string or a JSON number), the decoded object a
 * JSON decoder gives, the raw JSON text, and what the definition means (`RealCorpusPair`).
 * Spelling notes the shapes it produces (`exponent-number`, `beyond-double`) in the plan.
 */
import type { SeededRandom } from '../seeded-random.js';
import {
  type BigValue,
  decodedNumber,
  expandExponent,
  fixed,
  javaText,
  jsText,
  plain,
  ZERO,
} from './decimals.js';
import type { Plan } from './plan.js';
import type { RealCorpusPair } from './types.js';

/**
 * One field on the wire: a decimal or precision (`raw` is its text, written bare as a JSON number
 * or quoted as a JSON string; `decoded` is the JS value a JSON decoder gives, the digits as a
 * string where a JS number would lose some), or any other JSON value written as it is.
 */
export type Wire =
  | DecimalWire
  | { readonly kind: 'literal'; readonly value: string | number | boolean | null };

interface DecimalWire {
  readonly kind: 'decimal';
  readonly raw: string;
  readonly asNumber: boolean;
  readonly decoded: number | string;
}

function decimalWire(raw: string, asNumber: boolean): DecimalWire {
  return { kind: 'decimal', raw, asNumber, decoded: asNumber ? decodedNumber(raw) : raw };
}

type DecimalRole = 'tick' | 'amount' | 'market' | 'rate';

function spellDecimal(rng: SeededRandom, plan: Plan, value: BigValue, role: DecimalRole): Wire {
  const asNumber = plan.encoding === 'numbers' || (plan.encoding === 'mixed' && rng.below(2) === 0);
  let raw: string;
  if (plan.style === 'ledger' && role !== 'rate') {
    const width =
      role === 'tick' ? plan.quotePrecision : role === 'amount' ? plan.amountPlaces : plan.marketPlaces;
    raw = fixed(value, width) ?? plain(value);
  } else if (plan.style === 'compact' && asNumber) {
    raw = plan.javaNumbers ? javaText(value) : jsText(value);
  } else {
    raw = plain(value);
  }
  const wire = decimalWire(raw, asNumber);
  if (asNumber && /e/i.test(raw)) plan.shapes.add('exponent-number');
  if (asNumber && typeof wire.decoded === 'string') plan.shapes.add('beyond-double');
  return wire;
}

function spellPrecision(plan: Plan, precision: number): Wire {
  return decimalWire(String(precision), !plan.precisionAsString);
}

function literal(value: string | number | boolean | null): Wire {
  return { kind: 'literal', value };
}

/** The definition's fields in the seed's order, each spelled; absent fields are left out. */
export function wireFields(rng: SeededRandom, plan: Plan): [string, Wire][] {
  const fields: [string, Wire][] = [
    ['symbol', literal(plan.base + plan.quote)],
    ['status', literal(plan.status)],
    ['baseAsset', literal(plan.base)],
    ['baseAssetPrecision', spellPrecision(plan, plan.basePrecision)],
    ['quoteAsset', literal(plan.quote)],
    ['quoteAssetPrecision', spellPrecision(plan, plan.quotePrecision)],
  ];
  if (plan.grid === 'present') fields.push(['tickSize', spellDecimal(rng, plan, plan.tick, 'tick')]);
  else if (plan.grid === 'empty-string') fields.push(['tickSize', literal('')]);
  else if (plan.grid === 'zero-number') fields.push(['tickSize', decimalWire('0', true)]);
  else if (plan.grid === 'zero-string') fields.push(['tickSize', decimalWire('0', false)]);
  if (plan.grid !== 'absent') fields.push(['stepSize', spellDecimal(rng, plan, plan.step, 'amount')]);
  const rate = (value: BigValue | null): Wire =>
    value === null ? literal(null) : spellDecimal(rng, plan, value, 'rate');
  fields.push(
    ['minTradeAmount', spellDecimal(rng, plan, plan.min, 'amount')],
    ['maxTradeAmount', spellDecimal(rng, plan, plan.max, 'amount')],
    ['takerFeeRate', rate(plan.taker)],
    ['makerFeeRate', rate(plan.maker)],
    ['buyLimitPriceRatio', rate(plan.buyRatio)],
    ['sellLimitPriceRatio', rate(plan.sellRatio)],
    ['marketBuyLimitSize', spellDecimal(rng, plan, plan.marketBuy, 'market')],
    ['marketSellLimitSize', spellDecimal(rng, plan, plan.marketSell, 'market')],
    // A zero fallback is written "0" (or 0) by every venue style.
    [
      'marketFallbackPriceRatio',
      plan.fallback.eq(ZERO) ? decimalWire('0', plan.encoding === 'numbers') : rate(plan.fallback),
    ],
    ['enableTrade', literal(plan.enableTrade)],
    ['enableDisplay', literal(plan.enableDisplay)],
    ['displayDigitMerge', literal(plan.merge)],
    ['displayNew', literal(plan.displayNew)],
    ['displayHot', literal(plan.displayHot)],
  );
  return fields;
}

/** A field as a JSON decoder gives it. */
export function decodedField(wire: Wire): unknown {
  return wire.kind === 'literal' ? wire.value : wire.decoded;
}

/** A field as raw JSON text: decimals bare or quoted as the plan spelled them. */
export function textField(wire: Wire): string {
  if (wire.kind === 'literal') return JSON.stringify(wire.value);
  return wire.asNumber ? wire.raw : JSON.stringify(wire.raw);
}

/** A field as raw JSON text with every decimal and precision a string in plain notation. */
export function stringTextField(wire: Wire): string {
  if (wire.kind === 'literal') return JSON.stringify(wire.value);
  return JSON.stringify(expandExponent(wire.raw));
}

/** A JSON object from spelled fields. */
export function objectText(fields: readonly [string, Wire][], spell: (wire: Wire) => string): string {
  // Joined from parts rather than grown with +=: flat strings, far less for the collector.
  const parts: string[] = new Array(fields.length);
  for (let i = 0; i < fields.length; i++) {
    const [key, wire] = fields[i]!;
    parts[i] = `"${key}":${spell(wire)}`;
  }
  return `{${parts.join(',')}}`;
}

/** What a plan's definition means, in canonical plain decimals. */
export function describePlan(plan: Plan): RealCorpusPair {
  return Object.freeze({
    symbol: plan.base + plan.quote,
    baseAsset: plan.base,
    quoteAsset: plan.quote,
    style: plan.style,
    encoding: plan.encoding,
    tradable: plan.status === 'TRADING' && plan.enableTrade,
    tickSize: plain(plan.tick),
    stepSize: plain(plan.step),
    tickOnWire: plan.grid === 'present',
    stepOnWire: plan.grid !== 'absent',
    baseAssetPrecision: plan.basePrecision,
    quoteAssetPrecision: plan.quotePrecision,
    minTradeAmount: plain(plan.min),
    maxTradeAmount: plain(plan.max),
    marketBuyLimitSize: plain(plan.marketBuy),
    marketSellLimitSize: plain(plan.marketSell),
    buyLimitPriceRatio: plain(plan.buyRatio),
    sellLimitPriceRatio: plain(plan.sellRatio),
    marketFallbackPriceRatio: plain(plan.fallback),
    referencePrice: plain(plan.referencePrice),
    shapes: Object.freeze([...plan.shapes].sort()),
  });
}
