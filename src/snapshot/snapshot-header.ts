import { SNAPSHOT_FORMAT } from './snapshot-schema.js';

/**
 * What a snapshot says about itself before its definitions: which format version wrote it, and
 * when its book was fetched. Enough to order two snapshots without reading either whole.
 *
 * `fetchedAt` and `serverTime` are `undefined` only in a snapshot of a version newer than this
 * library's, whose header this library does not presume to understand.
 *
 * @internal
 * @example
 * ```ts
 * const header: SnapshotHeader = { version: 2, fetchedAt: 1_700_000_000_500, serverTime: 1_700_000_000_000 };
 * ```
 */
export interface SnapshotHeader {
  readonly version: number;
  readonly fetchedAt: number | undefined;
  readonly serverTime: number | undefined;
}

/**
 * How much of a snapshot's text holds its header: `format`, `version`, `fetchedAt` and
 * `serverTime` are its first four members in every version this library writes (a test holds
 * the writer to it), followed by a time zone of at most 1,024 characters (as JSON, at most six
 * bytes each) before the first list.
 *
 * @internal
 */
export const SNAPSHOT_HEADER_BYTES = 16 * 1024;

/**
 * Reads the header of a rule-book snapshot from the start of its JSON text (the whole text or
 * its first {@link SNAPSHOT_HEADER_BYTES}), without parsing the rest: the members before the
 * first object or list are read, and the scan stops there. `undefined` when the text does not
 * start as a snapshot does: not JSON, another format, members in another order, a version or a
 * time that is not a whole non-negative number, or a member named twice.
 *
 * @internal
 * @example
 * ```ts
 * readSnapshotHeader(JSON.stringify(book.toJSON())); // { version: 2, fetchedAt, serverTime }
 * readSnapshotHeader('{"symbols":[]}'); // undefined
 * ```
 */
export function readSnapshotHeader(text: string): SnapshotHeader | undefined {
  const members = leadingMembers(text);
  if (members === undefined || members.get('format') !== SNAPSHOT_FORMAT) return undefined;
  const version = members.get('version');
  if (!isWholeNumber(version) || version < 1) return undefined;
  const fetchedAt = members.get('fetchedAt');
  const serverTime = members.get('serverTime');
  if (isWholeNumber(fetchedAt) && isWholeNumber(serverTime)) return { version, fetchedAt, serverTime };
  return { version, fetchedAt: undefined, serverTime: undefined };
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The members of the JSON object `text` opens with, up to the first whose value is an object or
 * a list (or the end of the text, for a prefix cut short): each value a string, number, boolean
 * or null. `undefined` when the text is not such an object, or names a member twice.
 */
function leadingMembers(text: string): Map<string, unknown> | undefined {
  const members = new Map<string, unknown>();
  let at = skipWhitespace(text, 0);
  if (text[at] !== '{') return undefined;
  at = skipWhitespace(text, at + 1);
  while (at < text.length) {
    if (text.charCodeAt(at) !== QUOTE) return text[at] === '}' ? members : undefined;
    const keyEnd = stringEnd(text, at);
    if (keyEnd === -1) return members; // cut inside a key: the header ended before
    const key = parseToken(text.slice(at, keyEnd));
    if (typeof key !== 'string' || members.has(key)) return undefined;
    at = skipWhitespace(text, keyEnd);
    if (at >= text.length) return members;
    if (text[at] !== ':') return undefined;
    at = skipWhitespace(text, at + 1);
    if (text[at] === '{' || text[at] === '[') return members;
    const valueEnd = text.charCodeAt(at) === QUOTE ? stringEnd(text, at) : scalarEnd(text, at);
    if (valueEnd === -1 || valueEnd >= text.length) return members; // cut inside the value
    const value = parseToken(text.slice(at, valueEnd));
    if (value === NOT_JSON) return undefined;
    members.set(key, value);
    at = skipWhitespace(text, valueEnd);
    if (text[at] === ',') at = skipWhitespace(text, at + 1);
    else if (text[at] === '}' || at >= text.length) return members;
    else return undefined;
  }
  return members;
}

const NOT_JSON = Symbol('not JSON');

function parseToken(token: string): unknown {
  try {
    return JSON.parse(token) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function skipWhitespace(text: string, from: number): number {
  let at = from;
  while (at < text.length) {
    const c = text.charCodeAt(at);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    at++;
  }
  return at;
}

/** The end (exclusive) of the JSON string that opens at `start`, or -1 when the text ends first. */
function stringEnd(text: string, start: number): number {
  for (let at = start + 1; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === BACKSLASH) at++;
    else if (c === QUOTE) return at + 1;
  }
  return -1;
}

/** The end (exclusive) of a number, `true`, `false` or `null` starting at `start`. */
function scalarEnd(text: string, start: number): number {
  let at = start;
  while (at < text.length && /[\w.+-]/.test(text[at]!)) at++;
  return at === start ? -1 : at;
}
