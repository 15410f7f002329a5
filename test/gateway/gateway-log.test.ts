/**
 * The log of `order-preflight gateway` (src/cli/commands/gateway-log.ts), in-process: a request's
 * text line quotes what the client wrote so it cannot forge a field or a line, and clips it; a
 * JSON line is one object; lines are written once per event-loop turn; a reader too slow makes
 * the log drop lines (counted, then said), never grow without end; a broken stream stops it.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  createGatewayLog,
  describeRequest,
  MAX_BACKLOG_BYTES,
  pathOf,
} from '../../src/cli/commands/gateway-log.js';
import type { GatewayRequestEvent } from '../../src/gateway.js';

const EVENT: GatewayRequestEvent = {
  type: 'request',
  method: 'POST',
  path: '/api/v3/order',
  key: 'demo-api-key',
  outcome: 'refused',
  status: 400,
  reason: 'order-refused',
  codes: ['PRICE_TICK', 'QUANTITY_STEP'],
  sent: false,
  latencyMs: 0.8349,
};
const NOW = () => new Date('2026-11-27T10:00:00.000Z');

/** A stream that keeps what it is given, each write apart, and reports `backlog` waiting bytes. */
function sink(backlog = () => 0): { stream: Writable; writes: string[] } {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      done();
    },
  });
  Object.defineProperty(stream, 'writableLength', { get: backlog });
  return { stream, writes };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('a request line', () => {
  it('in text: REQUEST and its fields, those without a value left out', () => {
    expect(describeRequest(EVENT)).toBe(
      'REQUEST method=POST path=/api/v3/order key=demo-api-key outcome=refused status=400 reason=order-refused codes=PRICE_TICK,QUANTITY_STEP sent=false ms=0.83',
    );
    expect(
      describeRequest({ ...EVENT, key: undefined, status: undefined, reason: undefined, codes: [] }),
    ).toBe('REQUEST method=POST path=/api/v3/order outcome=refused sent=false ms=0.83');
  });

  it('quotes a key or path with a space, a quote, "=" or a control character, and clips it', () => {
    const forged = describeRequest({ ...EVENT, key: 'k outcome=forwarded\u0007', path: '/a b"c' });
    expect(forged).toContain('key="k outcome=forwarded\\u0007"');
    expect(forged).toContain('path="/a b\\"c"');
    // Read back field by field, the key is one value and the outcome is still the event's.
    const fields = [...forged.matchAll(/ (\w+)=("(?:[^"\\]|\\.)*"|\S+)/g)].map(([, name, value]) => [
      name,
      value!.startsWith('"') ? (JSON.parse(value!) as string) : value,
    ]);
    expect(Object.fromEntries(fields)).toMatchObject({
      key: 'k outcome=forwarded\u0007',
      path: '/a b"c',
      outcome: 'refused',
    });
    expect(fields.filter(([name]) => name === 'outcome')).toHaveLength(1);
    const long = describeRequest({ ...EVENT, key: 'k'.repeat(1_000), path: `/${'p'.repeat(5_000)}` });
    expect(/key="(k+…)"/.exec(long)?.[1]).toHaveLength(128); // quoted: the ellipsis is not ASCII
    expect(/path="(\/p+…)"/.exec(long)?.[1]).toHaveLength(512);
  });

  it('a target is shown by its path alone, never its query', () => {
    expect(pathOf('/api/v3/order?symbol=BTCUSDT&orderId=42')).toBe('/api/v3/order');
  });

  it('in JSON: one object per line with the fields, empty codes and absent values left out', async () => {
    const { stream, writes } = sink();
    const log = createGatewayLog(stream, 'json', { onBroken: () => {}, now: NOW });
    log.event(EVENT, 'ignored in JSON');
    log.event(
      { ...EVENT, codes: [], reason: undefined, key: undefined, outcome: 'forwarded', status: 200 },
      '',
    );
    log('rule book ready: 7 pairs');
    await turn();
    const lines = writes.join('').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        time: '2026-11-27T10:00:00.000Z',
        event: 'request',
        method: 'POST',
        path: '/api/v3/order',
        key: 'demo-api-key',
        outcome: 'refused',
        status: 400,
        reason: 'order-refused',
        codes: ['PRICE_TICK', 'QUANTITY_STEP'],
        sent: false,
        latencyMs: 0.83,
      },
      {
        time: '2026-11-27T10:00:00.000Z',
        event: 'request',
        method: 'POST',
        path: '/api/v3/order',
        outcome: 'forwarded',
        status: 200,
        sent: false,
        latencyMs: 0.83,
      },
      { time: '2026-11-27T10:00:00.000Z', event: 'message', msg: 'rule book ready: 7 pairs' },
    ]);
  });
});

describe('writing', () => {
  it('the lines of one event-loop turn go out in one write', async () => {
    const { stream, writes } = sink();
    const log = createGatewayLog(stream, 'text', { onBroken: () => {}, now: NOW });
    for (let i = 0; i < 50; i++) log.event(EVENT, describeRequest(EVENT));
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.split('\n')).toHaveLength(51);
  });

  it('a reader too slow: lines are dropped while the backlog is over the bound, then their count is said', async () => {
    let backlog = MAX_BACKLOG_BYTES + 1;
    const { stream, writes } = sink(() => backlog);
    const log = createGatewayLog(stream, 'json', { onBroken: () => {}, now: NOW });
    for (let i = 0; i < 5; i++) log.event(EVENT, undefined);
    await turn();
    expect(writes).toEqual([]);
    backlog = 0;
    log.event(EVENT, undefined);
    await turn();
    const lines = writes
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.event)).toEqual(['log-dropped', 'request']);
    expect(lines[0]!.dropped).toBe(5);
  });

  it('a broken stream stops the log, said once', async () => {
    const { stream, writes } = sink();
    const broken: string[] = [];
    const log = createGatewayLog(stream, 'text', {
      onBroken: (error) => broken.push(error.code ?? ''),
      now: NOW,
    });
    stream.emit('error', Object.assign(new Error('pipe'), { code: 'EPIPE' }));
    stream.emit('error', Object.assign(new Error('pipe'), { code: 'EPIPE' }));
    log('after the break');
    log.flush();
    await turn();
    expect(broken).toEqual(['EPIPE']);
    expect(writes).toEqual([]);
  });
});
