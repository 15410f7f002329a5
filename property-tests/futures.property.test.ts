/**
 * The spot engine's guarantees, held for contracts: on generated contract definitions (strings and
 * numbers, negative precisions, absent fields) and orders around every contract rule,
 *
 * - the library's rule violations are the independent big.js model's (test-support/model/contract-model.ts);
 * - every suggestion passes the rule that made it, and a quantity suggestion breaks no contract cap;
 * - `checkOrder` says what `validateOrder` says (ok, the codes in order, the skips);
 * - nothing throws on hostile input: a payload that is not one throws only the library's typed
 *   errors, and an order or context of any shape is a verdict.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ContractBook,
  type ContractOrderContext,
  type ContractViolation,
  parseContractInfo,
} from '../src/futures.js';
import { isPreflightError } from '../src/index.js';
import { contractDefinitionArb, contractOrderArb } from '../src/testing/index.js';
import { modelContractRules } from '../test-support/model/contract-model.js';
import { propertyParameters } from '../test-support/runs.js';

const READING = new Set([
  'INVALID_ORDER',
  'MISSING_FIELD',
  'INVALID_FIELD',
  'UNEXPECTED_FIELD',
  'UNKNOWN_SYMBOL',
  'SYMBOL_DEFINITION_INVALID',
]);

const CAPS = new Set(['MARKET_OPEN_SIZE_ABOVE_MAX', 'POSITION_SIZE_ABOVE_MAX']);

const caseArb = contractDefinitionArb().chain((raw) =>
  contractOrderArb(raw, { numbers: true }).map((generated) => ({ raw, ...generated })),
);

const ruleViolations = (violations: readonly ContractViolation[]) =>
  violations.filter((v) => !READING.has(v.code));

describe('contracts: the same guarantees as spot', () => {
  it('the rule violations are the big.js model’s, in order', () => {
    fc.assert(
      fc.property(caseArb, ({ raw, order, context }) => {
        const book = ContractBook.fromContractInfo({ symbols: [raw] });
        expect(book.rejected).toEqual([]);
        const result = book.validateOrder(order, context);
        if (result.violations.some((v) => READING.has(v.code))) return;
        const model = modelContractRules(raw, order, context as Record<string, unknown>);
        expect(ruleViolations(result.violations).map((v) => `${v.code}:${v.field}`)).toEqual(
          model.map((v) => `${v.code}:${v.field}`),
        );
      }),
      propertyParameters(400),
    );
  });

  it('every suggestion passes the rule that made it', () => {
    const SUGGESTED_FIELDS = new Set([
      'price',
      'quantity',
      'triggerPrice',
      'tpTriggerPrice',
      'slTriggerPrice',
    ]);
    fc.assert(
      fc.property(caseArb, ({ raw, order, context }) => {
        const book = ContractBook.fromContractInfo({ symbols: [raw] });
        for (const v of book.validateOrder(order, context).violations) {
          if (v.suggestion === undefined || !SUGGESTED_FIELDS.has(v.field) || READING.has(v.code)) continue;
          for (const suggested of v.suggestion) {
            const again = book.validateOrder({ ...order, [v.field]: suggested }, context);
            expect(again.violations.filter((w) => w.code === v.code && w.field === v.field)).toEqual([]);
            // Nor does a quantity suggestion break a contract cap: a shared rule's suggestion on
            // an opening MARKET order keeps under marketOpenLimitSize, and every one under the
            // room a given position leaves.
            if (v.field === 'quantity')
              expect(again.violations.map((w) => w.code).filter((code) => CAPS.has(code))).toEqual([]);
          }
        }
      }),
      propertyParameters(300),
    );
  });

  it('checkOrder says what validateOrder says', () => {
    const anyContext = fc.oneof(
      fc.constant(undefined),
      fc.record(
        { position: fc.anything(), referencePrice: fc.anything(), maxNotional: fc.anything() },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(
        caseArb,
        fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, fc.anything()),
        fc.constantFrom(
          'symbol',
          'side',
          'positionSide',
          'type',
          'quantity',
          'price',
          'timeInForce',
          'triggerPrice',
          'newClientOrderId',
        ),
        anyContext,
        fc.boolean(),
        ({ raw, order, context }, junk, field, otherContext, keepContext) => {
          const book = ContractBook.fromContractInfo({ symbols: [raw] });
          const mutated = junk === undefined ? order : { ...order, [field]: junk };
          const ctx = (keepContext ? context : otherContext) as ContractOrderContext;
          const result = book.validateOrder(mutated, ctx);
          const verdict = book.checkOrder(mutated, ctx);
          expect(verdict.ok).toBe(result.ok);
          expect(verdict.ok).toBe(result.violations.length === 0);
          expect(verdict.codes).toEqual(result.violations.map((v) => v.code));
          expect(verdict.skipped).toEqual(result.skipped);
        },
      ),
      propertyParameters(400),
    );
  });

  it('never throws on hostile input', () => {
    const book = ContractBook.fromContractInfo({
      symbols: [
        {
          symbol: 'BTCUSDT',
          pricePrecision: 1,
          quantityPrecision: 4,
          contractVal: '0.0001',
          maxPositionSize: '10',
        },
      ],
    });
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withNullPrototype: true, withMap: true }),
        fc.anything(),
        (order, context) => {
          for (const o of [
            order,
            { symbol: 'BTCUSDT', ...(typeof order === 'object' && order !== null ? order : {}) },
          ]) {
            const result = book.validateOrder(o, context as ContractOrderContext);
            expect(book.checkOrder(o, context as ContractOrderContext).codes).toEqual(
              result.violations.map((v) => v.code),
            );
            book.normalizeOrder(o, context as ContractOrderContext);
            book.estimateOrder(o, context as ContractOrderContext);
          }
          try {
            const info = parseContractInfo(order);
            ContractBook.fromContractInfo(info);
          } catch (error) {
            expect(isPreflightError(error)).toBe(true);
          }
          try {
            ContractBook.fromContractInfo({ symbols: [order, context] });
          } catch (error) {
            expect(isPreflightError(error)).toBe(true);
          }
        },
      ),
      propertyParameters(300),
    );
  });

  it('normalizeOrder returns an order validateOrder accepts, or violations', () => {
    fc.assert(
      fc.property(caseArb, ({ raw, order, context }) => {
        const book = ContractBook.fromContractInfo({ symbols: [raw] });
        const repaired = book.normalizeOrder(order, context);
        if (repaired.ok) expect(book.validateOrder(repaired.order, context).violations).toEqual([]);
        else expect(repaired.violations.length).toBeGreaterThan(0);
      }),
      propertyParameters(200),
    );
  });
});
