import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import { constants } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parseRuleBookSnapshot } from '../book/parse-rule-book-snapshot.js';
import { type RuleBook, snapshotContentsOf } from '../book/rule-book.js';
import {
  readSnapshotHeader,
  SNAPSHOT_HEADER_BYTES,
  type SnapshotHeader,
} from '../snapshot/snapshot-header.js';
import { snapshotTextSteps } from '../snapshot/write-snapshot.js';
import { slicerFor } from './slicer.js';
import { SnapshotFileError } from './snapshot-file-error.js';
import { NODE_SNAPSHOT_FILE_SYSTEM, type SnapshotFileSystem } from './snapshot-file-system.js';
import { lockSnapshot } from './snapshot-lock.js';
import { keepOnDisk, type SnapshotKeptReason } from './snapshot-order.js';

export { NODE_SNAPSHOT_FILE_SYSTEM, type SnapshotFileSystem } from './snapshot-file-system.js';

/**
 * Opening a FIFO for reading blocks until a writer comes; with O_NONBLOCK it returns at once, and
 * the type check below refuses it. (No such flag on Windows, which has no FIFOs in the file system.)
 */
const OPEN_FOR_CHECKED_READ = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Loads a rule book from a snapshot file (the JSON of `book.toJSON()`), or `undefined` when
 * the file does not exist. The book is whole or not at all: any problem throws. `signal`
 * abandons the read.
 *
 * Only a regular file is read (a symbolic link to one is followed): a FIFO, a device, a socket
 * or a directory at the path is refused at once, before a byte is read, because reading one can
 * block forever (a FIFO with no writer) or never end (`/dev/zero`). The check is made on the
 * opened file, so the path cannot be swapped between the check and the read.
 *
 * @throws {SnapshotFileError} `operation: 'read'` with `reason` `io` when the file cannot be read
 *   (`cause`: the file-system error), `not-a-file` (`fileType` says what is there instead), or
 *   `invalid` when it is not a snapshot (`cause`: the `SnapshotError` of `parseRuleBookSnapshot`,
 *   `reason` `json`, `format`, `version` or `schema`).
 * @example
 * ```ts
 * const book = await readSnapshotFile('/var/lib/gateway/rule-book.json');
 * if (book === undefined) console.log('no snapshot yet');
 * ```
 */
export async function readSnapshotFile(path: string, signal?: AbortSignal): Promise<RuleBook | undefined> {
  let handle: fsPromises.FileHandle;
  try {
    handle = await fsPromises.open(path, OPEN_FOR_CHECKED_READ);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw new SnapshotFileError({ path, operation: 'read' }, { cause: error });
  }
  let text: string;
  try {
    const stats = await handle.stat();
    if (!stats.isFile())
      throw new SnapshotFileError({
        path,
        operation: 'read',
        reason: 'not-a-file',
        fileType: fileTypeOf(stats),
      });
    text = await handle.readFile(signal === undefined ? { encoding: 'utf8' } : { encoding: 'utf8', signal });
  } catch (error) {
    if (error instanceof SnapshotFileError) throw error;
    throw new SnapshotFileError({ path, operation: 'read' }, { cause: error });
  } finally {
    await handle.close().catch(ignore);
  }
  try {
    return parseRuleBookSnapshot(text);
  } catch (error) {
    throw new SnapshotFileError({ path, operation: 'read', reason: 'invalid' }, { cause: error });
  }
}

/**
 * How long a snapshot write may take, from creating its temporary file to renaming it over the
 * snapshot, on the monotonic clock: a write past it is abandoned (its temporary file removed, a
 * `SnapshotFileError` with `reason: 'deadline'`). Writes take seconds; this bound is what lets
 * {@link removeLeftoverSnapshotFiles} tell a live write from a crashed one by age alone.
 *
 * Not exported from the package: an operational constant (docs/operations.md gives its value).
 *
 * @internal
 * @example
 * ```ts
 * SNAPSHOT_WRITE_DEADLINE_MS; // 600000: ten minutes
 * ```
 */
export const SNAPSHOT_WRITE_DEADLINE_MS = 10 * 60_000;

/**
 * How old a temporary file beside the snapshot must be (by its modification time) before
 * {@link removeLeftoverSnapshotFiles} takes it for a crashed write's: fifty minutes more than
 * {@link SNAPSHOT_WRITE_DEADLINE_MS}, which is the room left for the clocks of machines sharing
 * the directory to disagree, or for a writer frozen between its last check and its rename.
 *
 * Not exported from the package: an operational constant (docs/operations.md gives its value).
 *
 * @internal
 * @example
 * ```ts
 * SNAPSHOT_LEFTOVER_MIN_AGE_MS; // 3600000: one hour
 * ```
 */
export const SNAPSHOT_LEFTOVER_MIN_AGE_MS = 60 * 60_000;

/**
 * What a snapshot write did: replaced the file (`written: true`), or left it as it was because it
 * already holds a later book or a newer format (`kept` says which; see {@link SnapshotKeptReason}).
 *
 * @example
 * ```ts
 * const result = await writeSnapshotFile(path, book);
 * if (!result.written) log.info({ kept: result.kept }, 'the snapshot file is ahead of this process');
 * ```
 */
export type SnapshotWriteResult =
  | { readonly written: true }
  | { readonly written: false; readonly kept: SnapshotKeptReason };

/**
 * Writes `book.toJSON()` to `path` atomically: into a fresh temporary file beside it, flushed to
 * disk, renamed over the file, and then the directory flushed too, so that after a power loss
 * the file is the old snapshot or the new one, never empty or half of one. A failed write leaves
 * the old file in place and removes the temporary one. The text is built a slice at a time, so a
 * 20,000-pair book does not hold the event loop while it is serialised.
 *
 * **Never back in time, never down in version.** Before the temporary file is made, and again
 * just before the rename, the header of the file in place is read (its first 16 KiB): a snapshot
 * of a newer format version, or of a book the exchange stamped later (`serverTime`, then
 * `fetchedAt`), is kept and nothing is written (`{ written: false, kept }`). The last look and the
 * rename are made under a lock file beside the snapshot (`<file>.lock`, created exclusively and
 * held for those two steps only), so no other writer renames in between. The lock is advisory,
 * and its failures only fall back to writing without it: a writer that cannot have it within
 * 2 s goes on without it, and a lock older than a minute is taken for a dead holder's and
 * removed. Without the lock (an
 * older library's writer, or a wait given up) two writes in the same moment can still leave the
 * older of their two books, which the next later book written replaces. A file whose header
 * cannot be read is replaced, as before.
 *
 * **A deadline.** A write that has not reached its rename ten minutes after creating its
 * temporary file is abandoned (`reason: 'deadline'`), so no live write's
 * temporary file is ever old enough for {@link removeLeftoverSnapshotFiles} to take.
 *
 * A symbolic link at `path` is written through: the file it points to (following every link to
 * the end, even a dangling one) is replaced, and the link itself stays. The temporary file is
 * made beside that target, so the rename never crosses file systems. An existing target keeps
 * its permission bits. Only a regular file (or nothing) is ever replaced: a FIFO, a device, a
 * socket or a directory at the path, or at the end of its links, is refused.
 *
 * @throws {SnapshotFileError} `operation: 'write'`: `reason` `not-a-file` (with `fileType`),
 *   `deadline` (with `deadlineMs`), or `io` with the file-system error as `cause`.
 * @example
 * ```ts
 * const result = await writeSnapshotFile('/var/lib/gateway/rule-book.json', book);
 * result.written; // false when another process already wrote a later book there
 * ```
 */
export async function writeSnapshotFile(path: string, book: RuleBook): Promise<SnapshotWriteResult> {
  // No signal: a book that was fetched is worth finishing the write for, even during stop().
  const text = await slicerFor(book.size).run(snapshotTextSteps(snapshotContentsOf(book)));
  return writeSnapshotText(path, text);
}

/**
 * What {@link writeSnapshotText} takes besides the text: the file system, the monotonic clock its
 * deadline (and its wait for the lock) is measured on, and the wall clock (tests pass wrappers).
 *
 * @internal
 * @example
 * ```ts
 * await writeSnapshotText(path, text, { fs: NODE_SNAPSHOT_FILE_SYSTEM, monotonicNow: () => performance.now() });
 * ```
 */
export interface SnapshotWriteOptions {
  readonly fs?: SnapshotFileSystem | undefined;
  readonly monotonicNow?: (() => number) | undefined;
  /** The wall clock, for the age of another writer's lock file. */
  readonly now?: (() => number) | undefined;
}

/**
 * The write of {@link writeSnapshotFile}, for text already made. Text without a snapshot's header
 * is written without the ordering check.
 *
 * @internal
 * @throws {SnapshotFileError} `operation: 'write'`.
 * @example
 * ```ts
 * await writeSnapshotText('/var/lib/gateway/rule-book.json', JSON.stringify(book));
 * ```
 */
export async function writeSnapshotText(
  path: string,
  text: string,
  options: SnapshotWriteOptions = {},
): Promise<SnapshotWriteResult> {
  const fs = options.fs ?? NODE_SNAPSHOT_FILE_SYSTEM;
  const monotonicNow = options.monotonicNow ?? (() => performance.now());
  const failed = (error: unknown) => new SnapshotFileError({ path, operation: 'write' }, { cause: error });
  const ours = readSnapshotHeader(text.slice(0, SNAPSHOT_HEADER_BYTES));
  const keptFor = async (target: string): Promise<SnapshotKeptReason | undefined> =>
    ours === undefined ? undefined : keepOnDisk(ours, await headerOnDisk(target, fs));
  let target: string;
  let existing: Stats | undefined;
  let kept: SnapshotKeptReason | undefined;
  try {
    target = await resolveLinks(path, fs);
    existing = await fs.lstat(target).catch((error: unknown) => {
      if (codeOf(error) === 'ENOENT') return undefined;
      throw error;
    });
    if (existing?.isFile() === true) kept = await keptFor(target);
  } catch (error) {
    throw failed(error);
  }
  // Renaming over a FIFO, a device or a socket would replace it (a link to /dev/null, written
  // through by a process running as root, would replace /dev/null): only a regular file, or
  // nothing, is ever replaced.
  if (existing !== undefined && !existing.isFile())
    throw new SnapshotFileError({
      path,
      operation: 'write',
      reason: 'not-a-file',
      fileType: fileTypeOf(existing),
    });
  if (kept !== undefined) return { written: false, kept };
  const temporary = temporaryNameFor(target);
  const started = monotonicNow();
  try {
    const handle = await fs.open(temporary, 'wx');
    try {
      await handle.writeFile(text, 'utf8');
      if (existing !== undefined) await handle.chmod(existing.mode & 0o7777);
      await handle.sync();
    } finally {
      await handle.close();
    }
    // The last look and the rename, under the lock when it can be had, so that no other writer
    // renames between them; another process may have written a later book while this one was
    // being flushed.
    const unlock = await lockSnapshot(target, { fs, monotonicNow, now: options.now ?? Date.now });
    try {
      kept = await keptFor(target);
      if (kept === undefined) {
        // The last step before the rename: a write past its deadline never renames, so its
        // temporary file cannot outlive the deadline by more than this one step.
        if (monotonicNow() - started > SNAPSHOT_WRITE_DEADLINE_MS) throw new DeadlinePassed();
        await fs.rename(temporary, target);
      }
    } finally {
      await unlock?.();
    }
  } catch (error) {
    await fs.unlink(temporary).catch(ignore);
    if (error instanceof DeadlinePassed)
      throw new SnapshotFileError({
        path,
        operation: 'write',
        reason: 'deadline',
        deadlineMs: SNAPSHOT_WRITE_DEADLINE_MS,
      });
    throw failed(error);
  }
  if (kept !== undefined) {
    await fs.unlink(temporary).catch(ignore);
    return { written: false, kept };
  }
  try {
    await syncDirectory(dirname(target), fs);
  } catch (error) {
    throw failed(error);
  }
  return { written: true };
}

/** Thrown inside the write, to leave it through its clean-up. */
class DeadlinePassed extends Error {}

/**
 * The header of the snapshot file at `target`, read from its first bytes, or `undefined` when
 * there is none to read (no file, not a regular file, not a snapshot): that file is replaced.
 */
async function headerOnDisk(target: string, fs: SnapshotFileSystem): Promise<SnapshotHeader | undefined> {
  let handle: fsPromises.FileHandle;
  try {
    handle = await fs.open(target, OPEN_FOR_CHECKED_READ);
  } catch {
    return undefined;
  }
  try {
    if (!(await handle.stat()).isFile()) return undefined;
    const buffer = Buffer.alloc(SNAPSHOT_HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return readSnapshotHeader(new TextDecoder().decode(buffer.subarray(0, bytesRead)));
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(ignore);
  }
}

/**
 * Removes the temporary files that writes of this snapshot left behind when their process died
 * in the middle (`<file>.<pid>.<uuid>.tmp`, beside the file a symbolic link at `path` points
 * to), and returns their paths. A file is removed only when it is provably abandoned: last
 * modified more than an hour ago, by the clock of this machine. A write renames within ten
 * minutes of creating its file or abandons it,
 * so a live write's file is never that old, whichever process, container or machine is
 * writing. The pid in the name is not trusted: processes in separate PID namespaces (containers
 * sharing a volume) all have the same pids, and a pid says nothing of another machine's
 * processes. Only names of exactly that shape are touched; a missing directory removes nothing.
 *
 * The rule-book source runs this at start and after each write it makes.
 *
 * @throws {SnapshotFileError} `operation: 'clean'` when the directory cannot be listed or a
 *   leftover cannot be removed.
 * @example
 * ```ts
 * const removed = await removeLeftoverSnapshotFiles('/var/lib/gateway/rule-book.json');
 * if (removed.length > 0) log.info({ removed }, 'removed the leftovers of an interrupted write');
 * ```
 */
export async function removeLeftoverSnapshotFiles(
  path: string,
  options: { readonly now?: () => number; readonly fs?: SnapshotFileSystem } = {},
): Promise<string[]> {
  const fs = options.fs ?? NODE_SNAPSHOT_FILE_SYSTEM;
  const now = options.now ?? Date.now;
  const removed: string[] = [];
  try {
    const target = await resolveLinks(path, fs);
    const directory = dirname(target);
    const leftover = leftoverPattern(basename(target));
    let names: string[];
    try {
      names = await fs.readdir(directory);
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return removed;
      throw error;
    }
    for (const name of names) {
      if (!leftover.test(name)) continue;
      const file = join(directory, name);
      const stats = await fs.lstat(file).catch(() => undefined);
      if (stats === undefined || !stats.isFile()) continue;
      if (!(now() - stats.mtimeMs > SNAPSHOT_LEFTOVER_MIN_AGE_MS)) continue;
      try {
        await fs.unlink(file);
        removed.push(file);
      } catch (error) {
        if (codeOf(error) !== 'ENOENT') throw error; // gone already: its writer renamed it
      }
    }
    return removed;
  } catch (error) {
    throw new SnapshotFileError({ path, operation: 'clean' }, { cause: error });
  }
}

/** The most symbolic links followed to the snapshot file, as the kernel's own limit (ELOOP). */
const MAX_LINKS = 40;

function temporaryNameFor(target: string): string {
  return `${target}.${process.pid}.${randomUUID()}.tmp`;
}

function leftoverPattern(base: string): RegExp {
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^${escaped}\\.(\\d{1,10})\\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.tmp$`,
  );
}

/** The path a write of `path` replaces: `path` itself, or the end of its chain of symbolic links. */
async function resolveLinks(path: string, fs: SnapshotFileSystem): Promise<string> {
  let current = resolve(path);
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    let stats: Stats;
    try {
      stats = await fs.lstat(current);
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return current; // nothing there yet: the write creates it
      throw error;
    }
    if (!stats.isSymbolicLink()) return current;
    current = resolve(dirname(current), await fs.readlink(current));
  }
  throw Object.assign(new Error(`more than ${MAX_LINKS} symbolic links from ${path}`), { code: 'ELOOP' });
}

/**
 * Flushes a directory, so a rename in it survives a power loss. Windows cannot open a directory
 * this way (and NTFS journals the rename); some file systems do not support flushing one
 * (EINVAL, ENOTSUP): the rename has happened either way, so those are not failures.
 */
async function syncDirectory(directory: string, fs: SnapshotFileSystem): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fs.open(directory, 'r');
  try {
    await handle.sync();
  } catch (error) {
    const code = codeOf(error);
    if (code !== 'EINVAL' && code !== 'ENOTSUP') throw error;
  } finally {
    await handle.close();
  }
}

/** The `fileType` an error reports for a path that is not a regular file, by the test that tells it. */
const FILE_TYPES = {
  isDirectory: 'directory',
  isFIFO: 'fifo',
  isCharacterDevice: 'character-device',
  isBlockDevice: 'block-device',
  isSocket: 'socket',
} as const;

function fileTypeOf(stats: Stats): string {
  for (const [is, type] of Object.entries(FILE_TYPES))
    if (stats[is as keyof typeof FILE_TYPES]()) return type;
  return 'special file';
}

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

function ignore(): void {}
