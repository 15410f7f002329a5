/**
 * Instructions per order counted over a window, with valgrind started uninstrumented: the
 * driver warms a validator up on a mix 15 times, prints READY and waits for a line on stdin;
 * instrumentation is then switched on from outside (`callgrind_control -i on`), and the driver
 * judges the mix ROUNDS times more and exits. One run of about a minute, where
 * `instruction-driver.ts` needs two of several minutes each. Bundle it first, so that no
 * TypeScript loader runs under valgrind:
 *
 *     npx esbuild bench/instruction-window.ts --bundle --platform=node --format=esm \
 *       --outfile=/tmp/window.mjs --external:'/tmp/*'
 *     mkfifo /tmp/go; (valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/cg.out \
 *       node --single-threaded /tmp/window.mjs DIST/index.js mf validate 10 < /tmp/go > /tmp/log &)
 *     exec 3>/tmp/go; until grep -q READY /tmp/log; do sleep 1; done
 *     callgrind_control -i on; echo go >&3; wait; grep totals /tmp/cg.out
 *
 * then divide the total by the orders judged (the last line of /tmp/log). DIST/index.js is a
 * build's entry (or an esbuild bundle of `src/index.ts`); the mix is `mf` (the mostly failing
 * mix), `long` (the long-digit mix) or `oddlong` (the long-digit mix over the odd pairs); the
 * validator `validate` or `check`.
 */
import { pathToFileURL } from 'node:url';
import type * as Library from '../src/index.js';
import { buildOddLongDigitMix, buildOddPairs } from './odd-pairs.js';
import { buildLongDigitMix, buildMix, type MixCase } from './order-mix.js';

const [path, which, method, roundsText] = process.argv.slice(2);
if (path === undefined || roundsText === undefined) {
  console.error('usage: node window.mjs DIST_INDEX_JS mf|long|oddlong validate|check ROUNDS');
  process.exit(2);
}
const library = (await import(pathToFileURL(path).href)) as typeof Library;
let mix: { text: string; cases: MixCase[] };
if (which === 'long') mix = buildLongDigitMix(4096);
else if (which === 'oddlong') {
  const odd = buildOddPairs();
  mix = { text: odd.text, cases: buildOddLongDigitMix(odd, 4096).cases };
} else mix = buildMix(4096, 43, { fail: 2, of: 3 });
const book = library.RuleBook.fromExchangeInfo(library.parseExchangeInfoText(mix.text));
const judge: (c: MixCase) => boolean =
  method === 'check'
    ? (c) => book.checkOrder(c.order, c.context).ok
    : (c) => book.validateOrder(c.order, c.context).ok;
let sink = 0;
for (let r = 0; r < 15; r++) for (const c of mix.cases) if (judge(c)) sink++;
process.stdout.write('READY\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
const rounds = Number(roundsText);
for (let r = 0; r < rounds; r++) for (const c of mix.cases) if (judge(c)) sink++;
process.stdout.write(`verdicts ${sink}; orders judged ${mix.cases.length * rounds}\n`);
process.exit(0);
