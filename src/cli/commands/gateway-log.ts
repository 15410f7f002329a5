import type { GatewayEvent, GatewayRequestEvent, TickerEvent } from '../../gateway.js';
import { clip } from '../text.js';

/**
 * The log of `order-preflight gateway`: one line per event, as text (`<time> <what>`, the
 * default) or as JSON lines (`--log-format json`: `{"time", "event", ...}`), one of them per
 * request (docs/gateway.md, "Audit log").
 *
 * Lines are gathered and written once per event-loop turn: under load many requests end in one
 * turn, and one write of all their lines costs less than a write each (measured: docs/gateway.md).
 * A reader that stops reading must not grow the gateway's memory without end: past
 * {@link MAX_BACKLOG_BYTES} waiting in the stream, lines are dropped, counted, and the count is
 * logged once the stream has room again.
 */

/** How each line is written. */
export type LogFormat = 'text' | 'json';

/** The log formats, for the flag. */
export const LOG_FORMATS = ['text', 'json'] as const satisfies readonly LogFormat[];

/** Bytes waiting in the output stream past which new lines are dropped (and counted). */
export const MAX_BACKLOG_BYTES = 16 * 1024 * 1024;
/** A batch this long is written at once rather than at the end of the turn. */
const FLUSH_BYTES = 64 * 1024;
/** The longest key and path written: they come from the client. */
const MAX_KEY = 128;
const MAX_PATH = 512;

/** The gateway command's log. */
export interface GatewayLog {
  /** A line of the command's own (starting, the rule book, closing). */
  (line: string): void;
  /** An event of the gateway or the ticker, with its text line (undefined: not logged as text). */
  event(event: GatewayEvent | TickerEvent, line: string | undefined): void;
  /** Writes what is gathered now (before the process ends). */
  flush(): void;
}

/**
 * A log writing to `out` in `format`; `now` stamps each line. Whoever reads the log may go away
 * (a closed pipe): orders matter more than log lines, so at the stream's first error logging
 * stops (`onBroken` says so) and the gateway keeps serving.
 */
export function createGatewayLog(
  out: NodeJS.WritableStream,
  format: LogFormat,
  options: { readonly onBroken: (error: NodeJS.ErrnoException) => void; readonly now?: () => Date },
): GatewayLog {
  const now = options.now ?? (() => new Date());
  let logging = true;
  out.on('error', (error: NodeJS.ErrnoException) => {
    if (!logging) return;
    logging = false;
    options.onBroken(error);
  });
  const writer = batchedWriter(
    out,
    () => logging,
    (dropped) =>
      format === 'json'
        ? `${JSON.stringify({ time: now().toISOString(), event: 'log-dropped', dropped })}\n`
        : `${now().toISOString()} LOG DROPPED ${dropped} lines: the log's reader was too slow\n`,
  );
  const log = ((line: string) => {
    writer.write(
      format === 'json'
        ? `${JSON.stringify({ time: now().toISOString(), event: 'message', msg: line })}\n`
        : `${now().toISOString()} ${line}\n`,
    );
  }) as GatewayLog;
  log.event = (event, line) => {
    if (format === 'text') {
      if (line !== undefined) writer.write(`${now().toISOString()} ${line}\n`);
    } else if (event.type === 'request') {
      writer.write(`${JSON.stringify(requestRecord(event, now()))}\n`);
    } else if (line !== undefined) {
      writer.write(`${JSON.stringify({ time: now().toISOString(), event: event.type, msg: line })}\n`);
    }
  };
  log.flush = writer.flush;
  return log;
}

/**
 * The text line of a request: `REQUEST` and `name=value` pairs, those without a value left out;
 * a value with a space, a quote, `=` or a character outside printable ASCII is JSON-quoted.
 *
 * @example
 * ```ts
 * describeRequest(event);
 * // 'REQUEST method=POST path=/api/v3/order key=demo-api-key outcome=refused status=400 reason=order-refused codes=PRICE_TICK sent=false ms=0.84'
 * ```
 */
export function describeRequest(event: GatewayRequestEvent): string {
  let line = `REQUEST method=${quoted(event.method)} path=${quoted(clip(event.path, MAX_PATH))}`;
  if (event.key !== undefined) line += ` key=${quoted(clip(event.key, MAX_KEY))}`;
  line += ` outcome=${event.outcome}`;
  if (event.status !== undefined) line += ` status=${event.status}`;
  if (event.reason !== undefined) line += ` reason=${event.reason}`;
  if (event.codes.length > 0) line += ` codes=${event.codes.join(',')}`;
  return `${line} sent=${event.sent} ms=${milliseconds(event.latencyMs)}`;
}

/**
 * A request target as the log shows it: its path, clipped and quoted as a text field; never the
 * query string, which can carry order ids (and, for some clients, a signature).
 */
export function pathOf(target: string): string {
  const query = target.indexOf('?');
  return quoted(clip(query === -1 ? target : target.slice(0, query), MAX_PATH));
}

/** A request's JSON log record: the event's fields, those without a value left out. */
function requestRecord(event: GatewayRequestEvent, time: Date): Record<string, unknown> {
  return {
    time: time.toISOString(),
    event: 'request',
    method: event.method,
    path: clip(event.path, MAX_PATH),
    key: event.key === undefined ? undefined : clip(event.key, MAX_KEY),
    outcome: event.outcome,
    status: event.status,
    reason: event.reason,
    codes: event.codes.length > 0 ? event.codes : undefined,
    sent: event.sent,
    latencyMs: milliseconds(event.latencyMs),
  };
}

/** Milliseconds to two decimals (a latency, not an amount: binary rounding is fine here). */
function milliseconds(ms: number): number {
  return Math.round(ms * 100) / 100;
}

const PLAIN = /^[\x21\x23-\x3c\x3e-\x7e]+$/;

function quoted(value: string): string {
  return PLAIN.test(value) ? value : JSON.stringify(value);
}

/**
 * Gathers lines and writes them once per event-loop turn (or at {@link FLUSH_BYTES}); drops
 * lines while the stream holds over {@link MAX_BACKLOG_BYTES}, then writes `notice(dropped)`.
 */
function batchedWriter(
  out: NodeJS.WritableStream,
  logging: () => boolean,
  notice: (dropped: number) => string,
): { write(text: string): void; flush(): void } {
  let pending = '';
  let scheduled = false;
  let dropped = 0;
  const backlog = () => (out as { writableLength?: number }).writableLength ?? 0;
  const flush = (): void => {
    scheduled = false;
    if (pending === '' || !logging()) return;
    const text = pending;
    pending = '';
    out.write(text);
  };
  return {
    write(text) {
      if (!logging()) return;
      if (backlog() > MAX_BACKLOG_BYTES) {
        dropped++;
        return;
      }
      if (dropped > 0) {
        pending += notice(dropped);
        dropped = 0;
      }
      pending += text;
      if (pending.length >= FLUSH_BYTES) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
