/**
 * `node --import tsx bench/profile-loop.ts DIST CALL MIX [SECONDS]`: one call looped alone over
 * one of the bench's mixes, for a CPU profile (`node --cpu-prof --import tsx ...`) or for timing
 * two builds in turn. DIST is a build's `dist` folder (`index.js` and `futures.js`); CALL is
 * `validate` or `check` on spot orders, or `sv`, `cv`, `sc`, `cc` (spot validate, contract
 * validate, spot check, contract check) on the contract bench's orders; MIX is `main` or `mf`
 * (the mostly failing mix). Prints nanoseconds per order. Not the bench's measure: nothing runs
 * between the calls, so caches stay warm (`npm run bench` races big.js in between).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Futures from '../src/futures.js';
import type * as Library from '../src/index.js';
import { buildContractMix, buildContractTwins } from './contract-twins.js';
import { buildMix, type MixCase } from './order-mix.js';

const [dist, call, mix = 'mf', seconds = '5'] = process.argv.slice(2);
const CALLS = ['validate', 'check', 'sv', 'cv', 'sc', 'cc'];
if (dist === undefined || call === undefined || !CALLS.includes(call) || (mix !== 'main' && mix !== 'mf')) {
  console.error(`usage: node --import tsx bench/profile-loop.ts DIST ${CALLS.join('|')} main|mf [SECONDS]`);
  process.exit(2);
}
const load = async (file: string) => import(pathToFileURL(resolve(dist, file)).href);
const library = (await load('index.js')) as typeof Library;
const futures = (await load('futures.js')) as typeof Futures;
// The seeds and shares of `npm run bench`'s mixes (run.ts, contract-report.ts).
const mostlyFailing = mix === 'mf';
const failing = mostlyFailing ? { fail: 2, of: 3 } : undefined;

/** The orders and the call on one of them, for the call asked. */
function workload(): { cases: readonly MixCase[]; judge: (c: MixCase) => number } {
  if (call === 'validate' || call === 'check') {
    const { text, cases } = buildMix(4096, mostlyFailing ? 43 : 42, failing);
    const book = library.RuleBook.fromExchangeInfo(library.parseExchangeInfoText(text));
    return call === 'validate'
      ? { cases, judge: (c) => book.validateOrder(c.order, c.context).violations.length }
      : { cases, judge: (c) => book.checkOrder(c.order, c.context).codes.length };
  }
  const twins = buildContractTwins();
  const orders = buildContractMix(twins, 4096, mostlyFailing ? 48 : 47, failing);
  if (call === 'sv' || call === 'sc') {
    const spot = library.RuleBook.fromExchangeInfo(library.parseExchangeInfoText(twins.spotText));
    return call === 'sv'
      ? { cases: orders.spot, judge: (c) => spot.validateOrder(c.order, c.context).violations.length }
      : { cases: orders.spot, judge: (c) => spot.checkOrder(c.order, c.context).codes.length };
  }
  const contracts = futures.ContractBook.fromContractInfoText(twins.contractText);
  // A contract case carries an order and a context, as a spot case does.
  const cases = orders.contract as unknown as readonly MixCase[];
  return call === 'cv'
    ? { cases, judge: (c) => contracts.validateOrder(c.order, c.context).violations.length }
    : { cases, judge: (c) => contracts.checkOrder(c.order, c.context).codes.length };
}

const { cases, judge } = workload();
let sink = 0;
let judged = 0;
const end = Date.now() + 1000 * Number(seconds);
const start = process.hrtime.bigint();
while (Date.now() < end) {
  for (const c of cases) sink += judge(c);
  judged += cases.length;
}
const ns = Number(process.hrtime.bigint() - start) / judged;
console.log(`${call} ${mix}: ${ns.toFixed(0)} ns/order over ${judged} calls (sink ${sink})`);
