import { randomUUID } from 'node:crypto';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import type { RuleBook } from '../book/rule-book.js';
import { parseRuleBookSnapshot } from '../snapshot/parse-rule-book-snapshot.js';
import { SnapshotFileError } from './source-errors.js';

/**
 * Loads a rule book from a snapshot file (the JSON of `book.toJSON()`), or `undefined` when
 * the file does not exist. The book is whole or not at all: any problem throws. `signal`
 * abandons the read.
 *
 * @throws {SnapshotFileError} `operation: 'read'` when the file cannot be read (`cause`: the
 *   file-system error) or is not a snapshot (`cause`: the `SnapshotError` of
 *   `parseRuleBookSnapshot`, `reason` `json`, `format`, `version` or `schema`).
 * @example
 * ```ts
 * const book = await readSnapshotFile('/var/lib/gateway/rule-book.json');
 * if (book === undefined) console.log('no snapshot yet');
 * ```
 */
export async function readSnapshotFile(path: string, signal?: AbortSignal): Promise<RuleBook | undefined> {
  let text: string;
  try {
    text = await readFile(path, signal === undefined ? { encoding: 'utf8' } : { encoding: 'utf8', signal });
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'ENOENT') return undefined;
    throw new SnapshotFileError({ path, operation: 'read' }, { cause: error });
  }
  try {
    return parseRuleBookSnapshot(text);
  } catch (error) {
    throw new SnapshotFileError({ path, operation: 'read' }, { cause: error });
  }
}

/**
 * Writes `book.toJSON()` to `path` atomically: into a fresh temporary file in the same
 * directory, flushed to disk, then renamed over `path`. A reader (another gateway process
 * starting up) sees the old file or the new one, never half of one; a failed write leaves the
 * old file in place and removes the temporary one.
 *
 * @throws {SnapshotFileError} `operation: 'write'`, with the file-system error as `cause`.
 * @example
 * ```ts
 * await writeSnapshotFile('/var/lib/gateway/rule-book.json', book);
 * ```
 */
export async function writeSnapshotFile(path: string, book: RuleBook): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`;
  try {
    const text = JSON.stringify(book.toJSON());
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw new SnapshotFileError({ path, operation: 'write' }, { cause: error });
  }
}
