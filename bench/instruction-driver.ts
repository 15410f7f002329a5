/**
 * A driver for counting instructions per order with valgrind, where a shared machine's load does
 * not reach the figure: it warms one validator up on a mix 15 times, then judges the mix ROUNDS
 * times more. Run it with ROUNDS 0 and 20 and divide the difference of valgrind's totals by
 * 20 × 4,096 orders. Bundle it first, so that no TypeScript loader runs under valgrind:
 *
 *     npx esbuild bench/instruction-driver.ts --bundle --platform=node --format=esm \
 *       --outfile=/tmp/driver.mjs --external:'/tmp/*'
 *     valgrind --tool=callgrind --callgrind-out-file=/dev/null \
 *       node --single-threaded /tmp/driver.mjs DIST/index.js mf check 20
 *
 * DIST/index.js is a build's entry (`dist/index.js`, or another checkout's); the mix is `mf`
 * (the mostly failing mix) or `long` (the long-digit mix); the validator `validate`, `check` or
 * `big` (the hand-written big.js validator).
 */
import { pathToFileURL } from 'node:url';
import type * as Library from '../src/index.js';
import { BigBaselineValidator } from './big-baseline.js';
import { buildLongDigitMix, buildMix, type MixCase } from './order-mix.js';

const [path, which, method, roundsText] = process.argv.slice(2);
if (path === undefined || roundsText === undefined) {
  console.error('usage: node driver.mjs DIST_INDEX_JS mf|long validate|check|big ROUNDS');
  process.exit(2);
}
const library = (await import(pathToFileURL(path).href)) as typeof Library;
const mix = which === 'long' ? buildLongDigitMix(4096) : buildMix(4096, 43, { fail: 2, of: 3 });
const info = library.parseExchangeInfoText(mix.text);
const book = library.RuleBook.fromExchangeInfo(info);
const baseline = new BigBaselineValidator(info.symbols);
const judge: (c: MixCase) => boolean =
  method === 'big'
    ? (c) => baseline.validate(c.order, c.context).length === 0
    : method === 'check'
      ? (c) => book.checkOrder(c.order, c.context).ok
      : (c) => book.validateOrder(c.order, c.context).ok;
let sink = 0;
const rounds = 15 + Number(roundsText);
for (let r = 0; r < rounds; r++) for (const c of mix.cases) if (judge(c)) sink++;
console.log(sink);
