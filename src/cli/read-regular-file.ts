import type { Stats } from 'node:fs';
import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { describeFsError, printable } from './text.js';
import { UsageError } from './usage-error.js';

/**
 * Opening a FIFO for reading blocks until a writer comes; with O_NONBLOCK the open returns at
 * once and the type check refuses it. (Windows has no such flag, and no FIFOs in the file system.)
 */
const OPEN_WITHOUT_WAITING = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Reads a file named by `what` (a flag such as `--rules`) whole, when it is a regular file of at
 * most `maxBytes` bytes (a symbolic link to one is followed). Anything else is refused before a
 * byte is read: a FIFO with no writer would block forever and `/dev/zero` would never end. The
 * checks are made on the opened file, so the path cannot be swapped between them and the read,
 * and at most `maxBytes + 1` bytes are ever read, so a file that grows meanwhile cannot pass.
 *
 * @throws {UsageError} naming `what`, the file and the problem: it cannot be opened, it is not a
 *   regular file (saying what it is), or it is over `maxBytes` (saying its size and the limit).
 */
export async function readRegularFile(path: string, what: string, maxBytes: number): Promise<Buffer> {
  return (await readRegularFileStamped(path, what, maxBytes)).bytes;
}

/** A file's bytes and its modification time (ms since the epoch), both from the one opened file. */
export interface StampedFile {
  readonly bytes: Buffer;
  readonly modifiedMs: number;
}

/**
 * {@link readRegularFile}, with the file's modification time taken from the same opened file (a
 * saved payload's time is when it was written, the nearest this machine knows of its fetch).
 *
 * @throws {UsageError} as {@link readRegularFile}.
 */
export async function readRegularFileStamped(
  path: string,
  what: string,
  maxBytes: number,
): Promise<StampedFile> {
  const refuse = (problem: string) =>
    new UsageError(`cannot read ${what} ${printable(path)}: ${problem}`, { hint: false });
  let handle: FileHandle;
  try {
    handle = await open(path, OPEN_WITHOUT_WAITING);
  } catch (error) {
    throw refuse(describeFsError(error));
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile())
      throw refuse(
        `it is ${fileKind(stats)}, not a regular file (${what} reads a file: save the data to one)`,
      );
    const tooLarge = (size: string) =>
      refuse(`it is ${size} bytes, over the limit of ${maxBytes} bytes for ${what}`);
    if (stats.size > maxBytes) throw tooLarge(String(stats.size));
    const bytes = await readAtMost(handle, stats.size, maxBytes + 1);
    if (bytes.length > maxBytes) throw tooLarge(`more than ${maxBytes}`);
    return { bytes, modifiedMs: stats.mtimeMs };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw refuse(describeFsError(error));
  } finally {
    await handle.close().catch(() => {});
  }
}

/** The file's bytes to its end or to `limit`, whichever comes first; `expected` sizes the buffer. */
async function readAtMost(handle: FileHandle, expected: number, limit: number): Promise<Buffer> {
  let buffer = Buffer.allocUnsafe(Math.min(expected + 1, limit));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length >= limit) break;
      const larger = Buffer.allocUnsafe(Math.min(length * 2, limit));
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  return buffer.subarray(0, length);
}

/** What a path that is not a regular file is, as a message says it, by the test that tells it. */
const FILE_KINDS = [
  ['isDirectory', 'a directory'],
  ['isFIFO', 'a FIFO (named pipe)'],
  ['isCharacterDevice', 'a character device'],
  ['isBlockDevice', 'a block device'],
  ['isSocket', 'a socket'],
] as const satisfies readonly (readonly [keyof Stats, string])[];

function fileKind(stats: Stats): string {
  return FILE_KINDS.find(([is]) => stats[is]())?.[1] ?? 'of an unknown kind';
}
