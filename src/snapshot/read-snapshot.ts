import { describeThrown, describeValue } from '../errors/preflight-error.js';
import type { SchemaIssue } from '../errors/shape-issues.js';
import { SnapshotError } from './snapshot-error.js';
import {
  READABLE_SNAPSHOT_VERSIONS,
  type RuleBookSnapshot,
  readSnapshotBody,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
} from './snapshot-schema.js';

/**
 * Checks that `value` (a decoded JSON document) is a rule-book snapshot this library reads, and
 * returns it as a fresh object (nothing of `value` is shared). `RuleBook.fromJSON` builds on it;
 * call it directly to inspect a snapshot without compiling a book.
 *
 * The `format` marker is checked first, then the `version`, then every field, so the reason says
 * what is wrong at the coarsest level: not a snapshot, a snapshot from a newer library, or a
 * damaged one.
 *
 * @throws {SnapshotError} `reason` `format`, `version` or `schema`, with each issue's path.
 * @example
 * ```ts
 * const snapshot = readRuleBookSnapshot(JSON.parse(await readFile('rule-book.json', 'utf8')));
 * console.log(new Date(snapshot.fetchedAt).toISOString(), snapshot.symbols.length);
 * ```
 */
export function readRuleBookSnapshot(value: unknown): RuleBookSnapshot {
  const { format, version } = readHeader(value);
  const declared = typeof version === 'number' ? version : undefined;
  if (format !== SNAPSHOT_FORMAT)
    throw new SnapshotError(
      'format',
      [issue('format', `expected "${SNAPSHOT_FORMAT}", got ${describeValue(format)}`)],
      { version: declared },
    );
  if (declared !== undefined && Number.isInteger(declared) && !READABLE_SNAPSHOT_VERSIONS.includes(declared))
    throw new SnapshotError(
      'version',
      [
        issue(
          'version',
          `snapshot version ${declared} is not supported; this library reads versions ${READABLE_SNAPSHOT_VERSIONS.join(' and ')} (it writes ${SNAPSHOT_VERSION})`,
        ),
      ],
      { version: declared },
    );

  let result: ReturnType<typeof readSnapshotBody>;
  try {
    result = readSnapshotBody(value);
  } catch (error) {
    // What a hostile input throws while being read (a proxy, a getter) is reported, not rethrown.
    throw new SnapshotError('schema', [issue('(root)', `could not be read: ${describeThrown(error)}`)], {
      version: declared,
      cause: error,
    });
  }
  if ('issues' in result) throw new SnapshotError('schema', result.issues, { version: declared });
  return result.snapshot;
}

function readHeader(value: unknown): { format: unknown; version: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SnapshotError('format', [
      issue('(root)', `expected a snapshot object, got ${describeValue(value)}`),
    ]);
  try {
    const { format, version } = value as { format?: unknown; version?: unknown };
    return { format, version };
  } catch (error) {
    throw new SnapshotError('schema', [issue('(root)', `could not be read: ${describeThrown(error)}`)], {
      cause: error,
    });
  }
}

function issue(path: string, message: string): SchemaIssue {
  return { path, message, code: 'custom' };
}
