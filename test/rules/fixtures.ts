import { expect } from 'vitest';
import {
  type PairDefinition,
  parseExchangeInfo,
  RuleBook,
  type ValidationContext,
  type ValidationResult,
  type Violation,
  type ViolationCode,
} from '../../src/index.js';
import type { ParsedContext, ParsedOrder } from '../../src/order/parsed-order.js';
import { compilePair } from '../../src/pair/compile-pair.js';
import type { CompiledPair } from '../../src/pair/compiled-pair.js';
import { checkContextShape, checkOrderShape } from '../../test-support/engine-internals.js';

/** The symbol every fixture definition trades unless overridden. */
export const SYMBOL = 'BTCUSDT';

/**
 * A complete trading-pair definition with every field the exchange documents, in the order listed
 * there. Chosen so that `limitOrder('BUY', '100', '1')` and `marketOrder('BUY', '1')` pass:
 * tick 0.01, step 0.0001, quantity 0.001..1000, market sizes 100 (buy) / 50 (sell), bands
 * +5% (buy) / -10% (sell), fallback ratio 2%.
 */
export function definition(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    symbol: SYMBOL,
    status: 'TRADING',
    baseAsset: 'BTC',
    baseAssetPrecision: 8,
    quoteAsset: 'USDT',
    quoteAssetPrecision: 8,
    tickSize: '0.01',
    stepSize: '0.0001',
    minTradeAmount: '0.001',
    maxTradeAmount: '1000',
    takerFeeRate: '0.001',
    makerFeeRate: '0.0008',
    buyLimitPriceRatio: '0.05',
    sellLimitPriceRatio: '0.1',
    marketBuyLimitSize: '100',
    marketSellLimitSize: '50',
    marketFallbackPriceRatio: '0.02',
    enableTrade: true,
    enableDisplay: true,
    displayDigitMerge: '0.01,0.1',
    displayNew: false,
    displayHot: false,
    ...overrides,
  };
}

/** A definition without the named keys (for absent `tickSize` / `stepSize`). */
export function definitionWithout(keys: readonly string[], overrides: Record<string, unknown> = {}) {
  const d = definition(overrides);
  for (const key of keys) delete d[key];
  return d;
}

/** A whole `GET /api/v3/exchangeInfo` body. */
export function payload(symbols: readonly unknown[] = [definition()]): Record<string, unknown> {
  return { timezone: 'UTC', serverTime: 1_763_712_000_000, symbols };
}

/** A rule book of the given definitions, through the public path. */
export function bookOf(...definitions: Record<string, unknown>[]): RuleBook {
  return RuleBook.fromExchangeInfo(parseExchangeInfo(payload(definitions)));
}

/** A rule book with one fixture definition, with overrides. */
export function book(overrides: Record<string, unknown> = {}): RuleBook {
  const b = bookOf(definition(overrides));
  if (b.rejected.length > 0) throw new Error(`fixture rejected: ${JSON.stringify(b.rejected)}`);
  return b;
}

/** The parsed definition of a fixture definition (must parse). */
export function parsedDefinition(raw: Record<string, unknown>): PairDefinition {
  const info = parseExchangeInfo(payload([raw]));
  const d = info.symbols[0];
  if (d === undefined) throw new Error(`fixture rejected: ${JSON.stringify(info.rejected)}`);
  return d;
}

/** A compiled pair, for calling a rule function directly. */
export function pairOf(overrides: Record<string, unknown> = {}): CompiledPair {
  return compilePair(parsedDefinition(definition(overrides)));
}

/** A compiled pair from a full raw definition (e.g. one built by `definitionWithout`). */
export function compiledFrom(raw: Record<string, unknown>): CompiledPair {
  return compilePair(parsedDefinition(raw));
}

/** The parsed order a rule sees (shape violations dropped). */
export function parsedOrder(order: unknown): ParsedOrder {
  return checkOrderShape(order).order;
}

/** The parsed context a rule sees. */
export function parsedContext(context: unknown): ParsedContext {
  return checkContextShape(context).context;
}

export function limitOrder(
  side: 'BUY' | 'SELL',
  price: unknown,
  quantity: unknown,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { symbol: SYMBOL, side, type: 'LIMIT', timeInForce: 'GTC', price, quantity, ...extra };
}

export function marketOrder(
  side: 'BUY' | 'SELL',
  quantity: unknown,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { symbol: SYMBOL, side, type: 'MARKET', quantity, ...extra };
}

/** Validates through the public API against a one-pair book. */
export function validate(
  overrides: Record<string, unknown>,
  order: unknown,
  context?: unknown,
): ValidationResult {
  return book(overrides).validateOrder(order, context as ValidationContext);
}

export function codesOf(result: ValidationResult): ViolationCode[] {
  return result.violations.map((v) => v.code);
}

export function violationOf(result: ValidationResult, code: ViolationCode): Violation | undefined {
  return result.violations.find((v) => v.code === code);
}

/** The violation with `code`, asserting there is exactly one. */
export function theViolation(result: ValidationResult, code: ViolationCode): Violation {
  const found = result.violations.filter((v) => v.code === code);
  expect(found, `expected exactly one ${code} in ${JSON.stringify(result.violations)}`).toHaveLength(1);
  expect(result.ok).toBe(false);
  return found[0]!;
}

export function expectNoCode(result: ValidationResult, code: ViolationCode): void {
  expect(codesOf(result)).not.toContain(code);
}

export function skippedOf(result: ValidationResult): { check: string; reason: string }[] {
  return result.skipped.map((s) => ({ check: s.check, reason: s.reason }));
}

/** A plain decimal string as the library must print it: no exponent, no `-0`. */
export const PLAIN_DECIMAL = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

/**
 * Re-validates `order` with each suggestion of the `code` violation put into `field`, and
 * checks that the code is gone every time. Returns the suggestions (at least one).
 */
export function expectSuggestionsRepair(
  b: RuleBook,
  order: Record<string, unknown>,
  context: ValidationContext | undefined,
  code: ViolationCode,
  field: 'price' | 'quantity',
): readonly string[] {
  const v = theViolation(b.validateOrder(order, context), code);
  const suggestions = v.suggestion ?? [];
  expect(suggestions.length).toBeGreaterThan(0);
  for (const s of suggestions) {
    expect(s).toMatch(PLAIN_DECIMAL);
    const again = b.validateOrder({ ...order, [field]: s }, context);
    expect(codesOf(again), `suggestion ${s} for ${code}`).not.toContain(code);
  }
  return suggestions;
}
