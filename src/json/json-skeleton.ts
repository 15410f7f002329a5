import type { Steps } from '../steps/steps.js';
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  closingQuote,
  isJsonWhitespace as isWhitespace,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  skipJsonWhitespace as skipWhitespace,
} from './json-text-scan.js';

/**
 * Where a part of a JSON text lies: `[start, end)`, in UTF-16 code units.
 *
 * @example
 * ```ts
 * const span: JsonSpan = { start: 0, end: 2 };
 * ```
 */
export interface JsonSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * The top level of a JSON text whose value is an object: each member's value, and the elements
 * of each member whose value is an array. Enough to read a large body a part at a time (each
 * part is then parsed on its own, which checks the JSON inside it), or to digest all of it but
 * one member.
 *
 * @example
 * ```ts
 * const skeleton = runSteps(jsonSkeletonSteps('{"a":[1, 2],"b":"x"}'));
 * skeleton?.members.get('b'); // { start: 16, end: 19 }
 * skeleton?.elements.get('a'); // [{ start: 6, end: 7 }, { start: 9, end: 10 }]
 * ```
 */
export interface JsonSkeleton {
  /** Each member's value, by the member's name, in the text's order. */
  readonly members: ReadonlyMap<string, JsonSpan>;
  /** The spans of the members' keys, quotes included, in the text's order. */
  readonly keys: readonly JsonSpan[];
  /** The elements of each member whose value is an array. */
  readonly elements: ReadonlyMap<string, readonly JsonSpan[]>;
}

/** Characters scanned between two steps. */
const SCAN_STRIDE = 1 << 16;

/**
 * Reads the skeleton of `text` as steps, a step every 64 Ki characters: the members of its
 * top-level object and the elements of each array member, skipping strings whole. Undefined
 * when the text is not an object of distinct members written as JSON writes them at that level;
 * the caller then reads the text whole, and its parser says what is wrong. Not a validator: the
 * JSON inside each member and element is for the parser to check.
 *
 * @example
 * ```ts
 * const skeleton = await slicer.run(jsonSkeletonSteps(body));
 * ```
 */
export function* jsonSkeletonSteps(text: string): Steps<JsonSkeleton | undefined> {
  let i = skipWhitespace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACE) return undefined;
  i = skipWhitespace(text, i + 1);
  const members = new Map<string, JsonSpan>();
  const keys: JsonSpan[] = [];
  const elements = new Map<string, readonly JsonSpan[]>();
  if (text.charCodeAt(i) === CLOSE_BRACE) i++;
  else
    for (;;) {
      if (text.charCodeAt(i) !== QUOTE) return undefined;
      const keyEnd = closingQuote(text, i) + 1;
      if (keyEnd === 0) return undefined;
      let key: unknown;
      try {
        key = JSON.parse(text.slice(i, keyEnd));
      } catch {
        return undefined;
      }
      // A repeated member: the parser has its own rule for those.
      if (typeof key !== 'string' || members.has(key)) return undefined;
      keys.push({ start: i, end: keyEnd });
      i = skipWhitespace(text, keyEnd);
      if (text.charCodeAt(i) !== COLON) return undefined;
      const start = skipWhitespace(text, i + 1);
      const c = text.charCodeAt(start);
      let end: number;
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        const commas: number[] | undefined = c === OPEN_BRACKET ? [] : undefined;
        end = yield* compositeEndSteps(text, start, commas);
        if (end === -1) return undefined;
        if (commas !== undefined) {
          if (text.charCodeAt(end - 1) !== CLOSE_BRACKET) return undefined;
          const spans = elementSpans(text, start, end, commas);
          if (spans === undefined) return undefined;
          elements.set(key, spans);
        }
      } else if (c === QUOTE) {
        end = closingQuote(text, start) + 1;
        if (end === 0) return undefined;
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
  return { members, keys, elements };
}

/**
 * The end (exclusive) of the object or array that opens at `start`, or -1. Strings are skipped
 * whole. With `commas`, the positions of the commas at its first level are collected: they
 * separate its elements.
 */
function* compositeEndSteps(text: string, start: number, commas: number[] | undefined): Steps<number> {
  let depth = 0;
  let nextStep = start + SCAN_STRIDE;
  for (let i = start; i < text.length; ) {
    if (i >= nextStep) {
      yield;
      nextStep = i + SCAN_STRIDE;
    }
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i) + 1;
      if (i === 0) return -1;
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
): JsonSpan[] | undefined {
  const cuts = [start, ...commas, end - 1];
  const spans: JsonSpan[] = [];
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
