import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuleBook, snapshotContentsOf } from '../../src/book/rule-book.js';
import { parseExchangeInfo } from '../../src/exchange-info/parse-exchange-info.js';
import { readSnapshotHeader, SNAPSHOT_HEADER_BYTES } from '../../src/snapshot/snapshot-header.js';
import { SNAPSHOT_VERSION } from '../../src/snapshot/snapshot-schema.js';
import { snapshotTextSteps } from '../../src/snapshot/write-snapshot.js';
import { createRuleBookSource } from '../../src/source/rule-book-source.js';
import { Slicer } from '../../src/source/slicer.js';
import {
  NODE_SNAPSHOT_FILE_SYSTEM,
  readSnapshotFile,
  type SnapshotFileSystem,
  writeSnapshotText,
} from '../../src/source/snapshot-file.js';
import { SNAPSHOT_LOCK_STALE_MS, SNAPSHOT_LOCK_WAIT_MS } from '../../src/source/snapshot-lock.js';
import { keepOnDisk, SNAPSHOT_MAX_SERVER_TIME_LEAD_MS } from '../../src/source/snapshot-order.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { type ScriptedExchange, SERVER_TIME, startScriptedExchange, twoPairs } from './scripted-exchange.js';

let directory: string;
let file: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rule-book-order-'));
  file = join(directory, 'rule-book.json');
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

function book(serverTime: number, fetchedAt: number, tickSize = '0.01'): RuleBook {
  return RuleBook.fromExchangeInfo(parseExchangeInfo({ ...twoPairs({ tickSize }), serverTime }), {
    fetchedAt,
  });
}
const textOf = (b: RuleBook) => JSON.stringify(b.toJSON());
/** A snapshot as a newer library might write it: a later version, fields this one does not know. */
const FUTURE_SNAPSHOT = JSON.stringify({
  format: 'order-preflight/rule-book',
  version: SNAPSHOT_VERSION + 1,
  writtenAt: '2031-01-01T00:00:00Z',
  books: [],
});

describe('the header of a snapshot, read from the start of its text', () => {
  const b = book(SERVER_TIME, 1_700_000_000_123);
  const header = { version: SNAPSHOT_VERSION, fetchedAt: 1_700_000_000_123, serverTime: SERVER_TIME };

  it('every writer of the library puts format, version, fetchedAt and serverTime first', async () => {
    expect(Object.keys(b.toJSON()).slice(0, 4)).toEqual(['format', 'version', 'fetchedAt', 'serverTime']);
    const sliced = await new Slicer().run(snapshotTextSteps(snapshotContentsOf(b)));
    expect(readSnapshotHeader(sliced)).toEqual(header);
  });

  it.each([
    ['the whole text', textOf(b)],
    ['indented', JSON.stringify(b.toJSON(), null, 2)],
    ['cut inside the time zone', textOf(b).slice(0, textOf(b).indexOf('"timezone"') + 14)],
  ])('reads it from %s', (_name, text) => {
    expect(readSnapshotHeader(text)).toEqual(header);
  });

  it('reads it from the first bytes of a 3,000-pair book', () => {
    const text = textOf(bigBook());
    expect(text.length).toBeGreaterThan(10 * SNAPSHOT_HEADER_BYTES);
    expect(readSnapshotHeader(text.slice(0, SNAPSHOT_HEADER_BYTES))).toEqual({ ...header, fetchedAt: 1 });
  });

  it('a newer version is read without its times, which this library does not presume to understand', () => {
    expect(readSnapshotHeader(FUTURE_SNAPSHOT)).toEqual({
      version: SNAPSHOT_VERSION + 1,
      fetchedAt: undefined,
      serverTime: undefined,
    });
  });

  it.each([
    ['empty', ''],
    ['not JSON', 'not json'],
    ['a list', '[1,2]'],
    ['not a snapshot', '{"symbols":[]}'],
    ['another format', '{"format":"other","version":2,"fetchedAt":1,"serverTime":1}'],
    [
      'a version as text',
      '{"format":"order-preflight/rule-book","version":"2","fetchedAt":1,"serverTime":1}',
    ],
    ['version 0', '{"format":"order-preflight/rule-book","version":0,"fetchedAt":1,"serverTime":1}'],
    [
      'a fractional version',
      '{"format":"order-preflight/rule-book","version":1.5,"fetchedAt":1,"serverTime":1}',
    ],
    [
      'a member named twice',
      '{"format":"order-preflight/rule-book","format":"order-preflight/rule-book","version":2}',
    ],
    ['the format after a list', '{"symbols":[],"format":"order-preflight/rule-book","version":2}'],
    ['a broken value', '{"format":"order-preflight/rule-book","version":2x,"fetchedAt":1}'],
  ])('is undefined for %s', (_name, text) => {
    expect(readSnapshotHeader(text)).toBeUndefined();
  });

  it('a time that is not a whole non-negative number reads as no times', () => {
    const text = '{"format":"order-preflight/rule-book","version":2,"fetchedAt":-1,"serverTime":5}';
    expect(readSnapshotHeader(text)).toEqual({ version: 2, fetchedAt: undefined, serverTime: undefined });
  });
});

function bigBook(): RuleBook {
  const pairs = Array.from({ length: 3_000 }, (_, i) => pairDefinition({ symbol: `PAIR${i}USDT` }));
  return RuleBook.fromExchangeInfo(
    parseExchangeInfo(exchangeInfoPayload(pairs, { serverTime: SERVER_TIME })),
    {
      fetchedAt: 1,
    },
  );
}

describe('which snapshot on disk keeps its place', () => {
  const ours = { version: 2, fetchedAt: 5_000, serverTime: 1_000_000 };
  it.each([
    ['nothing readable on disk', undefined, undefined],
    ['a later serverTime', { ...ours, serverTime: 1_000_001, fetchedAt: 1 }, 'newer-snapshot'],
    ['an earlier serverTime', { ...ours, serverTime: 999_999, fetchedAt: 9_999 }, undefined],
    ['the same serverTime, fetched later', { ...ours, fetchedAt: 5_001 }, 'newer-snapshot'],
    ['the same serverTime, fetched earlier', { ...ours, fetchedAt: 4_999 }, undefined],
    ['the same book', ours, undefined],
    [
      'a serverTime exactly the largest lead ahead',
      { ...ours, serverTime: 1_000_000 + SNAPSHOT_MAX_SERVER_TIME_LEAD_MS },
      'newer-snapshot',
    ],
    [
      'a serverTime a millisecond beyond it: a wrong clock',
      { ...ours, serverTime: 1_000_001 + SNAPSHOT_MAX_SERVER_TIME_LEAD_MS },
      undefined,
    ],
    [
      'a newer version, whatever its times',
      { version: 3, fetchedAt: undefined, serverTime: undefined },
      'newer-version',
    ],
    ['a newer version with earlier times', { version: 3, fetchedAt: 1, serverTime: 1 }, 'newer-version'],
    [
      'an older version with a later serverTime',
      { version: 1, fetchedAt: 1, serverTime: 1_000_001 },
      'newer-snapshot',
    ],
    [
      'an older version with an earlier serverTime',
      { version: 1, fetchedAt: 9_999, serverTime: 999_999 },
      undefined,
    ],
  ] as const)('%s: %s', (_name, onDisk, expected) => {
    expect(keepOnDisk(ours, onDisk)).toBe(expected);
  });
});

describe('a snapshot write never goes back in time or down in version', () => {
  it('keeps a snapshot of a later serverTime in place, byte for byte, and leaves no temporary file', async () => {
    const newer = textOf(book(SERVER_TIME + 1_000, 1));
    await writeFile(file, newer);
    expect(await writeSnapshotText(file, textOf(book(SERVER_TIME, 2)))).toEqual({
      written: false,
      kept: 'newer-snapshot',
    });
    expect(await readFile(file, 'utf8')).toBe(newer);
    expect(await readdir(directory)).toEqual(['rule-book.json']);
  });

  it('replaces a snapshot of an earlier serverTime, and with an equal one, one fetched earlier', async () => {
    await writeFile(file, textOf(book(SERVER_TIME - 1, 9)));
    expect(await writeSnapshotText(file, textOf(book(SERVER_TIME, 5)))).toEqual({ written: true });
    expect((await readSnapshotFile(file))?.fetchedAt).toBe(5);
    expect(await writeSnapshotText(file, textOf(book(SERVER_TIME, 4)))).toEqual({
      written: false,
      kept: 'newer-snapshot',
    });
    expect(await writeSnapshotText(file, textOf(book(SERVER_TIME, 6)))).toEqual({ written: true });
    expect((await readSnapshotFile(file))?.fetchedAt).toBe(6);
  });

  it("keeps a newer library's snapshot in place (a rolling upgrade)", async () => {
    await writeFile(file, FUTURE_SNAPSHOT);
    expect(await writeSnapshotText(file, textOf(book(SERVER_TIME, Date.now())))).toEqual({
      written: false,
      kept: 'newer-version',
    });
    expect(await readFile(file, 'utf8')).toBe(FUTURE_SNAPSHOT);
  });

  it('replaces what is not a snapshot, as before', async () => {
    await writeFile(file, '{"notes":"hand-written"}');
    expect(await writeSnapshotText(file, textOf(book(SERVER_TIME, 3)))).toEqual({ written: true });
    expect((await readSnapshotFile(file))?.fetchedAt).toBe(3);
  });

  it('looks again just before the rename: a later book written meanwhile by another process stays', async () => {
    const later = textOf(book(SERVER_TIME + 1_000, 1));
    const fs: SnapshotFileSystem = {
      ...NODE_SNAPSHOT_FILE_SYSTEM,
      open: (async (...args: Parameters<typeof NODE_SNAPSHOT_FILE_SYSTEM.open>) => {
        const handle = await NODE_SNAPSHOT_FILE_SYSTEM.open(...args);
        if (String(args[0]).endsWith('.tmp')) {
          const sync = handle.sync.bind(handle);
          handle.sync = async () => {
            await sync();
            await writeFile(file, later); // another member's rename lands while ours is flushed
          };
        }
        return handle;
      }) as typeof NODE_SNAPSHOT_FILE_SYSTEM.open,
    };
    expect(await writeSnapshotText(file, textOf(book(SERVER_TIME, 2)), { fs })).toEqual({
      written: false,
      kept: 'newer-snapshot',
    });
    expect(await readFile(file, 'utf8')).toBe(later);
    expect(await readdir(directory)).toEqual(['rule-book.json']);
  });
});

describe('the lock over the last look and the rename', () => {
  const lock = () => `${file}.lock`;

  it("waits for another writer's lock, and looks at the file only once it has it", async () => {
    await writeFile(file, textOf(book(SERVER_TIME, 1)));
    await writeFile(lock(), 'another writer');
    const later = textOf(book(SERVER_TIME + 1_000, 1));
    let waited = 0;
    const fs: SnapshotFileSystem = {
      ...NODE_SNAPSHOT_FILE_SYSTEM,
      lstat: (async (path: string) => {
        if (path === lock() && waited++ === 0) {
          // The other writer, holding the lock, renames its later book in and lets go.
          await writeFile(file, later);
          await rm(lock());
        }
        return NODE_SNAPSHOT_FILE_SYSTEM.lstat(path);
      }) as typeof NODE_SNAPSHOT_FILE_SYSTEM.lstat,
    };
    expect(await writeSnapshotText(file, textOf(book(SERVER_TIME, 2)), { fs })).toEqual({
      written: false,
      kept: 'newer-snapshot',
    });
    expect(waited).toBeGreaterThan(0);
    expect(await readFile(file, 'utf8')).toBe(later);
    expect(await readdir(directory)).toEqual(['rule-book.json']);
  });

  it('removes a lock older than the stale bound (its holder died) and writes', async () => {
    await writeFile(lock(), 'a writer that crashed');
    const { mtimeMs } = await stat(lock());
    const result = await writeSnapshotText(file, textOf(book(SERVER_TIME, 3)), {
      now: () => mtimeMs + SNAPSHOT_LOCK_STALE_MS + 1,
    });
    expect(result).toEqual({ written: true });
    expect(await readdir(directory)).toEqual(['rule-book.json']);
  });

  it('keeps a lock exactly as old as the bound, and goes on without it once the wait is over', async () => {
    await writeFile(lock(), 'a writer that holds on');
    const { mtimeMs } = await stat(lock());
    let monotonic = 0;
    const result = await writeSnapshotText(file, textOf(book(SERVER_TIME, 4)), {
      now: () => mtimeMs + SNAPSHOT_LOCK_STALE_MS,
      monotonicNow: () => (monotonic += SNAPSHOT_LOCK_WAIT_MS / 4),
    });
    expect(result).toEqual({ written: true });
    expect((await readSnapshotFile(file))?.fetchedAt).toBe(4);
    expect(await readFile(lock(), 'utf8')).toBe('a writer that holds on'); // not ours to remove
  });
});

describe('two sources sharing a snapshot file', () => {
  let exchange: ScriptedExchange;
  beforeEach(async () => {
    exchange = await startScriptedExchange();
  });
  afterEach(async () => {
    await exchange.close();
  });

  it("a member that fetched an earlier answer does not put it over another member's later one", async () => {
    const ahead = createRuleBookSource({ client: exchange.client, intervalMs: 60_000, snapshotFile: file });
    const behind = createRuleBookSource({ client: exchange.client, intervalMs: 60_000, snapshotFile: file });
    try {
      exchange.payload = { ...twoPairs({ tickSize: '0.1' }), serverTime: SERVER_TIME + 60_000 };
      await ahead.refresh();
      await ahead.stop(); // the write has settled
      // A member whose answer the exchange stamped earlier (a slow response, a lagging cache):
      exchange.payload = { ...twoPairs({ tickSize: '0.5' }), serverTime: SERVER_TIME };
      await behind.refresh();
      await behind.stop();

      const onDisk = await readSnapshotFile(file);
      expect(onDisk?.serverTime).toBe(SERVER_TIME + 60_000);
      expect(onDisk?.definition('BTCUSDT')?.tickSize).toBe('0.1');
      expect(await readdir(directory)).toEqual(['rule-book.json']);
    } finally {
      await ahead.stop();
      await behind.stop();
    }
  });

  it("an older library's source leaves a newer library's snapshot alone, and reports nothing for it", async () => {
    await writeFile(file, FUTURE_SNAPSHOT);
    const errors: unknown[] = [];
    const source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 60_000,
      snapshotFile: file,
      onError: (error) => errors.push(error),
    });
    await source.ready(); // cannot read it (a newer version): fetches instead
    await source.stop();
    expect(await readFile(file, 'utf8')).toBe(FUTURE_SNAPSHOT);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ name: 'SnapshotFileError', operation: 'read', reason: 'invalid' });
  });
});
