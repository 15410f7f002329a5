import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { check } from '../../src/cli/commands/check.js';
import { fakeIo, jsonLines, limit, tempDir, writeSampleSnapshot } from './harness.js';

/**
 * `check --client-order-ids futures-pattern` holds ids to the futures V3 pattern, from a snapshot
 * and from a raw payload alike; the default (`length`) takes any id of 1 to 40 characters.
 */

let temp: Awaited<ReturnType<typeof tempDir>>;
let rules: string;
let orders: string;

beforeEach(async () => {
  temp = await tempDir();
  rules = temp.path('rules.json');
  await writeSampleSnapshot(rules);
  orders = temp.path('orders.jsonl');
  await writeFile(
    orders,
    jsonLines(
      { ...limit('BTCUSDT', 'BUY', '63999.99', '0.0015'), newClientOrderId: 'bot-1:grid/42' },
      { ...limit('BTCUSDT', 'BUY', '63999.99', '0.0015'), newClientOrderId: 'my order #2' },
    ),
  );
});
afterEach(async () => {
  await temp.remove();
});

async function verdicts(...flags: string[]): Promise<{ exit: number; codes: string[][] }> {
  const { io, stdout } = fakeIo(['--rules', rules, '--json', ...flags, orders]);
  const exit = await check(io);
  const codes = stdout.text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { violations: { code: string; field: string }[] }).violations)
    .map((violations) => violations.map((v) => `${v.code} ${v.field}`));
  return { exit, codes };
}

describe('order-preflight check --client-order-ids', () => {
  it('by default takes both ids', async () => {
    expect(await verdicts()).toEqual({ exit: 0, codes: [[], []] });
    expect(await verdicts('--client-order-ids', 'length')).toEqual({ exit: 0, codes: [[], []] });
  });

  it('futures-pattern refuses the id with a space and a hash', async () => {
    expect(await verdicts('--client-order-ids', 'futures-pattern')).toEqual({
      exit: 1,
      codes: [[], ['INVALID_FIELD newClientOrderId']],
    });
  });

  it('applies to a raw payload too', async () => {
    const { SAMPLE_EXCHANGE_INFO_JSON } = await import('../../src/index.js');
    await writeFile(rules, SAMPLE_EXCHANGE_INFO_JSON);
    expect((await verdicts('--client-order-ids', 'futures-pattern')).codes).toEqual([
      [],
      ['INVALID_FIELD newClientOrderId'],
    ]);
  });

  it('another rule is a usage error', async () => {
    expect((await verdicts('--client-order-ids', 'strict')).exit).toBe(2);
  });
});
