/**
 * `node --import tsx bench/contract-old-against-new.ts OLD_DIST_FUTURES_JS [SIZE]`: the same
 * contract answers before and after a reshaping of the contract engine, as
 * bench/old-against-new.ts does for spot. OLD_DIST_FUTURES_JS is the `dist/futures.js` of an
 * older build (for example `git worktree add /tmp/old main && cd /tmp/old && npm ci && npx tsup`,
 * then `/tmp/old/dist/futures.js`); the new side is this checkout's source. Every public call of a
 * contract book (`validateOrder`, `checkOrder`, `estimateOrder`, `normalizeOrder`) runs on both
 * over the contract bench's mixes (opening with a position, closing, without a position, MARKET
 * orders closing under `marketOpenCap: 'every-market'`), generated definitions and orders that
 * sit on and around every contract rule (src/testing's `contractDefinitionArb` and
 * `contractOrderArb`), and hostile values; each answer's JSON text is compared. Prints how many
 * calls were compared, how many differ in substance (with the first few) and how many in wording
 * alone, and exits 1 if any differs at all.
 */
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import * as current from '../src/futures.js';
import { contractDefinitionArb, contractOrderArb } from '../src/testing/index.js';
import { AnswerComparison } from './answer-comparison.js';
import { buildContractMix, buildContractTwins, type ContractCase } from './contract-twins.js';

type Futures = typeof current;

const [oldPath, sizeArgument] = process.argv.slice(2);
if (oldPath === undefined) {
  console.error('usage: node --import tsx bench/contract-old-against-new.ts OLD_DIST_FUTURES_JS [SIZE]');
  process.exit(2);
}
const size = Number.parseInt(sizeArgument ?? '8000', 10);
const previous = (await import(pathToFileURL(oldPath).href)) as Futures;

const answers = new AnswerComparison();
const compare = (what: string, before: () => unknown, after: () => unknown): void =>
  answers.compare(what, before, after);

const CALLS = ['validateOrder', 'checkOrder', 'estimateOrder', 'normalizeOrder'] as const;
type Call = (typeof CALLS)[number];
type Book = current.ContractBook;

function call(book: Book, name: Call, order: unknown, context?: unknown): unknown {
  return (book[name] as (order: unknown, context?: unknown) => unknown).call(book, order, context);
}

/** Each call on both books, each case asked twice in a row (a scratch record or a kept answer reused must not leak). */
function compareCases(label: string, oldBook: Book, newBook: Book, cases: readonly ContractCase[]): void {
  for (const c of cases)
    for (const name of CALLS)
      compare(
        `${label}: ${name}(${JSON.stringify(c.order)}, ${JSON.stringify(c.context)})`,
        () => call(oldBook, name, c.order, c.context),
        () => call(newBook, name, c.order, c.context),
      );
}

function books(payload: unknown, text: boolean, options?: current.ContractBookOptions): [Book, Book] {
  return text
    ? [
        previous.ContractBook.fromContractInfoText(payload as string, options),
        current.ContractBook.fromContractInfoText(payload as string, options),
      ]
    : [
        previous.ContractBook.fromContractInfo(payload, options),
        current.ContractBook.fromContractInfo(payload, options),
      ];
}

/** The same orders closing (the other position side), and without a position in the context. */
function variants(cases: readonly ContractCase[]): { closing: ContractCase[]; noPosition: ContractCase[] } {
  const closing = cases.map((c) => ({
    order: { ...c.order, positionSide: c.order.positionSide === 'LONG' ? 'SHORT' : 'LONG' },
    context: c.context,
  }));
  const noPosition = cases.map((c) => {
    const { position: _dropped, ...context } = c.context;
    return { order: c.order, context };
  });
  return { closing, noPosition };
}

const twins = buildContractTwins();
const third = Math.max(1, Math.floor(size / 3));
const [oldBook, newBook] = books(twins.contractText, true);
const [oldEvery, newEvery] = books(twins.contractText, true, { marketOpenCap: 'every-market' });
for (const [label, mix] of [
  ['main mix', buildContractMix(twins, third, 47)],
  ['mostly failing mix', buildContractMix(twins, third, 48, { fail: 2, of: 3 })],
] as const) {
  const { closing, noPosition } = variants(mix.contract);
  compareCases(label, oldBook, newBook, mix.contract);
  compareCases(`${label}, closing`, oldBook, newBook, closing);
  compareCases(`${label}, no position`, oldBook, newBook, noPosition);
  compareCases(`${label}, every-market, closing`, oldEvery, newEvery, closing.slice(0, third / 3));
  // Twice in a row: an answer made from a former order's scratch record would differ here.
  compareCases(`${label}, again`, oldBook, newBook, mix.contract.slice(0, third / 3));
}

// Generated definitions with orders on and around every contract rule, numbers and strings.
const caseArb = contractDefinitionArb().chain((raw) =>
  fc.array(contractOrderArb(raw, { numbers: true }), { minLength: 1, maxLength: 4 }).map((orders) => ({
    raw,
    orders,
  })),
);
const generated = fc.sample(caseArb, { numRuns: third, seed: 34 });
generated.forEach(({ raw, orders }, i) => {
  const options: current.ContractBookOptions =
    i % 5 === 0
      ? { marketOpenCap: 'every-market' }
      : i % 7 === 0
        ? { sizeGrid: 'contractVal' }
        : i % 11 === 0
          ? { clientOrderIds: 'length' }
          : {};
  const [a, b] = books({ symbols: [raw] }, false, options);
  const cases = orders.map((o) => ({
    order: o.order,
    context: o.context as Record<string, unknown>,
  }));
  compareCases('generated', a, b, cases);
});

// Hostile and odd values, on the bench's book.
const symbol = twins.contracts[0]?.symbol ?? 'BTCUSDT';
const base = { symbol, side: 'BUY', positionSide: 'LONG', type: 'LIMIT', timeInForce: 'GTC' };
const hostileOrders: unknown[] = [
  undefined,
  null,
  1,
  'x',
  [],
  new Date(0),
  { ...base, price: {}, quantity: '1' },
  { ...base, price: '1', quantity: '1e3' },
  { ...base, price: '-1', quantity: '0' },
  { ...base, price: ' 1', quantity: 1.5 },
  { ...base, price: '99999999999999999999.5', quantity: '123456789012345678901' },
  { ...base, type: 'MARKET', timeInForce: undefined, quantity: '99999999999999999999' },
  { ...base, type: 'STOP', price: '1', triggerPrice: '1.00000001', quantity: '1' },
  { ...base, type: 'STOP_MARKET', triggerPrice: 'x', quantity: '1' },
  { ...base, tpTriggerPrice: '1', slTriggerPrice: 2, TpWorkingType: 'x', price: '1', quantity: '1' },
  { ...base, positionSide: 'long', price: '1', quantity: '1' },
  { ...base, side: undefined, price: '1', quantity: '1' },
  { ...base, symbol: 'NOPE', price: '1', quantity: '1' },
  { ...base, newClientOrderId: 'a b', price: '1', quantity: '1' },
  Object.create({ symbol, side: 'BUY' }) as unknown,
  new Proxy(
    {},
    {
      get() {
        throw new Error('hostile');
      },
    },
  ),
];
const hostileContexts: unknown[] = [
  undefined,
  null,
  'x',
  { position: '-1' },
  { position: 'abc' },
  { position: '0.0' },
  { position: 0 },
  { position: '123456789012345678.5' },
  { position: 1e21 },
  { referencePrice: '0', maxNotional: '-1' },
  new Proxy(
    {},
    {
      get() {
        throw new Error('hostile');
      },
    },
  ),
];
function describe(value: unknown): string {
  try {
    return String(JSON.stringify(value));
  } catch {
    return '(a value that throws)';
  }
}
for (const order of hostileOrders)
  for (const context of hostileContexts)
    for (const name of CALLS)
      compare(
        `hostile ${name}(${describe(order)}, ${describe(context)})`,
        () => call(oldBook, name, order, context),
        () => call(newBook, name, order, context),
      );

console.log(answers.summary('contract old against new'));
process.exit(answers.differ === 0 && answers.reworded === 0 ? 0 : 1);
