import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { RuleBook } from '../../index.js';
import { isSnapshotFileError, type SnapshotKeptReason, writeSnapshotFile } from '../../node.js';
import { CommandFailure } from '../command-failure.js';
import { describeError, describeFsError } from '../text.js';
import { UsageError } from '../usage-error.js';

/**
 * Where `fetch --out FILE` saves its snapshot: through the library's `writeSnapshotFile`, the
 * writer the gateway's rule-book source uses (a temporary file beside FILE, flushed, renamed
 * under FILE's lock file, the directory flushed; never back in time: a later book or a newer
 * format already in FILE is kept). The command itself renames nothing.
 */
export interface SnapshotOutput {
  /**
   * Writes `book`; resolves to why FILE was left as it was (a phrase for the user), or
   * `undefined` when it was replaced.
   *
   * @throws {CommandFailure} when the snapshot could not be written; FILE is then unchanged.
   */
  write(book: RuleBook): Promise<string | undefined>;
}

/** What the user is told when the file holds something this write must not replace. */
const KEPT: Readonly<Record<SnapshotKeptReason, string>> = {
  'newer-snapshot': 'it already holds a book the exchange stamped later',
  'newer-version': 'it was written by a newer order-preflight, in a format this one does not write',
};

/** Where `fetch --market futures --out FILE` saves the contract payload it fetched. */
export interface PayloadOutput {
  /**
   * Writes `text` to FILE atomically: a temporary file beside it, flushed, then renamed over it
   * (a reader sees the old file or the new one, never half of one).
   *
   * @throws {CommandFailure} when it could not be written; FILE is then unchanged.
   */
  write(text: string): Promise<void>;
}

/**
 * Checks, before anything is fetched, that a payload could be written to `path` (as
 * {@link snapshotOutput} checks), and gives its writer.
 *
 * @throws {UsageError} naming `--out` and the file-system problem.
 */
export async function payloadOutput(path: string): Promise<PayloadOutput> {
  await writablePath(path);
  return {
    async write(text) {
      const temporary = join(
        dirname(resolve(path)),
        `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`,
      );
      try {
        const handle = await open(temporary, 'wx');
        try {
          await handle.writeFile(text, 'utf8');
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => {});
        throw new CommandFailure(`could not write ${path}: ${describeFsError(error)}`);
      }
    },
  };
}

/** The directory of `path` may be written to, and what is at `path` (if anything) is a regular file. */
async function writablePath(path: string): Promise<void> {
  const refused = (why: string) => new UsageError(`cannot write --out ${path}: ${why}`, { hint: false });
  try {
    await access(dirname(resolve(path)), constants.W_OK);
  } catch (error) {
    throw refused(describeFsError(error));
  }
  const existing = await stat(path).catch(() => undefined);
  if (existing !== undefined && !existing.isFile()) throw refused('it is not a regular file');
}

/**
 * Checks, before anything is fetched, that a snapshot could be written to `path`: its directory
 * exists and may be written to, and what is at `path` (if anything) is a regular file. So a path
 * that cannot be written costs no request weight.
 *
 * @throws {UsageError} naming `--out` and the file-system problem.
 */
export async function snapshotOutput(path: string): Promise<SnapshotOutput> {
  await writablePath(path);
  return {
    async write(book) {
      try {
        const result = await writeSnapshotFile(path, book);
        return result.written ? undefined : KEPT[result.kept];
      } catch (error) {
        if (!isSnapshotFileError(error)) throw error;
        const cause = error.cause === undefined ? describeError(error) : describeFsError(error.cause);
        throw new CommandFailure(`could not write ${path}: ${cause}`);
      }
    },
  };
}
