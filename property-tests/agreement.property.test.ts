/**
 * Agreement property: on generated payloads (mixed wire encodings, every grid shape, zero fallback
 * ratios, statuses, malformed and duplicated definitions) and generated orders sitting on and
 * around every rule, the library's violation codes equal the independent model's, in order (and
 * so do the names of the skipped checks, with their reasons).
 *
 * `PROPERTY_RUNS=20000 npx vitest run property-tests/agreement.property.test.ts` for a long run
 * (each run checks ORDERS_PER_PAYLOAD orders); `PROPERTY_SEED=<seed>` replays a failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RuleBook, ValidationContext, ValidationResult, ViolationCode } from '../src/index.js';
import { modelRejectedSymbols, modelValidate, type RawPairDefinition } from './model/spec-model.js';
import { type GenOrder, genDefinitions, genOrder } from './support/agreement-gen.js';
import { bookFrom } from './support/book.js';
import { propertyParameters, runsFromEnv } from './support/runs.js';

const ORDERS_PER_PAYLOAD = 10;
/** Payloads per property run; each is checked against ORDERS_PER_PAYLOAD orders. */
const PARAMETERS = propertyParameters(500);
/** Orders for the fixed-seed sweep. */
const SWEEP_ORDERS = runsFromEnv('PROPERTY_SWEEP_ORDERS', 20_000);

/** JSON-ish text for a report: keeps undefined, bigint, NaN, Infinity, -0 and symbols visible. */
function show(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === undefined) return '<undefined>';
    if (typeof v === 'bigint') return `<${v}n>`;
    if (typeof v === 'number' && !Number.isFinite(v)) return `<${v}>`;
    if (typeof v === 'number' && Object.is(v, -0)) return '<-0>';
    if (typeof v === 'symbol' || typeof v === 'function') return `<${String(v)}>`;
    if (typeof v === 'object' && v !== null) {
      if (seen.has(v)) return '<cycle>';
      seen.add(v);
    }
    return v;
  });
}

interface Disagreement {
  readonly definitions: readonly RawPairDefinition[];
  readonly order: unknown;
  readonly context: unknown;
  readonly model: readonly string[];
  readonly library: readonly string[] | string;
  /** What disagreed: the violation codes, the skipped checks, or the set-aside symbols. */
  readonly about: 'violations' | 'skipped' | 'set-aside symbols';
}

const skipKey = (s: { check: string; reason: string }) => `${s.check}:${s.reason}`;

/** Compares one order; returns the disagreement, if any. */
function compare(
  book: RuleBook,
  definitions: readonly RawPairDefinition[],
  { order, context }: GenOrder,
): Disagreement | undefined {
  const model = modelValidate(definitions, order, context);
  let result: ValidationResult;
  try {
    result = book.validateOrder(order as never, context as ValidationContext | undefined);
  } catch (error) {
    return {
      definitions,
      order,
      context,
      model: model.codes,
      library: `threw ${String(error)}`,
      about: 'violations',
    };
  }
  const codes: ViolationCode[] = result.violations.map((v) => v.code);
  if (result.ok !== (codes.length === 0))
    return {
      definitions,
      order,
      context,
      model: model.codes,
      library: `ok=${result.ok} with ${show(codes)}`,
      about: 'violations',
    };
  if (show(codes) !== show(model.codes))
    return { definitions, order, context, model: model.codes, library: codes, about: 'violations' };
  const skipped = result.skipped.map(skipKey);
  const modelSkipped = model.skipped.map(skipKey);
  if (show(skipped) !== show(modelSkipped))
    return { definitions, order, context, model: modelSkipped, library: skipped, about: 'skipped' };
  return undefined;
}

/** The definitions an order refers to (all of them when its symbol matches none). */
function relevantDefinitions(d: Disagreement): readonly RawPairDefinition[] {
  const symbol = orderSymbol(d.order);
  const matching = d.definitions.filter((definition) => definition.symbol === symbol);
  return matching.length > 0 ? matching : d.definitions;
}

function report(d: Disagreement): string {
  return [
    `library and model disagree on ${d.about}`,
    `definitions: ${show(relevantDefinitions(d))}`,
    `order:       ${show(d.order)}`,
    `context:     ${show(d.context)}`,
    `model:       ${show(d.model)}`,
    `library:     ${typeof d.library === 'string' ? d.library : show(d.library)}`,
  ].join('\n');
}

const scenarioArb = fc.gen().map((g) => {
  const { definitions, pairs } = genDefinitions(g);
  const orders = Array.from({ length: ORDERS_PER_PAYLOAD }, () => genOrder(g, pairs));
  return { definitions, orders };
});

/** The order's symbol, when it is an own string field of a record. */
function orderSymbol(order: unknown): string | undefined {
  if (typeof order !== 'object' || order === null) return undefined;
  if (!Object.hasOwn(order, 'symbol')) return undefined;
  const symbol = (order as Record<string, unknown>).symbol;
  return typeof symbol === 'string' ? symbol : undefined;
}

interface Tally {
  checked: number;
}

/** Checks one payload: the set-aside symbols, then every order. */
function checkPayload(
  definitions: readonly RawPairDefinition[],
  orders: readonly GenOrder[],
  tally: Tally,
): Disagreement[] {
  const book = bookFrom(definitions);
  const disagreements: Disagreement[] = [];

  const rejected = [...new Set(book.rejected.map((r) => r.symbol ?? `#${r.index}`))].sort();
  const modelRejected = modelRejectedSymbols(definitions);
  if (show(rejected) !== show(modelRejected))
    disagreements.push({
      definitions,
      order: '(none: the set-aside definitions)',
      context: undefined,
      model: modelRejected,
      library: rejected,
      about: 'set-aside symbols',
    });

  for (const generated of orders) {
    tally.checked++;
    const disagreement = compare(book, definitions, generated);
    if (disagreement !== undefined) disagreements.push(disagreement);
  }
  return disagreements;
}

describe('library agrees with the spec model', () => {
  it('on generated payloads and orders near every rule', () => {
    const tally: Tally = { checked: 0 };
    fc.assert(
      fc.property(scenarioArb, ({ definitions, orders }) => {
        const [first] = checkPayload(definitions, orders, tally);
        if (first !== undefined) throw new Error(report(first));
      }),
      PARAMETERS,
    );
    expect(tally.checked).toBe(PARAMETERS.numRuns * ORDERS_PER_PAYLOAD);
  });

  it(`on ${SWEEP_ORDERS} orders from a fixed seed`, () => {
    const payloads = Math.ceil(SWEEP_ORDERS / ORDERS_PER_PAYLOAD);
    const disagreements: Disagreement[] = [];
    const tally: Tally = { checked: 0 };
    // Streamed through fc.assert (fc.sample would hold every payload in memory at once); the
    // predicate never fails, so all disagreements are collected and the first three shown.
    fc.assert(
      fc.property(scenarioArb, ({ definitions, orders }) => {
        if (disagreements.length < 100) disagreements.push(...checkPayload(definitions, orders, tally));
      }),
      { numRuns: payloads, seed: 20_251_121 },
    );
    expect(disagreements.slice(0, 3).map(report)).toEqual([]);
    expect(tally.checked).toBeGreaterThanOrEqual(SWEEP_ORDERS);
  });
});
