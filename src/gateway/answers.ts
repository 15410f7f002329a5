import type { ServerResponse } from 'node:http';
import type { DeskReason } from './desk/desk-answers.js';

/**
 * Every answer the gateway writes itself (rather than relaying the upstream's) carries this
 * header, naming why, so a client can tell "the gateway said no" from "the exchange said no".
 *
 * @example
 * ```ts
 * const saidNo = response.headers[GATEWAY_HEADER] !== undefined; // 'order-refused', 'route-not-allowed', ...
 * ```
 */
export const GATEWAY_HEADER = 'x-preflight-gateway';

/**
 * Why the gateway answered itself; the value of {@link GATEWAY_HEADER}.
 *
 * @example
 * ```ts
 * const reason: GatewayReason = 'order-refused';
 * ```
 */
export type GatewayReason =
  | 'order-refused'
  | 'status'
  | 'metrics'
  | 'ambiguous-key'
  | 'query-string-order'
  | 'query-not-allowed'
  | 'unknown-field'
  | 'duplicate-key'
  | 'unsupported-media-type'
  | 'body-not-utf8'
  | 'body-not-json'
  | 'body-not-json-object'
  | 'body-too-large'
  | 'bad-target'
  | 'non-canonical-target'
  | 'route-not-allowed'
  | 'unjudged-order-endpoint'
  | 'override-header'
  | 'override-query'
  | 'ambiguous-header'
  | 'connection-header'
  | 'unexpected-body'
  | 'content-encoding'
  | 'no-rule-book'
  | 'stale-rule-book'
  | 'reference-price-failed'
  | 'reference-price-missing'
  | 'reference-price-stale'
  | 'rule-unchecked'
  | 'upstream-unreachable'
  | 'upstream-busy'
  | 'upstream-no-answer'
  | 'upstream-timeout'
  | 'too-many-connections'
  | 'bad-request'
  | 'request-timeout'
  | 'body-too-slow'
  | 'headers-too-large'
  | 'internal-error'
  | DeskReason;

/**
 * The body of a gateway answer: the exchange's `{ code, msg }` shape, plus details.
 *
 * @example
 * ```ts
 * { code: -1142, msg: "Parameter 'price' is invalid", violations: [...], skipped: [] }
 * ```
 */
export interface GatewayAnswer {
  readonly code: number;
  readonly msg: string;
  readonly [detail: string]: unknown;
}

/**
 * Writes a JSON answer of the gateway's own. `close` asks Node to close the connection after it
 * (used when a request body was left unread).
 *
 * @example
 * ```ts
 * sendGatewayAnswer(res, 503, 'no-rule-book', { code: -1001, msg: 'no rule book yet' });
 * ```
 */
export function sendGatewayAnswer(
  res: ServerResponse,
  status: number,
  reason: GatewayReason,
  answer: GatewayAnswer,
  options: { readonly close?: boolean } = {},
): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(answer);
  // Set apart from writeHead's so it can be read back (getHeader): the audit record's reason.
  res.setHeader(GATEWAY_HEADER, reason);
  res.writeHead(status, {
    'content-type': 'application/json;charset=UTF-8',
    'content-length': Buffer.byteLength(text),
    ...(options.close ? { connection: 'close' } : {}),
  });
  res.end(text);
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
  503: 'Service Unavailable',
};

/**
 * A whole HTTP/1.1 answer of the gateway's own as bytes, closing the connection: for the moments
 * when there is no `ServerResponse` (a client error below HTTP), only a socket.
 *
 * @example
 * ```ts
 * socket.end(rawGatewayAnswer(408, 'request-timeout', { code: -1000, msg: 'too slow' }));
 * ```
 */
export function rawGatewayAnswer(status: number, reason: GatewayReason, answer: GatewayAnswer): string {
  const text = JSON.stringify(answer);
  return (
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\n` +
    'Connection: close\r\n' +
    'Content-Type: application/json;charset=UTF-8\r\n' +
    `Content-Length: ${Buffer.byteLength(text)}\r\n` +
    `${GATEWAY_HEADER}: ${reason}\r\n\r\n${text}`
  );
}
