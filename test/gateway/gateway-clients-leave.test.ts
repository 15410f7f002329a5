import { type ChildProcess, spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_EXCHANGE_INFO_JSON } from '../../src/sample/sample-exchange-info.js';
import { type LoopbackServer, startLoopbackServer } from '../../test-support/loopback-server.js';

// The gateway runs as its own process (`order-preflight gateway`), as an operator runs it
// (reference prices polled from the upstream's ticker), so a crash is seen as a dead process,
// exactly as an operator would see it, and not as an error inside the test runner.

const MAIN = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));
const ORDER_BODY =
  '{"symbol":"BTCUSDT","side":"BUY","type":"LIMIT","timeInForce":"GTC","quantity":"0.001","price":"60000"}';
/** The upstream's ticker: the last price the gateway checks the order's band against. */
const TICKER_ANSWER = '[{"symbol":"BTCUSDT","price":"60000.00"}]';
/** Polled often enough that a price never ages past the default 10 s limit during the test. */
const TICKER_MS = 2_000;
/** How long the upstream holds each part of its answer back, so a client can leave in between. */
const HOLD_MS = 40;
const ANSWER_HEAD = '{"orderId":';
const ANSWER_TAIL = '1}';

/** How the scripted exchange answers an order, chosen by the client through a header the gateway forwards. */
type UpstreamScript =
  | 'prompt'
  | 'slow-head'
  | 'slow-body'
  | 'reset-mid-body'
  | 'reset-before-head'
  | 'garbage'
  | 'large';
/** The size of the `large` answer: far more than socket buffers hold, so writes back up. */
const LARGE_BYTES = 4 * 1024 * 1024;

let upstream: LoopbackServer;
let gateway: ChildProcess;
let gatewayPort: number;
let gatewayLog = '';

function exchangeResponder(): Parameters<typeof startLoopbackServer>[0] {
  return (req, res) => {
    if (req.url?.startsWith('/api/v3/exchangeInfo')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(SAMPLE_EXCHANGE_INFO_JSON);
      return;
    }
    if (req.url?.startsWith('/api/v3/market/ticker/price')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(TICKER_ANSWER);
      return;
    }
    req.resume();
    req.on('end', () => {
      const script = (req.headers['x-test-script'] ?? 'prompt') as UpstreamScript;
      const head = () => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': ANSWER_HEAD.length + ANSWER_TAIL.length,
        });
        res.write(ANSWER_HEAD);
      };
      if (script === 'prompt') {
        head();
        res.end(ANSWER_TAIL);
      } else if (script === 'slow-head') {
        setTimeout(() => {
          head();
          res.end(ANSWER_TAIL);
        }, HOLD_MS);
      } else if (script === 'slow-body') {
        head();
        setTimeout(() => res.end(ANSWER_TAIL), HOLD_MS);
      } else if (script === 'reset-mid-body') {
        head();
        setTimeout(() => res.socket?.resetAndDestroy(), HOLD_MS / 4);
      } else if (script === 'reset-before-head') {
        setTimeout(() => res.socket?.resetAndDestroy(), HOLD_MS / 4);
      } else if (script === 'garbage') {
        // Not HTTP at all: the gateway's HTTP client cannot parse an answer.
        res.socket?.end('\x00\x01 this is not HTTP\r\n\r\n');
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': LARGE_BYTES });
        res.end(Buffer.alloc(LARGE_BYTES, 0x20));
      }
    });
  };
}

function request(script: UpstreamScript, body = ORDER_BODY): string {
  return (
    // The scripted exchange checks no signature: the ACCESS-* headers stand in for a client's.
    'POST /api/v3/order HTTP/1.1\r\nHost: gateway\r\nACCESS-KEY: k\r\nACCESS-SIGN: c2lnbg==\r\n' +
    'ACCESS-TIMESTAMP: 1764506000000\r\nACCESS-PASSPHRASE: p\r\n' +
    `X-Test-Script: ${script}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

type Leave = 'half-close' | 'destroy' | 'reset';

function leave(socket: Socket, how: Leave): void {
  if (how === 'half-close') socket.end();
  else if (how === 'reset') socket.resetAndDestroy();
  else socket.destroy();
}

/** Opens a connection, writes `bytes`, waits until `leaveWhen` says so, then leaves `how`. */
async function visit(
  bytes: string,
  how: Leave,
  leaveWhen: (received: string) => boolean,
  // Only a visit whose awaited bytes never come waits this long. Generous: with the other test
  // files' processes on two cores, eight 4 MiB answers at once can take seconds to start.
  giveUpMs = 8_000,
): Promise<string> {
  const socket = connect(gatewayPort, '127.0.0.1');
  socket.on('error', () => {});
  let received = '';
  await new Promise((resolve) => {
    socket.once('connect', resolve);
    socket.once('error', resolve); // a dead gateway: the checks below say so
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, giveUpMs);
    function done() {
      clearTimeout(timer);
      socket.off('data', onData);
      resolve();
    }
    function onData(chunk: Buffer) {
      received += chunk.toString('latin1');
      if (leaveWhen(received)) done();
    }
    socket.on('data', onData);
    socket.once('close', done);
    socket.write(bytes, () => {
      if (leaveWhen(received)) done();
    });
  });
  leave(socket, how);
  return received;
}

/** A whole, normal order after the abuse: it must be judged, forwarded and answered. */
async function normalOrder(): Promise<string> {
  const socket = connect(gatewayPort, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(request('prompt').replace('HTTP/1.1\r\n', 'HTTP/1.1\r\nConnection: close\r\n'));
  let text = '';
  for await (const chunk of socket) text += (chunk as Buffer).toString('latin1');
  return text;
}

function gatewayAlive(): boolean {
  return gateway.exitCode === null && gateway.signalCode === null;
}

beforeAll(async () => {
  upstream = await startLoopbackServer(exchangeResponder());
  gateway = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      MAIN,
      'gateway',
      '--upstream',
      upstream.baseUrl,
      '--port',
      '0',
      '--ticker-ms',
      String(TICKER_MS),
      '--max-notional',
      '250000',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  gateway.stderr!.on('data', (chunk: Buffer) => {
    gatewayLog += chunk.toString();
  });
  gatewayPort = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway did not start:\n${gatewayLog}`)), 20_000);
    let port = 0;
    gateway.stdout!.on('data', (chunk: Buffer) => {
      gatewayLog += chunk.toString();
      port ||= Number(/risk gateway on http:\/\/127\.0\.0\.1:(\d+)/.exec(gatewayLog)?.[1] ?? 0);
      if (port > 0 && gatewayLog.includes('rule book ready') && gatewayLog.includes('ticker ready')) {
        clearTimeout(timer);
        resolve(port);
      }
    });
    gateway.once('exit', (code) => reject(new Error(`gateway exited with ${code}:\n${gatewayLog}`)));
  });
}, 30_000);

afterAll(async () => {
  if (gatewayAlive()) {
    const exited = new Promise((resolve) => gateway.once('exit', resolve));
    gateway.kill('SIGTERM');
    await exited;
  }
  await upstream?.close();
});

const WAYS: readonly Leave[] = ['half-close', 'destroy', 'reset'];
const REPEATS = 8;

describe('the gateway survives clients that leave, at every stage', () => {
  const stages: ReadonlyArray<{
    name: string;
    bytes: string;
    script: UpstreamScript;
    leaveWhen: (received: string) => boolean;
    /** The status a client that waits for it gets, when the stage has one. */
    status?: number;
  }> = [
    {
      name: 'halfway through the request head',
      bytes: request('prompt').slice(0, 30),
      script: 'prompt',
      leaveWhen: () => true,
    },
    {
      name: 'while sending the order (half a body)',
      bytes: request('prompt').slice(0, -20),
      script: 'prompt',
      leaveWhen: () => true,
    },
    {
      name: 'after sending the order, before the exchange answers',
      bytes: request('slow-head'),
      script: 'slow-head',
      leaveWhen: () => true,
    },
    {
      name: 'with the answer half relayed',
      bytes: request('slow-body'),
      script: 'slow-body',
      leaveWhen: (received) => received.includes(ANSWER_HEAD),
    },
    {
      name: 'right after the whole answer',
      bytes: request('prompt'),
      script: 'prompt',
      leaveWhen: (received) => received.includes(ANSWER_TAIL),
    },
    {
      name: 'when the exchange resets mid-answer',
      bytes: request('reset-mid-body'),
      script: 'reset-mid-body',
      leaveWhen: (received) => received.includes(ANSWER_HEAD),
    },
    {
      // The client stays: the gateway cuts its connection (the visit ends when it closes).
      name: 'when the exchange resets mid-answer, the client waiting for the rest',
      bytes: request('reset-mid-body'),
      script: 'reset-mid-body',
      leaveWhen: () => false,
      status: 200,
    },
    {
      name: 'when the exchange resets before answering (502, status unknown)',
      bytes: request('reset-before-head'),
      script: 'reset-before-head',
      leaveWhen: (received) => received.includes('"code":-1006'),
      status: 502,
    },
    {
      name: 'when the exchange answers with bytes that are not HTTP (502, status unknown)',
      bytes: request('garbage'),
      script: 'garbage',
      leaveWhen: (received) => received.includes('"code":-1006'),
      status: 502,
    },
    {
      name: 'with a large answer still being written to the client',
      bytes: request('large'),
      script: 'large',
      leaveWhen: (received) => received.includes('\r\n\r\n'),
      status: 200,
    },
    {
      name: 'with a request body that breaks HTTP framing (a bad chunk size: 400)',
      bytes: request('prompt')
        .replace(/Content-Length: \d+/, 'Transfer-Encoding: chunked')
        .replace(/\r\n\r\n.*$/s, '\r\n\r\n5\r\n{"sym\r\nZZ-not-a-size\r\n'),
      script: 'prompt',
      leaveWhen: (received) => received.includes('\r\n\r\n'),
      status: 400,
    },
  ];

  for (const stage of stages) {
    it(`${stage.name}: every way of leaving, ${REPEATS} times each, then a normal order is answered`, async () => {
      for (const how of WAYS) {
        const received = await Promise.all(
          Array.from({ length: REPEATS }, () => visit(stage.bytes, how, stage.leaveWhen)),
        );
        if (stage.status !== undefined) {
          const statuses = received.map((text) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]));
          expect(statuses).toEqual(Array(REPEATS).fill(stage.status));
        }
      }
      // Errors surface a tick or a timer later: give them the time to.
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS * 3));
      expect(gatewayAlive(), gatewayLog).toBe(true);
      const answer = await normalOrder();
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.endsWith(`${ANSWER_HEAD}${ANSWER_TAIL}`)).toBe(true);
    }, 60_000);
  }

  it('logs every abort (the client gone, the exchange failing, bytes that are not HTTP), and keeps running', () => {
    expect(gatewayAlive(), gatewayLog).toBe(true);
    expect(gatewayLog).toMatch(/CLIENT GONE \(upstream\) POST \/api\/v3\/order/);
    expect(gatewayLog).toMatch(/CLIENT GONE \(request\) POST \/api\/v3\/order/);
    expect(gatewayLog).toMatch(/UPSTREAM cut for POST \/api\/v3\/order/);
    expect(gatewayLog).toMatch(/UPSTREAM no-answer for POST \/api\/v3\/order/);
    expect(gatewayLog).toMatch(/CLIENT ERROR HPE_INVALID_CHUNK_SIZE answered 400/);
    expect(gatewayLog).not.toMatch(/Unhandled|UND_ERR_ABORTED|GATEWAY_CLIENT_GONE/);
    // Every order was judged against a fresh price: none was held back for want of one.
    expect(gatewayLog).toMatch(/ACCEPT BTCUSDT BUY LIMIT 0\.001 @ 60000\n/);
    expect(gatewayLog).not.toMatch(/UNCHECKED/);
  });
});
