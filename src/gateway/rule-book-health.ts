import type { RuleBook } from '../index.js';
import { isImplausibleRuleBookError, type RemovedRuleFields } from '../node.js';
import { describeError } from './describe-error.js';
import type { RuleBookProvider } from './gateway-options.js';

/**
 * The rule book's part of the status page (`GET /preflight/status`): its size, its age, whether
 * it is stale, and, while refreshes fail, why. A refused refresh (the source's plausibility guard:
 * an empty answer, pairs lost, rule fields removed) is named as such: the book in force was
 * kept, and `refusedRefresh` says why and, for removed fields, which.
 */
export function ruleBookHealth(
  provider: RuleBookProvider,
  book: RuleBook | undefined,
): Record<string, unknown> {
  const health: Record<string, unknown> = {
    pairs: book?.size,
    ageMs: provider.ageMs?.(),
    stale: provider.isStale?.() ?? false,
  };
  const error = provider.lastError;
  if (error === undefined) return health;
  health.lastRefreshError = describeError(error);
  if (isImplausibleRuleBookError(error)) {
    const refused: { reason: string; keptBook: boolean; removedFields?: readonly RemovedRuleFields[] } = {
      reason: error.reason,
      keptBook: book !== undefined,
    };
    if (error.removedFields.length > 0) refused.removedFields = error.removedFields;
    health.refusedRefresh = refused;
  }
  return health;
}
