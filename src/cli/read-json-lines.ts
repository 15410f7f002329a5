import { createInterface } from 'node:readline';
import { parse } from 'lossless-json';
import { clip, oneLine } from './text.js';

/** One non-blank line of a JSON-lines input: its value, or why it could not be read. */
export type JsonLine =
  | { readonly line: number; readonly ok: true; readonly value: unknown }
  | { readonly line: number; readonly ok: false; readonly error: string };

/**
 * Reads JSON lines one at a time (a file of millions of orders is never held in memory).
 * Line numbers count every line, blank ones included, from 1, so they match an editor's;
 * blank lines are skipped, `\r\n` endings and a leading byte-order mark are accepted. A line
 * that is not JSON is yielded as `ok: false` and reading goes on.
 *
 * @throws the input stream's error (a read failure), from the iteration.
 */
export async function* readJsonLines(input: NodeJS.ReadableStream): AsyncGenerator<JsonLine> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  try {
    for await (const raw of lines) {
      line++;
      const text = line === 1 && raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
      if (text.trim() === '') continue;
      yield readJsonLine(line, text);
    }
  } finally {
    lines.close();
  }
}

function readJsonLine(line: number, text: string): JsonLine {
  try {
    return { line, ok: true, value: parseJsonKeepingNumbers(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { line, ok: false, error: `not JSON: ${clip(oneLine(detail), 160)}` };
  }
}

/**
 * `JSON.parse`, except that every number is kept as its source text (`1.50` stays `'1.50'`,
 * `0.12345678901234567891` keeps all its digits) instead of being rounded to a binary double:
 * an order is judged on the decimal written in the file, as the exchange would receive it.
 * Duplicate keys are refused (which of the two would the exchange see?).
 *
 * @throws {SyntaxError} when the text is not JSON.
 */
export function parseJsonKeepingNumbers(text: string): unknown {
  return parse(text, undefined, (source) => source);
}
