// `order-preflight fetch --market futures`: the contract host's definitions fetched through the
// client from the stand-in exchange (a real node:http server on 127.0.0.1), saved as they came,
// and read back by `check --market futures`; the spot-only flags refused.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { check } from '../../src/cli/commands/check.js';
import { fetch } from '../../src/cli/commands/fetch.js';
import { FAKE_CONTRACT_INFO_JSON } from '../../src/gateway/fake-contract-info.js';
import { type FakeExchange, startFakeExchange } from '../../src/gateway.js';
import { expectNoStack, fakeIo, jsonLines, tempDir } from './harness.js';

let exchange: FakeExchange;
let temp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  exchange = await startFakeExchange();
});
afterAll(async () => {
  await exchange.close();
});
beforeEach(async () => {
  temp = await tempDir();
  exchange.setContractInfo(FAKE_CONTRACT_INFO_JSON);
});
afterEach(async () => {
  await temp.remove();
});

describe('order-preflight fetch --market futures', () => {
  it('saves the contract payload as it came, which check --market futures then reads', async () => {
    const out = temp.path('contracts.json');
    const before = exchange.stats.contractInfoRequests;
    const { io, stdout, stderr } = fakeIo(['--market', 'futures', '--base-url', exchange.url, '--out', out]);
    expect(await fetch(io)).toBe(0);
    expect(await readFile(out, 'utf8')).toBe(FAKE_CONTRACT_INFO_JSON);
    expect(await readdir(temp.dir)).toEqual(['contracts.json']);
    expect(stdout.text).toBe('');
    expect(stderr.text).toMatch(/fetched 3 contracts, 0 set aside; request weight spent: 1\b/);
    expect(stderr.text).toMatch(/wrote the contract payload to /);
    expect(exchange.stats.contractInfoRequests).toBe(before + 1);

    const orders = temp.path('orders.jsonl');
    await writeFile(
      orders,
      jsonLines({ symbol: 'DOGEUSDT', side: 'BUY', positionSide: 'LONG', type: 'MARKET', quantity: '300' }),
    );
    const checked = fakeIo(['--market', 'futures', '--rules', out, orders]);
    expect(await check(checked.io)).toBe(0);
  });

  it('narrows to --symbol and writes to standard output; a URL ending in the endpoint is taken as its base', async () => {
    const { io, stdout, stderr } = fakeIo([
      '--market',
      'futures',
      '--base-url',
      `${exchange.url}/capi/v3/market/exchangeInfo`,
      '--symbol',
      'DOGEUSDT',
    ]);
    expect(await fetch(io)).toBe(0);
    const body = JSON.parse(stdout.text) as { symbols: { symbol: string }[] };
    expect(body.symbols.map((s) => s.symbol)).toEqual(['DOGEUSDT']);
    expect(stderr.text).toMatch(/^note: --base-url already ends in \/capi\/v3\/market\/exchangeInfo/);
    expect(stderr.text).toMatch(/fetched 1 contract, 0 set aside/);
  });

  it('fails with exit 1 on an exchange refusal, and saves nothing that is not a contract payload', async () => {
    const out = temp.path('contracts.json');
    const unknown = fakeIo([
      '--market',
      'futures',
      '--base-url',
      exchange.url,
      '--symbol',
      'NOPEUSDT',
      '--out',
      out,
    ]);
    expect(await fetch(unknown.io)).toBe(1);
    expect(unknown.stderr.text).toMatch(/HttpStatusError.*-1121/);
    expect(expectNoStack(unknown.stderr.text)).toBe(true);

    exchange.setContractInfo('[1, 2]');
    const wrong = fakeIo(['--market', 'futures', '--base-url', exchange.url, '--out', out]);
    expect(await fetch(wrong.io)).toBe(1);
    expect(wrong.stderr.text).toMatch(/not a contract payload, so it was not saved/);
    expect(await readdir(temp.dir)).toEqual([]);
  });

  it.each([
    [['--symbols', 'BTCUSDT,ETHUSDT'], 'symbols'],
    [['--status', 'TRADING'], 'status'],
    [['--symbols-format', 'json'], 'symbols-format'],
    [['--from-file', 'x.json'], 'from-file'],
    [['--symbol', 'btc usdt'], 'symbol'],
    [['--timeout-ms', '0'], 'timeout-ms'],
  ])('refuses %j with --market futures as a usage error naming the flag', async (flags, flag) => {
    const { io, stdout, stderr } = fakeIo(['--market', 'futures', '--base-url', exchange.url, ...flags]);
    expect(await fetch(io)).toBe(2);
    expect(stdout.text).toBe('');
    expect(stderr.text).toMatch(new RegExp(`^order-preflight: fetch: --${flag} `));
  });
});
