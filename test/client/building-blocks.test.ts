import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { abortableSleep } from '../../src/client/abortable-sleep.js';
import { backoffDelayMs } from '../../src/client/backoff.js';
import { resolveClientOptions } from '../../src/client/client-options.js';
import { excerptOf, readExchangeError } from '../../src/client/error-body.js';
import {
  buildExchangeInfoQueryString,
  SYMBOL_STATUSES,
  validateExchangeInfoQuery,
} from '../../src/client/query.js';
import { readBodyExcerpt, readBodyWithCap } from '../../src/client/read-body.js';
import { parseRetryAfterMs } from '../../src/client/retry-after.js';
import { isTransientTransportCode, transportErrorCode } from '../../src/client/transport-error.js';
import { isInvalidArgumentError } from '../../src/errors/invalid-argument-error.js';

describe('backoffDelayMs', () => {
  const settings = { baseMs: 100, maxMs: 1_000 };
  it('doubles the ceiling per retry and caps it', () => {
    const top = (i: number) => backoffDelayMs(i, { ...settings, random: () => 1 });
    expect([0, 1, 2, 3, 4, 10, 2_000].map(top)).toEqual([100, 200, 400, 800, 1_000, 1_000, 1_000]);
  });
  it('draws from the upper half of the ceiling (equal jitter)', () => {
    expect(backoffDelayMs(2, { ...settings, random: () => 0 })).toBe(200);
    expect(backoffDelayMs(2, { ...settings, random: () => 0.5 })).toBe(300);
    for (let i = 0; i < 100; i++) {
      const d = backoffDelayMs(3, settings);
      expect(d).toBeGreaterThanOrEqual(400);
      expect(d).toBeLessThanOrEqual(800);
    }
  });
  it('survives a misbehaving random and zero delays', () => {
    // A draw that is not a number counts as the middle of [0, 1] (wait-bounds.ts, unitInterval).
    expect(backoffDelayMs(1, { ...settings, random: () => Number.NaN })).toBe(150);
    expect(backoffDelayMs(1, { ...settings, random: () => 7 })).toBe(200);
    expect(backoffDelayMs(1, { ...settings, random: () => -1 })).toBe(100);
    expect(backoffDelayMs(5, { baseMs: 0, maxMs: 1_000 })).toBe(0);
  });
});

describe('parseRetryAfterMs', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it.each([
    ['7', 7_000],
    [' 0 ', 0],
    ['1.5', 1_500],
    ['Wed, 01 Jan 2025 00:01:00 GMT', 60_000],
    ['Wednesday, 01-Jan-25 00:00:30 GMT', 30_000],
    ['Tue, 31 Dec 2024 23:00:00 GMT', 0],
    [['12', '99'], 12_000],
  ] as const)('%j → %d', (header, ms) => {
    expect(parseRetryAfterMs(header, now)).toBe(ms);
  });
  it.each([undefined, '', 'soon', '-1', '1e3', '12abc!'])('%j → undefined', (header) => {
    expect(parseRetryAfterMs(header, now)).toBeUndefined();
  });
});

describe('readBodyWithCap', () => {
  const stream = (...chunks: string[]) => Readable.from(chunks.map((c) => Buffer.from(c)));
  it('reads a body up to and including the cap', async () => {
    const read = await readBodyWithCap(stream('ab', 'cd'), 4);
    expect(read.complete).toBe(true);
    expect(read.bytes.toString()).toBe('abcd');
  });
  it('stops at the cap and destroys the stream', async () => {
    const body = stream('ab', 'cd', 'ef');
    const read = await readBodyWithCap(body, 3);
    expect(read).toMatchObject({ complete: false });
    expect(read.bytes.toString()).toBe('abc');
    expect(body.destroyed).toBe(true);
  });
  it('lets a stream error through, and readBodyExcerpt swallows it', async () => {
    const failing = () =>
      new Readable({
        read() {
          this.destroy(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
        },
      });
    await expect(readBodyWithCap(failing(), 10)).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
    await expect(readBodyExcerpt(failing(), 10)).resolves.toBe('');
  });
});

describe('error bodies', () => {
  it('cuts excerpts without splitting a surrogate pair', () => {
    expect(excerptOf('abc', 5)).toBe('abc');
    expect(excerptOf('ab😀', 3)).toBe('ab');
    expect(excerptOf('x'.repeat(400))).toHaveLength(300);
  });
  it('reads the exchange code and message when present', () => {
    expect(readExchangeError('{"code":-1121,"msg":"Invalid symbol."}')).toEqual({
      exchangeCode: -1121,
      exchangeMessage: 'Invalid symbol.',
    });
    expect(readExchangeError('{"code":"E1"}')).toEqual({ exchangeCode: 'E1' });
    expect(readExchangeError('[1]')).toEqual({});
    expect(readExchangeError('null')).toEqual({});
    expect(readExchangeError('<html>')).toEqual({});
  });
});

describe('transport errors', () => {
  it('finds the code on the error, inside an AggregateError, or in a cause', () => {
    const refused = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
    expect(transportErrorCode(refused)).toBe('ECONNREFUSED');
    expect(transportErrorCode(new AggregateError([refused]))).toBe('ECONNREFUSED');
    expect(transportErrorCode(new Error('wrapped', { cause: refused }))).toBe('ECONNREFUSED');
    expect(transportErrorCode(new Error('plain'))).toBeUndefined();
    expect(transportErrorCode('text')).toBeUndefined();
  });
  it.each([
    ['ECONNREFUSED', true],
    ['ECONNRESET', true],
    ['EPIPE', true],
    ['UND_ERR_SOCKET', true],
    ['UND_ERR_CONNECT_TIMEOUT', true],
    ['UND_ERR_CLOSED', false],
    ['UND_ERR_INVALID_ARG', false],
    ['HPE_INVALID_CONSTANT', false],
    ['ERR_TLS_CERT_ALTNAME_INVALID', false],
    ['CERT_HAS_EXPIRED', false],
    [undefined, false],
  ] as const)('%s is transient: %s', (code, transient) => {
    expect(isTransientTransportCode(code)).toBe(transient);
  });
});

describe('abortableSleep', () => {
  it('waits, and rejects with the reason on abort', async () => {
    await expect(abortableSleep(1)).resolves.toBeUndefined();
    const controller = new AbortController();
    const pending = abortableSleep(10_000, controller.signal);
    controller.abort('stop');
    await expect(pending).rejects.toBe('stop');
    await expect(abortableSleep(1, AbortSignal.abort('early'))).rejects.toBe('early');
  });
});

describe('query strings', () => {
  it('renders nothing for an empty query and encodes each parameter', () => {
    expect(buildExchangeInfoQueryString(undefined, 'comma')).toBe('');
    expect(buildExchangeInfoQueryString({}, 'json')).toBe('');
    expect(buildExchangeInfoQueryString({ symbols: ['BTCUSDT', 'ETHUSDT'] }, 'comma')).toBe(
      '?symbols=BTCUSDT%2CETHUSDT',
    );
    expect(buildExchangeInfoQueryString({ symbols: ['BTCUSDT'], symbolStatus: 'TRADING' }, 'json')).toBe(
      '?symbols=%5B%22BTCUSDT%22%5D&symbolStatus=TRADING',
    );
  });
  it('returns a checked copy of a valid query', () => {
    expect(validateExchangeInfoQuery({ symbol: 'BTCUSDT', symbolStatus: 'TRADING' })).toEqual({
      symbol: 'BTCUSDT',
      symbolStatus: 'TRADING',
    });
  });
  it.each(SYMBOL_STATUSES)('takes symbolStatus %s, a status value the exchange lists', (status) => {
    expect(validateExchangeInfoQuery({ symbolStatus: status })).toEqual({ symbolStatus: status });
    expect(buildExchangeInfoQueryString({ symbolStatus: status }, 'comma')).toBe(`?symbolStatus=${status}`);
  });
  it('lists exactly TRADING, HALT and BREAK', () => {
    expect(SYMBOL_STATUSES).toEqual(['TRADING', 'HALT', 'BREAK']);
  });
});

describe('resolveClientOptions', () => {
  it('fills in the defaults and builds the endpoint', () => {
    const resolved = resolveClientOptions({ baseUrl: 'https://api.example.com/gw/' });
    expect(resolved.endpoint.href).toBe('https://api.example.com/gw/api/v3/exchangeInfo');
    expect(resolved).toMatchObject({
      timeoutMs: 10_000,
      retries: 2,
      retryDelayMs: 250,
      maxRetryDelayMs: 5_000,
      maxResponseBytes: 32 * 1024 * 1024,
      symbolsFormat: 'comma',
      dispatcher: undefined,
      headers: {},
    });
  });
  it('accepts a URL object and lowercases header names', () => {
    const resolved = resolveClientOptions({
      baseUrl: new URL('http://127.0.0.1:8080'),
      headers: { 'X-Key': 'v' },
    });
    expect(resolved.endpoint.href).toBe('http://127.0.0.1:8080/api/v3/exchangeInfo');
    expect(resolved.headers).toEqual({ 'x-key': 'v' });
  });
  it('never leaks credentials from the base URL into the error', () => {
    try {
      resolveClientOptions({ baseUrl: 'http://user:secret@127.0.0.1/' });
      expect.unreachable();
    } catch (error) {
      expect(isInvalidArgumentError(error)).toBe(true);
      expect(String((error as Error).message)).not.toContain('secret');
      expect(JSON.stringify((error as { value: unknown }).value)).not.toContain('secret');
    }
  });
});
