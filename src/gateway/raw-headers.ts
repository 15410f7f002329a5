/**
 * The values of the headers named `name` (lower case) in a request's raw headers, in the order
 * sent: one header sent twice is a request that a proxy and the exchange might read apart, so
 * callers see every value, not Node's pick.
 *
 * @example
 * ```ts
 * headerValues(['ACCESS-KEY', 'desk-key', 'Content-Type', 'application/json'], 'access-key'); // ['desk-key']
 * ```
 */
export function headerValues(rawHeaders: readonly string[], name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const header = rawHeaders[i]!;
    if (header.length === name.length && header.toLowerCase() === name) values.push(rawHeaders[i + 1]!);
  }
  return values;
}
