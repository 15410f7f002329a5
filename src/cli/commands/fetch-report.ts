import type { PreflightError } from '../../index.js';
import type { AttemptEvent } from '../../node.js';
import { clip, count, describeError, oneLine, printable } from '../text.js';

// How `fetch` tells what happens to its requests, whichever host it asks (spot or contracts).

/**
 * A progress line for an attempt event (`attempt 2 of 3: HTTP 503 after 12 ms`), or none: a
 * retry's wait is told as `waiting N ms before attempt K`.
 */
export function attemptLine(event: AttemptEvent): string | undefined {
  const label = `attempt ${event.attempt} of ${event.attempts}`;
  switch (event.kind) {
    case 'start':
      return `${label}: GET ${printable(event.url)}`;
    case 'response':
      return `${label}: HTTP ${event.status} after ${event.elapsedMs} ms`;
    case 'timeout':
      return `${label}: timed out after ${event.elapsedMs} ms`;
    case 'error':
      return `${label}: failed after ${event.elapsedMs} ms: ${describeError(event.error)}`;
    case 'retry':
      return `  waiting ${event.delayMs} ms before attempt ${event.attempt + 1}`;
  }
}

/**
 * `NetworkError: GET http://… failed after 3 attempts: connect ECONNREFUSED … (code ECONNREFUSED)`:
 * the error's class, its message, and the context the message does not already carry, the
 * number of attempts always among it (the error's own count, else `requestsSent`).
 */
export function describeFetchFailure(error: PreflightError, requestsSent?: number): string {
  const message = oneLine(error.message);
  const fields = error as unknown as Record<string, unknown>;
  const context: string[] = [];
  const add = (label: string, value: unknown, shown = String(value)) => {
    if (value !== undefined && value !== null && !message.includes(shown)) context.push(`${label} ${shown}`);
  };
  add('status', fields.status);
  add('code', fields.code);
  add('exchange code', fields.exchangeCode);
  add('retry after', fields.retryAfterMs, `${String(fields.retryAfterMs)} ms`);
  add('url', fields.url);
  const attempts = typeof fields.attempts === 'number' ? fields.attempts : requestsSent;
  // The library's messages say "after 1 attempts"; "1 attempt" is found in that too.
  if (attempts !== undefined && attempts > 0 && !message.includes(count(attempts, 'attempt')))
    context.push(count(attempts, 'attempt'));
  const suffix = context.length === 0 ? '' : ` (${context.join(', ')})`;
  return `${error.name}: ${clip(message, 400)}${suffix}`;
}
