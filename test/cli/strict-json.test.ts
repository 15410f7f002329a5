// The CLI's JSON reader: numbers keep their written digits, a repeated key is refused whatever
// its values, invalid UTF-8 is refused, and every bound holds exactly at its edge.
import { isUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STRICT_JSON_LIMITS,
  isInvalidArgumentError,
  parseJsonStrictly,
  type StrictJsonLimits,
} from '../../src/index.js';
import { firstNonUtf8Byte } from '../../src/json/utf8.js';

const LIMITS: StrictJsonLimits = { maxValueBytes: 1024, maxValues: 1000, maxDepth: 64 };

function read(text: string | Buffer, limits: StrictJsonLimits = LIMITS) {
  return parseJsonStrictly(typeof text === 'string' ? Buffer.from(text) : text, limits);
}

function refusal(text: string | Buffer, limits?: StrictJsonLimits) {
  const result = read(text, limits);
  return result.ok ? undefined : [result.reason, result.at];
}

describe('parseJsonStrictly reads what JSON.parse reads', () => {
  it.each([
    ['{}', {}],
    ['[]', []],
    [' \t\r\n{ "a" : [ true , false , null ] }\n', { a: [true, false, null] }],
    ['"x\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9\\ud83d\\ude00"', 'x"\\/\b\f\n\r\tAé😀'],
    ['"é😀漢"', 'é😀漢'],
    ['{"a":{"a":{"a":1}}}', { a: { a: { a: '1' } } }],
    ['[{"k":1},{"k":1}]', [{ k: '1' }, { k: '1' }]],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual({ ok: true, value: expected });
  });

  it('keeps every number as its written text', () => {
    const numbers = [
      '0',
      '-0',
      '1.50',
      '0.12345678901234567891',
      '64000.010000000000000000001',
      '1e-8',
      '-2.5E+10',
    ];
    expect(read(`[${numbers.join(',')}]`)).toEqual({ ok: true, value: numbers });
  });

  it('gives plain objects, with __proto__ as an ordinary key (as JSON.parse does)', () => {
    const result = read('{"__proto__":{"polluted":1},"a":1}');
    expect(result.ok).toBe(true);
    const value = (result as { value: Record<string, unknown> }).value;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseJsonStrictly refuses, saying why and at which byte', () => {
  it.each([
    ['', 'NOT_JSON', 0],
    ['{', 'NOT_JSON', 1],
    ['{"a":1,}', 'NOT_JSON', 7],
    ['[1,]', 'NOT_JSON', 3],
    ['[1 2]', 'NOT_JSON', 3],
    ['01', 'NOT_JSON', 1],
    ['1.', 'NOT_JSON', 2],
    ['.5', 'NOT_JSON', 0],
    ['1e', 'NOT_JSON', 2],
    ['-', 'NOT_JSON', 1],
    ['+1', 'NOT_JSON', 0],
    ['NaN', 'NOT_JSON', 0],
    ['tru', 'NOT_JSON', 0],
    ["{'a':1}", 'NOT_JSON', 1],
    ['"abc', 'NOT_JSON', 4],
    ['"a\tb"', 'NOT_JSON', 2],
    ['"\\x"', 'NOT_JSON', 1],
    ['"\\u12G4"', 'NOT_JSON', 1],
    ['"\\u12"', 'NOT_JSON', 1],
    ['{} {}', 'NOT_JSON', 3],
    ['\uFEFF{}', 'NOT_JSON', 0],
  ])('%j: %s at %d', (text, reason, at) => {
    expect(JSON.parse.bind(JSON, text)).toThrow(SyntaxError);
    expect(refusal(text)).toEqual([reason, at]);
  });

  it.each([
    ['{"quantity":"1","quantity":"1"}', 16],
    ['{"quantity":"1","quantity":"2"}', 16],
    ['{"price":1,"pri\\u0063e":1}', 11],
    ['{"a":{"b":[],"b":[]}}', 13],
    ['{"__proto__":1,"__proto__":1}', 15],
  ])('a repeated key, even with the same value or spelt with escapes: %s', (text, at) => {
    // JSON.parse keeps the last; the exchange might keep the first.
    expect(() => JSON.parse(text)).not.toThrow();
    expect(refusal(text)).toEqual(['DUPLICATE_KEY', at]);
  });

  it('a key may appear once in each of several objects', () => {
    expect(read('{"a":{"k":1},"b":{"k":1},"k":1}').ok).toBe(true);
  });

  it.each([
    ['a lone continuation byte', [0x22, 0x80, 0x22], 1],
    ['0xff', [0x22, 0xff, 0xfe, 0x22], 1],
    ['an overlong "/" (C0 AF)', [0x22, 0xc0, 0xaf, 0x22], 1],
    ['an overlong three-byte form (E0 80 AF)', [0x22, 0xe0, 0x80, 0xaf, 0x22], 1],
    ['a surrogate (ED A0 80)', [0x22, 0xed, 0xa0, 0x80, 0x22], 1],
    ['past U+10FFFF (F4 90 80 80)', [0x22, 0xf4, 0x90, 0x80, 0x80, 0x22], 1],
    ['a sequence cut short', [0x22, 0x61, 0xe6, 0xbc, 0x22], 2],
    ['a sequence cut by the end', [0x22, 0xe6, 0xbc], 1],
    ['outside any string', [0x7b, 0x7d, 0xff], 2],
  ])('bytes that are not UTF-8 (%s): NOT_UTF8, never replacement characters', (_what, bytes, at) => {
    const buffer = Buffer.from(bytes);
    expect(isUtf8(buffer)).toBe(false);
    expect(refusal(buffer)).toEqual(['NOT_UTF8', at]);
  });
});

describe('the bounds hold exactly at their edge', () => {
  const small: StrictJsonLimits = { maxValueBytes: 8, maxValues: 4, maxDepth: 2 };

  it('maxValueBytes: a string or number of the bound is read; one byte more is refused', () => {
    expect(read('"12345678"', small).ok).toBe(true);
    expect(refusal('"123456789"', small)).toEqual(['VALUE_TOO_LONG', 0]);
    // Escapes count as written: \n is two bytes.
    expect(read('"\\n\\n\\n\\n"', small).ok).toBe(true);
    expect(refusal('"\\n\\n\\n\\nx"', small)).toEqual(['VALUE_TOO_LONG', 0]);
    expect(refusal('"\\n\\n\\n\\u0041"', small)).toEqual(['VALUE_TOO_LONG', 0]);
    // UTF-8 bytes, not characters: 漢 is three.
    expect(read('"漢漢ab"', small).ok).toBe(true);
    expect(refusal('"漢漢abc"', small)).toEqual(['VALUE_TOO_LONG', 0]);
    expect(read('-1234.56', small).ok).toBe(true);
    expect(refusal('[-1234.567]', small)).toEqual(['VALUE_TOO_LONG', 1]);
    expect(refusal('{"k":"123456789"}', small)).toEqual(['VALUE_TOO_LONG', 5]);
    expect(refusal('{"123456789":1}', small)).toEqual(['VALUE_TOO_LONG', 1]);
  });

  it('maxValues: every value counts, containers included, keys not', () => {
    expect(read('[1,2,3]', small).ok).toBe(true);
    expect(refusal('[1,2,3,4]', small)).toEqual(['TOO_MANY_VALUES', 7]);
    expect(read('{"a":1,"b":2,"c":3}', small).ok).toBe(true);
    expect(refusal('{"a":1,"b":2,"c":3,"d":4}', small)).toEqual(['TOO_MANY_VALUES', 23]);
  });

  it('maxDepth: objects and arrays nested to the bound are read; one level more is refused', () => {
    expect(read('[[]]', small).ok).toBe(true);
    expect(read('{"a":{}}', small).ok).toBe(true);
    expect(refusal('[[[]]]', small)).toEqual(['TOO_DEEP', 2]);
    expect(refusal('{"a":{"b":[]}}', small)).toEqual(['TOO_DEEP', 10]);
  });

  it('a line of a million small values is refused after the bound, not read to its end', () => {
    const huge = Buffer.from(`[${'0,'.repeat(1_000_000)}0]`);
    expect(refusal(huge)).toEqual(['TOO_MANY_VALUES', 2 * LIMITS.maxValues - 1]);
  });
});

describe('parseJsonStrictly as the portable core exports it', () => {
  it('reads a plain Uint8Array as it reads a Buffer', () => {
    const text = '{"symbol":"漢😀","quantity":0.10,"deep":[{"k":"a long value of more than sixteen bytes"}]}';
    const plain = new TextEncoder().encode(text);
    expect(Buffer.isBuffer(plain)).toBe(false);
    expect(parseJsonStrictly(plain)).toEqual(read(text));
    expect(read(text)).toMatchObject({ ok: true, value: { quantity: '0.10' } });
  });

  it('names the repeated key, after unescaping, on DUPLICATE_KEY only', () => {
    const duplicate = parseJsonStrictly(
      Buffer.from('{"symbol":"BTCUSDT","quantity":0.10,"quantit\\u0079":1}'),
    );
    expect(duplicate).toMatchObject({ ok: false, reason: 'DUPLICATE_KEY', at: 36, key: 'quantity' });
    expect(parseJsonStrictly(Buffer.from('{"a":[{"":1,"":2}]}'))).toMatchObject({ key: '', at: 12 });
    expect(parseJsonStrictly(Buffer.from('{"a":1,}'))).not.toHaveProperty('key');
  });

  it('refuses a byte-order mark where a value belongs, and keeps a U+FEFF inside a string', () => {
    expect(refusal('\uFEFF{}')).toEqual(['NOT_JSON', 0]);
    expect(refusal(' \uFEFF{}')).toEqual(['NOT_JSON', 1]);
    expect(refusal('[1,\uFEFF2]')).toEqual(['NOT_JSON', 3]);
    expect(read('"\uFEFFa"')).toEqual({ ok: true, value: '\uFEFFa' });
    expect(read('"\\n\uFEFF"')).toEqual({ ok: true, value: '\n\uFEFF' });
  });

  it('uses DEFAULT_STRICT_JSON_LIMITS for each bound not given, at their exact edge', () => {
    expect(DEFAULT_STRICT_JSON_LIMITS).toEqual({ maxValueBytes: 65_536, maxValues: 100_000, maxDepth: 64 });
    const nested = (depth: number) => Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(parseJsonStrictly(nested(64)).ok).toBe(true);
    expect(parseJsonStrictly(nested(65))).toMatchObject({ reason: 'TOO_DEEP', at: 64 });
    expect(parseJsonStrictly(nested(65), { maxValues: 1000 })).toMatchObject({ reason: 'TOO_DEEP' });
    expect(parseJsonStrictly(nested(65), { maxDepth: 65 }).ok).toBe(true);
    const string = (bytes: number) => Buffer.from(`"${'x'.repeat(bytes)}"`);
    expect(parseJsonStrictly(string(65_536)).ok).toBe(true);
    expect(parseJsonStrictly(string(65_537))).toMatchObject({ reason: 'VALUE_TOO_LONG', at: 0 });
    const values = (count: number) => Buffer.from(`[${'0,'.repeat(count - 2)}0]`);
    expect(parseJsonStrictly(values(100_000)).ok).toBe(true);
    expect(parseJsonStrictly(values(100_001))).toMatchObject({ reason: 'TOO_MANY_VALUES' });
    expect(parseJsonStrictly(values(100_001), { maxValues: Number.POSITIVE_INFINITY }).ok).toBe(true);
  });

  it.each([
    [{ maxDepth: -1 }, 'maxDepth'],
    [{ maxDepth: 1.5 }, 'maxDepth'],
    [{ maxValues: Number.NaN }, 'maxValues'],
    [{ maxValueBytes: Number.NEGATIVE_INFINITY }, 'maxValueBytes'],
    [{ maxValueBytes: '10' }, 'maxValueBytes'],
    [null, 'an object'],
  ])('limits %j: an InvalidArgumentError naming %s', (limits, named) => {
    let thrown: unknown;
    try {
      parseJsonStrictly(Buffer.from('1'), limits as unknown as Partial<StrictJsonLimits>);
    } catch (error) {
      thrown = error;
    }
    expect(isInvalidArgumentError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ argument: 'limits', message: expect.stringContaining(named) });
  });

  it('bytes that are not a Uint8Array (a string): an InvalidArgumentError, never a guess at an encoding', () => {
    expect(() => parseJsonStrictly('{}' as unknown as Uint8Array)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', argument: 'bytes' }),
    );
  });
});

describe('firstNonUtf8Byte', () => {
  it.each([
    ['ASCII', Buffer.from('plain {"a":1}'), -1],
    ['every length of sequence', Buffer.from('é€😀\u{10ffff}\u0080\u07ff\u0800\uffff'), -1],
    ['U+10FFFF then F4 90', Buffer.from([0xf4, 0x8f, 0xbf, 0xbf, 0xf4, 0x90, 0x80, 0x80]), 4],
    ['C2 then ASCII', Buffer.from([0x41, 0xc2, 0x41]), 1],
    ['F5 and above never lead', Buffer.from([0xf5, 0x80, 0x80, 0x80]), 0],
  ])('%s', (_what, bytes, at) => {
    expect(firstNonUtf8Byte(bytes)).toBe(at);
    expect(isUtf8(bytes)).toBe(at === -1);
  });
});
