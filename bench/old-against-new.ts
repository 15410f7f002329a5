/**
 * `node --import tsx bench/old-against-new.ts OLD_DIST [SIZE]`: the same answers before and after
 * a reshaping of the engine. OLD_DIST is the `dist/index.js` of an older build (for example
 * `git worktree add /tmp/old main && cd /tmp/old && npm ci`, then `/tmp/old/dist/index.js`); the
 * new side is this checkout's source. Every public call of a rule book (`validateOrder`,
 * `checkOrder`, `estimateOrder`, `normalizeOrder`, `definition`, `toJSON`) and the payload
 * readers run on both over the benchmark's realistic, failing and long-digit mixes, the fast
 * path's edge cases and hostile values, and each answer's JSON text is compared. Prints how
 * many calls were compared, how many differ in substance (with the first few) and how many in
 * their messages' wording alone (reworded messages are changes of their own, listed in the
 * changelog), and exits 1 if any differs in substance.
 */
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import * as current from '../src/index.js';
import { edgeCaseArb, longDigitCaseArb } from '../test-support/edge-cases.js';
import { AnswerComparison } from './answer-comparison.js';
import { buildLongDigitMix, buildMix, type MixCase } from './order-mix.js';

type Library = typeof current;

const [oldPath, sizeArgument] = process.argv.slice(2);
if (oldPath === undefined) {
  console.error('usage: node --import tsx bench/old-against-new.ts OLD_DIST_INDEX_JS [SIZE]');
  process.exit(2);
}
const size = Number.parseInt(sizeArgument ?? '20000', 10);
const previous = (await import(pathToFileURL(oldPath).href)) as Library;

const answers = new AnswerComparison();
const compare = (what: string, before: () => unknown, after: () => unknown): void =>
  answers.compare(what, before, after);

const CALLS = ['validateOrder', 'checkOrder', 'estimateOrder', 'normalizeOrder'] as const;
type Call = (typeof CALLS)[number];

/** A book's public call as its widest overload: any value in, as a user may pass it. */
function call(
  book: current.RuleBook,
  name: Call,
  order: unknown,
  context?: current.ValidationContext,
): unknown {
  return (book[name] as (order: unknown, context?: current.ValidationContext) => unknown).call(
    book,
    order,
    context,
  );
}

function compareBooks(label: string, text: string, cases: readonly MixCase[]): void {
  compare(
    `${label}: parseExchangeInfoText`,
    () => previous.parseExchangeInfoText(text),
    () => current.parseExchangeInfoText(text),
  );
  const oldBook = previous.RuleBook.fromExchangeInfo(previous.parseExchangeInfoText(text), { fetchedAt: 1 });
  const newBook = current.RuleBook.fromExchangeInfo(current.parseExchangeInfoText(text), { fetchedAt: 1 });
  compare(
    `${label}: toJSON`,
    () => oldBook.toJSON(),
    () => newBook.toJSON(),
  );
  for (const symbol of newBook.symbols)
    compare(
      `${label}: definition(${symbol})`,
      () => oldBook.definition(symbol),
      () => newBook.definition(symbol),
    );
  for (const c of cases)
    for (const name of CALLS)
      compare(
        `${label}: ${name}(${JSON.stringify(c.order)}, ${JSON.stringify(c.context)})`,
        () => call(oldBook, name, c.order, c.context),
        () => call(newBook, name, c.order, c.context),
      );
}

const third = Math.max(1, Math.floor(size / 3));
const realistic = buildMix(third, 7);
compareBooks('realistic mix', realistic.text, realistic.cases);
const failing = buildMix(third, 8, { fail: 2, of: 3 });
compareBooks('mostly failing mix', failing.text, failing.cases);
const long = buildLongDigitMix(third, 9);
compareBooks('long-digit mix', long.text, long.cases);

// The fast path's edges, long digits and hostile values, on the book each case comes with.
const edges = [
  ...fc.sample(edgeCaseArb, { numRuns: Math.min(2_000, third), seed: 11 }),
  ...fc.sample(longDigitCaseArb, { numRuns: Math.min(2_000, third), seed: 12 }),
];
for (const edge of edges) {
  const text = JSON.stringify({ timezone: 'UTC', serverTime: 1, symbols: [edge.definition] });
  compareBooks('edge case', text, [{ order: edge.order, context: edge.context }]);
}
const hostile: unknown[] = [undefined, null, 1, 'x', [], new Date(0), { symbol: 'BTCUSDT', price: {} }];
const sample = previous.RuleBook.fromExchangeInfo(previous.sampleExchangeInfo(), { fetchedAt: 1 });
const sampleNow = current.RuleBook.fromExchangeInfo(current.sampleExchangeInfo(), { fetchedAt: 1 });
for (const value of hostile)
  for (const name of CALLS)
    compare(
      `hostile ${name}(${String(value)})`,
      () => call(sample, name, value),
      () => call(sampleNow, name, value),
    );

console.log(answers.summary('old against new'));
process.exit(answers.differ === 0 ? 0 : 1);
