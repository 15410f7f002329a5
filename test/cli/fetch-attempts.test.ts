// `order-preflight fetch` as an operator sees it: attempts shown as they happen on a terminal,
// the final error naming how many were made, and a --base-url that already holds the path.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FETCH_FLAGS, fetch } from '../../src/cli/commands/fetch.js';
import { parseFlags } from '../../src/cli/flag-schema.js';
import { UsageError } from '../../src/cli/usage-error.js';
import {
  json,
  type LoopbackServer,
  silence,
  startLoopbackServer,
} from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { expectNoStack, fakeIo, tempDir } from './harness.js';

const PAYLOAD = exchangeInfoPayload([pairDefinition(), pairDefinition({ symbol: 'ETHUSDT' })]);

let server: LoopbackServer | undefined;
let temp: Awaited<ReturnType<typeof tempDir>>;

beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await temp.remove();
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('fetch: attempts', () => {
  it('on a terminal, shows each attempt and its outcome; the retries end in success', async () => {
    server = await startLoopbackServer([json(503, {}), json(503, {}), json(200, PAYLOAD)]);
    const { io, stderr } = fakeIo(
      ['--base-url', server.baseUrl, '--retries', '2', '--out', temp.path('r.json')],
      {
        isTTY: { stderr: true },
      },
    );
    expect(await fetch(io)).toBe(0);
    const lines = stderr.lines;
    const attemptLines = lines.filter((line) => /attempt \d of 3/.test(line));
    expect(attemptLines).toEqual([
      expect.stringMatching(/attempt 1 of 3: GET http:\/\/127\.0\.0\.1:\d+\/api\/v3\/exchangeInfo$/),
      expect.stringMatching(/attempt 1 of 3: HTTP 503 after \d+ ms/),
      expect.stringMatching(/attempt 2 of 3: GET /),
      expect.stringMatching(/attempt 2 of 3: HTTP 503 after/),
      expect.stringMatching(/attempt 3 of 3: GET /),
      expect.stringMatching(/attempt 3 of 3: HTTP 200 after/),
    ]);
    // Each retry's wait is shown too (the client's onAttempt tells it).
    expect(lines.filter((line) => /waiting \d+ ms before attempt [23]$/.test(line))).toHaveLength(2);
    expect(lines.at(-2)).toMatch(/fetched 2 pairs/);
  });

  it('shows an attempt while it is still waiting on a server that hangs, then its timeout', async () => {
    server = await startLoopbackServer(silence());
    const { io, stderr } = fakeIo(['--base-url', server.baseUrl, '--timeout-ms', '300', '--retries', '1'], {
      isTTY: { stderr: true },
    });
    let settled = false;
    const running = fetch(io).finally(() => {
      settled = true;
    });
    await until(() => server !== undefined && server.requests.length >= 1);
    // The first attempt is on screen before it has any outcome.
    await until(() => stderr.text.includes('attempt 1 of 2: GET'));
    expect(settled).toBe(false);
    expect(await running).toBe(1);
    expect(stderr.lines.filter((line) => /timed out after \d+ ms/.test(line))).toHaveLength(2);
    const last = stderr.lines.at(-1) ?? '';
    expect(last).toMatch(/^order-preflight: fetch: RequestTimeoutError: .*2 attempts/);
  });

  it('off a terminal, no attempt lines: the one-line error still names the attempts', async () => {
    server = await startLoopbackServer(json(500, { code: -1000, msg: 'busy' }));
    const { io, stderr } = fakeIo(['--base-url', server.baseUrl, '--retries', '2']);
    expect(await fetch(io)).toBe(1);
    expect(stderr.lines).toEqual([
      expect.stringMatching(/^order-preflight: fetch: HttpStatusError: .*500.*3 attempts/),
    ]);
    expect(server.requests).toHaveLength(3);
    expect(expectNoStack(stderr.text)).toBe(true);
  });

  it.each([
    [
      'a 400 (never retried)',
      json(400, { code: -1121, msg: 'Invalid symbol.' }),
      /HttpStatusError: .*1 attempt\b/,
    ],
    [
      'a body that is not exchange info',
      json(200, { hello: 'world' }),
      /ExchangeInfoSchemaError: .*1 attempt\b/,
    ],
  ])('%s: the final error says 1 attempt', async (_what, responder, pattern) => {
    server = await startLoopbackServer(responder);
    const { io, stderr } = fakeIo(['--base-url', server.baseUrl]);
    expect(await fetch(io)).toBe(1);
    expect(stderr.lines).toEqual([expect.stringMatching(pattern)]);
  });
});

describe('fetch: a --base-url that already ends in /api/v3/exchangeInfo', () => {
  it.each([
    ['', '/api/v3/exchangeInfo'],
    ['/', '/api/v3/exchangeInfo'],
    ['//', '/api/v3/exchangeInfo'],
  ])('is fetched once, not doubled (suffix %j)', async (suffix, expected) => {
    server = await startLoopbackServer(json(200, PAYLOAD));
    const { io, stderr } = fakeIo(['--base-url', `${server.baseUrl}/api/v3/exchangeInfo${suffix}`]);
    expect(await fetch(io)).toBe(0);
    expect(server.requests.map((r) => r.url)).toEqual([expected]);
    expect(stderr.text).toMatch(/note: --base-url already ends in \/api\/v3\/exchangeInfo/);
  });

  it('keeps a path prefix, and the query flags still apply', async () => {
    server = await startLoopbackServer(json(200, PAYLOAD));
    const { io } = fakeIo(['--base-url', `${server.baseUrl}/gw/API/v3/exchangeinfo/`, '--symbol', 'BTCUSDT']);
    expect(await fetch(io)).toBe(0);
    expect(server.requests.map((r) => r.url)).toEqual(['/gw/api/v3/exchangeInfo?symbol=BTCUSDT']);
  });

  it('with a query is refused before sending, with the base and the flags to use instead', async () => {
    server = await startLoopbackServer(json(200, PAYLOAD));
    for (const [query, flags] of [
      ['?symbol=BTCUSDT', '--symbol BTCUSDT'],
      [
        '?symbols=%5B%22BTCUSDT%22,%22ETHUSDT%22%5D&symbolStatus=TRADING',
        '--symbols BTCUSDT,ETHUSDT --status TRADING',
      ],
    ]) {
      const { io, stderr } = fakeIo(['--base-url', `${server.baseUrl}/api/v3/exchangeInfo${query}`]);
      expect(await fetch(io)).toBe(2);
      expect(stderr.lines).toHaveLength(1);
      expect(stderr.text).toContain(`--base-url ${server.baseUrl} ${flags}`);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('other URLs pass through unchanged; one the client cannot use is a usage error', () => {
    const request = (url: string) => parseFlags(['--base-url', url], FETCH_FLAGS(), 0).flags.request;
    expect(request('https://api.example.com')).toMatchObject({
      baseUrl: 'https://api.example.com',
      stripped: false,
    });
    expect(request('https://api.example.com/v1/')).toMatchObject({
      baseUrl: 'https://api.example.com/v1/',
      stripped: false,
    });
    expect(() => request('not a url')).toThrow(UsageError);
  });
});
