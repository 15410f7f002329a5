import { describeThrown, describeValue } from '../errors/preflight-error.js';
import { SnapshotError } from '../snapshot/snapshot-error.js';
import { RuleBook } from './rule-book.js';

/**
 * Loads a rule book from snapshot JSON text (`JSON.stringify(book)`): `JSON.parse`, then
 * {@link RuleBook.fromJSON}. Plain `JSON.parse` loses nothing here: a snapshot's decimals are
 * strings and its numbers are safe integers.
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
        message: `expected JSON text, got ${describeValue(text)}${typeof text === 'object' && text !== null ? ' (an object already parsed: load it with RuleBook.fromJSON(snapshot))' : ''}`,
      },
    ]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError(
      'json',
      [{ path: '(root)', code: 'custom', message: `not JSON: ${describeThrown(error)}` }],
      { cause: error },
    );
  }
  return RuleBook.fromJSON(json);
}
