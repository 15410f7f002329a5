/**
 * Agreement on the realistic corpus (test-support/corpus/): the agreement property's payloads are
 * generated to reach every rule; these 1,260 definitions have the grids, caps, spellings and
 * tolerated shapes of real listings instead (20-digit caps, `1E-8`, precisions as strings, ticks
 * only in `displayDigitMerge`). The library reads the corpus's JSON text as the exchange sends it;
 * the independent model reads the decoded definitions. On the orders the corpus builds from each
 * pair's own numbers (all of them), and on orders generated near each pair's rules, both give the
 * same violations (code and field in order; value, limit and suggestion where the model fixes
 * them) and the same skipped checks.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseExchangeInfoText, RuleBook, type ValidationContext, type Violation } from '../src/index.js';
import { type GenOrder, type GenPair, genOrder } from '../test-support/agreement-gen.js';
import { realCorpusOrders } from '../test-support/corpus/orders.js';
import { realCorpus } from '../test-support/corpus/real-corpus.js';
import type { RealCorpusPair } from '../test-support/corpus/types.js';
import {
  type ModelViolation,
  modelRejectedSymbols,
  modelValidate,
  type RawPairDefinition,
} from '../test-support/model/spec-model.js';
import { propertyParameters } from '../test-support/runs.js';

const corpus = realCorpus();

/** Parsing and compiling 1,260 pairs takes about a second on a slow machine. */
const BOOK_TIMEOUT_MS = 60_000;
let book: RuleBook | undefined;
const corpusBook = () => {
  book ??= RuleBook.fromExchangeInfo(parseExchangeInfoText(corpus.text), { fetchedAt: 0 });
  return book;
};

/** The agreement generator's view of a pair: its true grids, also where the wire leaves them out. */
function genPair(pair: RealCorpusPair): GenPair {
  return {
    symbol: pair.symbol,
    tickSize: pair.tickSize,
    stepSize: pair.stepSize,
    quoteAssetPrecision: pair.quoteAssetPrecision,
    baseAssetPrecision: pair.baseAssetPrecision,
    minTradeAmount: pair.minTradeAmount,
    maxTradeAmount: pair.maxTradeAmount,
    buyLimitPriceRatio: pair.buyLimitPriceRatio,
    sellLimitPriceRatio: pair.sellLimitPriceRatio,
    marketBuyLimitSize: pair.marketBuyLimitSize,
    marketSellLimitSize: pair.marketSellLimitSize,
    marketFallbackPriceRatio: pair.marketFallbackPriceRatio,
  };
}

/**
 * The definitions the model looks an order's symbol up in: those with its symbol. The corpus has
 * one per symbol (test/corpus/ holds that), so the model's answer is the one it gives over all of
 * them, and scanning all 1,260 for each order was most of this file's time.
 */
const bySymbol = new Map<unknown, readonly RawPairDefinition[]>();
for (const definition of corpus.definitions)
  bySymbol.set(definition.symbol, [...(bySymbol.get(definition.symbol) ?? []), definition]);
function definitionsFor(order: unknown): readonly RawPairDefinition[] {
  const symbol =
    typeof order === 'object' && order !== null ? (order as { symbol?: unknown }).symbol : undefined;
  return typeof symbol === 'string' ? (bySymbol.get(symbol) ?? []) : corpus.definitions;
}

/** A violation as text; value, limit and suggestion only where the model fixes them. */
function violationText(v: Violation | ModelViolation, model: ModelViolation | undefined): string {
  const text = `${v.code}:${v.field}`;
  if (model === undefined) return text;
  if (model.value === undefined && model.limit === undefined && model.suggestion === undefined) return text;
  return `${text} value=${v.value} limit=${v.limit} suggestion=${(v.suggestion ?? []).join('|')}`;
}

/** Library and model on one order, as comparable text. */
function answers({ order, context }: GenOrder): { library: string[]; model: string[] } {
  const model = modelValidate(definitionsFor(order), order, context);
  const result = corpusBook().validateOrder(order as never, context as ValidationContext | undefined);
  return {
    library: [
      `ok=${result.ok}`,
      ...result.violations.map((v, i) => violationText(v, model.violations[i])),
      ...result.skipped.map((s) => `skipped ${s.check}:${s.reason}:${s.field}`),
    ],
    model: [
      `ok=${model.violations.length === 0}`,
      ...model.violations.map((v) => violationText(v, v)),
      ...model.skipped.map((s) => `skipped ${s.check}:${s.reason}:${s.field}`),
    ],
  };
}

const genPairs = corpus.pairs.map(genPair);
/** One order per run: a failure then shrinks to the one order and context that disagree. */
const orderArb = fc.gen().map((g) => genOrder(g, genPairs));

describe('library agrees with the spec model on the realistic corpus', () => {
  beforeAll(() => void corpusBook(), BOOK_TIMEOUT_MS);

  it('sets aside the same definitions (none)', () => {
    expect(corpusBook().rejected.map((r) => r.symbol ?? `#${r.index}`)).toEqual(
      modelRejectedSymbols(corpus.definitions),
    );
  });

  it('on the orders built from each pair’s own numbers, every pair', () => {
    const disagreements: unknown[] = [];
    for (const pair of corpus.pairs)
      for (const generated of realCorpusOrders(pair)) {
        const { library, model } = answers(generated);
        if (library.join() !== model.join() && disagreements.length < 3)
          disagreements.push({ ...generated, library, model });
      }
    expect(disagreements).toEqual([]);
  });

  it('on orders generated near each pair’s rules', () => {
    fc.assert(
      fc.property(orderArb, (generated) => {
        const { library, model } = answers(generated);
        expect(library).toEqual(model);
      }),
      propertyParameters(400),
    );
  });
});
