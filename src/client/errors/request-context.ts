/**
 * Where a failed request went and how many attempts were made.
 *
 * @example
 * ```ts
 * const where: RequestContext = { url: 'https://api.example.com/api/v3/exchangeInfo', attempts: 3 };
 * ```
 */
export interface RequestContext {
  readonly url: string;
  readonly attempts: number;
}
