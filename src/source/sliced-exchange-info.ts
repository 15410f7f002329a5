import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseResponseJson, type ResponseBody } from '../client/json-body.js';
import { parseExchangeInfo } from '../exchange-info/parse-exchange-info.js';
import type {
  DefinitionWarning,
  ExchangeInfo,
  PairDefinition,
  RejectedDefinition,
} from '../exchange-info/schema.js';
import type { Slicer } from './slicer.js';

/**
 * An exchange-info response body whose top level has been read, but none of its definitions:
 * enough to tell whether it says anything new ({@link ScannedExchangeInfo.fingerprint}) before
 * paying for the parse.
 *
 * @internal
 * @example
 * ```ts
 * const body = await scanExchangeInfoText(text, slicer);
 * if (body.fingerprint !== lastFingerprint) info = await body.parse(slicer);
 * ```
 */
export interface ScannedExchangeInfo {
  /**
   * A digest of the body without its `serverTime` value, which changes on every response even
   * when no rule does. Equal fingerprints mean equal definitions, time zone and all.
   */
  readonly fingerprint: string;
  /** The body as `parseExchangeInfo` reads its whole JSON, in slices. */
  parse(slicer: Slicer): Promise<ExchangeInfo>;
}

interface Span {
  readonly start: number;
  readonly end: number;
}

/** What the scan found at the top level. */
interface TopLevel {
  readonly members: ReadonlyMap<string, Span>;
  /** Each element of `symbols`, when `symbols` is an array. */
  readonly elements: readonly Span[] | undefined;
}

/** Characters scanned between two looks at the clock. */
const SCAN_STRIDE = 1 << 16;
/** Characters hashed per call, so a 10 MB body is digested in slices too. */
const HASH_STRIDE = 1 << 20;
/** The first chunk of definitions parsed at once; later chunks are sized to fit a slice. */
const FIRST_CHUNK = 32;
const MAX_CHUNK = 4_096;

/**
 * Reads the top level of an exchange-info body and digests it, in slices: the first half of
 * the rule-book source's refresh of a body that may hold 20,000 definitions (10 MB), which a
 * single `JSON.parse`-like call would hold the event loop for a second or more.
 *
 * Only the skeleton is read here (members, and the bounds of each `symbols` element, skipping
 * strings whole); the JSON inside each part is checked by the parse. A body whose skeleton is
 * not an object of members is read whole, as the client's `fetchExchangeInfo` reads a body: that
 * one call is not sliced, which only a malformed body pays.
 *
 * The errors are the client's, whichever part is at fault: a body that cannot be read as JSON
 * (an HTML page, a member named twice, nesting too deep) is an `InvalidResponseError` (without
 * `url` or `contentType`, which the text does not carry), and JSON of the wrong shape an
 * `ExchangeInfoSchemaError`.
 *
 * @internal
 * @example
 * ```ts
 * const body = await scanExchangeInfoText(await res.text(), new Slicer({ signal }));
 * const info = await body.parse(slicer); // deep-equal to parseExchangeInfoText(text)
 * ```
 */
export async function scanExchangeInfoText(text: string, slicer: Slicer): Promise<ScannedExchangeInfo> {
  const top = await scanTopLevel(text, slicer);
  if (top === undefined) {
    const info = parseWhole(text);
    const fingerprint = await digest(text, [{ start: 0, end: text.length }], slicer);
    return { fingerprint, parse: async () => info };
  }
  const serverTime = top.members.get('serverTime');
  const kept =
    serverTime === undefined
      ? [{ start: 0, end: text.length }]
      : [
          { start: 0, end: serverTime.start },
          { start: serverTime.end, end: text.length },
        ];
  const fingerprint = await digest(text, kept, slicer);
  return { fingerprint, parse: (parseSlicer) => parseScanned(text, top, parseSlicer) };
}

/**
 * The parse proper: the envelope, then the definitions in chunks through the library's own
 * {@link parseExchangeInfo}, so each definition is read exactly as a whole-body parse reads it.
 */
async function parseScanned(text: string, top: TopLevel, slicer: Slicer): Promise<ExchangeInfo> {
  const body: ResponseBody = { text };
  const values = new Map<string, unknown>();
  for (const [key, span] of top.members) {
    if (key === 'symbols' && top.elements !== undefined) continue;
    // Every member is parsed, even ones we ignore, so a body that is not JSON is refused as a
    // whole-body parse would refuse it. A member's value is one level down in the body.
    values.set(key, parseResponseJson(text.slice(span.start, span.end), body, 1));
    await slicer.checkpoint();
  }
  const envelope: Record<string, unknown> = {};
  for (const key of ['timezone', 'serverTime'] as const) if (values.has(key)) envelope[key] = values.get(key);
  if (top.elements === undefined) {
    // No `symbols` array: the library's reading of the envelope says what is wrong.
    if (values.has('symbols')) envelope.symbols = values.get('symbols');
    parseExchangeInfo(envelope);
    return parseWhole(text); // not reached: the library refuses such an envelope
  }
  const head = parseExchangeInfo({ ...envelope, symbols: [] });

  const symbols: PairDefinition[] = [];
  const rejected: RejectedDefinition[] = [];
  const warnings: DefinitionWarning[] = [];
  const seen = new Map<string, number>();
  let duplicated = false;
  const note = (symbol: string | undefined) => {
    if (symbol === undefined) return;
    const count = (seen.get(symbol) ?? 0) + 1;
    seen.set(symbol, count);
    if (count > 1) duplicated = true;
  };

  const elements = top.elements;
  let chunk = FIRST_CHUNK;
  for (let first = 0; first < elements.length; ) {
    if (slicer.due()) await slicer.pause();
    const last = Math.min(elements.length, first + chunk);
    const started = performance.now();
    // The chunk's brackets stand for the `symbols` list, one level down in the body.
    const chunkText = `[${text.slice(elements[first]!.start, elements[last - 1]!.end)}]`;
    const raw = parseResponseJson(chunkText, body, 1);
    if (!Array.isArray(raw) || raw.length !== last - first) {
      // The scan split the array wrongly (it cannot, for JSON): let the whole-body parse decide.
      return parseWhole(text);
    }
    const part = parseExchangeInfo({ ...envelope, symbols: raw });
    for (const definition of part.symbols) {
      symbols.push(definition);
      note(definition.symbol);
    }
    for (const entry of part.rejected) {
      rejected.push({ ...entry, index: entry.index + first });
      note(entry.symbol);
    }
    for (const warning of part.warnings) warnings.push(warning);
    // Size the next chunk to about half a slice, from what this one cost.
    const perItem = (performance.now() - started) / (last - first);
    chunk = Math.max(1, Math.min(MAX_CHUNK, Math.floor(4 / Math.max(perItem, 0.000_1))));
    first = last;
  }

  // Two definitions of one symbol are all set aside, each naming the others' positions; that
  // rule spans the whole list, so such a (pathological) body is parsed again as a whole.
  if (duplicated) return parseWhole(text);
  return { timezone: head.timezone, serverTime: head.serverTime, symbols, rejected, warnings };
}

/** The whole body, read as the client reads one: its JSON, then {@link parseExchangeInfo}. */
function parseWhole(text: string): ExchangeInfo {
  return parseExchangeInfo(parseResponseJson(text, { text }));
}

/** Hashes the given spans of `text`, a slice at a time. */
async function digest(text: string, spans: readonly Span[], slicer: Slicer): Promise<string> {
  const hash = createHash('sha256');
  for (const { start, end } of spans) {
    for (let at = start; at < end; at += HASH_STRIDE) {
      hash.update(text.slice(at, Math.min(end, at + HASH_STRIDE)), 'utf8');
      await slicer.checkpoint();
    }
    hash.update('\u0000'); // so that moving the cut point between spans changes the digest
  }
  return hash.digest('base64');
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipWhitespace(text: string, at: number): number {
  let i = at;
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
  return i;
}

/** The end (exclusive) of the JSON string that opens at `start`, or -1 when it never closes. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return -1;
    let backslashes = 0;
    for (let b = quote - 1; b > start && text.charCodeAt(b) === BACKSLASH; b--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/**
 * The end (exclusive) of the object or array that opens at `start`, or -1. Strings are skipped
 * whole. With `commas`, the positions of the commas at the first level are collected: they
 * separate the elements of the `symbols` array.
 */
async function compositeEnd(text: string, start: number, slicer: Slicer, commas?: number[]): Promise<number> {
  let depth = 0;
  let nextLook = start + SCAN_STRIDE;
  for (let i = start; i < text.length; ) {
    if (i >= nextLook) {
      if (slicer.due()) await slicer.pause();
      nextLook = i + SCAN_STRIDE;
    }
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (i === -1) return -1;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
    } else if (c === COMMA && depth === 1) commas?.push(i);
    i++;
  }
  return -1;
}

/** The element spans of an array `[start, end)` whose first-level commas are known; undefined when one is empty. */
function elementSpans(
  text: string,
  start: number,
  end: number,
  commas: readonly number[],
): Span[] | undefined {
  const cuts = [start, ...commas, end - 1];
  const spans: Span[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    let s = cuts[k]! + 1;
    let e = cuts[k + 1]!;
    while (s < e && isWhitespace(text.charCodeAt(s))) s++;
    while (e > s && isWhitespace(text.charCodeAt(e - 1))) e--;
    if (s === e) {
      if (commas.length === 0) return []; // `[]` or `[ ]`
      return undefined;
    }
    spans.push({ start: s, end: e });
  }
  return spans;
}

/** Reads the members of the top-level object; undefined when the skeleton is not one. */
async function scanTopLevel(text: string, slicer: Slicer): Promise<TopLevel | undefined> {
  let i = skipWhitespace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACE) return undefined;
  i = skipWhitespace(text, i + 1);
  const members = new Map<string, Span>();
  let elements: Span[] | undefined;
  if (text.charCodeAt(i) === CLOSE_BRACE) i++;
  else
    for (;;) {
      if (text.charCodeAt(i) !== QUOTE) return undefined;
      const keyEnd = stringEnd(text, i);
      if (keyEnd === -1) return undefined;
      let key: unknown;
      try {
        key = JSON.parse(text.slice(i, keyEnd));
      } catch {
        return undefined;
      }
      // A repeated member: the whole-body parser has its own rule for those.
      if (typeof key !== 'string' || members.has(key)) return undefined;
      i = skipWhitespace(text, keyEnd);
      if (text.charCodeAt(i) !== COLON) return undefined;
      const start = skipWhitespace(text, i + 1);
      const c = text.charCodeAt(start);
      let end: number;
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        const commas = key === 'symbols' && c === OPEN_BRACKET ? [] : undefined;
        end = await compositeEnd(text, start, slicer, commas);
        if (end === -1) return undefined;
        if (commas !== undefined) {
          if (text.charCodeAt(end - 1) !== CLOSE_BRACKET) return undefined;
          elements = elementSpans(text, start, end, commas);
          if (elements === undefined) return undefined;
        }
      } else if (c === QUOTE) {
        end = stringEnd(text, start);
        if (end === -1) return undefined;
      } else {
        end = start;
        while (end < text.length) {
          const d = text.charCodeAt(end);
          if (isWhitespace(d) || d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET) break;
          end++;
        }
        if (end === start) return undefined;
      }
      members.set(key, { start, end });
      i = skipWhitespace(text, end);
      const next = text.charCodeAt(i);
      if (next === COMMA) {
        i = skipWhitespace(text, i + 1);
        continue;
      }
      if (next !== CLOSE_BRACE) return undefined;
      i++;
      break;
    }
  if (skipWhitespace(text, i) !== text.length) return undefined;
  return { members, elements: members.get('symbols') === undefined ? undefined : elements };
}
