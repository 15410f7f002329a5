import { hasErrorBrand, PreflightError } from '../errors/preflight-error.js';

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
 * Reading or writing the snapshot file failed. `operation` says which, `path` which file, and
 * `cause` why (a file-system error, invalid JSON, or the `SnapshotError` of
 * `RuleBook.fromJSON`). Reported through `onError`; the source goes on (a failed read is
 * followed by a fetch, a failed write leaves the previous file in place).
 *
 * @example
 * ```ts
 * onError(error) {
 *   if (isSnapshotFileError(error)) log.warn({ path: error.path, op: error.operation }, String(error.cause));
 * }
 * ```
 */
export class SnapshotFileError extends PreflightError {
  override readonly name = 'SnapshotFileError';
  readonly path: string;
  readonly operation: 'read' | 'write';

  constructor(details: { path: string; operation: 'read' | 'write' }, options?: { cause?: unknown }) {
    super(`could not ${details.operation} the rule-book snapshot file ${details.path}`, options);
    this.path = details.path;
    this.operation = details.operation;
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
  return (error: unknown): error is T => error instanceof ctor || hasErrorBrand(error, name);
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
