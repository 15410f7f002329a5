/**
 * The values of a request's `ACCESS-KEY` headers, in order (an API key is an identifier, never a
 * secret: the log and the desk's limits go by it). More than one is a request the desk cannot
 * place under one key's limits.
 *
 * @example
 * ```ts
 * accessKeysOf(['ACCESS-KEY', 'desk-key', 'Content-Type', 'application/json']); // ['desk-key']
 * ```
 */
export function accessKeysOf(rawHeaders: readonly string[]): string[] {
  const keys: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length === 10 && name.toLowerCase() === 'access-key') keys.push(rawHeaders[i + 1]!);
  }
  return keys;
}
