import { errorGuard } from '../errors/error-guard.js';
import { PreflightError } from '../errors/preflight-error.js';

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
 * True for a {@link RuleBookSourceStoppedError}.
 *
 * @example `if (isRuleBookSourceStoppedError(e)) return;`
 * @group Guards
 */
export const isRuleBookSourceStoppedError = errorGuard(
  RuleBookSourceStoppedError,
  'RuleBookSourceStoppedError',
);
