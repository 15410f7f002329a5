import { mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuleBook } from '../../src/book/rule-book.js';
import { diffRuleBooksSteps } from '../../src/diff/diff-rule-books.js';
import { parseExchangeInfoText } from '../../src/exchange-info/parse-exchange-info-text.js';
import { scanExchangeInfoText } from '../../src/source/exchange-info-body.js';
import { createRuleBookSource, type RuleBookSource } from '../../src/source/rule-book-source.js';
import { Slicer } from '../../src/source/slicer.js';
import { writeSnapshotFile } from '../../src/source/snapshot-file.js';
import {
  LARGE_SERVER_TIME,
  largePayload,
  startTextExchange,
  type TextExchange,
} from '../../test-support/text-exchange.js';
import { measureStall } from './stall-meter.js';

/**
 * The README promises no block over 50 ms; a test on a busy 2-core CI machine (where the OS
 * alone can hold a process back for 100 ms and more, and `npm test` runs the type-check beside
 * the tests) holds generous bounds instead: no gap with more than 150 ms of the main thread's CPU
 * work in it (the witness of a block the work itself caused), and a loop delay under 1 s (which
 * also counts time the OS did not run the process: 0.5 s has been seen on a loaded machine).
 * Before slicing, a 20,000-pair refresh held the loop for 1.5-4 s on the same machine
 * (`npx tsx bench/refresh-stall.ts`).
 */
const MAX_DELAY_MS = 1_000;
const MAX_BUSY_MS = 150;
const PAIRS = 20_000;
/** What the end-to-end tests set the snapshot file's times to, so that a rewrite cannot go unseen. */
const LONG_AGO = new Date('2001-01-01T00:00:00Z');

let original: string;
let changed: string;
let directory: string;
let exchange: TextExchange;
/**
 * The books of `original` and `changed`: the end-to-end tests keep the two they build, and the diff
 * test reuses them rather than parse and compile 40,000 pairs again.
 */
let books: { readonly before: RuleBook; readonly after: RuleBook } | undefined;

function twoBooks(): { readonly before: RuleBook; readonly after: RuleBook } {
  books ??= {
    before: RuleBook.fromExchangeInfo(parseExchangeInfoText(original), { fetchedAt: 1 }),
    after: RuleBook.fromExchangeInfo(parseExchangeInfoText(changed), { fetchedAt: 2 }),
  };
  return books;
}

beforeAll(async () => {
  original = JSON.stringify(largePayload(PAIRS));
  changed = JSON.stringify(largePayload(PAIRS, { changed: true, serverTime: LARGE_SERVER_TIME + 60_000 }));
  directory = await mkdtemp(join(tmpdir(), 'refresh-stall-'));
  exchange = await startTextExchange(original);
});

afterAll(async () => {
  await exchange?.close();
  await rm(directory, { recursive: true, force: true });
});

describe(`a ${PAIRS}-pair refresh never holds the event loop for long`, () => {
  it('parsing the raw body in slices, where one whole-body parse blocks', { timeout: 120_000 }, async () => {
    const whole = await measureStall(async () => parseExchangeInfoText(original));
    // The bounds mean something here: the one-call parse breaks them (its CPU time is the
    // steadier witness; the loop-delay histogram has been seen to miss a single long block).
    expect(whole.maxBusyMs).toBeGreaterThan(2 * MAX_BUSY_MS);

    const sliced = await measureStall(async () => {
      const slicer = new Slicer();
      return (await scanExchangeInfoText(original, slicer)).parse(slicer);
    });
    expect(sliced.value.symbols.length).toBe(whole.value.symbols.length);
    expect(sliced.maxDelayMs).toBeLessThan(MAX_DELAY_MS);
    expect(sliced.maxBusyMs).toBeLessThan(MAX_BUSY_MS);
  });

  describe('one source, from its first book on, end to end with its snapshot writes', () => {
    let source: RuleBookSource | undefined;
    let first: RuleBook | undefined;
    const file = () => join(directory, 'end-to-end.json');

    afterAll(async () => {
      await source?.stop();
    });

    /**
     * Waits for the source's next snapshot write: the file is written elsewhere and renamed into
     * place, so it is whole once its time changes. Its times are then set far back, so that the
     * write after it shows too, however coarse the file system's clock.
     */
    async function nextWrite(): Promise<void> {
      for (;;) {
        const now = await stat(file()).catch(() => undefined);
        if (now !== undefined && now.mtimeMs !== LONG_AGO.getTime()) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await utimes(file(), LONG_AGO, LONG_AGO);
    }

    it('the first book and its snapshot write', { timeout: 120_000 }, async () => {
      exchange.body = original;
      source = createRuleBookSource({
        client: exchange.fetcher,
        intervalMs: 3_600_000,
        snapshotFile: file(),
      });
      const ready = await measureStall(async () => {
        const book = await source!.ready();
        await nextWrite();
        return book;
      });
      expect(ready.value.size).toBeGreaterThan(19_000);
      expect(ready.maxDelayMs).toBeLessThan(MAX_DELAY_MS);
      expect(ready.maxBusyMs).toBeLessThan(MAX_BUSY_MS);
      first = ready.value;
    });

    it('a changed refresh and its snapshot write', { timeout: 120_000 }, async () => {
      if (source === undefined || first === undefined) throw new Error('the first book is missing');
      exchange.body = changed;
      const refresh = await measureStall(async () => {
        const book = await source!.refresh();
        await nextWrite();
        return book;
      });
      expect(refresh.value).not.toBe(first);
      expect(refresh.maxDelayMs).toBeLessThan(MAX_DELAY_MS);
      expect(refresh.maxBusyMs).toBeLessThan(MAX_BUSY_MS);
      books = { before: first, after: refresh.value };
    });

    it('a refetch that says nothing new: no parse, no compile, no write, and no block', {
      timeout: 120_000,
    }, async () => {
      const book = source?.current();
      if (source === undefined || book === undefined) throw new Error('the changed book is missing');
      const written = await stat(file());
      exchange.body = JSON.stringify(
        largePayload(PAIRS, { changed: true, serverTime: LARGE_SERVER_TIME + 120_000 }),
      );
      const stall = await measureStall(() => source!.refresh());

      expect(stall.value).toBe(book);
      expect(source.ageMs()).toBeLessThan(stall.wallMs + 1_000);
      expect(stall.maxDelayMs).toBeLessThan(MAX_DELAY_MS);
      expect(stall.maxBusyMs).toBeLessThan(MAX_BUSY_MS);
      await source.stop(); // waits for any snapshot write
      const after = await stat(file());
      expect([after.ino, after.mtimeMs]).toEqual([written.ino, LONG_AGO.getTime()]);
    });
  });

  it('diffing two books and writing a snapshot in slices', { timeout: 120_000 }, async () => {
    const { before, after } = twoBooks();
    books = undefined; // 40,000 pairs, not kept for the tests after this one
    const file = join(directory, 'sliced.json');
    const stall = await measureStall(async () => {
      const diff = await new Slicer().run(diffRuleBooksSteps(before, after));
      await writeSnapshotFile(file, after);
      return diff;
    });
    expect(stall.value.changed.length).toBeGreaterThan(100);
    expect(stall.maxDelayMs).toBeLessThan(MAX_DELAY_MS);
    expect(stall.maxBusyMs).toBeLessThan(MAX_BUSY_MS);
  });

  it('stop() during the sliced work ends it at the next slice, not after the whole refresh', {
    timeout: 120_000,
  }, async () => {
    exchange.body = original;
    const source = createRuleBookSource({ client: exchange.fetcher, intervalMs: 3_600_000 });
    const requests = exchange.server.requests.length;
    const refresh = source.refresh();
    refresh.catch(() => {});
    // Wait until the body has arrived and is being worked on, then stop.
    while (exchange.server.requests.length === requests)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stopping = measureStall(() => source.stop());
    const stopped = await stopping;
    await expect(refresh).rejects.toMatchObject({ name: 'RuleBookSourceStoppedError' });
    expect(source.current()).toBeUndefined();
    expect(stopped.wallMs).toBeLessThan(MAX_DELAY_MS);
  });
});
