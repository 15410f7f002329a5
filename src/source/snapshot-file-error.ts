import { errorGuard } from '../errors/error-guard.js';
import { PreflightError } from '../errors/preflight-error.js';

/**
 * What went wrong with the snapshot file:
 *
 * - `io`: the file system refused (`cause` is its error: permissions, a missing directory, …);
 * - `not-a-file`: something other than a regular file is at the path (`fileType` says what:
 *   a FIFO, a device, a directory, a socket). It is refused before a byte is read, so a FIFO
 *   nobody writes to can never hang `ready()` or `stop()`, and a device can never be read forever;
 * - `invalid`: the file is not a snapshot this library reads (`cause` is the `SnapshotError`:
 *   `reason` `json`, `format`, `version` or `schema`);
 * - `fetched-in-future`: the snapshot says it was fetched after now (`fetchedAt`, `now`): a clock
 *   was wrong on the machine that wrote it or on this one. Its age cannot be known, so the book is
 *   kept only as a stale stand-in (`isStale()` is true) and a fetch follows at once;
 * - `deadline`: a write took longer than its deadline (`deadlineMs`, from creating its temporary
 *   file to the rename) and was abandoned: its temporary file is removed and the previous file
 *   stays. A write never renames past its deadline, so other processes can tell its temporary
 *   file from a crashed write's by age alone (README, "Operations").
 *
 * @example
 * ```ts
 * const reason: SnapshotFileProblem = 'not-a-file';
 * ```
 */
export type SnapshotFileProblem = 'io' | 'not-a-file' | 'invalid' | 'fetched-in-future' | 'deadline';

/**
 * What a snapshot-file operation was doing: loading the file, writing a new one, or removing
 * the temporary files a crash in the middle of a write left behind (`clean`, at start).
 *
 * @example
 * ```ts
 * const operation: SnapshotFileOperation = 'clean';
 * ```
 */
export type SnapshotFileOperation = 'read' | 'write' | 'clean';

/**
 * Reading, writing or cleaning up the snapshot file failed. `operation` says which, `path`
 * which file, `reason` what was wrong (see {@link SnapshotFileProblem}) and `cause` the error
 * behind it, when there is one. Reported through `onError`; the source goes on (a failed read
 * is followed by a fetch, a failed write leaves the previous file in place).
 *
 * @example
 * ```ts
 * onError(error) {
 *   if (isSnapshotFileError(error)) log.warn({ path: error.path, op: error.operation, reason: error.reason }, String(error.cause));
 * }
 * ```
 */
export class SnapshotFileError extends PreflightError {
  override readonly name = 'SnapshotFileError';
  readonly path: string;
  readonly operation: SnapshotFileOperation;
  readonly reason: SnapshotFileProblem;
  /** For `not-a-file`: what is at the path instead (`fifo`, `directory`, `character-device`, …). */
  readonly fileType: string | undefined;
  /** For `fetched-in-future`: the snapshot's `fetchedAt`, and the source clock's `now` when it was loaded. */
  readonly fetchedAt: number | undefined;
  readonly now: number | undefined;
  /** For `deadline`: the longest a write may take, in ms. */
  readonly deadlineMs: number | undefined;

  constructor(
    details: {
      readonly path: string;
      readonly operation: SnapshotFileOperation;
      readonly reason?: SnapshotFileProblem | undefined;
    } & SnapshotFileFacts,
    options?: { cause?: unknown },
  ) {
    const reason = details.reason ?? 'io';
    super(snapshotFileMessage(details.path, details.operation, reason, details), options);
    this.path = details.path;
    this.operation = details.operation;
    this.reason = reason;
    this.fileType = details.fileType;
    this.fetchedAt = details.fetchedAt;
    this.now = details.now;
    this.deadlineMs = details.deadlineMs;
  }
}

/** The facts an error carries for one reason only, each as the error's field has it. */
type SnapshotFileFacts = Partial<Pick<SnapshotFileError, 'fileType' | 'fetchedAt' | 'now' | 'deadlineMs'>>;

function snapshotFileMessage(
  path: string,
  operation: SnapshotFileOperation,
  reason: SnapshotFileProblem,
  details: SnapshotFileFacts,
): string {
  switch (reason) {
    case 'not-a-file':
      return `the rule-book snapshot path ${path} is a ${details.fileType ?? 'special file'}, not a regular file; it was not ${operation === 'read' ? 'read' : 'touched'}`;
    case 'invalid':
      return `the rule-book snapshot file ${path} is not a snapshot this library reads`;
    case 'fetched-in-future':
      return `the rule-book snapshot file ${path} says it was fetched at ${details.fetchedAt}, after now (${details.now}); its age is unknown, so it counts as stale`;
    case 'deadline':
      return `the write of the rule-book snapshot file ${path} took longer than its deadline of ${details.deadlineMs} ms and was abandoned; the previous file is in place`;
    case 'io':
      return operation === 'clean'
        ? `could not remove the temporary files left beside the rule-book snapshot file ${path}`
        : `could not ${operation} the rule-book snapshot file ${path}`;
  }
}

/**
 * True for a {@link SnapshotFileError}.
 *
 * @example `if (isSnapshotFileError(e)) console.log(e.path, e.operation);`
 * @group Guards
 */
export const isSnapshotFileError = errorGuard(SnapshotFileError, 'SnapshotFileError');
