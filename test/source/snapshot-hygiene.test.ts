import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuleBook } from '../../src/book/rule-book.js';
import { parseExchangeInfo } from '../../src/exchange-info/parse-exchange-info.js';
import { createRuleBookSource, type RuleBookSource } from '../../src/source/rule-book-source.js';
import {
  NODE_SNAPSHOT_FILE_SYSTEM,
  readSnapshotFile,
  type SnapshotFileSystem,
  writeSnapshotFile,
  writeSnapshotText,
} from '../../src/source/snapshot-file.js';
import { SnapshotFileError } from '../../src/source/snapshot-file-error.js';
import { rejectionOf } from '../client/harness.js';
import { recorder, type ScriptedExchange, startScriptedExchange, twoPairs } from './scripted-exchange.js';

const posix = process.platform !== 'win32';

let directory: string;
let file: string;
let exchange: ScriptedExchange;
let source: RuleBookSource | undefined;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rule-book-hygiene-'));
  file = join(directory, 'rule-book.json');
  exchange = await startScriptedExchange();
});

afterEach(async () => {
  await source?.stop();
  source = undefined;
  await exchange.close();
  await rm(directory, { recursive: true, force: true });
});

function bookFetchedAt(fetchedAt: number, overrides: Record<string, unknown> = {}): RuleBook {
  return RuleBook.fromExchangeInfo(parseExchangeInfo(twoPairs(overrides)), { fetchedAt });
}

/** Resolves with `promise`, or rejects once `ms` have passed: a hang fails the test instead of stalling it. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('only a regular file is read as a snapshot', () => {
  it.skipIf(!posix)(
    'a FIFO nobody writes to is refused at once: ready() and stop() return, the FIFO is left alone',
    async () => {
      execFileSync('mkfifo', [file]);
      const errors = recorder<[unknown]>();
      source = createRuleBookSource({
        client: exchange.client,
        intervalMs: 60_000,
        snapshotFile: file,
        onError: errors.fn,
      });

      const book = await within(5_000, source.ready());
      await within(5_000, source.stop());

      expect(book.size).toBe(2); // fetched instead
      const [read, write] = errors.calls.map(([e]) => e as SnapshotFileError);
      expect(read).toBeInstanceOf(SnapshotFileError);
      expect(read).toMatchObject({ operation: 'read', reason: 'not-a-file', fileType: 'fifo', path: file });
      // Renaming over the FIFO would replace it: the write is refused too.
      expect(write).toMatchObject({ operation: 'write', reason: 'not-a-file', fileType: 'fifo' });
      expect((await lstat(file)).isFIFO()).toBe(true);
    },
  );

  it('a directory is refused at once', async () => {
    await mkdir(file);
    const error = await rejectionOf(readSnapshotFile(file));
    expect(error).toBeInstanceOf(SnapshotFileError);
    expect(error).toMatchObject({ operation: 'read', reason: 'not-a-file', fileType: 'directory' });
    const writeError = await rejectionOf(writeSnapshotFile(file, bookFetchedAt(1)));
    expect(writeError).toMatchObject({ operation: 'write', reason: 'not-a-file', fileType: 'directory' });
  });

  it.skipIf(!posix)('a link to a device is refused before a byte is read', async () => {
    await symlink('/dev/null', file);
    const error = await rejectionOf(readSnapshotFile(file));
    expect(error).toMatchObject({
      name: 'SnapshotFileError',
      reason: 'not-a-file',
      fileType: 'character-device',
    });
    // Never written through either: /dev/null stays a device even for a process running as root.
    const writeError = await rejectionOf(writeSnapshotText(file, '{}'));
    expect(writeError).toMatchObject({
      operation: 'write',
      reason: 'not-a-file',
      fileType: 'character-device',
    });
    expect((await stat('/dev/null')).isCharacterDevice()).toBe(true);
  });

  it('a file that is not a snapshot says so (reason invalid), a missing one is no snapshot', async () => {
    await writeFile(file, 'not json');
    expect(await rejectionOf(readSnapshotFile(file))).toMatchObject({ reason: 'invalid', operation: 'read' });
    await rm(file);
    expect(await readSnapshotFile(file)).toBeUndefined();
  });
});

describe('a snapshot from the future', () => {
  it('is reported, counts as stale with no age, and is refreshed at once', async () => {
    const future = Date.now() + 3_600_000;
    await writeFile(file, JSON.stringify(bookFetchedAt(future, { tickSize: '0.05' }).toJSON()));
    const errors = recorder<[unknown]>();
    source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 60_000,
      snapshotFile: file,
      writeSnapshot: false,
      onError: errors.fn,
    });

    const loaded = await source.ready();
    expect(loaded.fetchedAt).toBe(future); // kept as a stand-in: better than no book
    expect(source.isStale()).toBe(true);
    expect(source.ageMs()).toBeUndefined();
    const [reported] = errors.calls.map(([e]) => e);
    expect(reported).toBeInstanceOf(SnapshotFileError);
    expect(reported).toMatchObject({
      operation: 'read',
      reason: 'fetched-in-future',
      fetchedAt: future,
      path: file,
    });
    expect((reported as SnapshotFileError).now).toBeLessThan(future);

    await waitUntil(() => source?.current() !== loaded);
    expect(exchange.server.requests).toHaveLength(1);
    expect(source.isStale()).toBe(false);
    expect(source.ageMs()).toBeGreaterThanOrEqual(0);
  });

  it('an initialBook from the future is stale too', async () => {
    source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 60_000,
      initialBook: bookFetchedAt(Date.now() + 600_000),
    });
    expect(source.isStale()).toBe(true);
    expect(source.ageMs()).toBeUndefined();
  });
});

describe('writing the snapshot', () => {
  it('writes through a symbolic link: the link stays, the file it points to is replaced', async () => {
    const real = join(directory, 'releases', 'current');
    await mkdir(real, { recursive: true });
    const target = join(real, 'rules.json');
    await writeFile(target, JSON.stringify(bookFetchedAt(1).toJSON()));
    await symlink(join('releases', 'current', 'rules.json'), file); // relative, as deploy tools make them

    source = createRuleBookSource({ client: exchange.client, intervalMs: 60_000, snapshotFile: file });
    await source.refresh();
    await source.stop();

    expect((await lstat(file)).isSymbolicLink()).toBe(true);
    const written = RuleBook.fromJSON(JSON.parse(await readFile(target, 'utf8')));
    expect(written.fetchedAt).toBe(source.current()?.fetchedAt);
    expect((await readSnapshotFile(file))?.fetchedAt).toBe(written.fetchedAt);
    expect((await readdir(directory)).sort()).toEqual(['releases', 'rule-book.json']);
    expect(await readdir(real)).toEqual(['rules.json']);
  });

  it('writes through a dangling link and a chain of links, creating the target', async () => {
    const middle = join(directory, 'middle.json');
    await symlink(middle, file);
    await symlink(join(directory, 'final.json'), middle);
    await writeSnapshotFile(file, bookFetchedAt(7));
    expect((await lstat(file)).isSymbolicLink()).toBe(true);
    expect((await lstat(middle)).isSymbolicLink()).toBe(true);
    expect((await readSnapshotFile(file))?.fetchedAt).toBe(7);
  });

  it('refuses a loop of links', async () => {
    const other = join(directory, 'other.json');
    await symlink(other, file);
    await symlink(file, other);
    const error = await rejectionOf(writeSnapshotFile(file, bookFetchedAt(1)));
    expect(error).toMatchObject({ name: 'SnapshotFileError', operation: 'write', reason: 'io' });
    expect((error as SnapshotFileError).cause).toMatchObject({ code: 'ELOOP' });
  });

  it.skipIf(!posix)('keeps the permission bits of the file it replaces', async () => {
    await writeFile(file, '{}', { mode: 0o600 });
    await writeSnapshotFile(file, bookFetchedAt(1));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it.skipIf(!posix)(
    'flushes the file, renames it over the snapshot, then flushes the directory',
    async () => {
      const calls: string[] = [];
      const named = (path: string) =>
        path === directory ? 'dir' : path === file ? 'file' : path === `${file}.lock` ? 'lock' : 'temp';
      const recording: SnapshotFileSystem = {
        ...NODE_SNAPSHOT_FILE_SYSTEM,
        open: (async (path: string, flags?: string | number, mode?: number) => {
          const handle = await fs.open(path, flags, mode);
          calls.push(`open ${named(path)}`);
          const sync = handle.sync.bind(handle);
          handle.sync = async () => {
            await sync();
            calls.push(`sync ${named(path)}`);
          };
          return handle;
        }) as typeof fs.open,
        rename: async (from, to) => {
          await fs.rename(from, to);
          calls.push(`rename ${named(String(from))} ${named(String(to))}`);
        },
      };

      await writeSnapshotText(file, JSON.stringify(bookFetchedAt(1).toJSON()), { fs: recording });

      // The lock is taken for the last look at the file (none there yet) and the rename, then
      // read back before it is removed.
      expect(calls).toEqual([
        'open temp',
        'sync temp',
        'open lock',
        'rename temp file',
        'open lock',
        'open dir',
        'sync dir',
      ]);
      expect((await readSnapshotFile(file))?.fetchedAt).toBe(1);
    },
  );
});

async function waitUntil(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
