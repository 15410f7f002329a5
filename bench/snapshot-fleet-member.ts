/**
 * One member of bench/snapshot-fleet.ts: removes leftovers as the source does at start, then
 * rewrites the shared snapshot for `life` ms, each book stamped now (so a later write carries a
 * later `serverTime`), and prints what its writes did as one JSON line.
 *
 *   node --import tsx bench/snapshot-fleet-member.ts FILE LIFE_MS
 */
import { RuleBook } from '../src/book/rule-book.js';
import { parseExchangeInfo } from '../src/exchange-info/parse-exchange-info.js';
import { removeLeftoverSnapshotFiles, writeSnapshotText } from '../src/source/snapshot-file.js';
import { exchangeInfoPayload, pairDefinition } from '../test-support/payload.js';

const [file, lifeText] = process.argv.slice(2);
if (file === undefined || lifeText === undefined)
  throw new Error('usage: snapshot-fleet-member.ts FILE LIFE_MS');
const pairs = Array.from({ length: 2_000 }, (_, i) => pairDefinition({ symbol: `P${i}USDT` }));
const stamped = '"fetchedAt":1,"serverTime":1';
const template = JSON.stringify(
  RuleBook.fromExchangeInfo(parseExchangeInfo(exchangeInfoPayload(pairs, { serverTime: 1 })), {
    fetchedAt: 1,
  }).toJSON(),
);
if (!template.includes(stamped)) throw new Error('the snapshot header is not where this bench expects it');

await removeLeftoverSnapshotFiles(file);
const end = Date.now() + Number(lifeText);
const outcome = { pid: process.pid, written: 0, kept: 0, failed: 0, causes: {} as Record<string, number> };
while (Date.now() < end) {
  const now = Date.now();
  try {
    const result = await writeSnapshotText(
      file,
      template.replace(stamped, `"fetchedAt":${now},"serverTime":${now}`),
    );
    // (Optional chaining: versions before snapshot ordering resolved with nothing.)
    if ((result as typeof result | undefined)?.written === false) outcome.kept++;
    else outcome.written++;
  } catch (error) {
    outcome.failed++;
    const cause = String((error as { cause?: { code?: unknown } }).cause?.code ?? (error as Error).name);
    outcome.causes[cause] = (outcome.causes[cause] ?? 0) + 1;
  }
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 30));
}
process.stdout.write(`${JSON.stringify(outcome)}\n`);
