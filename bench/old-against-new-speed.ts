/**
 * `node --import tsx bench/old-against-new-speed.ts OLD_DIST [NEW_DIST]`: the cost of
 * `validateOrder` and `checkOrder` per order on the benchmark's mostly failing mix (two orders in
 * three refused), an older build against this one in the same process, by the first violation's
 * code. OLD_DIST and NEW_DIST are `dist/index.js` files (NEW_DIST defaults to this checkout's
 * build: run `npm run build` first). Each figure is the fastest of five alternating rounds, so
 * that load on the machine weighs on both sides alike; run it at a quiet moment all the same.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Library from '../src/index.js';
import { buildMix, type MixCase } from './order-mix.js';

const [oldPath, newPath = resolve(import.meta.dirname, '../dist/index.js')] = process.argv.slice(2);
if (oldPath === undefined) {
  console.error(
    'usage: node --import tsx bench/old-against-new-speed.ts OLD_DIST_INDEX_JS [NEW_DIST_INDEX_JS]',
  );
  process.exit(2);
}
const load = async (path: string) => (await import(pathToFileURL(path).href)) as typeof Library;
const [previous, current] = [await load(oldPath), await load(newPath)];

const { text, cases } = buildMix(8192, 8, { fail: 2, of: 3 });
const oldBook = previous.RuleBook.fromExchangeInfo(previous.parseExchangeInfoText(text));
const newBook = current.RuleBook.fromExchangeInfo(current.parseExchangeInfoText(text));

type Method = 'validateOrder' | 'checkOrder';
let sink = 0;
/** Nanoseconds an order, over `rounds` passes of `group`. */
function cost(book: Library.RuleBook, method: Method, group: readonly MixCase[], rounds = 30): number {
  const judge = (book[method] as (order: unknown, context: unknown) => { ok: boolean }).bind(book);
  const started = performance.now();
  for (let r = 0; r < rounds; r++) for (const c of group) sink += judge(c.order, c.context).ok ? 1 : 0;
  return ((performance.now() - started) * 1e6) / (rounds * group.length);
}

/** The fastest of five rounds each, old and new taking turns. */
function race(method: Method, group: readonly MixCase[]): [number, number] {
  const old: number[] = [];
  const now: number[] = [];
  for (let i = 0; i < 5; i++) {
    old.push(cost(oldBook, method, group));
    now.push(cost(newBook, method, group));
  }
  return [Math.min(...old), Math.min(...now)];
}

const groups = new Map<string, MixCase[]>();
for (const c of cases) {
  const key = newBook.checkOrder(c.order, c.context).codes.join('+') || 'passing';
  groups.set(key, [...(groups.get(key) ?? []), c]);
}
const rows: Record<string, string | number>[] = [];
for (const method of ['validateOrder', 'checkOrder'] as const) {
  const [old, now] = race(method, cases);
  rows.push({
    method,
    orders: `the whole mix (${cases.length})`,
    'old ns': old.toFixed(0),
    'new ns': now.toFixed(0),
    'new/old': (now / old).toFixed(2),
  });
}
for (const [key, group] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
  if (group.length < 100) continue;
  const [old, now] = race('validateOrder', group);
  rows.push({
    method: 'validateOrder',
    orders: `${key} (${group.length})`,
    'old ns': old.toFixed(0),
    'new ns': now.toFixed(0),
    'new/old': (now / old).toFixed(2),
  });
}
console.table(rows);
console.log(`(sink ${sink})`);
