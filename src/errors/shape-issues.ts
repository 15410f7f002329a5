import { describeValue } from './preflight-error.js';

/**
 * One problem found in a payload: where (a path such as `symbols[3].tickSize`) and what.
 *
 * @example
 * ```ts
 * // { path: 'serverTime', message: 'expected an integer from 0 to ...', code: 'invalid_value' }
 * ```
 */
export interface SchemaIssue {
  readonly path: string;
  readonly message: string;
  /** `invalid_type`, `invalid_value`, `missing`, `unrecognized_key` or `custom`. */
  readonly code: string;
}

/** A path being walked, as the segments `symbols`, `3`, `tickSize`. */
export type IssuePath = readonly (string | number)[];

/** Renders a path as `symbols[3].tickSize`; the empty path is `(root)`. */
export function formatIssuePath(path: IssuePath): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out.length === 0 ? key : `.${key}`;
  }
  return out.length === 0 ? '(root)' : out;
}

/**
 * Collects the issues of one document as it is read field by field: the small, dependency-free
 * reader the portable core uses instead of a schema library (which would be most of a browser
 * bundle's weight).
 */
export class IssueCollector {
  readonly issues: SchemaIssue[] = [];

  add(path: IssuePath, code: string, message: string): void {
    this.issues.push({ path: formatIssuePath(path), code, message });
  }

  /** A plain object (not an array), or an issue. */
  record(value: unknown, path: IssuePath): Record<string, unknown> | undefined {
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
    this.add(path, 'invalid_type', `expected an object, got ${describeValue(value)}`);
    return undefined;
  }

  /** An array, or an issue. */
  list(value: unknown, path: IssuePath): readonly unknown[] | undefined {
    if (Array.isArray(value)) return value;
    this.add(path, 'invalid_type', `expected an array, got ${describeValue(value)}`);
    return undefined;
  }

  /** Keys of `record` outside `known` are issues: a field this version does not know could carry a rule it would not enforce. */
  onlyKnownKeys(record: Record<string, unknown>, known: ReadonlySet<string>, path: IssuePath): void {
    for (const key of Object.keys(record))
      if (!known.has(key)) this.add(path, 'unrecognized_key', `unknown field ${describeValue(key, 40)}`);
  }

  /** `check(value)` returns why the value is wrong, or undefined; absence is its own issue. */
  field<T>(
    record: Record<string, unknown>,
    key: string,
    path: IssuePath,
    check: (value: unknown) => string | undefined,
    options: { optional?: boolean } = {},
  ): T | undefined {
    if (!Object.hasOwn(record, key) || record[key] === undefined) {
      if (!options.optional) this.add([...path, key], 'missing', 'required');
      return undefined;
    }
    const value = record[key];
    const problem = check(value);
    if (problem !== undefined) {
      this.add([...path, key], 'invalid_value', problem);
      return undefined;
    }
    return value as T;
  }
}

/** Checks for {@link IssueCollector.field}: each returns what is wrong, or undefined. */
export const checks = {
  string: (value: unknown) =>
    typeof value === 'string' ? undefined : `expected a string, got ${describeValue(value)}`,
  nonEmptyString: (value: unknown) =>
    typeof value === 'string' && value.length > 0
      ? undefined
      : `expected a non-empty string, got ${describeValue(value)}`,
  boolean: (value: unknown) =>
    typeof value === 'boolean' ? undefined : `expected true or false, got ${describeValue(value)}`,
  integer: (min: number, max: number) => (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? undefined
      : `expected an integer from ${min} to ${max}, got ${describeValue(value)}`,
  oneOf:
    <T extends string>(allowed: readonly T[]) =>
    (value: unknown) =>
      typeof value === 'string' && (allowed as readonly string[]).includes(value)
        ? undefined
        : `expected one of ${allowed.join(', ')}, got ${describeValue(value)}`,
  /** `null` or what `inner` accepts. */
  nullable: (inner: (value: unknown) => string | undefined) => (value: unknown) =>
    value === null ? undefined : inner(value),
};
