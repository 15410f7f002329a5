import type { Dispatcher } from 'undici';
import { InvalidQueryError } from '../errors/invalid-query-error.js';
import { describeThrown, describeValue, isOwnInstance } from '../errors/preflight-error.js';
import { integerOption } from '../options/integer-option.js';
import type { SymbolsFormat } from './query.js';

/**
 * Options of {@link ExchangeInfoClient}. Only `baseUrl` is required.
 *
 * @example
 * ```ts
 * const options: ExchangeInfoClientOptions = {
 *   baseUrl: 'https://api.example.com',
 *   timeoutMs: 5_000,
 *   retries: 3,
 *   headers: { 'x-request-source': 'gateway' },
 * };
 * ```
 */
export interface ExchangeInfoClientOptions {
  /** Where `/api/v3/exchangeInfo` lives: an http(s) URL, optionally with a path prefix. */
  readonly baseUrl: string | URL;
  /** Limit for one attempt, from sending the request to the last byte of the body. Default 10 000. */
  readonly timeoutMs?: number;
  /** Retries after the first try, on network errors, timeouts and 5xx. Default 2. */
  readonly retries?: number;
  /** Ceiling of the first backoff wait; it doubles per retry. Default 250. */
  readonly retryDelayMs?: number;
  /** No backoff wait is longer, not even one a 5xx asks for with `Retry-After`. Default 5 000. */
  readonly maxRetryDelayMs?: number;
  /** Bodies larger than this fail with `ResponseTooLargeError`. Default 32 MiB. */
  readonly maxResponseBytes?: number;
  /** How `symbols` is sent: `BTCUSDT,ETHUSDT` (`comma`, the default) or `["BTCUSDT","ETHUSDT"]` (`json`). */
  readonly symbolsFormat?: SymbolsFormat;
  /**
   * An undici dispatcher (a proxy agent, a mock, a shared pool). The caller keeps ownership:
   * `close()` does not close it. Without one the client creates and owns a keep-alive `Agent`.
   */
  readonly dispatcher?: Dispatcher;
  /** Extra request headers. Hop-by-hop headers and `accept-encoding` (bodies are not decompressed) are refused. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Source of numbers in [0, 1) for backoff jitter; for deterministic tests. Default `Math.random`. */
  readonly random?: () => number;
}

/**
 * Defaults of {@link ExchangeInfoClientOptions}.
 *
 * @example
 * ```ts
 * DEFAULT_CLIENT_OPTIONS.maxResponseBytes; // 33554432
 * ```
 */
export const DEFAULT_CLIENT_OPTIONS = Object.freeze({
  timeoutMs: 10_000,
  retries: 2,
  retryDelayMs: 250,
  maxRetryDelayMs: 5_000,
  maxResponseBytes: 32 * 1024 * 1024,
  symbolsFormat: 'comma' as SymbolsFormat,
});

/** Node fires a longer timer at once (with a warning), so no delay may exceed it. */
const MAX_TIMER_MS = 2_147_483_647;
/** A body must still fit in one JavaScript string once decoded (V8's limit is just under 2^29). */
const MAX_RESPONSE_BYTES_LIMIT = 256 * 1024 * 1024;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Control characters in a header value would split the request (header injection).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const FORBIDDEN_IN_HEADER_VALUE = /[\u0000-\u0008\u000a-\u001f\u007f]/;
const REFUSED_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'upgrade',
  'transfer-encoding',
  'te',
  'trailer',
  'proxy-connection',
  'expect',
  'content-length',
  'accept-encoding',
]);
const OPTION_KEYS: ReadonlySet<string> = new Set([
  'baseUrl',
  'timeoutMs',
  'retries',
  'retryDelayMs',
  'maxRetryDelayMs',
  'maxResponseBytes',
  'symbolsFormat',
  'dispatcher',
  'headers',
  'random',
]);

/**
 * {@link ExchangeInfoClientOptions} checked, with defaults filled in.
 *
 * @example
 * ```ts
 * const resolved: ResolvedClientOptions = resolveClientOptions({ baseUrl: 'http://127.0.0.1:8080' });
 * resolved.endpoint.href; // 'http://127.0.0.1:8080/api/v3/exchangeInfo'
 * ```
 */
export interface ResolvedClientOptions {
  /** The full URL of the exchange-info endpoint, without a query. */
  readonly endpoint: URL;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly retryDelayMs: number;
  readonly maxRetryDelayMs: number;
  readonly maxResponseBytes: number;
  readonly symbolsFormat: SymbolsFormat;
  readonly dispatcher: Dispatcher | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly random: () => number;
}

/**
 * The path of the endpoint below `baseUrl` (as the exchange documents it).
 *
 * @example
 * ```ts
 * new URL(`https://api.example.com${EXCHANGE_INFO_PATH}`);
 * ```
 */
export const EXCHANGE_INFO_PATH = '/api/v3/exchangeInfo';

/**
 * Checks client options and fills in defaults. Unknown keys are refused, so a typo such as
 * `timeout` fails loudly instead of silently using the default.
 *
 * @throws {InvalidQueryError} with `parameter` set to the option at fault.
 * @example
 * ```ts
 * resolveClientOptions({ baseUrl: 'ftp://x' }); // throws InvalidQueryError { parameter: 'baseUrl' }
 * ```
 */
export function resolveClientOptions(options: unknown): ResolvedClientOptions {
  try {
    return resolveOptions(options);
  } catch (error) {
    if (isOwnInstance(error, InvalidQueryError)) throw error;
    // What the caller's options threw while being read (a getter, a proxy) is reported as ours.
    throw new InvalidQueryError('options', undefined, `could not be read (${describeThrown(error)})`);
  }
}

function resolveOptions(options: unknown): ResolvedClientOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new InvalidQueryError(
      'options',
      options,
      `must be an object with at least baseUrl, got ${describeValue(options)}`,
    );
  }
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!OPTION_KEYS.has(key))
      throw new InvalidQueryError(key, o[key], 'is not an ExchangeInfoClient option');
  }
  return {
    endpoint: endpointFrom(o.baseUrl),
    timeoutMs: integerOption(o, 'timeoutMs', DEFAULT_CLIENT_OPTIONS.timeoutMs, 1, MAX_TIMER_MS),
    retries: integerOption(o, 'retries', DEFAULT_CLIENT_OPTIONS.retries, 0, Number.MAX_SAFE_INTEGER),
    retryDelayMs: integerOption(o, 'retryDelayMs', DEFAULT_CLIENT_OPTIONS.retryDelayMs, 0, MAX_TIMER_MS),
    maxRetryDelayMs: integerOption(
      o,
      'maxRetryDelayMs',
      DEFAULT_CLIENT_OPTIONS.maxRetryDelayMs,
      0,
      MAX_TIMER_MS,
    ),
    maxResponseBytes: integerOption(
      o,
      'maxResponseBytes',
      DEFAULT_CLIENT_OPTIONS.maxResponseBytes,
      1,
      MAX_RESPONSE_BYTES_LIMIT,
    ),
    symbolsFormat: symbolsFormatOption(o.symbolsFormat),
    dispatcher: dispatcherOption(o.dispatcher),
    headers: headersOption(o.headers),
    random: randomOption(o.random),
  };
}

function endpointFrom(value: unknown): URL {
  let url: URL | undefined;
  if (value instanceof URL) url = new URL(value.href);
  else if (typeof value === 'string' && URL.canParse(value)) url = new URL(value);
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new InvalidQueryError('baseUrl', value, `must be an http(s) URL, got ${describeValue(value)}`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new InvalidQueryError('baseUrl', value, 'must not carry a query or a fragment');
  }
  // Credentials in the URL would end up in every error message; headers keep them out of logs.
  if (url.username !== '' || url.password !== '') {
    throw new InvalidQueryError(
      'baseUrl',
      describeValue(url.host),
      'must not carry credentials (send them in headers)',
    );
  }
  url.pathname = `${withoutTrailingSlashes(url.pathname)}${EXCHANGE_INFO_PATH}`;
  return url;
}

/**
 * `path` without its trailing slashes. A loop, not `/\/+$/`: that regex retries from every slash
 * of a run that does not end the path, which is quadratic (10 s on 100k slashes).
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === SLASH) end--;
  return path.slice(0, end);
}

const SLASH = 0x2f;

function symbolsFormatOption(value: unknown): SymbolsFormat {
  if (value === undefined) return DEFAULT_CLIENT_OPTIONS.symbolsFormat;
  if (value === 'comma' || value === 'json') return value;
  throw new InvalidQueryError(
    'symbolsFormat',
    value,
    `must be "comma" or "json", got ${describeValue(value)}`,
  );
}

function dispatcherOption(value: unknown): Dispatcher | undefined {
  if (value === undefined) return undefined;
  // Duck-typed: a dispatcher from another copy of undici is not an instance of ours.
  if (typeof value === 'object' && value !== null && typeof (value as Dispatcher).request === 'function') {
    return value as Dispatcher;
  }
  throw new InvalidQueryError(
    'dispatcher',
    value,
    'must be an undici Dispatcher (an Agent, Pool, ProxyAgent, ...)',
  );
}

function headersOption(value: unknown): Readonly<Record<string, string>> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidQueryError('headers', value, 'must be an object of header names to string values');
  }
  const out: Record<string, string> = {};
  for (const [name, headerValue] of Object.entries(value)) {
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name) || REFUSED_HEADERS.has(lower)) {
      throw new InvalidQueryError('headers', name, `cannot set the header ${describeValue(name)}`);
    }
    if (typeof headerValue !== 'string' || FORBIDDEN_IN_HEADER_VALUE.test(headerValue)) {
      throw new InvalidQueryError(
        'headers',
        name,
        `header ${describeValue(name, 40)} must be a string without control characters`,
      );
    }
    out[lower] = headerValue;
  }
  return out;
}

function randomOption(value: unknown): () => number {
  if (value === undefined) return Math.random;
  if (typeof value === 'function') return value as () => number;
  throw new InvalidQueryError('random', value, 'must be a function returning a number in [0, 1)');
}
