import { describe, expect, it } from 'vitest';
import {
  ContractBook,
  type ContractBookOptions,
  type ContractOrderContext,
  type ContractValidationResult,
} from '../../src/futures.js';
import { TEST_CONTRACT } from '../../test-support/test-contract.js';

// ContractBook answers many orders in a row from shared, remembered answers (the last answer,
// answers shared per set of skips, verdicts shared per set of failures): each order must get its
// own answer whatever was judged before it. A grid of orders (types, sides, contexts, quantities,
// the fast way and the general way) is judged against a small model of the contract's rules, in
// order, backwards and right after each order that differs from it in one respect only, so that a
// remembered answer keyed on too little is caught. Codes, fields, skips, never a message's wording.

const TEST = TEST_CONTRACT;

type Side = readonly [side: 'BUY' | 'SELL', positionSide: 'LONG' | 'SHORT'];
// STOP with a timeInForce is judged as a LIMIT order with one, by the spot judge's fast way: its
// skips are the very list a LIMIT order's are, which only the algo order's dropped band tells apart.
const TYPES = ['LIMIT', 'MARKET', 'STOP', 'STOP+GTC', 'STOP_MARKET'] as const;
const SIDES: readonly Side[] = [
  ['BUY', 'LONG'],
  ['SELL', 'SHORT'],
  ['SELL', 'LONG'],
];
// The test contract, and one without each cap: a skip of its own for the contract rule (three
// skips in all, each remembered by number).
const SYMBOLS = ['TESTUSDT', 'NOMAXUSDT', 'NOCAPUSDT'] as const;
const CONTRACTS = [
  TEST,
  { ...TEST, symbol: 'NOMAXUSDT', maxPositionSize: undefined },
  { ...TEST, symbol: 'NOCAPUSDT', marketOpenLimitSize: undefined },
];
// A long decimal (past what safe integers hold) sends the order the general way; each is also
// given short, judged the fast way (LIMIT and MARKET orders; conditional ones are general always).
const CONTEXTS: readonly (ContractOrderContext | undefined)[] = [
  undefined,
  { position: '0' },
  { position: '0.0000000000000000001' },
  { referencePrice: '100' },
  { referencePrice: '100.0000000000000000001' },
  { position: '0', referencePrice: '100' },
  { position: '0.0000000000000000001', referencePrice: '100.0000000000000000001' },
  { position: '495' },
  { position: '495.0000000000000000001' },
];
const QUANTITIES = ['6', '20'];

interface Case {
  readonly order: Record<string, string>;
  readonly context: ContractOrderContext | undefined;
  /** Where the case sits in the grid: symbol, type, side, context and quantity. */
  readonly at: readonly [number, number, number, number, number];
}

const cases: Case[] = [];
SYMBOLS.forEach((symbol, y) => {
  TYPES.forEach((kind, t) => {
    SIDES.forEach(([side, positionSide], s) => {
      CONTEXTS.forEach((context, c) => {
        QUANTITIES.forEach((quantity, q) => {
          const type = kind === 'STOP+GTC' ? 'STOP' : kind;
          const order: Record<string, string> = { symbol, side, positionSide, type, quantity };
          if (kind === 'LIMIT' || kind === 'STOP+GTC') order.timeInForce = 'GTC';
          if (type !== 'MARKET' && type !== 'STOP_MARKET') order.price = '100';
          if (type !== 'LIMIT' && type !== 'MARKET') order.triggerPrice = '100';
          cases.push({ order, context, at: [y, t, s, c, q] });
        });
      });
    });
  });
});

interface Expected {
  readonly codes: readonly string[];
  readonly skipped: readonly (readonly [string, string, string])[];
}

/**
 * The test contract's rules on these orders, written out: the price and size are always on the
 * grid and in bounds, so only the band's skip (a LIMIT order without a reference price; dropped on
 * a conditional order), the open-market cap (10, on an opening MARKET order, or every MARKET
 * order with `marketOpenCap: 'every-market'`; skipped without the cap) and the position cap (500,
 * on an opening order; skipped without the cap, or else without a position) decide.
 */
function expected({ order, context }: Case, capAll: boolean): Expected {
  const opens =
    (order.side === 'BUY' && order.positionSide === 'LONG') ||
    (order.side === 'SELL' && order.positionSide === 'SHORT');
  const quantity = Number(order.quantity);
  const position = context?.position === undefined ? undefined : Number(context.position);
  const capped = order.type === 'MARKET' && (opens || capAll);
  const hasCap = order.symbol !== 'NOCAPUSDT';
  const hasMax = order.symbol !== 'NOMAXUSDT';
  const codes: string[] = [];
  const skipped: [string, string, string][] = [];
  if (capped && hasCap && quantity > 10) codes.push('MARKET_OPEN_SIZE_ABOVE_MAX');
  if (opens && hasMax && position !== undefined && position + quantity > 500)
    codes.push('POSITION_SIZE_ABOVE_MAX');
  if (order.type === 'LIMIT' && context?.referencePrice === undefined)
    skipped.push([
      order.side === 'BUY' ? 'PRICE_ABOVE_BUY_LIMIT' : 'PRICE_BELOW_SELL_LIMIT',
      'NO_REFERENCE_PRICE',
      'referencePrice',
    ]);
  if (capped && !hasCap) skipped.push(['MARKET_OPEN_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', 'marketOpenLimitSize']);
  if (opens && !hasMax) skipped.push(['POSITION_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', 'maxPositionSize']);
  else if (opens && position === undefined)
    skipped.push(['POSITION_SIZE_ABOVE_MAX', 'NO_POSITION', 'position']);
  return { codes, skipped };
}

const skipsOf = (skipped: ContractValidationResult['skipped']) =>
  skipped.map((s) => `${s.check}:${s.reason}:${s.field}`).join(' ');
const wanted = (want: Expected) =>
  `${want.codes.length === 0} ${want.codes.join(' ')} | ${want.skipped.map((s) => s.join(':')).join(' ')}`;

const WANTED = [new Map<Case, string>(), new Map<Case, string>()];
function wantedOf(c: Case, capAll: boolean): string {
  const known = WANTED[capAll ? 1 : 0] as Map<Case, string>;
  let want = known.get(c);
  if (want === undefined) {
    want = wanted(expected(c, capAll));
    known.set(c, want);
  }
  return want;
}

/**
 * Judges `c` both ways and holds the answers to the model; the answers are compared as one line
 * each (an `expect` per field of thousands of answers would cost seconds).
 */
function holds(book: ContractBook, c: Case, capAll: boolean): void {
  const want = wantedOf(c, capAll);
  const result = book.validateOrder(c.order, c.context);
  const verdict = book.checkOrder(c.order, c.context);
  const frozen =
    Object.isFrozen(verdict) && Object.isFrozen(verdict.codes) && Object.isFrozen(verdict.skipped);
  const got = `${result.ok} ${result.violations.map((v) => v.code).join(' ')} | ${skipsOf(result.skipped)}`;
  const gotVerdict = `${verdict.ok} ${verdict.codes.join(' ')} | ${skipsOf(verdict.skipped)}`;
  if (got !== want || gotVerdict !== want || !frozen)
    expect({ order: c.order, context: c.context, got, gotVerdict, frozen }).toEqual({
      order: c.order,
      context: c.context,
      got: want,
      gotVerdict: want,
      frozen: true,
    });
}

/** The cases that differ from `c` in exactly one place of the grid. */
const neighbours = (c: Case) =>
  cases.filter((other) => other.at.filter((value, i) => value !== c.at[i]).length === 1);

describe.each([
  ['the default options', undefined, false],
  ["marketOpenCap: 'every-market'", { marketOpenCap: 'every-market' }, true],
] as const)(
  'each order its own answer, with %s',
  (_name, options: ContractBookOptions | undefined, capAll) => {
    it('the grid in order and backwards', () => {
      const book = ContractBook.fromContractInfo({ symbols: CONTRACTS }, options);
      for (const c of cases) holds(book, c, capAll);
      for (const c of [...cases].reverse()) holds(book, c, capAll);
    });
    it('two books of other options, taking turns', () => {
      const mine = ContractBook.fromContractInfo({ symbols: CONTRACTS }, options);
      const theirs = ContractBook.fromContractInfo(
        { symbols: CONTRACTS },
        { marketOpenCap: capAll ? 'opening' : 'every-market' },
      );
      for (const c of cases) {
        holds(mine, c, capAll);
        holds(theirs, c, !capAll);
      }
    });
  },
);

it('each order right after each order that differs from it in one respect', () => {
  const book = ContractBook.fromContractInfo({ symbols: CONTRACTS });
  for (const c of cases)
    for (const other of neighbours(c)) {
      holds(book, other, false);
      holds(book, c, false);
    }
});
