// The bound `check --help` states for --max-line-bytes: memory within the limit plus the program's
// own, on lines at the limit, one after another. Measured as the peak resident set of a real child
// process (its own report at exit), against the same program reading a one-line file. Lines of 24
// MiB stand in for the 256 MiB of docs/cli.md's measurement, with the limit lowered to match.
import { open, readFile, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI_FROM_SOURCE, limit, runChild, tempDir, writeSampleSnapshot } from './harness.js';

const GOOD_TEXT = JSON.stringify(limit('BTCUSDT', 'BUY', '63999.99', '0.0015'));
const LINE_BYTES = 24 * 1024 * 1024;
const MIB = 1024 * 1024;

let temp: Awaited<ReturnType<typeof tempDir>>;
let rules: string;
let reporter: string;

beforeEach(async () => {
  temp = await tempDir();
  rules = temp.path('rules.json');
  await writeSampleSnapshot(rules);
  // Loaded before the program: writes the process's peak resident set (bytes) as it exits.
  reporter = temp.path('report-max-rss.mjs');
  await writeFile(
    reporter,
    `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(process.env.MAX_RSS_TO, String(process.resourceUsage().maxRSS * 1024)));
`,
  );
});
afterEach(async () => {
  await temp.remove();
});

/** Writes `lines` (each a function writing its bytes) as a JSON-lines file, without building it in memory. */
async function writeLines(path: string, lines: readonly LineWriter[]) {
  const file = await open(path, 'w');
  const write = async (text: string) => {
    await file.write(text);
  };
  for (const line of lines) {
    await line(write);
    await write('\n');
  }
  await file.close();
}

type LineWriter = (write: (text: string) => Promise<void>) => Promise<void>;

/** A line of exactly `bytes` bytes: `head`, `fill` repeated, spaces to make up the count, `tail`. */
function lineOfBytes(bytes: number, head: string, fill: string, tail: string): LineWriter {
  return async (write) => {
    let left = bytes - head.length - tail.length;
    await write(head);
    const block = fill.repeat(Math.floor((64 * 1024) / fill.length));
    while (left >= block.length) {
      await write(block);
      left -= block.length;
    }
    await write(`${' '.repeat(left)}${tail}`);
  };
}

async function peakOf(orders: string, maxLineBytes: number) {
  const report = temp.path('max-rss.txt');
  const result = await runChild(
    process.execPath,
    [
      '--import',
      reporter,
      ...CLI_FROM_SOURCE,
      'check',
      '--rules',
      rules,
      '--json',
      '--max-line-bytes',
      String(maxLineBytes),
      orders,
    ],
    { env: { MAX_RSS_TO: report }, timeoutMs: 60_000 },
  );
  return { ...result, peak: Number(await readFile(report, 'utf8')) };
}

describe('check --max-line-bytes N holds memory within N plus the program itself', () => {
  it('on lines of N bytes: thousands of small values, and one order padded with spaces', async () => {
    const small = temp.path('small.jsonl');
    await writeLines(small, [async (write) => write(GOOD_TEXT)]);
    const large = temp.path('large.jsonl');
    await writeLines(large, [
      async (write) => write(GOOD_TEXT),
      // Eight million values: read whole, they cost the old reader about 20 times N.
      lineOfBytes(LINE_BYTES, `${GOOD_TEXT.slice(0, -1)},"x":[`, '10,', '10]}'),
      // Read whole and checked: a valid order may be N bytes long.
      lineOfBytes(LINE_BYTES, GOOD_TEXT.slice(0, -1), ' ', '}'),
      async (write) => write(GOOD_TEXT),
    ]);

    const baseline = await peakOf(small, LINE_BYTES);
    expect(baseline.status).toBe(0);
    const measured = await peakOf(large, LINE_BYTES);
    expect(measured.signal).toBe(null);
    expect(measured.status).toBe(1);
    const verdicts = measured.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { line: number; ok: boolean; reason?: string });
    expect(verdicts.map((v) => [v.line, v.ok, v.reason])).toEqual([
      [1, true, undefined],
      [2, false, 'TOO_MANY_VALUES'],
      [3, true, undefined],
      [4, true, undefined],
    ]);
    expect(measured.stderr).toMatch(/checked 3 orders: 3 passed/);
    const above = measured.peak - baseline.peak;
    // N for the line, and room for the input's chunks and the heap to grow past what the
    // one-line run needed (about 30 MiB measured; the reader before this bound took 500 MiB).
    expect(above, `${(above / MIB).toFixed(0)} MiB above the one-line run`).toBeLessThan(
      LINE_BYTES + 56 * MIB,
    );
  }, 120_000);
});
