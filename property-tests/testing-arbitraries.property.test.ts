import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseExchangeInfo,
  RuleBook,
  VIOLATION_CODES,
  type Violation,
  type ViolationCode,
} from '../src/index.js';
import { exchangeInfoArb, invalidOrderArb, validOrderArb } from '../src/testing/index.js';
import { propertyParameters } from './support/runs.js';
import { type Scenario, samplesOrNone, scenarioArb } from './support/scenario.js';

/** Codes that a valid definition lets an order break alone (SYMBOL_DEFINITION_INVALID needs a bad one). */
const BREAKABLE = VIOLATION_CODES.filter((c) => c !== 'SYMBOL_DEFINITION_INVALID');

function codesOf(s: Scenario, order: unknown): ViolationCode[] {
  return s.book.validateOrder(order, s.context).violations.map((v) => v.code);
}

describe('order-preflight/testing arbitraries', () => {
  it('validOrderArb orders pass validateOrder for every generated pair and context', () => {
    fc.assert(
      fc.property(scenarioArb(), fc.integer(), (s, seed) => {
        for (const order of samplesOrNone(() => validOrderArb(s.definition, s.context), 5, seed))
          expect(s.book.validateOrder(order, s.context).violations).toEqual([]);
      }),
      propertyParameters(300),
    );
  });

  it('invalidOrderArb(d, code) orders break exactly [code], for every code a valid pair can break', () => {
    const produced = new Set<ViolationCode>();
    fc.assert(
      fc.property(scenarioArb({ tradingOnly: false }), fc.integer(), (s, seed) => {
        for (const code of BREAKABLE)
          for (const order of samplesOrNone(() => invalidOrderArb(s.definition, code, s.context), 2, seed)) {
            expect(codesOf(s, order)).toEqual([code]);
            produced.add(code);
          }
      }),
      propertyParameters(300),
    );
    expect([...produced].sort()).toEqual([...BREAKABLE].sort());
  });

  it('every suggestion satisfies the rule it was given for', () => {
    fc.assert(
      fc.property(scenarioArb(), fc.integer(), (s, seed) => {
        for (const code of BREAKABLE)
          for (const order of samplesOrNone(() => invalidOrderArb(s.definition, code, s.context), 2, seed))
            for (const v of s.book.validateOrder(order, s.context).violations) checkSuggestion(s, order, v);
      }),
      propertyParameters(300),
    );
  });

  it('exchangeInfoArb payloads parse and compile whole, in both string and number encodings', () => {
    const seen = { string: false, number: false, absentGrid: false, nullGrid: false, zeroFallback: false };
    fc.assert(
      fc.property(exchangeInfoArb({ tradingOnly: false }), (payload) => {
        const info = parseExchangeInfo(payload);
        expect(info.rejected).toEqual([]);
        const book = RuleBook.fromExchangeInfo(info);
        expect(book.size).toBe((payload.symbols as unknown[]).length);
        for (const raw of payload.symbols as Record<string, unknown>[]) {
          if (typeof raw.minTradeAmount === 'string') seen.string = true;
          if (typeof raw.minTradeAmount === 'number') seen.number = true;
          if (!('tickSize' in raw)) seen.absentGrid = true;
          if (raw.stepSize === null) seen.nullGrid = true;
          if (Number(raw.marketFallbackPriceRatio) === 0) seen.zeroFallback = true;
        }
      }),
      propertyParameters(300),
    );
    expect(seen).toEqual({
      string: true,
      number: true,
      absentGrid: true,
      nullGrid: true,
      zeroFallback: true,
    });
  });
});

/** The order field a rule's suggestion replaces. */
function suggestedField(v: Violation): string | undefined {
  if (v.field === 'price' || v.field === 'quantity') return v.field;
  if (v.code === 'INVALID_FIELD' && (v.field === 'side' || v.field === 'type' || v.field === 'timeInForce'))
    return v.field;
  return undefined;
}

function checkSuggestion(s: Scenario, order: unknown, v: Violation): void {
  const field = suggestedField(v);
  if (field === undefined || v.suggestion === undefined) return;
  expect(v.suggestion.length).toBeGreaterThan(0);
  for (const value of v.suggestion) {
    expect(value).toMatch(field === 'price' || field === 'quantity' ? /^(0|[1-9]\d*)(\.\d+)?$/ : /^[A-Z]+$/);
    const repaired = { ...(order as Record<string, unknown>), [field]: value };
    const again = s.book.validateOrder(repaired, s.context).violations;
    expect(again.some((w) => w.code === v.code && w.field === v.field)).toBe(false);
  }
}
