import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import { constants } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parseRuleBookSnapshot } from '../book/parse-rule-book-snapshot.js';
import type { RuleBook } from '../book/rule-book.js';
import { slicerFor } from './slicer.js';
import { SnapshotFileError } from './snapshot-file-error.js';
import { snapshotTextInSlices } from './snapshot-text.js';

/**
 * The file-system calls the snapshot file makes. The library always uses `node:fs/promises`; a
 * test passes a wrapper that records the calls on their way to it, to see their order (the
 * directory is flushed after the rename, not before).
 *
 * @internal
 * @example
 * ```ts
 * await writeSnapshotText(path, text, { ...NODE_SNAPSHOT_FILE_SYSTEM, rename: logged(fs.rename) });
 * ```
 */
export interface SnapshotFileSystem {
  readonly open: typeof fsPromises.open;
  readonly rename: typeof fsPromises.rename;
  readonly unlink: typeof fsPromises.unlink;
  readonly lstat: typeof fsPromises.lstat;
  readonly readlink: typeof fsPromises.readlink;
  readonly stat: typeof fsPromises.stat;
  readonly readdir: typeof fsPromises.readdir;
}

/** @internal The real file system. @example `writeSnapshotText(path, text, NODE_SNAPSHOT_FILE_SYSTEM)` */
export const NODE_SNAPSHOT_FILE_SYSTEM: SnapshotFileSystem = Object.freeze({
  open: fsPromises.open,
  rename: fsPromises.rename,
  unlink: fsPromises.unlink,
  lstat: fsPromises.lstat,
  readlink: fsPromises.readlink,
  stat: fsPromises.stat,
  readdir: fsPromises.readdir,
});

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
 * Writes `book.toJSON()` to `path` atomically: into a fresh temporary file beside it, flushed to
 * disk, renamed over the file, and then the directory flushed too, so that after a power loss
 * the file is the old snapshot or the new one, never empty or half of one. A failed write leaves
 * the old file in place and removes the temporary one. The text is built a slice at a time, so a
 * 20,000-pair book does not hold the event loop while it is serialised.
 *
 * A symbolic link at `path` is written through: the file it points to (following every link to
 * the end, even a dangling one) is replaced, and the link itself stays. The temporary file is
 * made beside that target, so the rename never crosses file systems. An existing target keeps
 * its permission bits. Only a regular file (or nothing) is ever replaced: a FIFO, a device, a
 * socket or a directory at the path, or at the end of its links, is refused.
 *
 * @throws {SnapshotFileError} `operation: 'write'`: `reason` `not-a-file` (with `fileType`), or
 *   `io` with the file-system error as `cause`.
 * @example
 * ```ts
 * await writeSnapshotFile('/var/lib/gateway/rule-book.json', book);
 * ```
 */
export async function writeSnapshotFile(path: string, book: RuleBook): Promise<void> {
  // No signal: a book that was fetched is worth finishing the write for, even during stop().
  const text = await snapshotTextInSlices(book, slicerFor(book.size));
  await writeSnapshotText(path, text);
}

/**
 * The write of {@link writeSnapshotFile}, for text already made.
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
  fs: SnapshotFileSystem = NODE_SNAPSHOT_FILE_SYSTEM,
): Promise<void> {
  const failed = (error: unknown) => new SnapshotFileError({ path, operation: 'write' }, { cause: error });
  let target: string;
  let existing: Stats | undefined;
  try {
    target = await resolveLinks(path, fs);
    existing = await fs.lstat(target).catch((error: unknown) => {
      if (codeOf(error) === 'ENOENT') return undefined;
      throw error;
    });
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
  const temporary = temporaryNameFor(target);
  try {
    const handle = await fs.open(temporary, 'wx');
    try {
      await handle.writeFile(text, 'utf8');
      if (existing !== undefined) await handle.chmod(existing.mode & 0o7777);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.unlink(temporary).catch(ignore);
    throw failed(error);
  }
  try {
    await syncDirectory(dirname(target), fs);
  } catch (error) {
    throw failed(error);
  }
}

/**
 * Removes the temporary files that writes of this snapshot left behind when their process died
 * in the middle (`<file>.<pid>.<uuid>.tmp`, beside the file a symbolic link at `path` points
 * to), and returns their paths. A file is removed when its process is this one (a restarted
 * container often gets its old pid back), no longer exists, or wrote it more than an hour ago;
 * a live process's file, written just now, is left to that process. Only names of exactly that
 * shape are touched; a missing directory removes nothing.
 *
 * One source per process should write a given snapshot file: a second one, started while the
 * first is mid-write, would take the first one's temporary file for a leftover.
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
      const match = leftover.exec(name);
      if (match === null) continue;
      const file = join(directory, name);
      const stats = await fs.lstat(file).catch(() => undefined);
      if (stats === undefined || !stats.isFile()) continue;
      const pid = Number(match[1]);
      const abandoned =
        pid === process.pid || !processExists(pid) || now() - stats.mtimeMs > LEFTOVER_MAX_AGE_MS;
      if (!abandoned) continue;
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

/** A temporary file older than this belongs to no write in progress: writes take seconds. */
const LEFTOVER_MAX_AGE_MS = 60 * 60_000;

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

function processExists(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM'; // it exists, under another user
  }
}

function fileTypeOf(stats: Stats): string {
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'fifo';
  if (stats.isCharacterDevice()) return 'character-device';
  if (stats.isBlockDevice()) return 'block-device';
  if (stats.isSocket()) return 'socket';
  return 'special file';
}

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

function ignore(): void {}
