import type { SnapshotHeader } from '../snapshot/snapshot-header.js';

/**
 * Why a snapshot write left the file as it was: it holds a book the exchange stamped later
 * (`newer-snapshot`), or it was written by a newer library in a format this one does not write
 * (`newer-version`, a rolling upgrade).
 *
 * @example
 * ```ts
 * const kept: SnapshotKeptReason = 'newer-version';
 * ```
 */
export type SnapshotKeptReason = 'newer-snapshot' | 'newer-version';

/**
 * How far ahead of our own book's `serverTime` another snapshot's may be and still be believed.
 * Two members of a fleet fetch seconds or minutes apart, never an hour, and the exchange runs one
 * clock; a snapshot further ahead was stamped by a wrong clock, and keeping it would freeze the
 * file until the exchange's clock caught up with it.
 *
 * Not exported from the package: an operational constant (docs/operations.md gives its value).
 *
 * @internal
 * @example
 * ```ts
 * SNAPSHOT_MAX_SERVER_TIME_LEAD_MS; // 3600000: one hour
 * ```
 */
export const SNAPSHOT_MAX_SERVER_TIME_LEAD_MS = 60 * 60_000;

/**
 * Whether the snapshot on disk must be kept rather than replaced by ours: `undefined` to replace
 * it, or the reason to keep it.
 *
 * - Nothing readable on disk (no file, not a snapshot, a header out of place): replace.
 * - A newer format version on disk: keep, whatever its times (an older library cannot weigh
 *   them, and must not undo an upgrade).
 * - Otherwise the books are ordered by the exchange's `serverTime` (one clock for the whole
 *   fleet, unlike each machine's `fetchedAt`), then by `fetchedAt` when those are equal (an
 *   answer served again from a cache). A book on disk that is later keeps its place; an equal
 *   one is replaced (nothing is lost). One more than {@link SNAPSHOT_MAX_SERVER_TIME_LEAD_MS} ahead of
 *   ours is taken for a wrong clock and replaced.
 *
 * @internal
 * @example
 * ```ts
 * keepOnDisk({ version: 2, fetchedAt: 2, serverTime: 10 }, { version: 2, fetchedAt: 3, serverTime: 9 }); // 'newer-snapshot'
 * ```
 */
export function keepOnDisk(
  ours: SnapshotHeader,
  onDisk: SnapshotHeader | undefined,
): SnapshotKeptReason | undefined {
  if (onDisk === undefined) return undefined;
  if (onDisk.version > ours.version) return 'newer-version';
  const theirs = onDisk.serverTime;
  const mine = ours.serverTime;
  if (theirs === undefined || mine === undefined) return undefined;
  if (theirs - mine > SNAPSHOT_MAX_SERVER_TIME_LEAD_MS) return undefined;
  if (theirs !== mine) return theirs > mine ? 'newer-snapshot' : undefined;
  const theirFetch = onDisk.fetchedAt ?? 0;
  return theirFetch > (ours.fetchedAt ?? 0) ? 'newer-snapshot' : undefined;
}
