/**
 * The risk gateway reads a WEEX V3 order from its JSON body as sent (examples/risk-gateway):
 * - any order, serialised with its decimals as JSON numbers or strings, its keys in any order,
 *   any key spelled with escapes, and any whitespace between tokens, reads to the same judged
 *   order, a number by its written digits;
 * - a key that appears twice, at any depth and in any spelling, is always refused;
 * - the strict reader it shares with the library (`parseJsonStrictly`) agrees with `JSON.parse`
 *   on every text: it accepts exactly what JSON.parse accepts (bar duplicate keys, which it
 *   refuses on purpose; a byte-order mark both refuse), and reads it to the same structure, each
 *   number as its written text.
 */
import fc from 'fast-check';
import { parse as parseLosslessly } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { parseOrderRequest } from '../src/gateway/parse-order-request.js';
import { parseJsonStrictly } from '../src/index.js';
import { propertyParameters } from '../test-support/runs.js';

const JSON_TYPE = 'application/json';

/** A decimal as a client writes it: digits, maybe a fraction with trailing zeros. */
const decimalText = fc
  .tuple(
    fc.oneof(fc.constant('0'), fc.bigInt({ min: 1n, max: 10n ** 20n }).map(String)),
    fc.option(fc.stringMatching(/^\d{1,12}$/), { nil: undefined }),
  )
  .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));

interface GeneratedOrder {
  readonly fields: ReadonlyArray<readonly [string, string, 'string' | 'number']>;
}

/** An order's fields, each decimal written as a JSON string or a JSON number. */
const orderArb: fc.Arbitrary<GeneratedOrder> = fc
  .record({
    symbol: fc.constantFrom('BTCUSDT', 'ETHUSDT', 'x', 'ü€😀'),
    side: fc.constantFrom('BUY', 'SELL', 'buy'),
    type: fc.constantFrom('LIMIT', 'MARKET'),
    timeInForce: fc.constantFrom('GTC', 'IOC', 'FOK'),
    quantity: decimalText,
    price: decimalText,
    newClientOrderId: fc.string({ unit: 'grapheme', maxLength: 40 }),
    quantityAs: fc.constantFrom('string', 'number'),
    priceAs: fc.constantFrom('string', 'number'),
  })
  .map((o) => ({
    fields: [
      ['symbol', o.symbol, 'string'],
      ['side', o.side, 'string'],
      ['type', o.type, 'string'],
      ['timeInForce', o.timeInForce, 'string'],
      ['quantity', o.quantity, o.quantityAs],
      ['price', o.price, o.priceAs],
      ['newClientOrderId', o.newClientOrderId, 'string'],
    ] as const,
  }));

/** A key written plainly or with some of its characters as `\uXXXX` escapes. */
function spellKey(key: string, escapeMask: readonly boolean[]): string {
  let out = '"';
  [...key].forEach((char, i) => {
    out += escapeMask[i % Math.max(1, escapeMask.length)]
      ? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
      : char;
  });
  return `${out}"`;
}

const whitespace = fc.stringMatching(/^[ \t\r\n]{0,3}$/);

/** Writes fields in the given order, keys spelled with the given escapes, whitespace between tokens. */
function writeOrder(
  fields: ReadonlyArray<readonly [string, string, 'string' | 'number']>,
  escapeMask: readonly boolean[],
  gaps: readonly string[],
): string {
  const gap = (i: number) => gaps[i % Math.max(1, gaps.length)] ?? '';
  const members = fields.map(
    ([key, value, as], i) =>
      `${gap(i)}${spellKey(key, escapeMask)}${gap(i + 1)}:${gap(i + 2)}${as === 'number' ? value : JSON.stringify(value)}${gap(i + 3)}`,
  );
  return `${gap(0)}{${members.join(',')}}${gap(1)}`;
}

function read(body: string) {
  return parseOrderRequest({ query: '', body: Buffer.from(body, 'utf8'), contentType: JSON_TYPE });
}

describe('the gateway reads a JSON order as sent', () => {
  it('any serialisation (numbers or strings, any key order, escaped keys, whitespace) reads to the same order', () => {
    fc.assert(
      fc.property(
        orderArb.chain((order) =>
          fc.tuple(
            fc.constant(order),
            fc.shuffledSubarray([...order.fields], { minLength: order.fields.length }),
          ),
        ),
        fc.array(fc.boolean(), { maxLength: 5 }),
        fc.array(whitespace, { maxLength: 4 }),
        ([order, shuffled], escapeMask, gaps) => {
          const parsed = read(writeOrder(shuffled, escapeMask, gaps));
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          const expected = Object.fromEntries(order.fields.map(([key, value]) => [key, value]));
          expect(parsed.order).toEqual(expected);
        },
      ),
      propertyParameters(300),
    );
  });

  it('a key that appears twice, in any spelling and at any depth, is always refused', () => {
    fc.assert(
      fc.property(
        orderArb,
        fc.nat(),
        fc.array(fc.boolean(), { maxLength: 5 }),
        fc.constantFrom('top', 'nested'),
        (order, pick, escapeMask, where) => {
          const [key, value, as] = order.fields[pick % order.fields.length]!;
          const again: readonly [string, string, 'string' | 'number'] = [key, value, as];
          let body: string;
          if (where === 'top') {
            const fields = [...order.fields];
            fields.splice(pick % (fields.length + 1), 0, again);
            body = writeOrder(fields, escapeMask, []);
          } else {
            const nested = writeOrder([again, ['other', '1', 'number'], again], escapeMask, []);
            body = `${writeOrder(order.fields, [], []).slice(0, -1)},"extra":{"deeper":[${nested}]}}`;
          }
          const parsed = read(body);
          expect(parsed.ok).toBe(false);
          if (parsed.ok) return;
          expect(parsed.problem.reason).toBe('duplicate-key');
          expect(parsed.problem.fields).toEqual([key]);
          expect(parsed.problem.status).toBe(400);
        },
      ),
      propertyParameters(300),
    );
  });
});

/** What JSON.parse gives, each number as its written text instead of a double. */
function jsonParseKeepingDigits(text: string): unknown {
  return parseLosslessly(text, undefined, (source) => source);
}

/** The gateway's bounds: the body cap bounds lengths and counts; only nesting is bounded. */
function readStrictly(text: string) {
  return parseJsonStrictly(Buffer.from(text, 'utf8'), {
    maxValueBytes: Number.POSITIVE_INFINITY,
    maxValues: Number.POSITIVE_INFINITY,
  });
}

function jsonParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Valid JSON, then maybe damaged: a character dropped, doubled, replaced, or one of JSON's inserted. */
const jsonTextArb = fc
  .tuple(
    fc.jsonValue({ maxDepth: 4 }),
    fc.option(
      fc.tuple(
        fc.nat(),
        fc.constantFrom('drop', 'double', 'replace', 'insert'),
        fc.oneof(fc.string({ maxLength: 1 }), fc.constantFrom(...',:"\\{}[]0-e ')),
      ),
    ),
  )
  .map(([value, damage]) => {
    const text = JSON.stringify(value, null, damage !== null && damage[0] % 2 === 0 ? 1 : undefined);
    if (damage === null || text.length === 0) return text;
    const [at, how, by] = damage;
    const i = at % text.length;
    if (how === 'drop') return text.slice(0, i) + text.slice(i + 1);
    if (how === 'double') return text.slice(0, i + 1) + text.slice(i);
    if (how === 'insert') return text.slice(0, i) + by + text.slice(i);
    return text.slice(0, i) + by + text.slice(i + 1);
  });

/** Valid JSON with a comma before one of its closing brackets: what lax readers let pass. */
const trailingCommaArb = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.nat()).map(([value, pick]) => {
  const text = JSON.stringify(value);
  const closers = [...text.matchAll(/[\]}]/g)].map((match) => match.index);
  const at = closers[pick % Math.max(1, closers.length)];
  return at === undefined ? text : `${text.slice(0, at)},${text.slice(at)}`;
});

describe('the strict JSON reader agrees with JSON.parse', () => {
  it('accepts exactly what JSON.parse accepts, to the same structure (no duplicates among generated keys)', () => {
    fc.assert(
      fc.property(fc.oneof(jsonTextArb, trailingCommaArb, fc.string({ maxLength: 12 })), (generated) => {
        // What the bytes say: a lone surrogate cannot be written as UTF-8, so Buffer.from replaces it.
        const text = Buffer.from(generated, 'utf8').toString('utf8');
        const strict = readStrictly(text);
        const loose = jsonParse(text);
        if (!strict.ok) {
          // Refused on purpose where JSON.parse would pick one of two values for a repeated key.
          if (strict.reason === 'DUPLICATE_KEY') return;
          expect(loose.ok, `JSON.parse accepted what the strict reader called ${strict.reason}`).toBe(false);
          return;
        }
        expect(loose.ok).toBe(true);
        expect(strict.value).toEqual(jsonParseKeepingDigits(text));
      }),
      propertyParameters(2000),
    );
  });

  it('keeps every number as written', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?(0|[1-9]\d{0,30})(\.\d{1,30})?([eE][+-]?\d{1,3})?$/), (number) => {
        const read = readStrictly(`[${number}]`);
        expect(read).toEqual({ ok: true, value: [number] });
      }),
      propertyParameters(500),
    );
  });
});
