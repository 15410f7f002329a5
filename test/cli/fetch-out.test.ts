// `fetch --out FILE` writes through the library's writeSnapshotFile: under FILE's lock, never
// back in time (a later book already in FILE is kept), and the CLI itself renames nothing.
import { readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetch } from '../../src/cli/commands/fetch.js';
import { parseExchangeInfo, parseRuleBookSnapshot, RuleBook } from '../../src/index.js';
import { writeSnapshotFile } from '../../src/node.js';
import { json, type LoopbackServer, startLoopbackServer } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { fakeIo, REPO_ROOT, tempDir } from './harness.js';

let server: LoopbackServer | undefined;
let temp: Awaited<ReturnType<typeof tempDir>>;

beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await temp.remove();
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A snapshot at `path` of a book the exchange stamped at `serverTime`, with the pairs given. */
async function snapshotAt(path: string, serverTime: number, symbols: readonly string[]): Promise<void> {
  const info = parseExchangeInfo(
    exchangeInfoPayload(
      symbols.map((symbol) => pairDefinition({ symbol })),
      { serverTime },
    ),
  );
  expect((await writeSnapshotFile(path, RuleBook.fromExchangeInfo(info))).written).toBe(true);
}

describe('fetch --out: through writeSnapshotFile', () => {
  it('keeps a later book already in the file: exit 0, says so, the file untouched', async () => {
    const now = Date.now();
    const out = temp.path('rules.json');
    await snapshotAt(out, now + 60_000, ['LATERUSDT']);
    const before = await readFile(out, 'utf8');
    server = await startLoopbackServer(
      json(200, exchangeInfoPayload([pairDefinition()], { serverTime: now })),
    );
    const { io, stderr } = fakeIo(['--base-url', server.baseUrl, '--out', out]);
    expect(await fetch(io)).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(await readFile(out, 'utf8')).toBe(before);
    expect(parseRuleBookSnapshot(before).symbols).toEqual(['LATERUSDT']);
    expect(stderr.lines.at(-1)).toMatch(/^kept .*rules\.json: /);
    expect(await readdir(temp.dir)).toEqual(['rules.json']);
  });

  it('replaces an earlier book', async () => {
    const now = Date.now();
    const out = temp.path('rules.json');
    await snapshotAt(out, now - 60_000, ['EARLIERUSDT']);
    server = await startLoopbackServer(
      json(200, exchangeInfoPayload([pairDefinition()], { serverTime: now })),
    );
    const { io, stderr } = fakeIo(['--base-url', server.baseUrl, '--out', out]);
    expect(await fetch(io)).toBe(0);
    expect(parseRuleBookSnapshot(await readFile(out, 'utf8')).symbols).toEqual(['BTCUSDT']);
    expect(stderr.lines.at(-1)).toMatch(/^wrote the snapshot to /);
  });

  it('--from-file --out keeps a later book too', async () => {
    const now = Date.now();
    const out = temp.path('rules.json');
    await snapshotAt(out, now + 60_000, ['LATERUSDT']);
    const before = await readFile(out, 'utf8');
    const payload = temp.path('info.json');
    await writeFile(payload, JSON.stringify(exchangeInfoPayload([pairDefinition()], { serverTime: now })));
    const { io, stderr } = fakeIo(['--from-file', payload, '--out', out]);
    expect(await fetch(io)).toBe(0);
    expect(await readFile(out, 'utf8')).toBe(before);
    expect(stderr.lines.at(-1)).toMatch(/^kept /);
  });

  it("renames under the file's lock: while another writer holds it, the file is not replaced", async () => {
    const out = temp.path('rules.json');
    const lock = `${out}.lock`;
    await writeFile(lock, 'another writer');
    server = await startLoopbackServer(json(200, exchangeInfoPayload([pairDefinition()])));
    const { io } = fakeIo(['--base-url', server.baseUrl, '--out', out]);
    const running = fetch(io);
    // The temporary file is written, then the write waits for the lock before its rename.
    await until(async () => (await readdir(temp.dir)).some((name) => name.endsWith('.tmp')));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waiting = await readdir(temp.dir);
    expect(waiting).not.toContain('rules.json');
    expect(waiting.some((name) => name.endsWith('.tmp'))).toBe(true);
    await unlink(lock);
    expect(await running).toBe(0);
    expect(parseRuleBookSnapshot(await readFile(out, 'utf8')).symbols).toEqual(['BTCUSDT']);
    // The writer took the lock and released it: nothing but the snapshot is left.
    expect(await readdir(temp.dir)).toEqual(['rules.json']);
  });

  it('src/cli renames no file itself (writeSnapshotFile does)', async () => {
    const offenders: string[] = [];
    for (const entry of await readdir(join(REPO_ROOT, 'src/cli'), { recursive: true })) {
      if (!entry.endsWith('.ts')) continue;
      const text = await readFile(join(REPO_ROOT, 'src/cli', entry), 'utf8');
      if (/\brename(Sync)?\b/.test(text)) offenders.push(entry);
    }
    expect(offenders).toEqual([]);
  });
});
