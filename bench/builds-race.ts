/**
 * `node --import tsx bench/builds-race.ts A_DIST_INDEX_JS B_DIST_INDEX_JS [ROUNDS]`: two builds of
 * the library on the bench's mostly failing mix, measured as `npm run bench` measures a validator
 * against big.js: the two builds and the big.js validator take turns, 256 orders at a time, each
 * chunk keeping its fastest of 40 passes (`race.ts`), so each build's orders, pairs and code are
 * as cold as in the bench (`old-against-new-speed.ts` runs each build on its own, warm). Prints,
 * per round, each build's ns an order and ratio to big.js, and B's time over A's, for
 * `validateOrder` and `checkOrder`. Whichever build is loaded second has read up to 5% faster:
 * run it with each build first in turn before believing a difference under 10%.
 */
import { pathToFileURL } from 'node:url';
import type * as Library from '../src/index.js';
import { BigBaselineValidator } from './big-baseline.js';
import { buildMix, type MixCase } from './order-mix.js';
import { race } from './race.js';

const [pathA, pathB, roundsText = '3'] = process.argv.slice(2);
if (pathA === undefined || pathB === undefined) {
  console.error('usage: node --import tsx bench/builds-race.ts A_DIST_INDEX_JS B_DIST_INDEX_JS [ROUNDS]');
  process.exit(2);
}
const load = async (path: string) => (await import(pathToFileURL(path).href)) as typeof Library;
const [a, b] = [await load(pathA), await load(pathB)];
const { text, cases } = buildMix(4096, 43, { fail: 2, of: 3 });
const info = a.parseExchangeInfoText(text);
const bookA = a.RuleBook.fromExchangeInfo(info);
const bookB = b.RuleBook.fromExchangeInfo(b.parseExchangeInfoText(text));
const big = new BigBaselineValidator(info.symbols);
const bigVerdict = (c: MixCase) => big.validate(c.order, c.context).length === 0;
const ns = (perSecond: number) => (1e9 / perSecond).toFixed(0);
const ratio = (ours: number, theirs: number) => `${(ours / theirs).toFixed(1)}x`;

for (let round = 0; round < Number(roundsText); round++) {
  const line: string[] = [];
  for (const method of ['validateOrder', 'checkOrder'] as const) {
    // The mix's orders are decoded JSON: judged as a caller's unknown input.
    const judgeA = (bookA[method] as (order: unknown, context: unknown) => { ok: boolean }).bind(bookA);
    const judgeB = (bookB[method] as (order: unknown, context: unknown) => { ok: boolean }).bind(bookB);
    const [ta = 1, tb = 1, tbig = 1] = race([
      [(c) => judgeA(c.order, c.context).ok, cases],
      [(c) => judgeB(c.order, c.context).ok, cases],
      [bigVerdict, cases],
    ]);
    line.push(
      `${method} A ${ns(ta)} ns (${ratio(ta, tbig)}) B ${ns(tb)} ns (${ratio(tb, tbig)}) B/A ${(ta / tb).toFixed(3)}`,
    );
  }
  console.log(line.join(' | '));
}
