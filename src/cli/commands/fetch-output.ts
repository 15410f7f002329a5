import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { RuleBook } from '../../index.js';
import {
  isSnapshotFileError,
  type SnapshotKeptReason,
  writeSnapshotFile,
  writeSnapshotText,
} from '../../node.js';
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
   * Writes `text` to FILE as the snapshot writer writes (the library's file writer: a temporary
   * file beside FILE, flushed, renamed over it under its lock file, the directory flushed; a
   * reader sees the old file or the new one, never half of one).
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
      try {
        // A payload has no snapshot header: it is written without the snapshots' ordering check.
        await writeSnapshotText(path, text);
      } catch (error) {
        throw failure(path, error);
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
        throw failure(path, error);
      }
    },
  };
}

/** A write's failure as the command reports it; anything but the writer's own error is rethrown. */
function failure(path: string, error: unknown): CommandFailure {
  if (!isSnapshotFileError(error)) throw error;
  const cause = error.cause === undefined ? describeError(error) : describeFsError(error.cause);
  return new CommandFailure(`could not write ${path}: ${cause}`);
}
