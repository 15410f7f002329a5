import type { Dispatcher } from 'undici';
import * as z from 'zod/mini';
import { describeValue } from '../errors/preflight-error.js';
import type { AttemptEvent } from './attempt-event.js';
import {
  builtOnce,
  callback,
  type DeclaresExactly,
  type IssueSink,
  integerIn,
  objectWithMethod,
  oneOf,
  optionsSchema,
  readOptions,
  refuse,
  valueThat,
  withDefault,
} from './option-schema.js';
import type { SymbolsFormat } from './query.js';
import { MAX_TIMER_MS } from './wait-bounds.js';

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
  /**
   * Limit for one attempt, from sending the request to the last byte of the body.
   *
   * @default 10_000
   */
  readonly timeoutMs?: number;
  /**
   * Retries after the first try, on network errors, timeouts and 5xx.
   *
   * @default 2
   */
  readonly retries?: number;
  /**
   * Ceiling of the first backoff wait; it doubles per retry.
   *
   * @default 250
   */
  readonly retryDelayMs?: number;
  /**
   * No backoff wait is longer, not even one a 5xx asks for with `Retry-After`.
   *
   * @default 5_000
   */
  readonly maxRetryDelayMs?: number;
  /**
   * Bodies larger than this fail with `ResponseTooLargeError` (32 MiB).
   *
   * @default 33_554_432
   */
  readonly maxResponseBytes?: number;
  /**
   * How `symbols` is sent: `BTCUSDT,ETHUSDT` (`comma`) or `["BTCUSDT","ETHUSDT"]` (`json`).
   *
   * @default 'comma'
   */
  readonly symbolsFormat?: SymbolsFormat;
  /**
   * An undici dispatcher (a proxy agent, a mock, a shared pool). The caller keeps ownership:
   * `close()` does not close it. Without one the client creates and owns a keep-alive `Agent`.
   */
  readonly dispatcher?: Dispatcher;
  /**
   * Extra request headers. Hop-by-hop headers and `accept-encoding` (bodies are not decompressed)
   * are refused.
   *
   * @default {}
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Source of numbers in [0, 1) for backoff jitter; for deterministic tests.
   *
   * @default Math.random
   */
  readonly random?: () => number;
  /**
   * Told of each attempt as it goes (see {@link AttemptEvent}): when it starts, when its answer
   * arrives, when it times out or fails, and when a retry follows (with the wait and its cause).
   * For progress and logs; it cannot change what is fetched, and what it throws is ignored.
   *
   * @example
   * ```ts
   * new ExchangeInfoClient({
   *   baseUrl: 'https://api.example.com',
   *   onAttempt: (event) => {
   *     if (event.kind === 'retry') console.warn(`retry after ${event.cause}, in ${event.delayMs} ms`);
   *   },
   * });
   * ```
   */
  readonly onAttempt?: (event: AttemptEvent) => void;
}

/**
 * Defaults of {@link ExchangeInfoClientOptions}: each option's `@default`, typed as the option
 * (test/api/option-defaults.test.ts holds the tags to these values).
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
} satisfies Required<
  Pick<
    ExchangeInfoClientOptions,
    'timeoutMs' | 'retries' | 'retryDelayMs' | 'maxRetryDelayMs' | 'maxResponseBytes' | 'symbolsFormat'
  >
>);

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

/**
 * Every option of {@link ExchangeInfoClientOptions}: its type, check and default, in the order
 * they are checked. `baseUrl` comes out as the endpoint's full URL (read by {@link readBaseUrl}).
 * The CLI's `fetch` checks its flags through {@link validateExchangeInfoClientOptions}, so each
 * option is declared once, here.
 */
export const clientOptionShape = builtOnce(() => ({
  baseUrl: z.pipe(
    valueThat<string | URL>(() => true, 'an http(s) URL'),
    z.transform((value: string | URL, ctx) => {
      const read = readBaseUrl(value);
      return read.ok ? read.endpoint : refuse(ctx, { problem: read.problem, value: read.shown });
    }),
  ),
  timeoutMs: withDefault(integerIn(1, MAX_TIMER_MS), DEFAULT_CLIENT_OPTIONS.timeoutMs),
  retries: withDefault(integerIn(0, Number.MAX_SAFE_INTEGER), DEFAULT_CLIENT_OPTIONS.retries),
  retryDelayMs: withDefault(integerIn(0, MAX_TIMER_MS), DEFAULT_CLIENT_OPTIONS.retryDelayMs),
  maxRetryDelayMs: withDefault(integerIn(0, MAX_TIMER_MS), DEFAULT_CLIENT_OPTIONS.maxRetryDelayMs),
  maxResponseBytes: withDefault(
    integerIn(1, MAX_RESPONSE_BYTES_LIMIT),
    DEFAULT_CLIENT_OPTIONS.maxResponseBytes,
  ),
  symbolsFormat: withDefault(oneOf(['comma', 'json']), DEFAULT_CLIENT_OPTIONS.symbolsFormat),
  dispatcher: z.optional(
    // Duck-typed: a dispatcher from another copy of undici is not an instance of ours.
    objectWithMethod<Dispatcher>('request', 'an undici Dispatcher (an Agent, Pool, ProxyAgent, ...)'),
  ),
  headers: withDefault(
    z.pipe(
      valueThat<Readonly<Record<string, string>>>(isRecord, 'an object of header names to string values'),
      z.transform((value: Readonly<Record<string, string>>, ctx) => checkedHeaders(value, ctx)),
    ),
    {},
  ),
  // The global, looked up at each call (not captured), so a test's stub of Math.random governs.
  random: withDefault(callback<() => number>(), () => Math.random()),
  onAttempt: z.optional(callback<(event: AttemptEvent) => void>()),
}));

/** The options object: {@link clientOptionShape}, no other key, `baseUrl` renamed `endpoint`. */
const clientOptionsSchema = builtOnce(() =>
  z.pipe(
    optionsSchema(clientOptionShape(), { subject: 'an ExchangeInfoClient option', required: 'baseUrl' }),
    z.transform(({ baseUrl, dispatcher, ...options }) => ({ endpoint: baseUrl, dispatcher, ...options })),
  ),
);

// The compiler holds the schema to the public interface: an option in one and not the other, a
// different type or a different required set fails the type check.
true satisfies DeclaresExactly<z.input<ReturnType<typeof clientOptionsSchema>>, ExchangeInfoClientOptions>;

/**
 * {@link ExchangeInfoClientOptions} checked, with defaults filled in; `endpoint` is the full URL
 * of the exchange-info endpoint, without a query.
 *
 * @example
 * ```ts
 * const resolved: ResolvedClientOptions = resolveClientOptions({ baseUrl: 'http://127.0.0.1:8080' });
 * resolved.endpoint.href; // 'http://127.0.0.1:8080/api/v3/exchangeInfo'
 * ```
 */
export type ResolvedClientOptions = Readonly<z.output<ReturnType<typeof clientOptionsSchema>>>;

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
 * The path of the contract host's definitions below `baseUrl` (WEEX V3 futures: `GET
 * /capi/v3/market/exchangeInfo`, on `https://api-contract.weex.com`), which
 * `ExchangeInfoClient.fetchContractInfo` asks for.
 *
 * @example
 * ```ts
 * new URL(`https://api-contract.weex.com${CONTRACT_INFO_PATH}`);
 * ```
 */
export const CONTRACT_INFO_PATH = '/capi/v3/market/exchangeInfo';

/**
 * The contract definitions' URL for a client whose spot endpoint is `endpoint` (what
 * {@link resolveClientOptions} makes of `baseUrl`): the same base and path prefix, with
 * {@link CONTRACT_INFO_PATH} in place of {@link EXCHANGE_INFO_PATH}.
 *
 * @internal
 * @example
 * ```ts
 * contractEndpoint(new URL('http://127.0.0.1:9000/api/v3/exchangeInfo')).href;
 * // 'http://127.0.0.1:9000/capi/v3/market/exchangeInfo'
 * ```
 */
export function contractEndpoint(endpoint: URL): URL {
  const url = new URL(endpoint.href);
  url.pathname = `${endpoint.pathname.slice(0, endpoint.pathname.length - EXCHANGE_INFO_PATH.length)}${CONTRACT_INFO_PATH}`;
  return url;
}

/**
 * Checks client options and fills in defaults. Unknown keys are refused, so a typo such as
 * `timeout` fails loudly instead of silently using the default.
 *
 * @throws {InvalidArgumentError} with `argument` naming the option at fault (`options.baseUrl`).
 * @example
 * ```ts
 * resolveClientOptions({ baseUrl: 'ftp://x' }); // throws InvalidArgumentError { argument: 'options.baseUrl' }
 * ```
 */
export function resolveClientOptions(options: unknown): ResolvedClientOptions {
  return readOptions(clientOptionsSchema(), options);
}

/**
 * What {@link readBaseUrl} makes of a base URL: the endpoint's URL, or why there is none.
 *
 * @example
 * ```ts
 * const read: BaseUrlReading = readBaseUrl('https://api.example.com');
 * if (read.ok) read.endpoint.href; // 'https://api.example.com/api/v3/exchangeInfo'
 * ```
 */
export type BaseUrlReading =
  | {
      readonly ok: true;
      /** The base: the URL given, or the part before the endpoint's path when it held that path. */
      readonly base: string;
      /** The endpoint's full URL, without a query. */
      readonly endpoint: URL;
      /** True when the URL given already ended in `/api/v3/exchangeInfo` (taken as its base). */
      readonly endsInEndpoint: boolean;
    }
  | {
      readonly ok: false;
      /** What is wrong, as a phrase that follows the option's name: `must be an http(s) URL, ...`. */
      readonly problem: string;
      /** The value as it may be shown (never the credentials a URL carried). */
      readonly shown: unknown;
      /**
       * For the endpoint's URL with a query or fragment: the base to give instead and the query
       * it carried (a caller can turn the query into its own parameters).
       */
      readonly endpointQuery?: { readonly base: string; readonly query: URLSearchParams };
    };

/**
 * Reads a base URL as {@link ExchangeInfoClient} does with its `baseUrl` option: an http(s) URL,
 * without a query, a fragment or credentials. A URL that already ends
 * in {@link EXCHANGE_INFO_PATH} (trailing slashes and letter case aside), as one copied from a
 * browser or the exchange's docs does, is taken as its base, so the path is not sent twice.
 * A bad URL is a value (`ok: false`), not an exception.
 *
 * @example
 * ```ts
 * const read = readBaseUrl('https://api.example.com/api/v3/exchangeInfo/');
 * if (read.ok) [read.base, read.endsInEndpoint]; // ['https://api.example.com', true]
 * ```
 */
export function readBaseUrl(value: string | URL): BaseUrlReading {
  const text = value instanceof URL ? value.href : value;
  if (typeof text !== 'string' || !URL.canParse(text))
    return { ok: false, problem: `must be an http(s) URL, got ${describeValue(value)}`, shown: value };
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, problem: `must be an http(s) URL, got ${describeValue(value)}`, shown: value };
  // Credentials in the URL would end up in every error message; headers keep them out of logs.
  if (url.username !== '' || url.password !== '')
    return {
      ok: false,
      problem: 'must not carry credentials (send them in headers)',
      shown: describeValue(url.host),
    };
  const path = withoutTrailingSlashes(url.pathname);
  const endsInEndpoint = path.toLowerCase().endsWith(EXCHANGE_INFO_PATH.toLowerCase());
  const prefix = endsInEndpoint ? path.slice(0, path.length - EXCHANGE_INFO_PATH.length) : path;
  const base = endsInEndpoint ? `${url.origin}${prefix}` : text;
  if (url.search !== '' || url.hash !== '')
    return {
      ok: false,
      problem: 'must not carry a query or a fragment',
      shown: value,
      ...(endsInEndpoint ? { endpointQuery: { base, query: url.searchParams } } : {}),
    };
  const endpoint = new URL(url.href);
  endpoint.pathname = `${prefix}${EXCHANGE_INFO_PATH}`;
  return { ok: true, base, endpoint, endsInEndpoint };
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

function isRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The headers with lower-case names; a name or value that could not be sent is refused. */
function checkedHeaders(headers: Readonly<Record<string, unknown>>, ctx: IssueSink): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name) || REFUSED_HEADERS.has(lower)) {
      return refuse(ctx, {
        path: [name],
        problem: `cannot set the header ${describeValue(name)}`,
        value: name,
      });
    }
    if (typeof value !== 'string' || FORBIDDEN_IN_HEADER_VALUE.test(value)) {
      return refuse(ctx, {
        path: [name],
        problem: `header ${describeValue(name, 40)} must be a string without control characters`,
        value: name,
      });
    }
    out[lower] = value;
  }
  return out;
}

/**
 * Checks {@link ExchangeInfoClientOptions} as the client's constructor does, without making a
 * client (no socket, nothing to close): for a caller that reads the options from its own input,
 * such as a command line, and wants them refused before it does anything else.
 *
 * @throws {InvalidArgumentError} with `argument` naming the option at fault (`options.timeoutMs`).
 * @example
 * ```ts
 * validateExchangeInfoClientOptions({ baseUrl: 'https://api.example.com', timeoutMs: 0 });
 * // throws InvalidArgumentError { argument: 'options.timeoutMs' }
 * ```
 */
export function validateExchangeInfoClientOptions(options: ExchangeInfoClientOptions): void {
  resolveClientOptions(options);
}
