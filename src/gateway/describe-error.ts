/**
 * An error as the gateway's answers, log and status page show it: its `code` (a Node or undici
 * code such as `ECONNREFUSED`) and its message, or what was thrown if it is not an error.
 *
 * @example
 * ```ts
 * describeError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
 * // 'ECONNREFUSED: connect ECONNREFUSED'
 * ```
 */
export function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
    const text =
      typeof message === 'string' && message !== '' ? message : typeof name === 'string' ? name : '';
    if (typeof code === 'string') return text === '' || text === code ? code : `${code}: ${text}`;
    if (text !== '') return text;
  }
  return String(error);
}
