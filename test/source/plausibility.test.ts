import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuleBook } from '../../src/book/rule-book.js';
import type { RuleBookDiff } from '../../src/diff/diff-rule-books.js';
import { isPreflightError } from '../../src/errors/preflight-error.js';
import { parseExchangeInfo } from '../../src/exchange-info/parse-exchange-info.js';
import {
  ImplausibleRuleBookError,
  isImplausibleRuleBookError,
} from '../../src/source/implausible-rule-book-error.js';
import { createRuleBookSource, type RuleBookSource } from '../../src/source/rule-book-source.js';
import type { RuleBookSourceOptions } from '../../src/source/source-options.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { startTextExchange, type TextExchange } from '../../test-support/text-exchange.js';
import { rejectionOf } from '../client/harness.js';
import { recorder, type ScriptedExchange, SERVER_TIME, startScriptedExchange } from './scripted-exchange.js';

const ORDER = {
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price: '64000.01',
  quantity: '0.001',
};

/** A body with the given pairs, each a full definition named `<X>USDT`. */
function pairs(...names: string[]): Record<string, unknown> {
  return exchangeInfoPayload(
    names.map((name) => pairDefinition({ symbol: `${name}USDT`, baseAsset: name })),
    { serverTime: SERVER_TIME },
  );
}

const FOUR = ['BTC', 'ETH', 'SOL', 'XRP'];

let exchange: ScriptedExchange;
let source: RuleBookSource | undefined;

beforeEach(async () => {
  exchange = await startScriptedExchange();
  exchange.payload = pairs(...FOUR);
});

afterEach(async () => {
  await source?.stop();
  source = undefined;
  await exchange.close();
});

function start(options: Partial<RuleBookSourceOptions> = {}) {
  const errors = recorder<[unknown]>();
  const changes = recorder<[RuleBookDiff, RuleBook, RuleBook]>();
  source = createRuleBookSource({
    client: exchange.client,
    intervalMs: 60_000,
    onError: errors.fn,
    onChange: changes.fn,
    ...options,
  });
  return { source, errors, changes };
}

describe('the plausibility guard', () => {
  it('refuses an answer with no pairs: the last good book stays, onError gets the typed error with the diff', async () => {
    const { source, errors, changes } = start();
    const good = await source.ready();

    exchange.payload = exchangeInfoPayload([], { serverTime: SERVER_TIME });
    const refused = await rejectionOf(source.refresh());

    expect(refused).toBeInstanceOf(ImplausibleRuleBookError);
    expect(isImplausibleRuleBookError(refused)).toBe(true);
    expect(isPreflightError(refused)).toBe(true);
    const error = refused as ImplausibleRuleBookError;
    expect(error.name).toBe('ImplausibleRuleBookError');
    expect(error).toMatchObject({ reason: 'empty', usableBefore: 4, usableAfter: 0, lost: 4, lossShare: 1 });
    expect(error.diff.removed.map((d) => d.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT']);
    expect(source.current()).toBe(good);
    expect(source.validateOrder(ORDER).ok).toBe(true);
    expect(errors.calls.map(([e]) => e)).toEqual([refused]);
    expect(changes.calls).toHaveLength(0);
    expect(source.lastError).toBe(refused);
    expect(source.stats).toMatchObject({ refreshes: 1, failures: 1, refused: 1, consecutiveFailures: 1 });
  });

  it('refuses an answer whose every definition is malformed', async () => {
    const { source } = start();
    const good = await source.ready();
    exchange.payload = exchangeInfoPayload(
      FOUR.map((name) => pairDefinition({ symbol: `${name}USDT`, tickSize: 'n/a' })),
      { serverTime: SERVER_TIME },
    );
    const refused = await rejectionOf(source.refresh());
    expect(refused).toMatchObject({ name: 'ImplausibleRuleBookError', reason: 'empty', usableAfter: 0 });
    expect((refused as ImplausibleRuleBookError).diff.rejected.added).toHaveLength(4);
    expect(source.current()).toBe(good);
  });

  it('refuses losing more than half the pairs, allows losing exactly half', async () => {
    const { source, changes } = start();
    const good = await source.ready();

    exchange.payload = pairs('BTC');
    const refused = await rejectionOf(source.refresh());
    expect(refused).toMatchObject({
      reason: 'loss',
      usableBefore: 4,
      usableAfter: 1,
      lost: 3,
      lossShare: 0.75,
    });
    expect(refused).toMatchObject({ maxLossShare: 0.5 });
    expect(source.current()).toBe(good);

    exchange.payload = pairs('BTC', 'ETH');
    const halved = await source.refresh();
    expect(source.current()).toBe(halved);
    expect(halved.symbols).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(changes.calls).toHaveLength(1);
    expect(changes.calls[0]?.[0].removed.map((d) => d.symbol)).toEqual(['SOLUSDT', 'XRPUSDT']);
  });

  it('maxLossShare sets the threshold; 1 turns the loss check off but not the empty check', async () => {
    const strict = start({ maxLossShare: 0.2 });
    await strict.source.ready();
    exchange.payload = pairs('BTC', 'ETH', 'SOL');
    expect(await rejectionOf(strict.source.refresh())).toMatchObject({ reason: 'loss', lost: 1 });
    await strict.source.stop();

    exchange.payload = pairs(...FOUR);
    const open = start({ maxLossShare: 1 });
    await open.source.ready();
    exchange.payload = pairs('BTC');
    expect((await open.source.refresh()).symbols).toEqual(['BTCUSDT']);
    exchange.payload = exchangeInfoPayload([], { serverTime: SERVER_TIME });
    expect(await rejectionOf(open.source.refresh())).toMatchObject({ reason: 'empty' });
  });

  it('acceptRefresh is asked with the diff and both books, and true swaps the book in (a real delisting)', async () => {
    const asked = recorder<[RuleBookDiff, RuleBook, RuleBook | undefined, ImplausibleRuleBookError]>();
    let verdict = false;
    const { source, errors, changes } = start({
      acceptRefresh: (...args) => {
        asked.fn(...args);
        return verdict;
      },
    });
    const good = await source.ready();
    exchange.payload = pairs('BTC');

    const refused = await rejectionOf(source.refresh());
    expect(refused).toBeInstanceOf(ImplausibleRuleBookError);
    expect(asked.calls).toHaveLength(1);
    const [diff, next, previous, refusal] = asked.calls[0]!;
    expect(refusal).toBe(refused);
    expect(diff).toBe(refusal.diff);
    expect(diff.removed.map((d) => d.symbol)).toEqual(['ETHUSDT', 'SOLUSDT', 'XRPUSDT']);
    expect(next.symbols).toEqual(['BTCUSDT']);
    expect(previous).toBe(good);
    expect(source.current()).toBe(good);

    verdict = true;
    const accepted = await source.refresh();
    expect(source.current()).toBe(accepted);
    expect(accepted.symbols).toEqual(['BTCUSDT']);
    expect(changes.calls).toHaveLength(1);
    expect(errors.calls).toHaveLength(1); // only the first refusal
    expect(source.stats).toMatchObject({ refused: 1, refreshes: 2 });
  });

  it('an acceptRefresh that throws refuses, with its exception as the cause', async () => {
    const boom = new Error('boom');
    const { source } = start({
      acceptRefresh: () => {
        throw boom;
      },
    });
    const good = await source.ready();
    exchange.payload = pairs('BTC');
    const refused = await rejectionOf(source.refresh());
    expect(refused).toBeInstanceOf(ImplausibleRuleBookError);
    expect((refused as ImplausibleRuleBookError).cause).toBe(boom);
    expect(source.current()).toBe(good);
  });

  it('accepts a small first book, refuses an empty one (ready() rejects), and asks acceptRefresh with no previous book', async () => {
    exchange.payload = pairs('BTC');
    const small = start({ maxLossShare: 0 });
    expect((await small.source.ready()).symbols).toEqual(['BTCUSDT']);
    await small.source.stop();

    exchange.payload = exchangeInfoPayload([], { serverTime: SERVER_TIME });
    const asked = recorder<[RuleBookDiff, RuleBook, RuleBook | undefined, ImplausibleRuleBookError]>();
    const empty = start({
      acceptRefresh: (...args) => {
        asked.fn(...args);
        return false;
      },
    });
    const refused = await rejectionOf(empty.source.ready());
    expect(refused).toMatchObject({ name: 'ImplausibleRuleBookError', reason: 'empty', usableBefore: 0 });
    expect(empty.source.current()).toBeUndefined();
    expect(asked.calls[0]?.[2]).toBeUndefined();
    expect(asked.calls[0]?.[0].isEmpty).toBe(true);
  });

  it('a source narrowed to some symbols counts only those, even when its book holds more', async () => {
    // The book a restart loaded holds six pairs; this source only ever asks for two.
    const full = RuleBook.fromExchangeInfo(parseExchangeInfo(pairs(...FOUR, 'ADA', 'DOT')), {
      fetchedAt: Date.now() - 3_600_000,
    });
    exchange.payload = pairs('BTC', 'ETH');
    const { source, errors } = start({ initialBook: full, query: { symbols: ['BTCUSDT', 'ETHUSDT'] } });

    const narrowed = await source.refresh();

    expect(errors.calls).toHaveLength(0);
    expect(narrowed.symbols).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(new URL(exchange.server.requests[0]!.url, 'http://x').searchParams.get('symbols')).toContain(
      'BTCUSDT',
    );

    // Within its scope, losing one of two is half: allowed; the next loss is all: refused.
    exchange.payload = pairs('BTC');
    expect((await source.refresh()).symbols).toEqual(['BTCUSDT']);
    exchange.payload = pairs('SOL'); // the exchange ignoring the filter and losing the asked-for pair
    expect(await rejectionOf(source.refresh())).toMatchObject({ reason: 'loss', usableBefore: 1, lost: 1 });
  });

  it('a source narrowed to TRADING pairs does not count halted pairs its book held as lost', async () => {
    const mixed = exchangeInfoPayload(
      [
        ...FOUR.map((name) => pairDefinition({ symbol: `${name}USDT` })),
        ...['AAA', 'BBB', 'CCC', 'DDD', 'EEE'].map((name) =>
          pairDefinition({ symbol: `${name}USDT`, status: 'HALT' }),
        ),
      ],
      { serverTime: SERVER_TIME },
    );
    const initialBook = RuleBook.fromExchangeInfo(parseExchangeInfo(mixed), {
      fetchedAt: Date.now() - 3_600_000,
    });
    exchange.payload = pairs(...FOUR);
    const { source } = start({ initialBook, query: { symbolStatus: 'TRADING' } });
    expect((await source.refresh()).size).toBe(4); // 5 of 9 gone, but none of the 4 in scope
  });

  it('a source narrowed to HALT pairs counts only halted pairs, and sends the filter', async () => {
    const halted = (name: string) => pairDefinition({ symbol: `${name}USDT`, status: 'HALT' });
    const mixed = exchangeInfoPayload(
      [...FOUR.map((name) => pairDefinition({ symbol: `${name}USDT` })), halted('AAA'), halted('BBB')],
      { serverTime: SERVER_TIME },
    );
    const initialBook = RuleBook.fromExchangeInfo(parseExchangeInfo(mixed), {
      fetchedAt: Date.now() - 3_600_000,
    });
    exchange.payload = exchangeInfoPayload([halted('AAA')], { serverTime: SERVER_TIME });
    const { source } = start({ initialBook, query: { symbolStatus: 'HALT' } });
    // 5 of 6 gone, but of the 2 in scope only 1: half, allowed.
    expect((await source.refresh()).symbols).toEqual(['AAAUSDT']);
    expect(new URL(exchange.server.requests[0]!.url, 'http://x').searchParams.get('symbolStatus')).toBe(
      'HALT',
    );
    exchange.payload = exchangeInfoPayload([halted('CCC')], { serverTime: SERVER_TIME });
    expect(await rejectionOf(source.refresh())).toMatchObject({ reason: 'loss', usableBefore: 1, lost: 1 });
  });

  it('refused books are judged the same through a client that hands over the raw body', async () => {
    let text: TextExchange | undefined;
    try {
      text = await startTextExchange(JSON.stringify(pairs(...FOUR)));
      const errors = recorder<[unknown]>();
      source = createRuleBookSource({ client: text.fetcher, intervalMs: 60_000, onError: errors.fn });
      const good = await source.ready();
      text.body = JSON.stringify(exchangeInfoPayload([], { serverTime: SERVER_TIME + 1 }));
      expect(await rejectionOf(source.refresh())).toMatchObject({ reason: 'empty' });
      text.body = JSON.stringify({ ...pairs('BTC'), serverTime: SERVER_TIME + 2 });
      expect(await rejectionOf(source.refresh())).toMatchObject({ reason: 'loss', lost: 3 });
      expect(source.current()).toBe(good);
      expect(errors.calls.map(([e]) => (e as ImplausibleRuleBookError).reason)).toEqual(['empty', 'loss']);
    } finally {
      await source?.stop();
      source = undefined;
      await text?.close();
    }
  });

  it('a refused book is never written to the snapshot file', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'rule-book-guard-'));
    try {
      const file = join(directory, 'rule-book.json');
      const { source } = start({ snapshotFile: file });
      await source.ready();
      await source.refresh(); // nothing new: nothing written either
      exchange.payload = pairs('ETH', 'SOL', 'XRP', 'ADA'); // a change worth writing
      await source.refresh();
      await source.stop(); // waits for the write
      const written = await readFile(file, 'utf8');
      const { mtimeMs } = await stat(file);

      const again = start({ snapshotFile: file });
      expect((await again.source.ready()).symbols).toHaveLength(4); // from the file
      exchange.payload = exchangeInfoPayload([], { serverTime: SERVER_TIME });
      await rejectionOf(again.source.refresh());
      exchange.payload = pairs('ETH');
      await rejectionOf(again.source.refresh());
      await again.source.stop();

      expect(await readFile(file, 'utf8')).toBe(written);
      expect((await stat(file)).mtimeMs).toBe(mtimeMs);
      expect(RuleBook.fromJSON(JSON.parse(written)).symbols).toEqual([
        'ETHUSDT',
        'SOLUSDT',
        'XRPUSDT',
        'ADAUSDT',
      ]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('rejects a maxLossShare outside [0, 1]', () => {
    for (const maxLossShare of [-0.1, 1.5, Number.NaN, '0.5'])
      expect(() =>
        createRuleBookSource({
          client: exchange.client,
          intervalMs: 1_000,
          maxLossShare: maxLossShare as number,
        }),
      ).toThrow(expect.objectContaining({ name: 'InvalidArgumentError', argument: 'options.maxLossShare' }));
    expect(() =>
      createRuleBookSource({ client: exchange.client, intervalMs: 1_000, acceptRefresh: true as never }),
    ).toThrow(expect.objectContaining({ argument: 'options.acceptRefresh' }));
  });
});
