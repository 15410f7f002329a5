// `order-preflight check --market futures`: contract orders as JSON lines against a saved contract
// payload (the recorded BTCUSDT, ETHUSDT and DOGEUSDT), with reference prices and positions from
// files; the flags that belong to one market refused beside the other.
import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { check } from '../../src/cli/commands/check.js';
import { FAKE_CONTRACT_INFO_JSON } from '../../src/gateway/fake-contract-info.js';
import { expectNoStack, fakeIo, jsonLines, tempDir, writeSampleSnapshot } from './harness.js';

let temp: Awaited<ReturnType<typeof tempDir>>;
let contracts: string;
beforeEach(async () => {
  temp = await tempDir();
  contracts = temp.path('contracts.json');
  await writeFile(contracts, FAKE_CONTRACT_INFO_JSON);
});
afterEach(async () => {
  await temp.remove();
});

interface Verdict {
  line: number;
  ok: boolean;
  symbol?: string;
  side?: string;
  positionSide?: string;
  violations: { code: string; field: string; limit?: string; value?: string; suggestion?: string[] }[];
  skipped: { check: string; reason: string; message: string }[];
}

function verdicts(text: string): Verdict[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Verdict);
}

const limit = (symbol: string, side: string, positionSide: string, price: string, quantity: string) => ({
  symbol,
  side,
  positionSide,
  type: 'LIMIT',
  timeInForce: 'GTC',
  price,
  quantity,
});
const market = (symbol: string, side: string, positionSide: string, quantity: string) => ({
  symbol,
  side,
  positionSide,
  type: 'MARKET',
  quantity,
});

async function run(orders: string, ...flags: string[]) {
  const file = temp.path('orders.jsonl');
  await writeFile(file, orders);
  const { io, stdout, stderr } = fakeIo(['--market', 'futures', '--rules', contracts, ...flags, file]);
  const status = await check(io);
  return { status, stdout: stdout.text, stderr: stderr.text };
}

const codes = (v: Verdict | undefined) => v?.violations.map((violation) => violation.code);

describe('order-preflight check --market futures', () => {
  it('judges contract orders on the recorded grids: DOGEUSDT in hundreds, BTCUSDT on a 1-decimal price', async () => {
    const { status, stdout, stderr } = await run(
      jsonLines(
        limit('DOGEUSDT', 'BUY', 'LONG', '0.12345', '150'),
        limit('DOGEUSDT', 'BUY', 'LONG', '0.12345', '300'),
        limit('BTCUSDT', 'SELL', 'SHORT', '64000.05', '0.01'),
        limit('BTCUSDT', 'SELL', 'SHORT', '64000.1', '0.01'),
      ),
      '--json',
    );
    expect(status).toBe(1);
    const [doge150, doge300, btcOff, btcOn] = verdicts(stdout);
    expect(doge150?.ok).toBe(false);
    const step = doge150?.violations.find((v) => v.code === 'QUANTITY_STEP');
    expect(step).toMatchObject({ field: 'quantity', value: '150', suggestion: ['100', '200'] });
    expect(doge300?.ok).toBe(true);
    expect(btcOff?.ok).toBe(false);
    expect(btcOff?.violations.map((v) => v.field)).toContain('price');
    expect(btcOn?.ok).toBe(true);
    // A JSON verdict repeats the position side beside the spot fields.
    expect(btcOn).toMatchObject({ symbol: 'BTCUSDT', side: 'SELL', positionSide: 'SHORT' });
    expect(stderr).toMatch(/checked 4 orders: 2 passed, 2 refused/);
    expect(expectNoStack(stderr)).toBe(true);
  });

  it('caps an opening MARKET order at marketOpenLimitSize, and not the same size closing', async () => {
    // BTCUSDT's marketOpenLimitSize is 100.
    const { stdout } = await run(
      jsonLines(
        market('BTCUSDT', 'BUY', 'LONG', '100.5'),
        market('BTCUSDT', 'SELL', 'LONG', '100.5'),
        market('BTCUSDT', 'SELL', 'SHORT', '100'),
      ),
      '--json',
    );
    const [opening, closing, atCap] = verdicts(stdout);
    expect(codes(opening)).toContain('MARKET_OPEN_SIZE_ABOVE_MAX');
    expect(codes(closing)).not.toContain('MARKET_OPEN_SIZE_ABOVE_MAX');
    expect(codes(atCap)).not.toContain('MARKET_OPEN_SIZE_ABOVE_MAX');
  });

  it('holds an opening order to maxPositionSize with the position from --positions, and says when none is known', async () => {
    const positions = temp.path('positions.json');
    // ETHUSDT's maxPositionSize is 5000000.
    await writeFile(positions, '{"ETHUSDT": {"LONG": "4999999.5", "SHORT": 0}}');
    const orders = jsonLines(
      limit('ETHUSDT', 'BUY', 'LONG', '3000', '1'),
      limit('ETHUSDT', 'SELL', 'SHORT', '3000', '1'),
      limit('BTCUSDT', 'BUY', 'LONG', '64000', '1'),
    );
    const withPositions = await run(orders, '--json', '--positions', positions);
    const [over, flat, unknown] = verdicts(withPositions.stdout);
    expect(over?.violations.find((v) => v.code === 'POSITION_SIZE_ABOVE_MAX')).toMatchObject({
      limit: '5000000',
      value: '5000000.5',
    });
    expect(flat?.ok).toBe(true);
    expect(unknown?.skipped.find((s) => s.reason === 'NO_POSITION')?.message).toMatch(/--positions file/);
    expect(withPositions.stderr).toMatch(/1 order had the position cap skipped.*not in --positions/);

    const without = await run(orders, '--json');
    expect(verdicts(without.stdout).every((v) => v.skipped.some((s) => s.reason === 'NO_POSITION'))).toBe(
      true,
    );
    expect(without.stderr).toMatch(/3 orders had the position cap skipped.*see --positions/);
  });

  it('measures the band from --reference-prices', async () => {
    const prices = temp.path('prices.json');
    await writeFile(prices, '{"BTCUSDT": "64000"}');
    // BTCUSDT's buyLimitPriceRatio is 0.01: a buy above 64640 is refused.
    const orders = jsonLines(
      limit('BTCUSDT', 'BUY', 'LONG', '64640', '0.01'),
      limit('BTCUSDT', 'BUY', 'LONG', '64640.1', '0.01'),
    );
    const { stdout } = await run(orders, '--json', '--reference-prices', prices);
    const [edge, above] = verdicts(stdout);
    expect(edge?.ok).toBe(true);
    expect(codes(above)).toContain('PRICE_ABOVE_BUY_LIMIT');
    const bare = await run(orders, '--json');
    expect(verdicts(bare.stdout)[1]?.skipped.map((s) => s.reason)).toContain('NO_REFERENCE_PRICE');
    // --max-notional applies to contracts as to spot: 64640 x 0.01 = 646.4.
    const capped = await run(orders, '--json', '--reference-prices', prices, '--max-notional', '646.4');
    const [atCap, overCap] = verdicts(capped.stdout);
    expect(codes(atCap)).toEqual([]);
    expect(overCap?.violations.find((v) => v.code === 'NOTIONAL_ABOVE_MAX')).toMatchObject({
      limit: '646.4',
    });
  });

  it('prints the table by default, with the position side and room for the algo types', async () => {
    const stop = {
      ...market('BTCUSDT', 'SELL', 'LONG', '0.01'),
      type: 'TAKE_PROFIT_MARKET',
      triggerPrice: '70000',
    };
    const { status, stdout } = await run(jsonLines(limit('DOGEUSDT', 'BUY', 'LONG', '0.12345', '150'), stop));
    expect(status).toBe(1);
    const [header, doge, , , take] = stdout.split('\n');
    expect(header).toMatch(/^\s+LINE\s+RESULT\s+SYMBOL\s+SIDE\s+POSITION\s+TYPE\s+QUANTITY\s+PRICE$/);
    expect(doge).toMatch(/^\s+1\s+FAIL\s+DOGEUSDT\s+BUY\s+LONG\s+LIMIT\s+150\s+0\.12345$/);
    expect(stdout).toMatch(/QUANTITY_STEP .*-> try 100 or 200/);
    expect(take).toMatch(/^\s+2\s+PASS\s+BTCUSDT\s+SELL\s+LONG\s+TAKE_PROFIT_MARKET\s+0\.01\s+-$/);
    // The columns line up: each starts where its title does.
    for (const title of ['TYPE', 'QUANTITY', 'PRICE'] as const) {
      const at = header?.indexOf(title) ?? -1;
      expect(doge?.[at - 1]).toBe(' ');
      expect(take?.[at - 1]).toBe(' ');
      expect(take?.[at]).not.toBe(' ');
    }
  });

  it('refuses a spot payload or snapshot as --rules, and the flags of the other market, as usage errors', async () => {
    const snapshot = temp.path('snapshot.json');
    await writeSampleSnapshot(snapshot);
    const spotPayload = temp.path('spot.json');
    await writeFile(spotPayload, '{"timezone":"UTC","serverTime":1,"symbols":[]}');
    // The exchange's error answer saved instead of the contracts, a bare list, a cut-short file.
    const answer = temp.path('answer.json');
    await writeFile(answer, '{"code":-1121,"msg":"Invalid symbol."}');
    const array = temp.path('array.json');
    await writeFile(array, '[{"symbol":"BTCUSDT","contractVal":"0.0001"}]');
    const notJson = temp.path('cut.json');
    await writeFile(notJson, FAKE_CONTRACT_INFO_JSON.slice(0, 100));
    const orders = temp.path('orders.jsonl');
    await writeFile(orders, jsonLines(limit('BTCUSDT', 'BUY', 'LONG', '64000', '0.01')));
    for (const argv of [
      ['--market', 'futures', '--rules', snapshot, orders],
      ['--market', 'futures', '--rules', spotPayload, orders],
      ['--rules', snapshot, '--positions', spotPayload, orders],
      ['--market', 'futures', '--rules', contracts, '--client-order-ids', 'length', orders],
      ['--market', 'options', '--rules', contracts, orders],
      ['--market', 'futures', '--rules', answer, orders],
      ['--market', 'futures', '--rules', array, orders],
      ['--market', 'futures', '--rules', notJson, orders],
    ]) {
      const { io, stdout, stderr } = fakeIo(argv);
      expect(await check(io)).toBe(2);
      expect(stdout.text).toBe('');
      expect(stderr.lines).toHaveLength(1);
    }
    const { io, stderr } = fakeIo(['--market', 'futures', '--rules', snapshot, orders]);
    await check(io);
    expect(stderr.text).toMatch(/without --market futures/);
  });

  it.each([
    ['{"ETHUSDT": {"LONG": "-1"}}', /the position of "ETHUSDT" LONG must be a decimal of 0 or more/],
    ['{"ETHUSDT": {"BOTH": "1"}}', /the position of "ETHUSDT"/],
    ['{"ETHUSDT": "1"}', /the position of "ETHUSDT"/],
    ['["ETHUSDT"]', /expected a JSON object of symbol to positions/],
    ['{"ETHUSDT": {"LONG": "1"}, "ETHUSDT": {"LONG": "2"}}', /--positions/],
  ])('refuses the positions file %s as a usage error naming where', async (text, message) => {
    const positions = temp.path('positions.json');
    await writeFile(positions, text);
    const orders = temp.path('orders.jsonl');
    await writeFile(orders, jsonLines(limit('ETHUSDT', 'BUY', 'LONG', '3000', '1')));
    const { io, stdout, stderr } = fakeIo([
      '--market',
      'futures',
      '--rules',
      contracts,
      '--positions',
      positions,
      orders,
    ]);
    expect(await check(io)).toBe(2);
    expect(stdout.text).toBe('');
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toMatch(message);
  });

  it('leaves spot as it was: --market spot is the default', async () => {
    const snapshot = temp.path('snapshot.json');
    await writeSampleSnapshot(snapshot);
    const orders = temp.path('orders.jsonl');
    const order = {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '63999.99',
      quantity: '0.0015',
    };
    await writeFile(orders, jsonLines(order));
    for (const argv of [
      ['--rules', snapshot, '--json', orders],
      ['--market', 'spot', '--rules', snapshot, '--json', orders],
    ]) {
      const { io, stdout } = fakeIo(argv);
      expect(await check(io)).toBe(0);
      expect(verdicts(stdout.text)).toEqual([
        {
          line: 1,
          ok: true,
          symbol: 'BTCUSDT',
          side: 'BUY',
          type: 'LIMIT',
          violations: [],
          skipped: expect.any(Array),
        },
      ]);
    }
  });
});
