import { describeThrown } from '../errors/preflight-error.js';
import type { Violation } from '../validation/violation-codes.js';
import { readDecimalInput } from './decimal-input.js';
import type { ParsedContext } from './parsed-order.js';
import { CONTEXT_FIELDS, type ContextReading, readFields } from './read-once.js';
import { invalidField } from './reading-violations.js';

/**
 * The caller's context: INVALID_FIELD for a context that is not an object, or a malformed
 * `referencePrice` / `maxNotional`. An absent (or `null`) context is simply empty. Read once (see
 * `read-once.ts`).
 */
export function checkContextShape(raw: unknown): { context: ParsedContext; violations: Violation[] } {
  return judgeContextShape(readFields(raw, CONTEXT_FIELDS));
}

/** {@link checkContextShape} on a context already read: nothing of the caller's runs here. */
export function judgeContextShape(reading: ContextReading): {
  context: ParsedContext;
  violations: Violation[];
} {
  const context: ParsedContext = {};
  const violations: Violation[] = [];
  switch (reading.kind) {
    case 'absent':
      return { context, violations };
    case 'unreadable': {
      // A hostile context must not cost the order its own verdict: judge it as having no context.
      const detail = `could not be read (${describeThrown(reading.error)})`;
      return { context, violations: [invalidField('context', detail)] };
    }
    case 'other':
      violations.push(invalidField('context', `must be an object, got ${reading.description}`));
      return { context, violations };
    case 'fields':
      for (const field of CONTEXT_FIELDS) {
        const value = reading.fields[field];
        if (value === undefined) continue;
        const read = readDecimalInput(value);
        if (read.ok) context[field] = read.decimal;
        else violations.push(invalidField(field, read.detail, read.suggestion));
      }
      return { context, violations };
  }
}
