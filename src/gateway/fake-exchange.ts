import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CONTRACT_INFO_PATH } from '../client/client-options.js';
import { SAMPLE_EXCHANGE_INFO_JSON } from '../index.js';
import { contractInfoAnswer, FAKE_CONTRACT_INFO_JSON } from './fake-contract-info.js';
import { exchangeInfoAnswer } from './fake-exchange-info.js';

/**
 * A stand-in for WEEX V3, for trying the gateway, for running the documentation's examples with no
 * network, and for tests. It serves `GET /api/v3/exchangeInfo` (narrowed by `symbol`, `symbols`
 * and `symbolStatus` as the exchange documents them; the sample's `serverTime` is its clock now),
 * the contract host's `GET /capi/v3/market/exchangeInfo` (recorded BTCUSDT, ETHUSDT and DOGEUSDT
 * contracts, narrowed by `symbol`) and its signed `POST /capi/v3/order`,
 * the last prices at `GET /api/v3/market/ticker/price`, and
 * `GET /api/v3/time`; it checks the four `ACCESS-*` headers of signed endpoints the way the
 * exchange does (`ACCESS-SIGN` = base64 of HMAC-SHA256(secret, timestamp + METHOD + requestPath +
 * ("?" + query when there is one) + body), over the raw bytes received); it answers orders in the
 * exchange's shapes (`{ symbol, orderId, clientOrderId, transactTime }`, errors `{ code, msg }`),
 * and records every request but the market-data ones with its raw bytes.
 *
 * Because it checks signatures over the raw bytes, a 200 from it is proof that the gateway
 * forwarded the request unchanged. What public material does not show (the codes of
 * authentication failures, a timestamp window) it fills with stand-ins, named below.
 */

/**
 * The API key the fake exchange accepts (docs/gateway.md's walkthrough signs with it).
 *
 * @example
 * ```ts
 * accessHeaders({ apiKey: DEMO_API_KEY, secret: DEMO_API_SECRET, passphrase: DEMO_PASSPHRASE, ... });
 * ```
 */
export const DEMO_API_KEY = 'demo-api-key';
/**
 * The secret the fake exchange checks `ACCESS-SIGN` with.
 *
 * @example
 * ```ts
 * signRequest(DEMO_API_SECRET, timestamp, 'POST', '/api/v3/order', '', body);
 * ```
 */
export const DEMO_API_SECRET = 'demo-api-secret';
/**
 * The passphrase the fake exchange accepts in `ACCESS-PASSPHRASE`.
 *
 * @example
 * ```ts
 * headers['ACCESS-PASSPHRASE'] = DEMO_PASSPHRASE;
 * ```
 */
export const DEMO_PASSPHRASE = 'demo-passphrase';

/**
 * Last prices the fake serves for the library's sample pairs until told otherwise.
 *
 * @example
 * ```ts
 * DEFAULT_TICKER_PRICES.BTCUSDT; // '100000.00'
 * ```
 */
export const DEFAULT_TICKER_PRICES: Readonly<Record<string, string>> = {
  BTCUSDT: '100000.00',
  ETHUSDT: '3500.00',
  XAUTUSDT: '2650.5',
  MEMEUSDT: '0.00012',
  NEWUSDT: '1.25',
  SOLUSDT: '150.00',
  LUNAUSDT: '0.5',
};

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
  /** Every request except the public market data (exchangeInfo, ticker, time), in arrival order. */
  readonly requests: readonly ReceivedRequest[];
  /**
   * Serves another exchangeInfo body from now on (text, or an object to serialise): a rule book
   * that changes between refreshes.
   */
  setExchangeInfo(body: string | object): void;
  /** Serves another `GET /capi/v3/market/exchangeInfo` body (the contracts) from now on. */
  setContractInfo(body: string | object): void;
  /** Sets (or, with `undefined`, removes) a symbol's last price in the ticker. */
  setTickerPrice(symbol: string, price: string | undefined): void;
  /**
   * Makes the ticker fail: an HTTP status to answer it with, `'reset'` to cut its connection, or
   * `undefined` to serve prices again.
   */
  setTickerFault(fault: number | 'reset' | undefined): void;
  /** Sockets open right now. */
  readonly openSockets: number;
  /** The most sockets open at once since start (or since the last `resetPeakOpenSockets`). */
  readonly peakOpenSockets: number;
  /** Starts counting `peakOpenSockets` again from the sockets open now. */
  resetPeakOpenSockets(): void;
  /** Counts since start, kept even when `record` is off. */
  readonly stats: FakeExchangeStats;
  /** Resolves when no socket is open; rejects after `timeoutMs`. */
  waitForNoOpenSockets(timeoutMs?: number): Promise<void>;
  /** Stops listening and closes every connection. */
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
  /** Requests to signed endpoints whose ACCESS-* headers and signature checked out. */
  readonly verified: number;
  /** An `ACCESS-SIGN` present but not matching the raw bytes received. */
  readonly signatureMismatches: number;
  /** An `ACCESS-*` header missing, or a timestamp that is not milliseconds. */
  readonly missingSignatures: number;
  /** A wrong `ACCESS-KEY` or `ACCESS-PASSPHRASE`. */
  readonly unknownApiKeys: number;
  /** `GET /api/v3/market/ticker/price` requests, answered or failed. */
  readonly tickerRequests: number;
  /** `GET /api/v3/exchangeInfo` requests. */
  readonly exchangeInfoRequests: number;
  /** `GET /capi/v3/market/exchangeInfo` requests (the contract host's definitions). */
  readonly contractInfoRequests: number;
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
  /**
   * The exchangeInfo body (text or an object to serialise), served as given (but narrowed by a
   * query). Default: the library's sample, with `serverTime` set to the fake's clock at each request.
   */
  readonly exchangeInfo?: string | object;
  /**
   * The body of the contract host's `GET /capi/v3/market/exchangeInfo` (text or an object to
   * serialise), served as given (but narrowed by `symbol`). Default: recorded BTCUSDT, ETHUSDT and
   * DOGEUSDT contract definitions.
   */
  readonly contractInfo?: string | object;
  readonly apiKey?: string;
  /** More API keys accepted beside `apiKey`, with the same secret and passphrase (a desk's several keys). */
  readonly apiKeys?: readonly string[];
  readonly apiSecret?: string;
  readonly passphrase?: string;
  /** The ticker's last prices. Default {@link DEFAULT_TICKER_PRICES}. */
  readonly tickerPrices?: Readonly<Record<string, string>>;
  /** Record requests (default true); the measurement turns it off. */
  readonly record?: boolean;
  readonly port?: number;
  readonly host?: string;
}

const SIGNED = new Set([
  'POST /api/v3/order',
  // The contract host's order, answered in its own shape (a string id and a success flag).
  'POST /capi/v3/order',
  'POST /capi/v3/algoOrder',
  'DELETE /api/v3/order',
  'DELETE /api/v3/openOrders',
  'GET /api/v3/account',
]);

/**
 * `ACCESS-SIGN` as WEEX V3 computes it: base64 of HMAC-SHA256(secret, timestamp + METHOD +
 * requestPath + ("?" + query when there is one) + body), over the exact text sent.
 *
 * @example
 * ```ts
 * const body = '{"symbol":"BTCUSDT"}';
 * signRequest('secret', '1764506000000', 'POST', '/api/v3/order', '', body);
 * ```
 */
export function signRequest(
  secret: string,
  timestamp: string,
  method: string,
  path: string,
  query: string,
  body: string | Buffer,
): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}${method.toUpperCase()}${path}${query === '' ? '' : `?${query}`}`)
    .update(body)
    .digest('base64');
}

/**
 * The four `ACCESS-*` headers and the JSON content type for a request, signed with the demo
 * credentials unless told otherwise: the headers a WEEX client sends, as a flat name/value list.
 *
 * @example
 * ```ts
 * const body = JSON.stringify({ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '100000.00' });
 * const headers = accessHeaders({ method: 'POST', path: '/api/v3/order', body });
 * ```
 */
export function accessHeaders(request: {
  readonly method: string;
  readonly path: string;
  readonly query?: string;
  readonly body?: string | Buffer;
  readonly timestamp?: string;
  readonly apiKey?: string;
  readonly secret?: string;
  readonly passphrase?: string;
  /** `Content-Type` to send; default `application/json` when there is a body. */
  readonly contentType?: string | null;
}): string[] {
  const timestamp = request.timestamp ?? String(Date.now());
  const body = request.body ?? '';
  const sign = signRequest(
    request.secret ?? DEMO_API_SECRET,
    timestamp,
    request.method,
    request.path,
    request.query ?? '',
    body,
  );
  const contentType =
    request.contentType === undefined ? (body.length > 0 ? 'application/json' : null) : request.contentType;
  return [
    'ACCESS-KEY',
    request.apiKey ?? DEMO_API_KEY,
    'ACCESS-SIGN',
    sign,
    'ACCESS-TIMESTAMP',
    timestamp,
    'ACCESS-PASSPHRASE',
    request.passphrase ?? DEMO_PASSPHRASE,
    ...(contentType === null ? [] : ['Content-Type', contentType]),
  ];
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
  const bodyText = (body: string | object) => (typeof body === 'string' ? body : JSON.stringify(body));
  let exchangeInfo =
    options.exchangeInfo === undefined ? SAMPLE_EXCHANGE_INFO_JSON : bodyText(options.exchangeInfo);
  let contractInfo =
    options.contractInfo === undefined ? FAKE_CONTRACT_INFO_JSON : bodyText(options.contractInfo);
  // The sample was recorded long ago: its serverTime is made the fake's now, until replaced.
  let liveServerTime = options.exchangeInfo === undefined;
  const credentials = {
    apiKeys: new Set([options.apiKey ?? DEMO_API_KEY, ...(options.apiKeys ?? [])]),
    secret: options.apiSecret ?? DEMO_API_SECRET,
    passphrase: options.passphrase ?? DEMO_PASSPHRASE,
  };
  const record = options.record ?? true;
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const tickerPrices = new Map(Object.entries(options.tickerPrices ?? DEFAULT_TICKER_PRICES));
  let tickerFault: number | 'reset' | undefined;
  const stats = {
    requests: 0,
    verified: 0,
    signatureMismatches: 0,
    missingSignatures: 0,
    unknownApiKeys: 0,
    tickerRequests: 0,
    exchangeInfoRequests: 0,
    contractInfoRequests: 0,
  };
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
        stats.exchangeInfoRequests++;
        const answer = exchangeInfoAnswer(
          exchangeInfo,
          new URLSearchParams(query),
          liveServerTime,
          Date.now(),
        );
        send(res, answer.status, answer.body);
        return;
      }
      if (method === 'GET' && path === CONTRACT_INFO_PATH) {
        stats.contractInfoRequests++;
        const answer = contractInfoAnswer(contractInfo, new URLSearchParams(query));
        send(res, answer.status, answer.body);
        return;
      }
      if (method === 'GET' && path === '/api/v3/time') {
        send(res, 200, { serverTime: Date.now() });
        return;
      }
      if (method === 'GET' && path === '/api/v3/market/ticker/price') {
        stats.tickerRequests++;
        if (tickerFault === 'reset') req.socket.destroy();
        else if (tickerFault !== undefined)
          send(res, tickerFault, { code: -1001, msg: 'fake exchange: ticker down' });
        else send(res, 200, tickerAnswer(tickerPrices, new URLSearchParams(query)));
        return;
      }
      stats.requests++;
      if (record) requests.push({ method, url: target, rawHeaders: [...req.rawHeaders], body });
      const route = `${method} ${path}`;
      if (!SIGNED.has(route)) {
        send(res, 404, { code: -1000, msg: `fake exchange: no ${route}` });
        return;
      }
      const refusal = checkAccessHeaders(req, method, path, query, body, credentials);
      if (refusal !== undefined) {
        if (refusal.kind === 'mismatch') stats.signatureMismatches++;
        else if (refusal.kind === 'missing') stats.missingSignatures++;
        else stats.unknownApiKeys++;
        send(res, refusal.status, refusal.body);
        return;
      }
      stats.verified++;
      if (route === 'GET /api/v3/account') send(res, 200, { canTrade: true, balances: [] });
      else if (route === 'DELETE /api/v3/openOrders') send(res, 200, []);
      else if (route === 'DELETE /api/v3/order') {
        const params = new URLSearchParams(query);
        send(res, 200, {
          symbol: params.get('symbol'),
          orderId: Number(params.get('orderId')),
          status: 'CANCELED',
        });
      } else {
        let order: Record<string, unknown>;
        try {
          order = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        } catch {
          send(res, 400, { code: -1142, msg: "Parameter 'body' is invalid" });
          return;
        }
        if (order.newClientOrderId === 'insufficient') {
          // A stand-in: public material shows no code for an insufficient balance.
          send(res, 400, { code: -2010, msg: 'Account has insufficient balance for requested action.' });
          return;
        }
        const orderId = nextOrderId++;
        const clientOrderId =
          typeof order.newClientOrderId === 'string' ? order.newClientOrderId : `fake-${orderId}`;
        if (route === 'POST /capi/v3/algoOrder') {
          // The shape recorded for a conditional order: its own id and the client's.
          send(res, 200, {
            algoId: String(orderId),
            clientAlgoId: typeof order.clientAlgoId === 'string' ? order.clientAlgoId : `fake-${orderId}`,
            success: true,
            errorCode: '',
            errorMessage: '',
          });
          return;
        }
        if (route === 'POST /capi/v3/order') {
          send(res, 200, {
            orderId: String(orderId),
            clientOrderId,
            success: true,
            errorCode: '',
            errorMessage: '',
          });
          return;
        }
        send(res, 200, {
          symbol: order.symbol,
          orderId,
          clientOrderId:
            typeof order.newClientOrderId === 'string' ? order.newClientOrderId : `fake-${orderId}`,
          transactTime: Date.now(),
        });
      }
    });
  });
  let peakOpenSockets = 0;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    peakOpenSockets = Math.max(peakOpenSockets, sockets.size);
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
    get peakOpenSockets() {
      return peakOpenSockets;
    },
    resetPeakOpenSockets() {
      peakOpenSockets = sockets.size;
    },
    get stats() {
      return { ...stats };
    },
    setExchangeInfo(body) {
      exchangeInfo = bodyText(body);
      liveServerTime = false;
    },
    setContractInfo(body) {
      contractInfo = bodyText(body);
    },
    setTickerPrice(symbol, price) {
      if (price === undefined) tickerPrices.delete(symbol);
      else tickerPrices.set(symbol, price);
    },
    setTickerFault(fault) {
      tickerFault = fault;
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

/** The ticker's answer: every symbol, or those of `symbol=` / `symbols=` (comma-separated or a JSON array). */
function tickerAnswer(
  prices: ReadonlyMap<string, string>,
  query: URLSearchParams,
): { symbol: string; price: string }[] {
  const one = query.get('symbol');
  const many = query.get('symbols');
  let wanted: Set<string> | undefined;
  if (one !== null) wanted = new Set([one]);
  else if (many !== null) {
    const list = many.startsWith('[') ? (JSON.parse(many) as string[]) : many.split(',');
    wanted = new Set(list);
  }
  return [...prices]
    .filter(([symbol]) => wanted === undefined || wanted.has(symbol))
    .map(([symbol, price]) => ({ symbol, price }));
}

/**
 * Checks the four `ACCESS-*` headers over the raw bytes received. The codes of these refusals
 * are stand-ins: public material shows the exchange's authentication scheme but not its codes.
 */
function checkAccessHeaders(
  req: IncomingMessage,
  method: string,
  path: string,
  query: string,
  body: Buffer,
  credentials: {
    readonly apiKeys: ReadonlySet<string>;
    readonly secret: string;
    readonly passphrase: string;
  },
): { kind: 'missing' | 'mismatch' | 'unknown-key'; status: number; body: object } | undefined {
  const header = (name: string): string | undefined => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const key = header('access-key');
  const sign = header('access-sign');
  const timestamp = header('access-timestamp');
  const passphrase = header('access-passphrase');
  if (key === undefined || sign === undefined || timestamp === undefined || passphrase === undefined) {
    return {
      kind: 'missing',
      status: 400,
      body: {
        code: -1102,
        msg: 'ACCESS-KEY, ACCESS-SIGN, ACCESS-TIMESTAMP and ACCESS-PASSPHRASE are required.',
      },
    };
  }
  if (!/^\d{13}$/.test(timestamp)) {
    return {
      kind: 'missing',
      status: 400,
      body: { code: -1102, msg: 'ACCESS-TIMESTAMP must be milliseconds.' },
    };
  }
  if (!credentials.apiKeys.has(key) || passphrase !== credentials.passphrase) {
    return {
      kind: 'unknown-key',
      status: 401,
      body: { code: -2015, msg: 'Invalid API-key, passphrase or permissions.' },
    };
  }
  const expected = Buffer.from(
    signRequest(credentials.secret, timestamp, method, path, query, body),
    'base64',
  );
  const given = Buffer.from(sign, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(expected, given)) {
    return {
      kind: 'mismatch',
      status: 400,
      body: { code: -1022, msg: 'Signature for this request is not valid.' },
    };
  }
  return undefined;
}

function send(res: ServerResponse, status: number, body: string | object): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json;charset=UTF-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
