/**
 * The source's opt-in `keepRuleFields` guard: a refresh that takes a rule field away from a pair
 * that is still listed is refused (`rule-fields-removed`), the book in force stays and ages; by
 * default (library users) such a book is taken as before.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImplausibleRuleBookError } from '../../src/source/implausible-rule-book-error.js';
import { createRuleBookSource, type RuleBookSource } from '../../src/source/rule-book-source.js';
import type { RuleBookSourceOptions } from '../../src/source/source-options.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { rejectionOf } from '../client/harness.js';
import { recorder, type ScriptedExchange, SERVER_TIME, startScriptedExchange } from './scripted-exchange.js';

/** BTCUSDT with these fields (`undefined` leaves one out), ETHUSDT and SOLUSDT whole. */
function book(btc: Record<string, unknown> = {}): Record<string, unknown> {
  return exchangeInfoPayload(
    [
      pairDefinition(btc),
      pairDefinition({ symbol: 'ETHUSDT', baseAsset: 'ETH' }),
      pairDefinition({ symbol: 'SOLUSDT', baseAsset: 'SOL' }),
    ],
    { serverTime: SERVER_TIME },
  );
}

const STRIPPED = {
  maxTradeAmount: undefined,
  buyLimitPriceRatio: undefined,
  sellLimitPriceRatio: undefined,
  tickSize: undefined,
  status: undefined,
  enableTrade: undefined,
};

let exchange: ScriptedExchange;
let source: RuleBookSource | undefined;

beforeEach(async () => {
  exchange = await startScriptedExchange();
  exchange.payload = book();
});

afterEach(async () => {
  await source?.stop();
  source = undefined;
  await exchange.close();
});

function start(options: Partial<RuleBookSourceOptions> = {}) {
  const errors = recorder<[unknown]>();
  source = createRuleBookSource({
    client: exchange.client,
    intervalMs: 60_000,
    onError: errors.fn,
    ...options,
  });
  return { source, errors };
}

describe('keepRuleFields', () => {
  it('refuses a refresh that removes rule fields from a listed pair, naming them; the book in force stays', async () => {
    const { source, errors } = start({ keepRuleFields: true });
    const good = await source.ready();
    exchange.payload = book(STRIPPED);

    const refused = (await rejectionOf(source.refresh())) as ImplausibleRuleBookError;

    expect(refused).toMatchObject({
      name: 'ImplausibleRuleBookError',
      reason: 'rule-fields-removed',
      lost: 0,
    });
    // tickSize is inferred from displayDigitMerge afterwards: still counted as removed.
    expect(refused.removedFields).toEqual([
      {
        symbol: 'BTCUSDT',
        fields: [
          'status',
          'tickSize',
          'maxTradeAmount',
          'buyLimitPriceRatio',
          'sellLimitPriceRatio',
          'enableTrade',
        ],
      },
    ]);
    expect(source.current()).toBe(good);
    expect(source.lastError).toBe(refused);
    expect(errors.calls.map(([e]) => e)).toEqual([refused]);
    expect(source.stats).toMatchObject({ refused: 1, consecutiveFailures: 1 });
    // The kept book still checks what the refused one would have skipped.
    const huge = {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '1000000',
      price: '1000000',
    };
    expect(source.validateOrder(huge).violations.map((v) => v.code)).toContain('QUANTITY_ABOVE_MAX');
  });

  it('one field is enough, and a grid that disappears altogether counts as a removed tickSize', async () => {
    const { source } = start({ keepRuleFields: true });
    await source.ready();
    exchange.payload = book({ minTradeAmount: null });
    expect(await rejectionOf(source.refresh())).toMatchObject({
      reason: 'rule-fields-removed',
      removedFields: [{ symbol: 'BTCUSDT', fields: ['minTradeAmount'] }],
    });
    exchange.payload = book({ tickSize: undefined, displayDigitMerge: undefined });
    expect(await rejectionOf(source.refresh())).toMatchObject({
      removedFields: [{ symbol: 'BTCUSDT', fields: ['tickSize'] }],
    });
  });

  it('changed values, added fields, a cosmetic field removed and a "0" fallback ratio going absent are taken', async () => {
    exchange.payload = book({
      takerFeeRate: '0.001',
      marketFallbackPriceRatio: '0',
      maxTradeAmount: undefined,
    });
    const { source } = start({ keepRuleFields: true });
    await source.ready();
    exchange.payload = book({
      takerFeeRate: undefined,
      marketFallbackPriceRatio: undefined,
      maxTradeAmount: '50',
      tickSize: '0.1',
    });
    const next = await source.refresh();
    expect(source.current()).toBe(next);
    expect(next.definition('BTCUSDT')).toMatchObject({
      maxTradeAmount: '50',
      tickSize: '0.1',
      takerFeeRate: null,
    });
  });

  it('a pair that disappears is the loss guard’s, not this one’s; a first book lacking fields is taken', async () => {
    exchange.payload = book(STRIPPED);
    const { source } = start({ keepRuleFields: true });
    expect((await source.ready()).definition('BTCUSDT')?.maxTradeAmount).toBeNull();
    exchange.payload = exchangeInfoPayload(
      [
        pairDefinition({ symbol: 'ETHUSDT', baseAsset: 'ETH' }),
        pairDefinition({ symbol: 'SOLUSDT', baseAsset: 'SOL' }),
      ],
      { serverTime: SERVER_TIME },
    );
    expect((await source.refresh()).symbols).toEqual(['ETHUSDT', 'SOLUSDT']);
  });

  it('is off by default: the stripped book is swapped in, as before', async () => {
    const { source } = start();
    await source.ready();
    exchange.payload = book(STRIPPED);
    const next = await source.refresh();
    expect(source.current()).toBe(next);
    expect(next.definition('BTCUSDT')?.maxTradeAmount).toBeNull();
  });

  it('acceptRefresh sees the refusal with its removed fields, and can let the book in', async () => {
    const { source } = start({
      keepRuleFields: true,
      acceptRefresh: (_diff, _book, _previous, refusal) =>
        refusal.reason === 'rule-fields-removed' &&
        refusal.removedFields.every((r) => r.fields.includes('status')),
    });
    await source.ready();
    exchange.payload = book({ status: undefined });
    expect((await source.refresh()).definition('BTCUSDT')?.status).toBeNull();
    exchange.payload = book({ status: undefined, enableTrade: undefined, minTradeAmount: undefined });
    // enableTrade and minTradeAmount removed, status already gone: refused.
    expect(await rejectionOf(source.refresh())).toMatchObject({ reason: 'rule-fields-removed' });
  });

  it('refusals keep coming while the exchange keeps answering so, and the book goes stale past maxAgeMs', async () => {
    let clock = Date.now();
    const { source } = start({
      keepRuleFields: true,
      maxAgeMs: 60_000,
      now: () => clock,
      monotonicNow: () => clock,
    });
    await source.ready();
    exchange.payload = book(STRIPPED);
    expect(await rejectionOf(source.refresh())).toMatchObject({ reason: 'rule-fields-removed' });
    clock += 60_001;
    expect(await rejectionOf(source.refresh())).toMatchObject({ reason: 'rule-fields-removed' });
    expect(source.isStale()).toBe(true);
    expect(source.stats).toMatchObject({ refused: 2, consecutiveFailures: 2 });
  });

  it('keepRuleFields must be true or false', () => {
    expect(() =>
      createRuleBookSource({
        client: exchange.client,
        intervalMs: 1_000,
        keepRuleFields: 'yes' as unknown as boolean,
      }),
    ).toThrow(/keepRuleFields/);
  });
});
