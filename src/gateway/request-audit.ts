import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ViolationCode } from '../index.js';
import { GATEWAY_HEADER, type GatewayReason } from './answers.js';
import { noRefusals } from './desk/desk-answers.js';
import type { ForwardOutcome } from './forward.js';
import type { GatewayRequestEvent, RequestOutcome } from './gateway-events.js';
import { headerValues } from './raw-headers.js';

/**
 * The audit record of each request: one `request` event when its answer has ended, whatever
 * ended it. Most of it is read off the request and the response themselves (method, path, key,
 * status, the gateway's reason header); the two things they cannot tell, a refused order's
 * violation codes and what became of a forwarded request, are noted by the gateway as they
 * happen.
 */
export interface RequestAudit {
  /**
   * Starts the record of a request whose head has just been read. Call what it returns when
   * the gateway is done handling the request: the record is given once that is done and the
   * answer has ended (its 'close'), whichever comes last, so that every note is in it.
   */
  track(req: IncomingMessage, res: ServerResponse): () => void;
  /** The violation codes of an order about to be refused. */
  noteRefused(res: ServerResponse, codes: readonly ViolationCode[]): void;
  /** What became of a request the gateway tried to forward. */
  noteForwarded(res: ServerResponse, outcome: ForwardOutcome): void;
}

interface Notes {
  codes?: readonly ViolationCode[];
  forwarded?: ForwardOutcome;
}

const NO_CODES: readonly ViolationCode[] = Object.freeze([]);

/** A {@link RequestAudit} that hands each record to `emit`. */
export function createRequestAudit(emit: (event: GatewayRequestEvent) => void): RequestAudit {
  const notes = new WeakMap<ServerResponse, Notes>();
  const noted = (res: ServerResponse): Notes => {
    let found = notes.get(res);
    if (found === undefined) {
      found = {};
      notes.set(res, found);
    }
    return found;
  };
  return {
    track(req, res) {
      const startedAt = performance.now();
      let latencyMs: number | undefined;
      let handled = false;
      const record = () => emit(requestEvent(req, res, notes.get(res), latencyMs!));
      // 'close' comes once per response, after its last byte was handed to the socket or when
      // it was cut short: every request gets exactly one record.
      res.once('close', () => {
        latencyMs = performance.now() - startedAt;
        if (handled) record();
      });
      return () => {
        if (handled) return;
        handled = true;
        if (latencyMs !== undefined) record();
      };
    },
    noteRefused(res, codes) {
      noted(res).codes = codes;
    },
    noteForwarded(res, outcome) {
      noted(res).forwarded = outcome;
    },
  };
}

function requestEvent(
  req: IncomingMessage,
  res: ServerResponse,
  notes: Notes | undefined,
  latencyMs: number,
): GatewayRequestEvent {
  const own = res.getHeader(GATEWAY_HEADER);
  const reason = typeof own === 'string' ? (own as GatewayReason) : undefined;
  const forwarded = notes?.forwarded;
  const target = req.url ?? '/';
  const query = target.indexOf('?');
  const key = accessKeyOf(req.rawHeaders);
  return {
    type: 'request',
    method: req.method ?? 'GET',
    path: query === -1 ? target : target.slice(0, query),
    key,
    outcome: outcomeOf(res, reason, forwarded),
    status: res.headersSent ? res.statusCode : undefined,
    reason,
    codes: notes?.codes ?? NO_CODES,
    sent: forwarded !== undefined && wasSent(forwarded),
    latencyMs,
  };
}

/** The `ACCESS-KEY` header, repeats joined as Node joins them; read from the raw headers. */
function accessKeyOf(rawHeaders: readonly string[]): string | undefined {
  const keys = headerValues(rawHeaders, 'access-key');
  return keys.length === 0 ? undefined : keys.join(', ');
}

/** The reasons of an order refused: for its violations, or by a desk control. */
const ORDER_REFUSALS: ReadonlySet<GatewayReason> = new Set<GatewayReason>([
  'order-refused',
  ...(Object.keys(noRefusals()) as GatewayReason[]),
]);

function outcomeOf(
  res: ServerResponse,
  reason: GatewayReason | undefined,
  forwarded: ForwardOutcome | undefined,
): RequestOutcome {
  // An answer of the gateway's own that did not go out whole: the client left first.
  if (reason !== undefined) {
    if (!res.writableFinished) return 'client-gone';
    return ORDER_REFUSALS.has(reason) ? 'refused' : 'answered';
  }
  if (forwarded?.kind === 'relayed') return 'forwarded';
  if (forwarded?.kind === 'cut') return 'cut';
  return 'client-gone';
}

function wasSent(outcome: ForwardOutcome): boolean {
  switch (outcome.kind) {
    case 'not-sent':
      return false;
    case 'client-gone':
      return outcome.sent;
    default:
      return true;
  }
}
