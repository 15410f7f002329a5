import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkOrder,
  FUTURES_CLIENT_ORDER_ID_PATTERN,
  isInvalidArgumentError,
  normalizeOrder,
  parseExchangeInfo,
  RuleBook,
} from '../../src/index.js';
import { createRuleBookSource } from '../../src/node.js';
import { fastOnly, fastVerdictOnly, generalPath } from '../../test-support/engine-internals.js';
import { book, definition, limitOrder, marketOrder, payload } from '../rules/fixtures.js';

/**
 * `clientOrderIds: 'futures-pattern'`: a book that holds spot client ids to the pattern WEEX
 * documents for futures V3 (`^[\.A-Z\:/a-z0-9_-]{1,36}$`), for desks that prefer the exchange's
 * likely rule for -1180's unnamed "special characters". Off by default: the default book takes
 * every id the spot documentation allows (1 to 40 characters, any character a JSON string
 * carries), and so do these tables where they differ.
 */

const lax = book();
const strict = RuleBook.fromExchangeInfo(parseExchangeInfo(payload([definition()])), {
  clientOrderIds: 'futures-pattern',
});

/** Every character the pattern allows, and ids at its length bound. */
const PASSING: readonly [string, string][] = [
  ['1 character', '0'],
  ['36 characters', 'a'.repeat(36)],
  ['the connector example', 'my-spot-order-001'],
  ['every allowed punctuation', '.:/_-'],
  ['upper, lower and digits', 'AZaz09'],
  ['a path-like id', 'desk/bot-7:grid.42_b'],
];

/** What the pattern refuses but the default rule passes. */
const FAILING: readonly [string, string][] = [
  ['37 characters', 'a'.repeat(37)],
  ['40 characters (the spot limit)', 'a'.repeat(40)],
  ['a space', 'has space'],
  ['a hash', 'order#1'],
  ['a plus', 'a+b'],
  ['an at sign', 'a@b'],
  ['a comma', 'a,b'],
  ['a backslash', 'a\\b'],
  ['a quote', 'a"b'],
  ['a non-ASCII letter', 'ordré'],
  ['an emoji', 'id😀'],
  ['a trailing space', 'abc '],
  ['U+007F DEL', 'del\u007f'],
];

const ordersWith = (id: unknown) => [
  limitOrder('BUY', '100', '1', { newClientOrderId: id }),
  marketOrder('SELL', '1', { newClientOrderId: id }),
];

describe("clientOrderIds: 'futures-pattern'", () => {
  it('the pattern is the futures V3 one', () => {
    expect(FUTURES_CLIENT_ORDER_ID_PATTERN.source).toBe('^[.A-Z:/a-z0-9_-]{1,36}$');
    expect(strict.clientOrderIds).toBe('futures-pattern');
    expect(lax.clientOrderIds).toBe('length');
  });

  it.each(PASSING)('%s passes', (_label, id) => {
    expect(FUTURES_CLIENT_ORDER_ID_PATTERN.test(id)).toBe(true);
    for (const order of ordersWith(id)) {
      expect(strict.validateOrder(order).violations).toEqual([]);
      expect(checkOrder(strict, order).ok).toBe(true);
    }
  });

  it.each(FAILING)(
    '%s is INVALID_FIELD on newClientOrderId under the pattern, and passes by default',
    (_label, id) => {
      expect(FUTURES_CLIENT_ORDER_ID_PATTERN.test(id)).toBe(false);
      for (const order of ordersWith(id)) {
        expect(lax.validateOrder(order).ok).toBe(true);
        const violations = strict.validateOrder(order).violations;
        expect(violations.map((v) => [v.code, v.field])).toEqual([['INVALID_FIELD', 'newClientOrderId']]);
        expect(checkOrder(strict, order).codes).toEqual(['INVALID_FIELD']);
        const repaired = normalizeOrder(strict, order);
        expect(repaired.ok).toBe(false);
      }
    },
  );

  it('the message names the option, and the length when that is the fault', () => {
    const message = (id: string) =>
      strict.validateOrder(limitOrder('BUY', '100', '1', { newClientOrderId: id })).violations[0]?.message ??
      '';
    expect(message('a'.repeat(37))).toContain('36');
    expect(message('a'.repeat(37))).toContain('37');
    expect(message('a b')).toContain('options.clientOrderIds');
    expect(message('a b')).toContain('"a b"');
  });

  it('what the default rule refuses is refused once, as by default', () => {
    for (const id of ['', 'a'.repeat(41), 'a\nb', 7]) {
      const order = limitOrder('BUY', '100', '1', { newClientOrderId: id });
      expect(strict.validateOrder(order)).toEqual(lax.validateOrder(order));
    }
  });

  it('keeps field order: after the order fields, before the context', () => {
    const order = limitOrder('BUY', '100', '1', { newClientOrderId: 'a b', side: 'buy' });
    const result = strict.validateOrder(order, { referencePrice: 'x' });
    expect(result.violations.map((v) => v.field)).toEqual(['side', 'newClientOrderId', 'referencePrice']);
  });

  it('the pattern adds to the other violations', () => {
    const order = limitOrder('BUY', '100.001', '1', { newClientOrderId: 'a b' });
    expect(checkOrder(strict, order).codes).toEqual(['INVALID_FIELD', ...checkOrder(lax, order).codes]);
  });

  it.each([...PASSING, ...FAILING, ['absent', undefined] as const])(
    'the fast ways and the general way agree: %s',
    (_label, id) => {
      const general = generalPath(strict);
      const fast = fastOnly(strict);
      const fastVerdict = fastVerdictOnly(strict);
      for (const order of [...ordersWith(id), limitOrder('BUY', '100.001', '1', { newClientOrderId: id })]) {
        const expected = general(order, undefined);
        expect(strict.validateOrder(order)).toEqual(expected);
        const quick = fast(order, undefined);
        if (quick !== undefined) expect(quick).toEqual(expected);
        const verdict = fastVerdict(order, undefined);
        if (verdict !== undefined) expect(verdict.codes).toEqual(expected.violations.map((v) => v.code));
      }
    },
  );

  it('a snapshot does not keep it: fromJSON takes it again', () => {
    const order = limitOrder('BUY', '100', '1', { newClientOrderId: 'a b' });
    const snapshot = JSON.parse(JSON.stringify(strict));
    expect(RuleBook.fromJSON(snapshot).validateOrder(order).ok).toBe(true);
    const loaded = RuleBook.fromJSON(snapshot, { clientOrderIds: 'futures-pattern' });
    expect(loaded.validateOrder(order).violations.map((v) => v.code)).toEqual(['INVALID_FIELD']);
  });

  it.each([['strict'], [true], ['FUTURES-PATTERN'], [null]])(
    'options.clientOrderIds %j is an InvalidArgumentError',
    (value) => {
      const build = () =>
        RuleBook.fromExchangeInfo(parseExchangeInfo(payload([definition()])), {
          clientOrderIds: value as never,
        });
      expect(build).toThrow();
      try {
        build();
      } catch (error) {
        expect(isInvalidArgumentError(error)).toBe(true);
        expect((error as { argument: string }).argument).toBe('options.clientOrderIds');
      }
      expect(() =>
        RuleBook.fromJSON(JSON.parse(JSON.stringify(lax)), { clientOrderIds: value as never }),
      ).toThrow();
    },
  );
});

describe('withClientOrderIds and the rule-book source', () => {
  const order = limitOrder('BUY', '100', '1', { newClientOrderId: 'my order #1' });

  it('withClientOrderIds gives the same pairs under another rule, and the book itself for its own', () => {
    const view = lax.withClientOrderIds('futures-pattern');
    expect(view.clientOrderIds).toBe('futures-pattern');
    expect(view.validateOrder(order).violations.map((v) => v.field)).toEqual(['newClientOrderId']);
    expect(lax.validateOrder(order).ok).toBe(true);
    expect(view.symbols).toEqual(lax.symbols);
    expect(view.fetchedAt).toBe(lax.fetchedAt);
    expect(view.toJSON()).toEqual(lax.toJSON());
    expect(view.withClientOrderIds('length').validateOrder(order).ok).toBe(true);
    expect(lax.withClientOrderIds('length')).toBe(lax);
    expect(() => lax.withClientOrderIds('strict' as never)).toThrow(
      expect.objectContaining({ argument: 'rule' }),
    );
  });

  it('a source serves every book under its clientOrderIds: initial, loaded from a file and fetched', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'client-ids-'));
    const info = parseExchangeInfo(payload([definition()]));
    const client = { fetchExchangeInfo: async () => info };
    try {
      const initial = createRuleBookSource({
        client,
        intervalMs: 60_000,
        initialBook: lax,
        clientOrderIds: 'futures-pattern',
      });
      expect(initial.validateOrder(order).ok).toBe(false);
      await initial.stop();

      const snapshotFile = join(directory, 'rules.json');
      await writeFile(snapshotFile, JSON.stringify(lax));
      const loaded = createRuleBookSource({
        client: { fetchExchangeInfo: () => new Promise<never>(() => {}) },
        intervalMs: 60_000,
        snapshotFile,
        writeSnapshot: false,
        clientOrderIds: 'futures-pattern',
      });
      await loaded.ready();
      expect(loaded.validateOrder(order).ok).toBe(false);
      await loaded.stop();

      const fetched = createRuleBookSource({ client, intervalMs: 60_000, clientOrderIds: 'futures-pattern' });
      await fetched.ready();
      expect(fetched.validateOrder(order).ok).toBe(false);
      await fetched.stop();

      const byDefault = createRuleBookSource({ client, intervalMs: 60_000 });
      await byDefault.ready();
      expect(byDefault.validateOrder(order).ok).toBe(true);
      await byDefault.stop();

      expect(() =>
        createRuleBookSource({ client, intervalMs: 60_000, clientOrderIds: 'strict' as never }),
      ).toThrow();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 30_000);
});
