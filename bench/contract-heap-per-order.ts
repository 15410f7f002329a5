/**
 * `node --expose-gc --import tsx bench/contract-heap-per-order.ts DIST`: the heap a passing
 * contract `checkOrder` call allocates, order by order. DIST is a build's `dist` folder (this
 * checkout's, or an older one's). Each passing order of the contract bench's main mix
 * (contract-twins.ts) is judged 400 times after a warm-up, with a collection before; prints the
 * mean bytes per call and how many orders allocate more than 4 B a call. Steadier than the least
 * growth over a pass of the whole list (contract-report.ts), which a collection midway blurs.
 */
import { pathToFileURL } from 'node:url';
import type * as Futures from '../src/futures.js';
import { buildContractMix, buildContractTwins } from './contract-twins.js';

const [dist] = process.argv.slice(2);
const gc = globalThis.gc;
if (dist === undefined || gc === undefined) {
  console.error('usage: node --expose-gc --import tsx bench/contract-heap-per-order.ts DIST');
  process.exit(2);
}
const { ContractBook } = (await import(pathToFileURL(`${dist}/futures.js`).href)) as typeof Futures;
const twins = buildContractTwins();
const book = ContractBook.fromContractInfoText(twins.contractText);
const passing = buildContractMix(twins, 4096).contract.filter(
  (c) => book.validateOrder(c.order, c.context).ok,
);
let sink = 0;
for (let round = 0; round < 30; round++)
  for (const c of passing) sink += book.checkOrder(c.order, c.context).codes.length;
let total = 0;
let allocating = 0;
for (const c of passing) {
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 400; i++) sink += book.checkOrder(c.order, c.context).codes.length;
  const perCall = (process.memoryUsage().heapUsed - before) / 400;
  total += Math.max(0, perCall);
  if (perCall > 4) allocating++;
}
console.log(
  `checkOrder, ${passing.length} passing contract orders: ${(total / passing.length).toFixed(1)} B a call on average, ${allocating} allocating more than 4 B a call${sink === -1 ? '' : ''}`,
);
