import { hasErrorBrand, isOwnInstance, PreflightError } from '../errors/preflight-error.js';

/**
 * A rule-book source was asked for a book it does not have yet: `validateOrder` before the
 * first book arrived (from `initialBook`, the snapshot file or the first fetch). `cause` is the
 * last fetch failure, when there was one.
 *
 * @example
 * ```ts
 * try {
 *   source.validateOrder(order, { referencePrice: '64000' });
 * } catch (error) {
 *   if (isNoRuleBookError(error)) return reject('rules not loaded yet');
 *   throw error;
 * }
 * ```
 */
export class NoRuleBookError extends PreflightError {
  override readonly name = 'NoRuleBookError';

  constructor(options?: { cause?: unknown }) {
    super('the rule-book source has no rule book yet (await source.ready() first)', options);
  }
}

/**
 * The rule-book source was stopped: `refresh()` or `ready()` after (or during) `stop()`, a
 * fetch aborted by `stop()`, or `start()` after `stop()`. A stopped source stays stopped;
 * create a new one to start again.
 *
 * @example
 * ```ts
 * const pending = source.refresh();
 * await source.stop();
 * await pending; // rejects with RuleBookSourceStoppedError
 * ```
 */
export class RuleBookSourceStoppedError extends PreflightError {
  override readonly name = 'RuleBookSourceStoppedError';

  constructor() {
    super('the rule-book source is stopped; create a new one');
  }
}

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
 *   kept only as a stale stand-in (`isStale()` is true) and a fetch follows at once.
 *
 * @example
 * ```ts
 * const reason: SnapshotFileProblem = 'not-a-file';
 * ```
 */
export type SnapshotFileProblem = 'io' | 'not-a-file' | 'invalid' | 'fetched-in-future';

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

  constructor(
    details: {
      readonly path: string;
      readonly operation: SnapshotFileOperation;
      readonly reason?: SnapshotFileProblem | undefined;
      readonly fileType?: string | undefined;
      readonly fetchedAt?: number | undefined;
      readonly now?: number | undefined;
    },
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
  }
}

function snapshotFileMessage(
  path: string,
  operation: SnapshotFileOperation,
  reason: SnapshotFileProblem,
  details: {
    readonly fileType?: string | undefined;
    readonly fetchedAt?: number | undefined;
    readonly now?: number | undefined;
  },
): string {
  switch (reason) {
    case 'not-a-file':
      return `the rule-book snapshot path ${path} is a ${details.fileType ?? 'special file'}, not a regular file; it was not ${operation === 'read' ? 'read' : 'touched'}`;
    case 'invalid':
      return `the rule-book snapshot file ${path} is not a snapshot this library reads`;
    case 'fetched-in-future':
      return `the rule-book snapshot file ${path} says it was fetched at ${details.fetchedAt}, after now (${details.now}); its age is unknown, so it counts as stale`;
    case 'io':
      return operation === 'clean'
        ? `could not remove the temporary files left beside the rule-book snapshot file ${path}`
        : `could not ${operation} the rule-book snapshot file ${path}`;
  }
}

/**
 * A callback of the source's (`onChange`) threw. The exception is the `cause`; it is reported
 * through `onError` and never stops the refresh loop or the swap that triggered it.
 *
 * @example
 * ```ts
 * onError(error) {
 *   if (isRuleBookSourceCallbackError(error)) log.error({ callback: error.callback }, String(error.cause));
 * }
 * ```
 */
export class RuleBookSourceCallbackError extends PreflightError {
  override readonly name = 'RuleBookSourceCallbackError';
  readonly callback: 'onChange';

  constructor(callback: 'onChange', options?: { cause?: unknown }) {
    super(`the rule-book source's ${callback} callback threw`, options);
    this.callback = callback;
  }
}

function guard<T>(ctor: abstract new (...args: never[]) => T, name: string) {
  return (error: unknown): error is T => isOwnInstance(error, ctor) || hasErrorBrand(error, name);
}

/** True for a {@link NoRuleBookError}. @example `if (isNoRuleBookError(e)) await source.ready();` */
export const isNoRuleBookError = guard(NoRuleBookError, 'NoRuleBookError');
/** True for a {@link RuleBookSourceStoppedError}. @example `if (isRuleBookSourceStoppedError(e)) return;` */
export const isRuleBookSourceStoppedError = guard(RuleBookSourceStoppedError, 'RuleBookSourceStoppedError');
/** True for a {@link SnapshotFileError}. @example `if (isSnapshotFileError(e)) console.log(e.path, e.operation);` */
export const isSnapshotFileError = guard(SnapshotFileError, 'SnapshotFileError');
/** True for a {@link RuleBookSourceCallbackError}. @example `if (isRuleBookSourceCallbackError(e)) console.log(e.callback);` */
export const isRuleBookSourceCallbackError = guard(
  RuleBookSourceCallbackError,
  'RuleBookSourceCallbackError',
);
