/**
 * The gateway under the faults of a production fleet (README "Limits"): a client pipelining
 * thousands of requests on one connection, many such clients against a small upstream pool, one
 * address holding every connection slot, and connections that trickle their heads at the cap.
 * Each case reproduces the fault on loopback against the real gateway and the fake exchange.
 */
import { connect, type Socket } from 'node:net';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { accessHeaders, type FakeExchange, startFakeExchange } from '../../src/gateway/fake-exchange.js';
import { createRiskGateway, type RiskGateway, type RiskGatewayOptions } from '../../src/gateway.js';
import { parseExchangeInfo, RuleBook } from '../../src/index.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { limitOrderBody } from './weex-order.js';

const PAYLOAD = exchangeInfoPayload([pairDefinition()]);
const BOOK = RuleBook.fromExchangeInfo(parseExchangeInfo(PAYLOAD));

let exchange: FakeExchange | undefined;
let gateway: RiskGateway | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await gateway?.close(200);
  await exchange?.close();
  gateway = undefined;
  exchange = undefined;
});

async function start(options: Partial<RiskGatewayOptions> = {}): Promise<RiskGateway> {
  exchange = await startFakeExchange({ exchangeInfo: PAYLOAD });
  gateway = await createRiskGateway({
    upstreamUrl: exchange.url,
    book: BOOK,
    referencePrices: new Map([['BTCUSDT', '100000.00']]),
    ...options,
  });
  return gateway;
}

/** One signed order as raw HTTP/1.1 bytes, its client order id `id`. */
function orderBytes(id: string, connection: 'keep-alive' | 'close' = 'keep-alive'): string {
  const body = limitOrderBody({ newClientOrderId: id });
  const headers = accessHeaders({ method: 'POST', path: '/api/v3/order', body });
  let head = `POST /api/v3/order HTTP/1.1\r\nHost: gateway\r\nConnection: ${connection}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
  for (let i = 0; i < headers.length; i += 2) head += `${headers[i]}: ${headers[i + 1]}\r\n`;
  return `${head}\r\n${body}`;
}

/** Statuses and bodies of the HTTP answers in `text`, in order (each has a Content-Length). */
function answersIn(text: string): { status: number; body: string }[] {
  const answers: { status: number; body: string }[] = [];
  let at = 0;
  while (at < text.length) {
    const headEnd = text.indexOf('\r\n\r\n', at);
    if (headEnd === -1) break;
    const head = text.slice(at, headEnd);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
    const bodyStart = headEnd + 4;
    if (bodyStart + length > text.length) break;
    answers.push({ status: Number(head.slice(9, 12)), body: text.slice(bodyStart, bodyStart + length) });
    at = bodyStart + length;
  }
  return answers;
}

/** Sends `count` orders pipelined on one connection and resolves with the answers, in order. */
function pipeline(port: number, prefix: string, count: number): Promise<{ status: number; body: string }[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const answers = answersIn(text);
      if (answers.length === count) {
        socket.end();
        resolve(answers);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answersIn(text)));
    const requests: string[] = [];
    for (let i = 0; i < count; i++) requests.push(orderBytes(`${prefix}-${i}`));
    socket.write(requests.join(''));
  });
}

describe('pipelined requests', () => {
  it('one connection pipelining 400 orders: judged one at a time, one upstream connection, all answered in order', async () => {
    const { port } = await start();
    const answers = await pipeline(port, 'p', 400);
    expect(answers).toHaveLength(400);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.map((a) => (JSON.parse(a.body) as { clientOrderId: string }).clientOrderId)).toEqual(
      Array.from({ length: 400 }, (_, i) => `p-${i}`),
    );
    // One request in flight at a time; undici may open a second connection while the first is
    // still being released. Without the turn-taking: hundreds.
    expect(exchange!.peakOpenSockets).toBeLessThanOrEqual(2);
  }, 30_000);

  it('eight pipelining connections against maxUpstreamConnections 2: never more than 2 upstream, the excess 503 upstream-busy and not sent', async () => {
    const gw = await start({ maxUpstreamConnections: 2, maxUpstreamQueue: 2 });
    const all = (
      await Promise.all(Array.from({ length: 8 }, (_, c) => pipeline(gw.port, `c${c}`, 100)))
    ).flat();
    expect(all).toHaveLength(800);
    const accepted = all.filter((a) => a.status === 200);
    const busy = all.filter((a) => a.status === 503);
    expect(accepted.length + busy.length).toBe(800);
    expect(accepted.length).toBeGreaterThan(0);
    for (const answer of busy) expect(JSON.parse(answer.body)).toMatchObject({ code: -1001 });
    expect(exchange!.peakOpenSockets).toBeLessThanOrEqual(2);
    expect(exchange!.stats.requests).toBe(accepted.length);
    expect(gw.stats.upstreamBusy).toBe(busy.length);
  }, 30_000);
});

/** A connection from `localAddress` that sends half a request head and then nothing. */
async function trickler(port: number, localAddress: string): Promise<Socket> {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write('POST /api/v3/order HTTP/1.1\r\nHost: gat');
  return socket;
}

async function orderOver(http: Agent, url: string, id: string): Promise<{ status: number; reason: unknown }> {
  const body = limitOrderBody({ newClientOrderId: id });
  const response = await request(`${url}/api/v3/order`, {
    dispatcher: http,
    method: 'POST',
    headers: accessHeaders({ method: 'POST', path: '/api/v3/order', body }),
    body,
  });
  await response.body.text();
  return { status: response.statusCode, reason: response.headers['x-preflight-gateway'] };
}

describe('connection slots', () => {
  it.each([
    { perPeer: 6, status: 200, evicted: 0 },
    // Without a per-peer cap the address holding every slot would lock the other out: at the cap,
    // the address holding the most gives up an unfinished connection, however young.
    { perPeer: 10, status: 200, evicted: 1 },
  ])(
    'one address holding 10 slots of 10, maxConnectionsPerPeer $perPeer: another address gets $status',
    async ({ perPeer, status, evicted }) => {
      const gw = await start({ maxConnections: 10, maxConnectionsPerPeer: perPeer, headersTimeoutMs: 5_000 });
      for (let i = 0; i < 10; i++) await trickler(gw.port, '127.0.0.2');
      const http = new Agent({ localAddress: '127.0.0.1' });
      try {
        expect((await orderOver(http, gw.url, 'other-address')).status).toBe(status);
        expect(gw.stats.evictedConnections).toBe(evicted);
      } finally {
        await http.close();
      }
    },
    15_000,
  );

  it('at the cap, a connection that has trickled its head for a while makes room; a served keep-alive connection is kept', async () => {
    const gw = await start({ maxConnections: 4, maxConnectionsPerPeer: 4, headersTimeoutMs: 5_000 });
    const served = new Agent({ connections: 1 });
    const fresh = new Agent();
    try {
      expect((await orderOver(served, gw.url, 'served-1')).status).toBe(200);
      for (let i = 0; i < 3; i++) await trickler(gw.port, '127.0.0.1');
      // Younger than a second, the tricklers are not evicted: the newcomer is over the cap.
      expect(await orderOver(fresh, gw.url, 'too-early')).toEqual({
        status: 503,
        reason: 'too-many-connections',
      });
      await new Promise((later) => setTimeout(later, 1_100));
      expect((await orderOver(fresh, gw.url, 'newcomer')).status).toBe(200);
      expect(gw.stats.evictedConnections).toBe(1);
      expect((await orderOver(served, gw.url, 'served-2')).status).toBe(200);
    } finally {
      await served.close();
      await fresh.close();
    }
  }, 15_000);
});
