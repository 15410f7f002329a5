import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import type { SnapshotFileSystem } from './snapshot-file-system.js';

/**
 * How long a snapshot write waits for another process's lock before it goes on without one.
 * A lock is held for two small steps (reading a header, a rename): milliseconds, or a few hundred
 * on a disk busy flushing.
 *
 * Not exported from the package: an operational constant (docs/operations.md gives its value).
 *
 * @internal
 * @example
 * ```ts
 * SNAPSHOT_LOCK_WAIT_MS; // 2000
 * ```
 */
export const SNAPSHOT_LOCK_WAIT_MS = 2_000;

/**
 * How old a lock file must be (by its modification time) to be taken for the lock of a process
 * that died holding it, and removed.
 *
 * Not exported from the package: an operational constant (docs/operations.md gives its value).
 *
 * @internal
 * @example
 * ```ts
 * SNAPSHOT_LOCK_STALE_MS; // 60000
 * ```
 */
export const SNAPSHOT_LOCK_STALE_MS = 60_000;

/**
 * What taking the lock needs: the file system, the wall clock (a lock file's age) and the
 * monotonic one (the wait), and a pause between tries.
 *
 * @internal
 * @example
 * ```ts
 * const clocks: SnapshotLockContext = { fs, now: Date.now, monotonicNow: () => performance.now(), pause };
 * ```
 */
export interface SnapshotLockContext {
  readonly fs: SnapshotFileSystem;
  readonly now: () => number;
  readonly monotonicNow: () => number;
  readonly pause?: (() => Promise<void>) | undefined;
}

/**
 * Takes the lock of the snapshot file `target` (`<target>.lock`, created exclusively, holding a
 * token of this writer), and resolves with its release; or with `undefined` when it is not had
 * within {@link SNAPSHOT_LOCK_WAIT_MS}, or cannot be made here at all: the writer then goes on
 * without it.
 *
 * The lock only narrows the race between reading the header in place and the rename: every way
 * it can fail (a holder frozen past the stale bound, clocks that disagree by more than a minute,
 * two processes breaking one stale lock at once, a library version that takes no lock) leaves a
 * writer as it is without one, never worse. So it is advisory, and kept simple.
 *
 * @internal
 * @example
 * ```ts
 * const release = await lockSnapshot(target, context);
 * try { ... } finally { await release?.(); }
 * ```
 */
export async function lockSnapshot(
  target: string,
  context: SnapshotLockContext,
): Promise<(() => Promise<void>) | undefined> {
  const { fs, now, monotonicNow } = context;
  const pause = context.pause ?? shortPause;
  const lock = `${target}.lock`;
  const token = randomUUID();
  const started = monotonicNow();
  for (;;) {
    try {
      const handle = await fs.open(lock, 'wx');
      try {
        await handle.writeFile(token, 'utf8');
      } finally {
        await handle.close();
      }
      return () => release(lock, token, fs);
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') return undefined;
    }
    if (monotonicNow() - started > SNAPSHOT_LOCK_WAIT_MS) return undefined;
    const held = await fs.lstat(lock).catch(() => undefined);
    if (held !== undefined && now() - held.mtimeMs > SNAPSHOT_LOCK_STALE_MS)
      await fs.unlink(lock).catch(ignore); // its holder died holding it
    else await pause();
  }
}

/**
 * Opening what may no longer be the lock: never through a link, never waiting on a FIFO. (No
 * such flags on Windows, which has neither in this way.)
 */
const OPEN_LOCK_TO_CHECK = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** Removes the lock if it is still this writer's (one broken as stale meanwhile is another's now). */
async function release(lock: string, token: string, fs: SnapshotFileSystem): Promise<void> {
  try {
    const handle = await fs.open(lock, OPEN_LOCK_TO_CHECK);
    let held: string;
    try {
      if (!(await handle.stat()).isFile()) return;
      const buffer = Buffer.alloc(TOKEN_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, TOKEN_BYTES, 0);
      held = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
    if (held === token) await fs.unlink(lock);
  } catch {
    // Gone already, or unreadable: not this writer's to remove.
  }
}

/** The length of a token (a UUID), and so all of a lock file worth reading. */
const TOKEN_BYTES = 36;

function shortPause(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 2 + Math.floor(Math.random() * 8)));
}

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

function ignore(): void {}
