// End-to-end runs of dist/cli.js for WEEX futures: a contract payload fetched from the stand-in
// exchange (loopback, in this process) and saved, then a JSON-lines file of contract orders
// checked against it, as a desk's CI gate would run them. Fails, never skips, when dist/ is
// missing (`npm test` builds first).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_CONTRACT_INFO_JSON } from '../../src/gateway/fake-contract-info.js';
import { type FakeExchange, startFakeExchange } from '../../src/gateway.js';
import { jsonLines, REPO_ROOT, requireBuiltCli, runChild, tempDir } from './harness.js';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const run = (args: readonly string[], input?: string) =>
  runChild(process.execPath, [CLI, ...args], input === undefined ? {} : { input });

let exchange: FakeExchange;
let temp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  requireBuiltCli();
  exchange = await startFakeExchange();
});
afterAll(async () => {
  await exchange?.close();
});
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.remove();
});

const order = (fields: Record<string, string>) => ({ side: 'BUY', positionSide: 'LONG', ...fields });

describe('the built order-preflight, --market futures', { timeout: 60_000 }, () => {
  it('fetches the contracts, then gates a JSON-lines file of contract orders against the saved payload', async () => {
    const contracts = temp.path('contracts.json');
    const fetched = await run([
      'fetch',
      '--market',
      'futures',
      '--base-url',
      exchange.url,
      '--out',
      contracts,
    ]);
    expect(fetched.status).toBe(0);
    expect(fetched.stderr).toMatch(/fetched 3 contracts, 0 set aside; request weight spent: 1\b/);
    expect(await readFile(contracts, 'utf8')).toBe(FAKE_CONTRACT_INFO_JSON);

    const positions = temp.path('positions.json');
    await writeFile(positions, '{"ETHUSDT": {"LONG": "4999999.5"}}');
    const prices = temp.path('prices.json');
    await writeFile(prices, '{"BTCUSDT": "64000", "ETHUSDT": "3000", "DOGEUSDT": "0.12"}');
    const lines = jsonLines(
      order({ symbol: 'DOGEUSDT', type: 'MARKET', quantity: '150' }),
      order({ symbol: 'DOGEUSDT', type: 'MARKET', quantity: '300' }),
      order({ symbol: 'BTCUSDT', type: 'LIMIT', timeInForce: 'GTC', price: '64000.05', quantity: '0.01' }),
      order({ symbol: 'BTCUSDT', type: 'MARKET', quantity: '100.5' }),
      order({ symbol: 'BTCUSDT', side: 'SELL', type: 'MARKET', quantity: '100.5' }),
      order({ symbol: 'ETHUSDT', type: 'LIMIT', timeInForce: 'GTC', price: '3000', quantity: '1' }),
    );
    const args = ['check', '--market', 'futures', '--rules', contracts, '--reference-prices', prices];
    const checked = await run([...args, '--positions', positions, '--json', '-'], lines);
    expect(checked.status).toBe(1);
    const verdicts = checked.stdout
      .trim()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { ok: boolean; violations: { code: string; suggestion?: string[] }[] },
      );
    expect(verdicts.map((v) => [v.ok, v.violations.map((x) => x.code)])).toEqual([
      [false, ['QUANTITY_STEP']],
      [true, []],
      [false, expect.arrayContaining(['PRICE_TICK'])],
      [false, ['MARKET_OPEN_SIZE_ABOVE_MAX']],
      [true, []],
      [false, ['POSITION_SIZE_ABOVE_MAX']],
    ]);
    expect(verdicts[0]?.violations[0]?.suggestion).toEqual(['100', '200']);
    expect(checked.stderr).toMatch(/checked 6 orders: 2 passed, 4 refused/);

    // The same file as a table, and a usage error in one line with exit status 2.
    const table = await run([...args, '-'], lines);
    expect(table.status).toBe(1);
    expect(table.stdout).toMatch(/QUANTITY_STEP .*-> try 100 or 200/);
    const wrong = await run(['check', '--rules', contracts, '--positions', positions, '-'], lines);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr.trim().split('\n')).toHaveLength(1);
  });
});
