import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What the server saw of one request.
 *
 * @example
 * ```ts
 * new URL(server.requests[0]!.url, 'http://x').searchParams.get('symbols');
 * ```
 */
export interface RecordedRequest {
  readonly method: string;
  /** The raw request target, such as `/api/v3/exchangeInfo?symbol=BTCUSDT`. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/**
 * Answers one request. `index` counts requests from 0 across all connections.
 *
 * @example
 * ```ts
 * const handler: Responder = (_req, res) => res.end('{}');
 * ```
 */
export type Responder = (req: IncomingMessage, res: ServerResponse, index: number) => void | Promise<void>;

/**
 * A real `node:http` server on 127.0.0.1 with a scripted answer per request.
 *
 * @example
 * ```ts
 * const server = await startLoopbackServer([status(503), json(200, payload)]);
 * try { ... } finally { await server.close(); }
 * ```
 */
export interface LoopbackServer {
  /** `http://127.0.0.1:PORT` */
  readonly baseUrl: string;
  readonly port: number;
  readonly requests: readonly RecordedRequest[];
  /** Sockets open on the server side right now. */
  readonly openSockets: number;
  /** Connections accepted so far. */
  readonly connectionsAccepted: number;
  /** Resolves once no socket is open, or rejects after `timeoutMs`. */
  waitForNoOpenSockets(timeoutMs?: number): Promise<void>;
  /** Stops listening and destroys every socket still open. */
  close(): Promise<void>;
}

/**
 * Starts a server on 127.0.0.1 (port chosen by the OS). `script` is either one responder for
 * every request, or a list used in order whose last entry answers all further requests.
 *
 * @example
 * ```ts
 * const server = await startLoopbackServer((req, res, i) => res.end(String(i)));
 * ```
 */
export async function startLoopbackServer(script: Responder | readonly Responder[]): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let connectionsAccepted = 0;

  const server = createServer((req, res) => {
    const index = requests.length;
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const responder = typeof script === 'function' ? script : script[Math.min(index, script.length - 1)];
    if (responder === undefined) {
      res.writeHead(500).end('no responder scripted');
      return;
    }
    Promise.resolve(responder(req, res, index)).catch(() => res.destroy());
  });
  // Clients that give up mid-body reset the socket; that is expected, not a test failure.
  server.on('clientError', (_error, socket) => socket.destroy());
  server.on('connection', (socket: Socket) => {
    connectionsAccepted++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    requests,
    get openSockets() {
      return sockets.size;
    },
    get connectionsAccepted() {
      return connectionsAccepted;
    },
    async waitForNoOpenSockets(timeoutMs = 1_000) {
      const deadline = Date.now() + timeoutMs;
      while (sockets.size > 0) {
        if (Date.now() > deadline)
          throw new Error(`${sockets.size} socket(s) still open after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Answers with a JSON body (an object is serialised; a string is sent as is, for raw JSON).
 *
 * @example
 * ```ts
 * json(200, payload); json(400, { code: -1121, msg: 'Invalid symbol.' });
 * ```
 */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Responder {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return (_req, res) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };
}

/**
 * Answers with a text body of the given content type.
 *
 * @example
 * ```ts
 * text(200, '<html></html>', 'text/html; charset=utf-8');
 * ```
 */
export function text(
  status: number,
  body: string,
  contentType = 'text/plain',
  headers: Record<string, string> = {},
): Responder {
  return (_req, res) => {
    res.writeHead(status, {
      'content-type': contentType,
      'content-length': Buffer.byteLength(body),
      ...headers,
    });
    res.end(body);
  };
}

/**
 * Never answers; the socket stays open until the client gives up or the server closes.
 *
 * @example
 * ```ts
 * await startLoopbackServer(silence());
 * ```
 */
export function silence(): Responder {
  return () => {};
}
