// How a rules file is told apart (snapshot, payload or neither) and read: a table of both sides,
// then properties over whole payloads in the wire's mixed encodings and over any JSON at all.
import { writeFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulesFile, rulesFileKind } from '../../src/cli/rules-file.js';
import { UsageError } from '../../src/cli/usage-error.js';
import { diffRuleBooks, parseExchangeInfo, RuleBook, sampleExchangeInfo } from '../../src/index.js';
import { exchangeInfoArb } from '../../src/testing/index.js';
import { tempDir } from './harness.js';

let temp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  temp = await tempDir();
});
afterAll(async () => {
  await temp.remove();
});

const SNAPSHOT = JSON.parse(
  JSON.stringify(RuleBook.fromExchangeInfo(sampleExchangeInfo()).toJSON()),
) as unknown;

describe('rulesFileKind', () => {
  it.each([
    ['a snapshot', SNAPSHOT, 'snapshot'],
    ['a format alone (the snapshot reader judges it)', { format: 'other' }, 'snapshot'],
    ['a version alone (a snapshot that lost its format)', { version: 2 }, 'snapshot'],
    ['a payload', { timezone: 'UTC', serverTime: 1, symbols: [] }, 'payload'],
    ['symbols alone (the payload reader names what is missing)', { symbols: [] }, 'payload'],
    ['serverTime alone', { serverTime: 1 }, 'payload'],
    ['timezone beside a version', { version: 1, timezone: 'UTC' }, 'payload'],
    [
      'a payload with a format of null',
      { format: null, timezone: 'UTC', serverTime: 1, symbols: [] },
      'snapshot',
    ],
  ])('%s: %j', (_what, json, kind) => {
    expect(rulesFileKind(json)).toBe(kind);
  });

  it.each([
    ['an array', []],
    ['an array of definitions', [{ symbol: 'BTCUSDT' }]],
    ['null', null],
    ['a string', 'rules'],
    ['a number', 1],
    ['a boolean', true],
    ['an empty object', {}],
    ['an error answer', { code: -1121, msg: 'Invalid symbol.' }],
    ['a wrapped payload', { data: { timezone: 'UTC', serverTime: 1, symbols: [] } }],
    ['an inherited field only', Object.create({ symbols: [] }) as object],
  ])('neither: %s', (_what, json) => {
    expect(rulesFileKind(json)).toEqual({ got: expect.any(String) });
  });
});

let files = 0;
async function fileOf(content: string | Buffer): Promise<string> {
  const path = temp.path(`rules-${files++}.json`);
  await writeFile(path, content);
  return path;
}

/** As a payload is saved: compact or indented, with or without a byte-order mark and CRLF. */
const layout = fc.record({
  indent: fc.constantFrom(undefined, 2, '\t'),
  bom: fc.boolean(),
  crlf: fc.boolean(),
});

function laidOut(
  value: unknown,
  { indent, bom, crlf }: { indent: string | number | undefined; bom: boolean; crlf: boolean },
) {
  const text = JSON.stringify(value, null, indent);
  return `${bom ? '\uFEFF' : ''}${crlf ? text.replaceAll('\n', '\r\n') : text}`;
}

describe('loadRulesFile (properties)', () => {
  it('a payload file is read as a payload, to the book the library makes of it; its snapshot as a snapshot, to the same book', async () => {
    await fc.assert(
      fc.asyncProperty(exchangeInfoArb({ maxPairs: 4 }), layout, async (payload, how) => {
        const expected = RuleBook.fromExchangeInfo(parseExchangeInfo(payload));
        const fromPayload = await loadRulesFile(
          await fileOf(laidOut(payload, how)),
          '--rules',
          'snapshot or payload',
        );
        expect(fromPayload.kind).toBe('payload');
        expect(diffRuleBooks(expected, fromPayload.book).isEmpty).toBe(true);
        const snapshot = laidOut(fromPayload.book.toJSON(), how);
        const fromSnapshot = await loadRulesFile(await fileOf(snapshot), 'OLD', 'snapshot or payload');
        expect(fromSnapshot.kind).toBe('snapshot');
        expect(diffRuleBooks(expected, fromSnapshot.book).isEmpty).toBe(true);
        await expect(loadRulesFile(await fileOf(snapshot), '--from-file', 'payload')).rejects.toBeInstanceOf(
          UsageError,
        );
      }),
      { numRuns: 40 },
    );
  }, 30_000); // a file written and read per case, on a machine that may be busy

  it('any JSON value, or text near it, is a book or a UsageError naming the flag and the file: never another error', async () => {
    const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value));
    const nearPayload = fc
      .record({
        timezone: fc.option(fc.jsonValue({ maxDepth: 1 }), { nil: undefined }),
        serverTime: fc.option(fc.jsonValue({ maxDepth: 1 }), { nil: undefined }),
        symbols: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
        format: fc.option(fc.jsonValue({ maxDepth: 1 }), { nil: undefined }),
        version: fc.option(fc.jsonValue({ maxDepth: 1 }), { nil: undefined }),
      })
      .map((value) => JSON.stringify(value));
    const cut = fc
      .tuple(fc.oneof(json, nearPayload), fc.nat())
      .map(([text, at]) => text.slice(0, at % (text.length + 1)));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(json, nearPayload, cut),
        fc.constantFrom('--rules', 'NEW', '--from-file'),
        async (text, what) => {
          const path = await fileOf(text);
          try {
            await loadRulesFile(path, what, what === '--from-file' ? 'payload' : 'snapshot or payload');
          } catch (error) {
            expect(error).toBeInstanceOf(UsageError);
            expect((error as UsageError).message.startsWith(`${what} ${path}: `)).toBe(true);
            expect((error as UsageError).exitCode).toBe(2);
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 30_000);
});
