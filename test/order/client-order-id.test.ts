import { describe, expect, it } from 'vitest';
import { checkOrder } from '../../src/index.js';
import {
  clientOrderIdFault,
  isClientOrderId,
  MAX_CLIENT_ORDER_ID_LENGTH,
} from '../../src/order/client-order-id.js';
import {
  checkOrderShape,
  fastOnly,
  fastVerdictOnly,
  generalPath,
} from '../../test-support/engine-internals.js';
import { book, limitOrder, marketOrder } from '../rules/fixtures.js';

/**
 * `newClientOrderId` as WEEX documents it (error -1180, "client_oid length must not exceed 40";
 * no character set): 1 to 40 code points, refused only for what a JSON string cannot carry as
 * it is (a control character U+0000-U+001F, a lone surrogate).
 */

const b = book();
const general = generalPath(b);
const fast = fastOnly(b);
const fastVerdict = fastVerdictOnly(b);

const FORTY_WITH_SPACES_AND_ACCENTS = 'ordre d’achat n° 12 — prix limité 64000'.padEnd(40, 'é');
const EMOJI_40 = '😀'.repeat(40); // 40 code points, 80 UTF-16 units

const PASSING: readonly [string, string][] = [
  ['1 character', '0'],
  ['40 characters', 'A'.repeat(40)],
  ['the connector example', 'my-spot-order-001'],
  ["Binance's old alphabet", 'my-order_1:2/3.4Z'],
  ['a space', 'has space'],
  ['40 characters with spaces and non-ASCII', FORTY_WITH_SPACES_AND_ACCENTS],
  ['punctuation JSON escapes', 'quote " backslash \\ slash /'],
  ['40 emoji (80 UTF-16 units)', EMOJI_40],
  ['39 ASCII and an emoji (41 UTF-16 units)', `${'a'.repeat(39)}😀`],
  ['CJK', '订单一二三'],
  ['U+007F DEL (JSON carries it unescaped)', 'del\u007f'],
  ['U+0080-U+009F (C1 controls, unescaped in JSON)', '\u0080\u009f'],
  ['a space only', ' '],
  ['U+0020, the first character after the controls', '\u0020x'],
  ['a replacement character', '\ufffd'],
  ['a byte order mark', '\ufeffid'],
];

const FAILING: readonly [string, unknown][] = [
  ['empty', ''],
  ['41 characters', 'A'.repeat(41)],
  ['41 emoji', '😀'.repeat(41)],
  ['40 characters and a space', `${'A'.repeat(40)} `],
  ['a newline', 'abc\n'],
  ['a tab', 'a\tb'],
  ['U+0000', '\u0000'],
  ['U+001F, the last control character', 'x\u001f'],
  ['a lone high surrogate', 'a\ud800b'],
  ['a lone high surrogate at the end', 'ab\ud83d'],
  ['a lone low surrogate', '\ude00ab'],
  ['a number', 123],
  ['a boolean', true],
  ['an array', ['id']],
  ['an object', { id: 'x' }],
];

describe('newClientOrderId: passing', () => {
  it.each(PASSING)('%s passes', (_label, id) => {
    expect(isClientOrderId(id)).toBe(true);
    expect(clientOrderIdFault(id)).toBeUndefined();
    for (const order of [
      limitOrder('BUY', '100', '1', { newClientOrderId: id }),
      marketOrder('SELL', '1', { newClientOrderId: id }),
    ]) {
      expect(b.validateOrder(order).violations).toEqual([]);
      expect(checkOrder(b, order).ok).toBe(true);
      expect(checkOrderShape(order).violations).toEqual([]);
    }
  });

  it('the limit is 40 code points', () => {
    expect(MAX_CLIENT_ORDER_ID_LENGTH).toBe(40);
    expect([...FORTY_WITH_SPACES_AND_ACCENTS]).toHaveLength(40);
    expect(FORTY_WITH_SPACES_AND_ACCENTS).toMatch(/ /);
    expect(FORTY_WITH_SPACES_AND_ACCENTS).toMatch(/[^\x20-\x7e]/);
  });

  it('null counts as absent', () => {
    expect(b.validateOrder(limitOrder('BUY', '100', '1', { newClientOrderId: null })).ok).toBe(true);
  });
});

describe('newClientOrderId: failing', () => {
  it.each(FAILING)('%s is INVALID_FIELD on newClientOrderId and nothing else', (_label, id) => {
    expect(isClientOrderId(id)).toBe(false);
    expect(clientOrderIdFault(id)).toEqual({ detail: expect.any(String), quoted: expect.any(Boolean) });
    const order = limitOrder('BUY', '100', '1', { newClientOrderId: id });
    const result = b.validateOrder(order);
    expect(result.violations.map((v) => [v.code, v.field])).toEqual([['INVALID_FIELD', 'newClientOrderId']]);
    expect(checkOrder(b, order).codes).toEqual(['INVALID_FIELD']);
  });

  it('the message names the limit and the value', () => {
    const long = theMessage('A'.repeat(41));
    expect(long).toContain('40');
    expect(long).toContain('41');
    const control = theMessage('abc\n');
    expect(control).toContain('U+000A');
    expect(control).toContain('"abc\\n"');
    expect(theMessage('a\ud800b')).toContain('U+D800');
    expect(theMessage(123)).toContain('123');
  });
});

describe('newClientOrderId: the fast path and the general path agree', () => {
  it.each([
    ...PASSING.map(([label, id]) => [label, id] as [string, unknown]),
    ...FAILING,
    ['absent', undefined],
    ['null', null],
  ])('%s', (_label, id) => {
    const orders = [
      limitOrder('BUY', '100', '1', { newClientOrderId: id }),
      limitOrder('BUY', '100.001', '1', { newClientOrderId: id }),
      marketOrder('SELL', '1', { newClientOrderId: id }),
    ];
    for (const order of orders) {
      const expected = general(order, undefined);
      expect(b.validateOrder(order)).toEqual(expected);
      const quick = fast(order, undefined);
      if (quick !== undefined) expect(quick).toEqual(expected);
      const verdict = fastVerdict(order, undefined);
      if (verdict !== undefined) expect(verdict.codes).toEqual(expected.violations.map((v) => v.code));
    }
  });

  it('a well-formed id stays on the fast path, a malformed one goes to the general path', () => {
    expect(fast(limitOrder('BUY', '100', '1', { newClientOrderId: EMOJI_40 }), undefined)).toBeDefined();
    expect(
      fast(limitOrder('BUY', '100', '1', { newClientOrderId: 'A'.repeat(41) }), undefined),
    ).toBeUndefined();
  });
});

function theMessage(id: unknown): string {
  const result = b.validateOrder(limitOrder('BUY', '100', '1', { newClientOrderId: id }));
  const violation = result.violations.find((v) => v.field === 'newClientOrderId');
  expect(violation).toBeDefined();
  return violation?.message ?? '';
}
