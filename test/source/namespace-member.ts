/**
 * One member of a fleet sharing a snapshot directory, run in a child process (in its own PID
 * namespace by test/source/snapshot-leftovers.test.ts, where every member is pid 1). Prints one
 * JSON line per event on stdout.
 *
 * - `write FILE`: writes a snapshot to FILE, pausing before the rename until a line arrives on
 *   stdin (or stdin closes) (`paused`, with the temporary file's path), then reports `written`
 *   or `failed`.
 * - `clean FILE`: runs the start-up clean-up beside FILE and reports what it removed (`cleaned`).
 *
 * Run as `node --import tsx test/source/namespace-member.ts write /tmp/x/rules.json`.
 */
import { createInterface } from 'node:readline';
import { RuleBook } from '../../src/book/rule-book.js';
import { parseExchangeInfo } from '../../src/exchange-info/parse-exchange-info.js';
import {
  NODE_SNAPSHOT_FILE_SYSTEM,
  removeLeftoverSnapshotFiles,
  writeSnapshotText,
} from '../../src/source/snapshot-file.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';

const [role, file] = process.argv.slice(2);
const say = (event: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ pid: process.pid, ...event })}\n`);

async function write(path: string): Promise<void> {
  const lines = createInterface({ input: process.stdin });
  // A line, or stdin closed (the test gave up): either way, go on.
  const go = new Promise<void>((resolve) => {
    lines.once('line', () => resolve());
    lines.once('close', () => resolve());
  });
  const book = RuleBook.fromExchangeInfo(parseExchangeInfo(exchangeInfoPayload([pairDefinition()])), {
    fetchedAt: Date.now(),
  });
  try {
    const result = await writeSnapshotText(path, JSON.stringify(book.toJSON()), {
      fs: {
        ...NODE_SNAPSHOT_FILE_SYSTEM,
        rename: async (from, to) => {
          say({ event: 'paused', temporary: String(from) });
          await go;
          return NODE_SNAPSHOT_FILE_SYSTEM.rename(from, to);
        },
      },
    });
    say({ event: 'written', result });
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause;
    say({ event: 'failed', name: (error as Error).name, causeCode: cause?.code });
  } finally {
    lines.close();
  }
}

if (file === undefined) throw new Error('usage: namespace-member.ts write|clean FILE');
if (role === 'write') await write(file);
else if (role === 'clean') say({ event: 'cleaned', removed: await removeLeftoverSnapshotFiles(file) });
else throw new Error(`unknown role ${role}`);
