import type { LosslessNumberLike } from '../decimal/plain-decimal.js';
import { MAX_JSON_DEPTH } from '../json/json-depth.js';
import { type JsonSkeleton, type JsonSpan, jsonSkeletonSteps } from '../json/json-skeleton.js';
import { describeJsonRefusal, readJsonText } from '../json/json-text.js';
import { runSteps, type Steps } from '../steps/steps.js';
import { MAX_PAYLOAD_VALUE_LENGTH } from './oversized-value.js';

/**
 * Parses JSON text so that no number loses digits: every JSON number arrives as a lossless number
 * carrying its source text (a 20-digit `maxTradeAmount` stays exact), which the exchange-info
 * readers accept wherever they accept a number. The reader is the library's one JSON reader (the
 * strict reader of order bodies and JSON lines), with its rules: a key named twice in one object
 * is refused (even with the same value: the exchange's own reader might take either), and so is
 * nesting past {@link MAX_JSON_DEPTH}; neither can be read as one JSON value.
 *
 * A string or number longer than {@link MAX_PAYLOAD_VALUE_LENGTH} bytes is read as a small
 * object (`{ oversized: N }`) that the field readers refuse as that field's value, without its
 * text ever being copied: one huge field never sinks the rest of the payload (docs/guide.md,
 * "Reliability: hostile input"). `enclosingDepth` is for a part of a larger text, parsed on its
 * own: the levels around the part count too, so a part is refused exactly when the whole text
 * would be.
 *
 * @throws {SyntaxError} when the text is not JSON or cannot be read as such; callers wrap it in
 *   a typed error.
 */
export function parseJsonLosslessly(text: string, enclosingDepth = 0): unknown {
  // Run whole, the text is one part: cutting it only pays where the cuts let other work run.
  return runSteps(parseJsonLosslesslySteps(text, enclosingDepth, undefined, Number.POSITIVE_INFINITY));
}

/** Below this many characters a text, or a run of array elements, is parsed in one step. */
const PART_LENGTH = 1 << 14;

/**
 * {@link parseJsonLosslessly} as steps: the one implementation, run whole by
 * `parseJsonLosslessly` (the text as one part) and a slice at a time by the rule-book source (a
 * 20,000-pair body is 10 MB, a second or more of parsing in one block).
 *
 * A large object is read a part at a time: its skeleton ({@link jsonSkeletonSteps}), then the
 * object with its arrays emptied, then each array's elements in runs of about 16 Ki characters,
 * a step each. Each part is checked as the whole text would be (depth counted from the whole,
 * oversized values replaced), so the value, and whether the text is refused, are the same as a
 * parse of the whole text; only a refusal's wording can differ. Anything else (a small text, a
 * text that is not an object of distinct members) is parsed in one step.
 *
 * @internal
 * @param skeleton - the text's skeleton when the caller has read it already.
 * @param partLength - about how many characters a part holds (tests make parts small).
 * @throws {SyntaxError} as `parseJsonLosslessly` does.
 * @example
 * ```ts
 * const json = await slicer.run(parseJsonLosslesslySteps(body));
 * ```
 */
export function* parseJsonLosslesslySteps(
  text: string,
  enclosingDepth = 0,
  skeleton?: JsonSkeleton,
  partLength = PART_LENGTH,
): Steps<unknown> {
  if (text.length <= partLength) return parsePart(text, enclosingDepth);
  const top = skeleton ?? (yield* jsonSkeletonSteps(text));
  if (top === undefined || !readableInParts(top)) return parsePart(text, enclosingDepth);
  const arrays = [...top.elements].filter(([key, elements]) => key !== '__proto__' && elements.length > 0);
  // The object with its arrays emptied: its own members are read as the whole text reads them.
  const shell: string[] = [];
  let from = 0;
  for (const [key] of arrays) {
    const span = top.members.get(key)!;
    shell.push(text.slice(from, span.start + 1));
    from = span.end - 1;
  }
  shell.push(text.slice(from));
  const object = parsePart(shell.join(''), enclosingDepth) as Record<string, unknown>;
  yield;
  for (const [key, elements] of arrays) {
    const values: unknown[] = [];
    for (let first = 0; first < elements.length; ) {
      const last = runEnd(elements, first, partLength);
      // The run's brackets stand for the array, one level down in the text.
      const run = `[${text.slice(elements[first]!.start, elements[last - 1]!.end)}]`;
      const parsed = parsePart(run, enclosingDepth + 1);
      // The skeleton split the array wrongly (it cannot, for JSON): the whole parse decides.
      if (!Array.isArray(parsed) || parsed.length !== last - first) return parsePart(text, enclosingDepth);
      for (const value of parsed) values.push(value);
      first = last;
      yield;
    }
    object[key] = values;
  }
  return object;
}

/**
 * False when reading in parts could differ from reading the whole: a key too long to be read
 * (the whole text is refused for it).
 */
function readableInParts(top: JsonSkeleton): boolean {
  return top.keys.every((key) => key.end - key.start - 2 <= MAX_PAYLOAD_VALUE_LENGTH);
}

/** The end (exclusive) of the run of elements that starts at `first`: about `partLength` characters. */
function runEnd(elements: readonly JsonSpan[], first: number, partLength: number): number {
  const limit = elements[first]!.start + partLength;
  let last = first + 1;
  while (last < elements.length && elements[last]!.end <= limit) last++;
  return last;
}

/** A JSON number kept as its written text: what the exchange-info readers take as a number. */
class PayloadNumber implements LosslessNumberLike {
  readonly isLosslessNumber = true as const;
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const PAYLOAD_READING = Object.freeze({
  number: (text: string): PayloadNumber => new PayloadNumber(text),
  markOversized: true,
});

/** One part read whole by the one JSON reader, in the payload style. */
function parsePart(text: string, enclosingDepth: number): unknown {
  const read = readJsonText(
    text,
    {
      maxValueBytes: MAX_PAYLOAD_VALUE_LENGTH,
      maxValues: Number.POSITIVE_INFINITY,
      maxDepth: MAX_JSON_DEPTH - enclosingDepth,
    },
    PAYLOAD_READING,
  );
  if (!read.ok) throw new SyntaxError(describeJsonRefusal(read));
  return read.value;
}
