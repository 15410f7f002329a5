import { readdir, readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeOffset, fetch } from '../../src/cli/commands/fetch.js';
import { parseRuleBookSnapshot } from '../../src/index.js';
import { json, type LoopbackServer, startLoopbackServer } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { expectNoStack, fakeIo, tempDir } from './harness.js';

const PAYLOAD = exchangeInfoPayload([
  pairDefinition(),
  pairDefinition({ symbol: 'ETHUSDT', tickSize: 0.1 }),
  pairDefinition({ symbol: 'BADUSDT', minTradeAmount: 'abc' }),
]);

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

/** A port nothing listens on: one the OS just handed out and that was closed again. */
async function refusedPort(): Promise<number> {
  const probe = await startLoopbackServer(json(200, {}));
  const { port } = probe;
  await probe.close();
  return port;
}

describe('order-preflight fetch', () => {
  it('fetches from a real loopback server and writes a snapshot file that loads', async () => {
    server = await startLoopbackServer(json(200, PAYLOAD));
    const out = temp.path('rules.json');
    const { io, stdout, stderr } = fakeIo(['--base-url', server.baseUrl, '--out', out]);

    expect(await fetch(io)).toBe(0);

    const book = parseRuleBookSnapshot(await readFile(out, 'utf8'));
    expect(book.symbols).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(book.rejected.map((r) => r.symbol)).toEqual(['BADUSDT']);
    expect(book.definition('ETHUSDT')?.tickSize).toBe('0.1');
    expect(stdout.text).toBe('');
    expect(stderr.text).toMatch(/2 pairs, 1 set aside/);
    expect(stderr.text).toMatch(/request weight spent: 20\b/);
    expect(stderr.text).toMatch(/set aside: BADUSDT: minTradeAmount/);
    expect(server.requests.map((r) => r.url)).toEqual(['/api/v3/exchangeInfo']);
    // Nothing but the snapshot is left behind (the temporary file was renamed).
    expect(await readdir(temp.dir)).toEqual(['rules.json']);
  });

  it('writes the snapshot, pretty-printed, to stdout without --out', async () => {
    server = await startLoopbackServer(json(200, PAYLOAD));
    const { io, stdout } = fakeIo(['--base-url', server.baseUrl]);
    expect(await fetch(io)).toBe(0);
    expect(stdout.text).toMatch(/^\{\n {2}"format": "order-preflight\/rule-book"/);
    expect(parseRuleBookSnapshot(stdout.text).size).toBe(2);
  });

  it('sends --symbols, --status and --symbols-format as the exchange expects', async () => {
    server = await startLoopbackServer(json(200, PAYLOAD));
    const argv = ['--base-url', server.baseUrl, '--symbols', 'BTCUSDT,ETHUSDT', '--status', 'TRADING'];
    expect(await fetch(fakeIo(argv).io)).toBe(0);
    expect(await fetch(fakeIo([...argv, '--symbols-format', 'json']).io)).toBe(0);
    expect(await fetch(fakeIo(['--base-url', server.baseUrl, '--symbol', 'BTCUSDT']).io)).toBe(0);
    const queries = server.requests.map((r) => new URL(r.url, 'http://x').searchParams);
    expect(queries[0]?.get('symbols')).toBe('BTCUSDT,ETHUSDT');
    expect(queries[0]?.get('symbolStatus')).toBe('TRADING');
    expect(queries[1]?.get('symbols')).toBe('["BTCUSDT","ETHUSDT"]');
    expect(queries[2]?.get('symbol')).toBe('BTCUSDT');
  });

  it.each(['HALT', 'BREAK'])('sends --status %s, a status value the exchange lists', async (status) => {
    server = await startLoopbackServer(json(200, PAYLOAD));
    expect(await fetch(fakeIo(['--base-url', server.baseUrl, '--status', status]).io)).toBe(0);
    const query = new URL(server.requests[0]?.url ?? '', 'http://x').searchParams;
    expect(query.get('symbolStatus')).toBe(status);
  });

  it.each([
    [['--symbol', 'BTCUSDT', '--symbols', 'ETHUSDT'], /--symbols/],
    [['--symbols', 'BTCUSDT,,ETHUSDT'], /--symbols/],
    [['--symbol', 'btc usdt'], /--symbol/],
    [['--status', 'halt'], /--status/],
    [['--status', 'PRE_TRADING'], /--status/],
    [['--symbols-format', 'xml'], /--symbols-format/],
    [['--timeout-ms', 'soon'], /--timeout-ms/],
    [['--timeout-ms', '0'], /--timeout-ms/],
    [['--retries', '-1'], /--retries|unknown option|ambiguous/],
  ])('refuses %j before sending anything: exit 2, one line', async (extra, flag) => {
    server = await startLoopbackServer(json(200, PAYLOAD));
    const { io, stdout, stderr } = fakeIo(['--base-url', server.baseUrl, ...extra]);
    expect(await fetch(io)).toBe(2);
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toMatch(/^order-preflight: fetch: /);
    expect(stderr.text).toMatch(flag);
    expect(stdout.text).toBe('');
    expect(server.requests).toHaveLength(0);
  });

  it('needs --base-url, and an http(s) one', async () => {
    const missing = fakeIo([]);
    expect(await fetch(missing.io)).toBe(2);
    expect(missing.stderr.text).toMatch(/--base-url is required/);
    const wrong = fakeIo(['--base-url', 'ftp://example.com']);
    expect(await fetch(wrong.io)).toBe(2);
    expect(wrong.stderr.lines).toEqual([expect.stringMatching(/--base-url.*http/)]);
  });

  it('a refused connection exits 1 with one line naming NetworkError, its code and url', async () => {
    const port = await refusedPort();
    const out = temp.path('rules.json');
    const { io, stdout, stderr } = fakeIo([
      '--base-url',
      `http://127.0.0.1:${port}`,
      '--retries',
      '0',
      '--out',
      out,
    ]);
    expect(await fetch(io)).toBe(1);
    expect(stdout.text).toBe('');
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toMatch(/^order-preflight: fetch: NetworkError: /);
    expect(stderr.text).toContain('ECONNREFUSED');
    expect(stderr.text).toContain(`127.0.0.1:${port}/api/v3/exchangeInfo`);
    expect(expectNoStack(stderr.text)).toBe(true);
    // No snapshot and no temporary file.
    expect(await readdir(temp.dir)).toEqual([]);
  });

  it('an HTTP error exits 1 with the class, the status and the exchange message', async () => {
    server = await startLoopbackServer(json(400, { code: -1121, msg: 'Invalid symbol.' }));
    const { io, stderr } = fakeIo(['--base-url', server.baseUrl, '--symbol', 'NOPE']);
    expect(await fetch(io)).toBe(1);
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toMatch(/HttpStatusError: .*400/);
    expect(stderr.text).toMatch(/-1121/);
  });

  it('a body that is not exchange info exits 1', async () => {
    server = await startLoopbackServer(json(200, { hello: 'world' }));
    const { io, stderr } = fakeIo(['--base-url', server.baseUrl]);
    expect(await fetch(io)).toBe(1);
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toMatch(/ExchangeInfoSchemaError/);
  });

  it('an --out path that cannot be created exits 2 without spending a request', async () => {
    server = await startLoopbackServer(json(200, PAYLOAD));
    const { io, stderr } = fakeIo([
      '--base-url',
      server.baseUrl,
      '--out',
      temp.path('missing/dir/rules.json'),
    ]);
    expect(await fetch(io)).toBe(2);
    expect(stderr.lines).toEqual([expect.stringMatching(/cannot write --out .*ENOENT/)]);
    expect(server.requests).toHaveLength(0);
  });

  it('replaces an existing --out file only on success', async () => {
    server = await startLoopbackServer([json(200, PAYLOAD), json(200, { nope: true })]);
    const out = temp.path('rules.json');
    expect(await fetch(fakeIo(['--base-url', server.baseUrl, '--out', out]).io)).toBe(0);
    const first = await readFile(out, 'utf8');
    expect(await fetch(fakeIo(['--base-url', server.baseUrl, '--out', out]).io)).toBe(1);
    expect(await readFile(out, 'utf8')).toBe(first);
    expect(await readdir(temp.dir)).toEqual(['rules.json']);
  });

  it('describes the server clock offset in a readable unit', () => {
    expect(describeOffset(12)).toBe('12 ms ahead of ours');
    expect(describeOffset(-3_200)).toBe('3.2 s behind ours');
    expect(describeOffset(-365 * 86_400_000)).toBe('365.0 days behind ours');
  });
});
