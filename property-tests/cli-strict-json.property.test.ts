import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { parse as parseLosslessly } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { type JsonLine, readJsonLines } from '../src/cli/read-json-lines.js';
import { parseJsonStrictly, type StrictJsonLimits } from '../src/index.js';
import { firstNonUtf8Byte } from '../src/json/utf8.js';
import { propertyParameters } from '../test-support/runs.js';

/** Bounds no generated text reaches: only the grammar, UTF-8 and repeated keys can refuse. */
const UNBOUNDED: StrictJsonLimits = { maxValueBytes: 1e9, maxValues: 1e9, maxDepth: 1000 };

/** The oracle for a text JSON.parse accepts: the same structure, numbers as their written text. */
function expected(text: string): unknown {
  return parseLosslessly(text, undefined, (source) => source);
}

/** A JSON text of any value, compact or indented. */
const jsonText = fc
  .tuple(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 0, 2, '\t'))
  .map(([value, indent]) => JSON.stringify(value, null, indent));

/** Text near JSON: valid texts with a character inserted, removed or replaced, and shuffles of JSON's alphabet. */
const nearJson = fc.oneof(
  fc
    .tuple(
      jsonText,
      fc.nat(),
      fc.constantFrom('', ',', ':', '"', '\\', '{', '}', '[', ']', '0', '-', 'e', ' ', '\u0000'),
    )
    .map(([text, at, insert]) => {
      const i = text.length === 0 ? 0 : at % text.length;
      return at % 2 === 0
        ? text.slice(0, i) + insert + text.slice(i)
        : text.slice(0, i) + insert + text.slice(i + 1);
    }),
  fc.string({ unit: fc.constantFrom(...'{}[]",: 0123456789-+.eEtruefalsn\\u"'), maxLength: 24 }),
);

describe('parseJsonStrictly against JSON.parse', () => {
  it('reads every JSON text to the structure JSON.parse gives, numbers as their written text', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        expect(parseJsonStrictly(Buffer.from(text), UNBOUNDED)).toEqual({ ok: true, value: expected(text) });
      }),
      propertyParameters(500),
    );
  });

  it('accepts only what JSON.parse accepts, and refuses what it accepts only for a repeated key', () => {
    fc.assert(
      fc.property(nearJson, (generated) => {
        // What the bytes say: a lone surrogate cannot be written as UTF-8, so Buffer.from replaced it.
        const bytes = Buffer.from(generated);
        const text = bytes.toString('utf8');
        let accepted = true;
        try {
          JSON.parse(text);
        } catch {
          accepted = false;
        }
        const result = parseJsonStrictly(bytes, UNBOUNDED);
        if (result.ok) {
          expect(accepted).toBe(true);
          expect(result.value).toEqual(expected(text));
        } else if (accepted) expect(result.reason).toBe('DUPLICATE_KEY');
        // The first fault in the text is the one reported: a repeated key may come before it.
        else expect(['NOT_JSON', 'DUPLICATE_KEY']).toContain(result.reason);
      }),
      propertyParameters(2000),
    );
  });
});

describe('parseJsonStrictly reads text back as written', () => {
  it('every string, in any script and of any length (short ones are decoded by hand, long ones by TextDecoder)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.string({ unit: 'grapheme', maxLength: 20 }),
          fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', '\uFEFF', '"', '\n'), maxLength: 40 }),
        ),
        (text) => {
          // JSON.stringify escapes a lone surrogate, so every generated string has UTF-8 bytes.
          const json = JSON.stringify({ [text]: [text] });
          expect(parseJsonStrictly(Buffer.from(json), UNBOUNDED)).toEqual({
            ok: true,
            value: { [text]: [text] },
          });
        },
      ),
      propertyParameters(1000),
    );
  });
});

/** Bytes that are mostly UTF-8 with a few arbitrary bytes dropped in. */
const nearUtf8 = fc
  .tuple(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0x80, max: 0xff })), { maxLength: 2 }),
  )
  .map(([text, inserts]) => {
    const bytes = [...Buffer.from(text)];
    for (const [at, byte] of inserts) bytes.splice(at % (bytes.length + 1), 0, byte);
    return Buffer.from(bytes);
  });

describe('firstNonUtf8Byte against isUtf8', () => {
  it('finds a bad byte exactly when isUtf8 says no, and everything before it is UTF-8', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          nearUtf8,
          fc.uint8Array({ maxLength: 8 }).map((a) => Buffer.from(a)),
        ),
        (bytes) => {
          const at = firstNonUtf8Byte(bytes);
          expect(at === -1).toBe(isUtf8(bytes));
          if (at !== -1) expect(isUtf8(bytes.subarray(0, at))).toBe(true);
        },
      ),
      propertyParameters(3000),
    );
  });
});

async function linesOf(chunks: readonly Buffer[]): Promise<JsonLine[]> {
  const lines: JsonLine[] = [];
  for await (const line of readJsonLines(Readable.from(chunks), { maxLineBytes: 200 })) lines.push(line);
  return lines;
}

/** A line of a JSON-lines input: an order with text in every width of UTF-8, or a line that is not one. */
const inputLine = fc.oneof(
  fc
    .record({ symbol: fc.string({ unit: 'grapheme', maxLength: 6 }), price: fc.constantFrom('1.50', '0.1') })
    .map((order) => JSON.stringify(order)),
  fc.constantFrom('', '  ', 'nope', '{"a":1,"a":1}', 'x'.repeat(300)),
  fc
    .string({ unit: 'binary', maxLength: 6 })
    .map((text) => `{"s":"${[...text].filter((c) => c >= ' ' && c !== '"' && c !== '\\').join('')}"}`),
);

describe('readJsonLines reads the same whatever the chunks', () => {
  it('a character split across chunks still decodes; invalid bytes are refused wherever they fall', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            inputLine.map((line) => Buffer.from(line)),
            fc.constant(Buffer.from('{"s":"\xff\xfe"}', 'latin1')),
          ),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 40 }),
        async (lines, sizes) => {
          const input = Buffer.concat(lines.flatMap((line) => [line, Buffer.from('\n')]));
          const chunks: Buffer[] = [];
          for (let at = 0, i = 0; at < input.length; i++) {
            const size = sizes[i % sizes.length] as number;
            chunks.push(input.subarray(at, at + size));
            at += size;
          }
          expect(await linesOf(chunks)).toEqual(await linesOf([input]));
        },
      ),
      propertyParameters(300),
    );
  });
});
