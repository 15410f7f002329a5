import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// In your project: import { SAMPLE_EXCHANGE_INFO_JSON } from 'order-preflight';
import { SAMPLE_EXCHANGE_INFO_JSON } from '../../src/index.js';

/**
 * A stand-in for the exchange, for trying the gateway and for its tests: it serves
 * `GET /api/v3/exchangeInfo`, checks `X-MBX-APIKEY` and the HMAC-SHA256 `signature` of signed
 * endpoints the way the exchange does (over the query string followed by the body, raw bytes,
 * without the `signature` parameter), and records every other request with its raw bytes.
 *
 * Because it checks signatures over the raw bytes, a 200 from it is proof that the gateway
 * forwarded the request unchanged.
 */

/** The demo credentials `main.ts`'s README example signs with. */
export const DEMO_API_KEY = 'demo-api-key';
export const DEMO_API_SECRET = 'demo-api-secret';

/**
 * One request as the fake exchange received it.
 *
 * @example
 * ```ts
 * exchange.requests[0]?.body.toString('latin1');
 * ```
 */
export interface ReceivedRequest {
  readonly method: string;
  /** The raw request target: path and query string exactly as received. */
  readonly url: string;
  /** Name, value, name, value, ... as received (Node's `rawHeaders`). */
  readonly rawHeaders: readonly string[];
  /** The raw body bytes. */
  readonly body: Buffer;
}

/**
 * A running fake exchange.
 *
 * @example
 * ```ts
 * const exchange = await startFakeExchange();
 * exchange.url; // http://127.0.0.1:PORT
 * await exchange.close();
 * ```
 */
export interface FakeExchange {
  readonly url: string;
  readonly port: number;
  /** Every request except `GET /api/v3/exchangeInfo`, in arrival order. */
  readonly requests: readonly ReceivedRequest[];
  /** Sockets open right now. */
  readonly openSockets: number;
  /** Counts since start, kept even when `record` is off. */
  readonly stats: FakeExchangeStats;
  /** Resolves when no socket is open; rejects after `timeoutMs`. */
  waitForNoOpenSockets(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * What the fake exchange has seen: every request but `GET /api/v3/exchangeInfo`.
 *
 * @example
 * ```ts
 * if (exchange.stats.signatureMismatches > 0) throw new Error('bytes were altered on the way');
 * ```
 */
export interface FakeExchangeStats {
  readonly requests: number;
  /** Requests to signed endpoints whose API key and HMAC signature checked out. */
  readonly verified: number;
  /** A signature present but not matching the raw bytes received (`-1022`). */
  readonly signatureMismatches: number;
  /** No signature found (`-1102`). */
  readonly missingSignatures: number;
  readonly unknownApiKeys: number;
}

/**
 * Options of {@link startFakeExchange}.
 *
 * @example
 * ```ts
 * await startFakeExchange({ exchangeInfo: JSON.stringify(payload), port: 9000 });
 * ```
 */
export interface FakeExchangeOptions {
  /** The exchangeInfo body (text or an object to serialise). Default: the library's sample. */
  readonly exchangeInfo?: string | object;
  readonly apiKey?: string;
  readonly apiSecret?: string;
  /** Record requests (default true); the measurement turns it off. */
  readonly record?: boolean;
  readonly port?: number;
  readonly host?: string;
}

const SIGNED = new Set([
  'POST /api/v3/order',
  'POST /api/v3/order/test',
  'DELETE /api/v3/order',
  'GET /api/v3/account',
]);
const SIGNATURE_PARAM = /(^|&)signature=([0-9a-fA-F]{64})(?=&|$)/;

/**
 * The signature the exchange expects: HMAC-SHA256, hex, over `query + body` (raw, without the
 * `signature` parameter).
 *
 * @example
 * ```ts
 * const query = `symbol=BTCUSDT&timestamp=${Date.now()}`;
 * const url = `/api/v3/order?${query}&signature=${signParams(query, '', secret)}`;
 * ```
 */
export function signParams(query: string, body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(query).update(body).digest('hex');
}

/**
 * Starts the fake exchange on 127.0.0.1 (a free port unless `port` is given).
 *
 * @example
 * ```ts
 * const exchange = await startFakeExchange({ exchangeInfo: payload });
 * ```
 */
export async function startFakeExchange(options: FakeExchangeOptions = {}): Promise<FakeExchange> {
  const exchangeInfo =
    typeof options.exchangeInfo === 'string'
      ? options.exchangeInfo
      : options.exchangeInfo === undefined
        ? SAMPLE_EXCHANGE_INFO_JSON
        : JSON.stringify(options.exchangeInfo);
  const apiKey = options.apiKey ?? DEMO_API_KEY;
  const apiSecret = options.apiSecret ?? DEMO_API_SECRET;
  const record = options.record ?? true;
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const stats = { requests: 0, verified: 0, signatureMismatches: 0, missingSignatures: 0, unknownApiKeys: 0 };
  let nextOrderId = 1;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const target = req.url ?? '/';
      const queryAt = target.indexOf('?');
      const path = queryAt === -1 ? target : target.slice(0, queryAt);
      const query = queryAt === -1 ? '' : target.slice(queryAt + 1);
      const method = req.method ?? 'GET';
      if (method === 'GET' && path === '/api/v3/exchangeInfo') {
        send(res, 200, exchangeInfo);
        return;
      }
      stats.requests++;
      if (record) requests.push({ method, url: target, rawHeaders: [...req.rawHeaders], body });
      const route = `${method} ${path}`;
      if (!SIGNED.has(route)) {
        send(res, 404, { code: -1000, msg: `fake exchange: no ${route}` });
        return;
      }
      const refusal = checkCredentials(req, query, body, apiKey, apiSecret);
      if (refusal !== undefined) {
        const { code } = refusal.body as { code: number };
        if (code === -1022) stats.signatureMismatches++;
        else if (code === -1102) stats.missingSignatures++;
        else stats.unknownApiKeys++;
        send(res, refusal.status, refusal.body);
        return;
      }
      stats.verified++;
      const params = new URLSearchParams(query);
      for (const [name, value] of new URLSearchParams(body.toString('utf8'))) {
        if (!params.has(name)) params.set(name, value);
      }
      if (route === 'POST /api/v3/order/test') send(res, 200, {});
      else if (route === 'GET /api/v3/account') send(res, 200, { canTrade: true, balances: [] });
      else if (route === 'DELETE /api/v3/order')
        send(res, 200, {
          symbol: params.get('symbol'),
          orderId: Number(params.get('orderId')),
          status: 'CANCELED',
        });
      else if (params.get('newClientOrderId') === 'insufficient')
        send(res, 400, { code: -2010, msg: 'Account has insufficient balance for requested action.' });
      else {
        const orderId = nextOrderId++;
        send(res, 200, {
          symbol: params.get('symbol'),
          orderId,
          clientOrderId: params.get('newClientOrderId') ?? `fake-${orderId}`,
          price: params.get('price') ?? '0',
          origQty: params.get('quantity'),
          status: 'NEW',
        });
      }
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => done());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    requests,
    get openSockets() {
      return sockets.size;
    },
    get stats() {
      return { ...stats };
    },
    async waitForNoOpenSockets(timeoutMs = 1_000) {
      const deadline = Date.now() + timeoutMs;
      while (sockets.size > 0) {
        if (Date.now() > deadline)
          throw new Error(`${sockets.size} socket(s) still open after ${timeoutMs} ms`);
        await new Promise((later) => setTimeout(later, 5));
      }
    },
    async close() {
      const closed = new Promise<void>((done) => server.close(() => done()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

function checkCredentials(
  req: IncomingMessage,
  query: string,
  body: Buffer,
  apiKey: string,
  apiSecret: string,
): { status: number; body: object } | undefined {
  if (req.headers['x-mbx-apikey'] !== apiKey) {
    return { status: 401, body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } };
  }
  const rawBody = body.toString('latin1');
  const inQuery = SIGNATURE_PARAM.exec(query);
  const inBody = inQuery === null ? SIGNATURE_PARAM.exec(rawBody) : null;
  const match = inQuery ?? inBody;
  if (match === null) {
    return { status: 400, body: { code: -1102, msg: "Mandatory parameter 'signature' was not sent." } };
  }
  const signedQuery = inQuery === null ? query : query.replace(SIGNATURE_PARAM, '');
  const signedBody = inBody === null ? body : Buffer.from(rawBody.replace(SIGNATURE_PARAM, ''), 'latin1');
  const expected = Buffer.from(signParams(signedQuery, signedBody, apiSecret), 'hex');
  const given = Buffer.from(match[2]!.toLowerCase(), 'hex');
  if (!timingSafeEqual(expected, given)) {
    return { status: 400, body: { code: -1022, msg: 'Signature for this request is not valid.' } };
  }
  return undefined;
}

function send(res: ServerResponse, status: number, body: string | object): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json;charset=UTF-8',
    'content-length': Buffer.byteLength(text),
    'x-mbx-used-weight-1m': '1',
  });
  res.end(text);
}

// Run directly: npx tsx examples/risk-gateway/fake-exchange.ts [--port 9000] [--exchange-info FILE]
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '9000' }, 'exchange-info': { type: 'string' } },
  });
  const { readFile } = await import('node:fs/promises');
  const exchangeInfo =
    values['exchange-info'] === undefined ? undefined : await readFile(values['exchange-info'], 'utf8');
  const exchange = await startFakeExchange({
    port: Number(values.port),
    record: false,
    ...(exchangeInfo === undefined ? {} : { exchangeInfo }),
  });
  process.stdout.write(
    `fake exchange on ${exchange.url} (API key "${DEMO_API_KEY}", secret "${DEMO_API_SECRET}"); Ctrl-C to stop\n`,
  );
  process.once('SIGINT', () => void exchange.close());
  process.once('SIGTERM', () => void exchange.close());
}
