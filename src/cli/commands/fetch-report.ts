import type { PreflightError } from '../../index.js';
import { type AttemptEvent, ExchangeInfoClient, type ExchangeInfoClientOptions } from '../../node.js';
import { type CliIo, write } from '../io.js';
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

/** Where a `fetch` asks, as its flags gave it (spot or contracts). */
export interface FetchTarget {
  readonly baseUrl: string;
  /** Whether the URL given ended in the endpoint's path, taken as its base. */
  readonly stripped: boolean;
  readonly options: Omit<ExchangeInfoClientOptions, 'baseUrl' | 'onAttempt'>;
}

/**
 * The client a `fetch` asks through, and its output, whichever host: the note when `--base-url`
 * already ended in the endpoint's `path`, the output checked before the request (so a path that
 * cannot be written costs no request weight), and progress lines on a terminal only (silence
 * there reads as a hang: three 10 s timeouts took 31 s; a log or a pipe keeps the one-line result).
 */
export async function startFetch<O>(
  io: CliIo,
  target: FetchTarget,
  path: string,
  prepareOutput: () => Promise<O>,
): Promise<{ readonly client: ExchangeInfoClient; readonly output: O }> {
  const { baseUrl, stripped, options } = target;
  const onAttempt = io.isTTY.stderr
    ? (event: AttemptEvent) => {
        const line = attemptLine(event);
        if (line !== undefined) void write(io.stderr, `${line}\n`);
      }
    : undefined;
  if (stripped)
    await write(
      io.stderr,
      `note: --base-url already ends in ${path}; fetching from the base ${printable(baseUrl)}\n`,
    );
  const output = await prepareOutput();
  const client = new ExchangeInfoClient({ baseUrl, ...options, ...(onAttempt ? { onAttempt } : {}) });
  return { client, output };
}

/** How many definitions set aside a fetch names, one line each. */
const SET_ASIDE_SHOWN = 5;

/** A definition set aside, as either book keeps it. */
interface SetAside {
  readonly index: number;
  readonly symbol?: string | undefined;
  readonly reasons: readonly { readonly path: string; readonly message: string }[];
}

/**
 * The first definitions set aside, each with its reasons, and how many more (`where`, if given,
 * says where the rest can be read).
 */
export function setAsideLines(rejected: readonly SetAside[], where = ''): string[] {
  const lines: string[] = [];
  for (const entry of rejected.slice(0, SET_ASIDE_SHOWN)) {
    const reasons = entry.reasons.map((r) => `${r.path}: ${r.message}`).join('; ');
    lines.push(
      `  set aside: ${oneLine(entry.symbol ?? `symbols[${entry.index}]`)}: ${clip(oneLine(reasons), 200)}`,
    );
  }
  if (rejected.length > SET_ASIDE_SHOWN)
    lines.push(`  ... and ${rejected.length - SET_ASIDE_SHOWN} more set aside${where}`);
  return lines;
}
