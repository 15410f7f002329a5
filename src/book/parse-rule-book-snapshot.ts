import { describeValue } from '../errors/preflight-error.js';
import { describeJsonRefusal, NUMBERS_AS_NUMBERS, readJsonText } from '../json/json-text.js';
import { DEFAULT_STRICT_JSON_LIMITS } from '../json/strict-json.js';
import { SnapshotError } from '../snapshot/snapshot-error.js';
import { RuleBook } from './rule-book.js';

/**
 * Loads a rule book from snapshot JSON text (`JSON.stringify(book)`): the library's one JSON
 * reader (a key named twice or nesting past 64 levels is refused, as in every JSON it reads),
 * then {@link RuleBook.fromJSON}. Numbers read as JavaScript numbers lose nothing here: a
 * snapshot's decimals are strings and its numbers are safe integers.
 *
 * @throws {SnapshotError} `reason: 'json'` when the text is not JSON; otherwise as
 *   {@link RuleBook.fromJSON}.
 * @example
 * ```ts
 * import { readFile } from 'node:fs/promises';
 * import { parseRuleBookSnapshot } from 'order-preflight';
 * const book = parseRuleBookSnapshot(await readFile('rule-book.json', 'utf8'));
 * ```
 */
export function parseRuleBookSnapshot(text: string): RuleBook {
  if (typeof text !== 'string')
    throw new SnapshotError('json', [
      {
        path: '(root)',
        code: 'custom',
        // Stryker disable next-line StringLiteral: wording: what follows the value when there is no hint to give
        message: `expected JSON text, got ${describeValue(text)}${typeof text === 'object' && text !== null ? ' (an object already parsed: load it with RuleBook.fromJSON(snapshot))' : ''}`,
      },
    ]);
  const read = readJsonText(text, DEFAULT_STRICT_JSON_LIMITS, NUMBERS_AS_NUMBERS);
  if (!read.ok) {
    const cause = new SyntaxError(describeJsonRefusal(read));
    throw new SnapshotError(
      'json',
      [{ path: '(root)', code: 'custom', message: `not JSON: ${cause.message}` }],
      {
        cause,
      },
    );
  }
  return RuleBook.fromJSON(read.value);
}
