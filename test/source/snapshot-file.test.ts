import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuleBook } from '../../src/book/rule-book.js';
import { parseExchangeInfo } from '../../src/exchange-info/parse-exchange-info.js';
import { SnapshotError } from '../../src/snapshot/snapshot-error.js';
import { createRuleBookSource, type RuleBookSource } from '../../src/source/rule-book-source.js';
import { SnapshotFileError } from '../../src/source/snapshot-file-error.js';
import { recorder, type ScriptedExchange, startScriptedExchange, twoPairs } from './scripted-exchange.js';

const ORDER = {
  symbol: 'BTCUSDT',
  side: 'SELL',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price: '64000.1',
  quantity: '0.5',
};

let directory: string;
let file: string;
let exchange: ScriptedExchange;
let source: RuleBookSource | undefined;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rule-book-source-'));
  file = join(directory, 'rule-book.json');
  exchange = await startScriptedExchange();
});

afterEach(async () => {
  await source?.stop();
  source = undefined;
  await exchange.close();
  await rm(directory, { recursive: true, force: true });
});

async function writeSnapshotOf(payload: Record<string, unknown>, fetchedAt: number): Promise<RuleBook> {
  const book = RuleBook.fromExchangeInfo(parseExchangeInfo(payload), { fetchedAt });
  await writeFile(file, JSON.stringify(book.toJSON()));
  return book;
}

describe('a rule-book source with a snapshot file', () => {
  it('starts from a fresh snapshot without a single request', async () => {
    const clock = 1_000_000;
    const saved = await writeSnapshotOf(twoPairs({ tickSize: '0.05' }), clock - 10_000);
    source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 60_000,
      jitterRatio: 0,
      snapshotFile: file,
      now: () => clock,
      monotonicNow: () => 0, // both clocks stand still: the age is the snapshot's alone
    });

    const book = await source.ready();

    expect(exchange.server.requests).toHaveLength(0);
    expect(book.fetchedAt).toBe(saved.fetchedAt);
    expect(book.definition('BTCUSDT')).toEqual(saved.definition('BTCUSDT'));
    expect(book.validateOrder(ORDER, { referencePrice: '64000' })).toEqual(
      saved.validateOrder(ORDER, { referencePrice: '64000' }),
    );
    expect(source.ageMs()).toBe(10_000);
    expect(source.nextRefreshAt).toBe(clock + 50_000); // due when the snapshot's interval ends
    expect(source.stats.refreshes).toBe(0);
  });

  it('starts from an old snapshot and refreshes at once, reporting what changed meanwhile', async () => {
    const saved = await writeSnapshotOf(twoPairs({ tickSize: '0.05' }), Date.now() - 3_600_000);
    const changes = recorder<[unknown, RuleBook, RuleBook]>();
    source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 60_000,
      snapshotFile: file,
      onChange: changes.fn,
    });

    const first = await source.ready();
    expect(first.fetchedAt).toBe(saved.fetchedAt);
    expect(source.isStale()).toBe(true);
    await waitUntil(() => source?.stats.refreshes === 1);

    expect(exchange.server.requests).toHaveLength(1);
    expect(source.isStale()).toBe(false);
    expect(changes.calls).toHaveLength(1);
    expect(changes.calls[0]?.[2]).toBe(first);
  });

  it('writes a snapshot after each successful fetch, atomically, that loads into an equal book', async () => {
    source = createRuleBookSource({ client: exchange.client, intervalMs: 60_000, snapshotFile: file });
    await source.ready();
    exchange.payload = twoPairs({ tickSize: '0.2' });
    const latest = await source.refresh();
    await source.stop(); // waits for the write

    const loaded = RuleBook.fromJSON(JSON.parse(await readFile(file, 'utf8')));
    expect(loaded.fetchedAt).toBe(latest.fetchedAt);
    expect(loaded.definition('BTCUSDT')?.tickSize).toBe('0.2');
    expect(loaded.validateOrder(ORDER, { referencePrice: '64000' })).toEqual(
      latest.validateOrder(ORDER, { referencePrice: '64000' }),
    );
    expect(await readdir(directory)).toEqual(['rule-book.json']); // no temporary file left
  });

  it('writes nothing with writeSnapshot: false', async () => {
    source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 60_000,
      snapshotFile: file,
      writeSnapshot: false,
    });
    await source.ready();
    await source.stop();
    expect(await readdir(directory)).toEqual([]);
  });

  it('reports an unreadable snapshot and fetches instead', async () => {
    await writeFile(file, '{"version": 1, "pairs": [tr');
    const errors = recorder<[unknown]>();
    source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 60_000,
      snapshotFile: file,
      writeSnapshot: false,
      onError: errors.fn,
    });

    const book = await source.ready();

    expect(exchange.server.requests).toHaveLength(1);
    expect(book.size).toBe(2);
    expect(errors.calls).toHaveLength(1);
    const [error] = errors.calls[0]!;
    expect(error).toBeInstanceOf(SnapshotFileError);
    expect(error).toMatchObject({ operation: 'read', path: file });
    expect((error as SnapshotFileError).cause).toBeInstanceOf(SnapshotError);
    expect((error as SnapshotFileError).cause).toMatchObject({ reason: 'json' });
    expect(source.lastError).toBeUndefined(); // lastError is about fetches
  });

  it('reports a snapshot from a future version, with the SnapshotError as the cause', async () => {
    const book = RuleBook.fromExchangeInfo(parseExchangeInfo(twoPairs()), { fetchedAt: Date.now() });
    await writeFile(file, JSON.stringify({ ...book.toJSON(), version: 999 }));
    const errors = recorder<[unknown]>();
    source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 60_000,
      snapshotFile: file,
      writeSnapshot: false,
      onError: errors.fn,
    });
    await source.ready();
    const [error] = errors.calls[0]!;
    expect(error).toMatchObject({ name: 'SnapshotFileError', operation: 'read' });
    expect((error as SnapshotFileError).cause).toBeInstanceOf(SnapshotError);
    expect((error as SnapshotFileError).cause).toMatchObject({ reason: 'version' });
  });

  it('a missing snapshot is normal: no error, one fetch', async () => {
    const errors = recorder<[unknown]>();
    source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 60_000,
      snapshotFile: file,
      onError: errors.fn,
    });
    await source.ready();
    expect(exchange.server.requests).toHaveLength(1);
    expect(errors.calls).toHaveLength(0);
  });

  it('a stop() while the snapshot is being read sends nothing and reports nothing', async () => {
    await writeSnapshotOf(twoPairs(), Date.now() - 3_600_000);
    const errors = recorder<[unknown]>();
    source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 60_000,
      snapshotFile: file,
      onError: errors.fn,
    });
    source.start();
    await source.stop();
    expect(source.state).toBe('stopped');
    expect(exchange.server.requests).toHaveLength(0);
    expect(errors.calls).toHaveLength(0);
  });

  it('a failed write is reported and changes nothing else', async () => {
    const errors = recorder<[unknown]>();
    const unwritable = join(directory, 'missing-directory', 'rule-book.json');
    source = createRuleBookSource({
      client: exchange.client,
      intervalMs: 60_000,
      snapshotFile: unwritable,
      onError: errors.fn,
    });
    const book = await source.ready();
    await source.stop();
    expect(source.current()).toBe(book);
    expect(errors.calls).toHaveLength(1);
    expect(errors.calls[0]?.[0]).toMatchObject({
      name: 'SnapshotFileError',
      operation: 'write',
      path: unwritable,
    });
    expect(source.stats).toMatchObject({ refreshes: 1, failures: 0 });
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 1_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
