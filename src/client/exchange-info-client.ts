import { Agent, type Dispatcher } from 'undici';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { describeValue, type PreflightError } from '../errors/preflight-error.js';
import type { ContractInfo } from '../exchange-info/contract-schema.js';
import { parseContractInfo } from '../exchange-info/parse-contract-info.js';
import { parseExchangeInfo } from '../exchange-info/parse-exchange-info.js';
import type { ExchangeInfo } from '../exchange-info/schema.js';
import { abortableSleep } from './abortable-sleep.js';
import { type AttemptEvent, tell } from './attempt-event.js';
import { backoffDelayMs } from './backoff.js';
import {
  contractEndpoint,
  type ExchangeInfoClientOptions,
  type ResolvedClientOptions,
  resolveClientOptions,
} from './client-options.js';
import { excerptOf, readExchangeError } from './error-body.js';
import { ClientClosedError } from './errors/client-closed-error.js';
import { HttpStatusError } from './errors/http-status-error.js';
import { InvalidResponseError } from './errors/invalid-response-error.js';
import { NetworkError } from './errors/network-error.js';
import { RateLimitedError } from './errors/rate-limited-error.js';
import { RequestTimeoutError } from './errors/request-timeout-error.js';
import { ResponseTooLargeError } from './errors/response-too-large-error.js';
import { parseResponseJson } from './json-body.js';
import {
  buildContractInfoQueryString,
  buildExchangeInfoQueryString,
  type ContractInfoQuery,
  type ExchangeInfoQuery,
} from './query.js';
import { type CappedBody, readBodyExcerpt, readBodyWithCap } from './read-body.js';
import { parseRetryAfterMs } from './retry-after.js';
import { describeTransportError, isTransientTransportCode, transportErrorCode } from './transport-error.js';

/**
 * Request weight of one `GET /api/v3/exchangeInfo` (as the exchange documents it), counted per IP.
 *
 * @example
 * ```ts
 * const callsLeft = Math.floor(weightBudget / EXCHANGE_INFO_REQUEST_WEIGHT);
 * ```
 */
export const EXCHANGE_INFO_REQUEST_WEIGHT = 20;

/**
 * Request weight of one `GET /capi/v3/market/exchangeInfo` on the contract host (as the exchange
 * documents it), counted per IP.
 *
 * @example
 * ```ts
 * client.requestWeightSpent; // after one fetchContractInfo(): 1
 * ```
 */
export const CONTRACT_INFO_REQUEST_WEIGHT = 1;

/** An error body only has to yield an excerpt and a `{ code, msg }`; more is not worth reading. */
const ERROR_BODY_READ_BYTES = 16 * 1024;

/**
 * Per-call options of {@link ExchangeInfoClient.fetchExchangeInfo}.
 *
 * @example
 * ```ts
 * await client.fetchExchangeInfo(undefined, { signal: AbortSignal.timeout(30_000) });
 * ```
 */
export interface FetchExchangeInfoOptions {
  /**
   * Cancels the call: the request in flight is aborted, no retry follows, and the promise
   * rejects with `signal.reason` (as `fetch` does), not with a `PreflightError`.
   */
  readonly signal?: AbortSignal;
}

/** A failure that another attempt may cure. */
type RetryableFailure =
  | { readonly kind: 'network'; readonly error: unknown; readonly code: string | undefined }
  | { readonly kind: 'timeout'; readonly error: unknown }
  | {
      readonly kind: 'status';
      readonly status: number;
      readonly bodyExcerpt: string;
      readonly exchange: { exchangeCode?: number | string; exchangeMessage?: string };
      readonly retryAfterMs: number | undefined;
    };

type AttemptOutcome<T = ExchangeInfo> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly failure: RetryableFailure };

/** What a successful answer's body becomes: the parsed exchange info, or its text. */
type ReadAnswer<T> = (bytes: Buffer, url: URL, contentType: string | undefined) => T;

/** One request to send (with its retries): its URL and the request weight each attempt spends. */
interface Target {
  readonly url: URL;
  readonly weight: number;
}

/**
 * Fetches and parses `GET /api/v3/exchangeInfo` over undici, with a per-attempt timeout,
 * retries with capped exponential backoff and jitter (network errors, timeouts, 5xx), a body
 * size cap, and lossless JSON numbers. Every failure is a typed `PreflightError` (see
 * `fetchExchangeInfo`). Safe for concurrent calls.
 *
 * @example
 * ```ts
 * import { ExchangeInfoClient, isRateLimitedError } from 'order-preflight/node';
 *
 * const client = new ExchangeInfoClient({ baseUrl: 'https://api.example.com', timeoutMs: 5_000 });
 * try {
 *   const info = await client.fetchExchangeInfo({ symbols: ['BTCUSDT', 'ETHUSDT'] });
 *   console.log(info.symbols.length, client.requestWeightSpent, client.clockOffsetMs);
 * } catch (error) {
 *   if (isRateLimitedError(error)) console.warn(`back off for ${error.retryAfterMs} ms`);
 *   else throw error;
 * } finally {
 *   await client.close();
 * }
 * ```
 */
export class ExchangeInfoClient {
  readonly #options: ResolvedClientOptions;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  #closing: Promise<void> | undefined;
  #requestsSent = 0;
  #weightSpent = 0;
  #clockOffsetMs: number | undefined;

  /**
   * @throws {InvalidArgumentError} when an option is invalid; `argument` names it (`options.baseUrl`).
   */
  constructor(options: ExchangeInfoClientOptions) {
    this.#options = resolveClientOptions(options);
    this.#ownsDispatcher = this.#options.dispatcher === undefined;
    // The attempt timer governs; undici's own 300 s header/body timers would only cut in above it.
    this.#dispatcher = this.#options.dispatcher ?? new Agent({ headersTimeout: 0, bodyTimeout: 0 });
  }

  /**
   * HTTP requests dispatched so far, retries included (whether or not the server received them).
   *
   * @example
   * ```ts
   * await client.fetchExchangeInfo(); // answered 503, then 200
   * client.requestsSent; // 2
   * ```
   */
  get requestsSent(): number {
    return this.#requestsSent;
  }

  /**
   * Request weight spent so far: {@link EXCHANGE_INFO_REQUEST_WEIGHT} per `exchangeInfo` request
   * dispatched and {@link CONTRACT_INFO_REQUEST_WEIGHT} per contract-info request, retries
   * included. An upper bound of what the exchange counts, since a request refused at connect
   * never reached it.
   *
   * @example
   * ```ts
   * if (client.requestWeightSpent > 1_000) console.warn('refreshing too often');
   * ```
   */
  get requestWeightSpent(): number {
    return this.#weightSpent;
  }

  /**
   * Server clock minus local clock in whole milliseconds, estimated from the last successful
   * response's `serverTime` against the midpoint of sending the request and receiving the
   * response headers; `undefined` before the first success.
   *
   * @example
   * ```ts
   * const serverNow = Date.now() + (client.clockOffsetMs ?? 0);
   * ```
   */
  get clockOffsetMs(): number | undefined {
    return this.#clockOffsetMs;
  }

  /**
   * True once {@link ExchangeInfoClient.close} has been called.
   *
   * @example
   * ```ts
   * if (!client.closed) await client.fetchExchangeInfo();
   * ```
   */
  get closed(): boolean {
    return this.#closing !== undefined;
  }

  /**
   * Fetches the exchange's trading-pair definitions, narrowed by `query`.
   *
   * The query is checked before anything is sent. Network errors, attempt timeouts and 5xx
   * answers are retried `retries` times; other failures are final at once.
   *
   * @throws {InvalidQueryError} for a query the exchange would refuse; nothing is sent.
   * @throws {RateLimitedError} on 429 or 418 (not retried), with `retryAfterMs`.
   * @throws {HttpStatusError} on any other non-2xx; for 5xx after the last retry.
   * @throws {NetworkError} when the connection failed on the last attempt (`code` such as `ECONNREFUSED`).
   * @throws {RequestTimeoutError} when the last attempt took longer than `timeoutMs`.
   * @throws {ResponseTooLargeError} when the body is over `maxResponseBytes`.
   * @throws {InvalidResponseError} when a 2xx body cannot be read as JSON (an HTML page, invalid
   *   UTF-8, a member named twice, nesting deeper than 512 levels).
   * @throws {ExchangeInfoSchemaError} when the JSON is not exchange info at the top level.
   * @throws {ClientClosedError} when the client is closed.
   * @throws `options.signal.reason` when the caller aborts.
   * @example
   * ```ts
   * const info = await client.fetchExchangeInfo({ symbol: 'BTCUSDT' });
   * info.symbols[0]?.tickSize; // '0.01'
   * ```
   */
  fetchExchangeInfo(query?: ExchangeInfoQuery, options?: FetchExchangeInfoOptions): Promise<ExchangeInfo> {
    return this.#fetch(() => this.#spotTarget(query), options, readJsonWith(parseExchangeInfo));
  }

  /**
   * The same request as {@link fetchExchangeInfo} (query, retries, timeouts, size cap, typed
   * errors), answered with the body as text, decoded from UTF-8 but not parsed: for callers that
   * parse it themselves, such as the refreshing source, which parses in slices so a large
   * payload never holds the event loop. The clock offset is not updated (it needs the parsed
   * `serverTime`).
   *
   * @throws {InvalidResponseError} when a 2xx body is not UTF-8.
   * @throws the other errors of {@link fetchExchangeInfo}, but for the parsing ones.
   * @example
   * ```ts
   * const info = parseExchangeInfoText(await client.fetchExchangeInfoText({ symbolStatus: 'TRADING' }));
   * ```
   */
  fetchExchangeInfoText(query?: ExchangeInfoQuery, options?: FetchExchangeInfoOptions): Promise<string> {
    return this.#fetch(() => this.#spotTarget(query), options, decodeText);
  }

  /**
   * Fetches the contract host's definitions (WEEX perpetual futures), `GET
   * /capi/v3/market/exchangeInfo` below the client's `baseUrl` (for WEEX, a client made with
   * `baseUrl: 'https://api-contract.weex.com'`), narrowed to one contract by `query.symbol`, with
   * the same retries, timeouts, size cap and typed errors as {@link fetchExchangeInfo}, every
   * digit of every number kept; read as `parseContractInfo` reads them (a definition that does not
   * hold set aside in `rejected`). Spends {@link CONTRACT_INFO_REQUEST_WEIGHT} per request. The
   * answer carries no `serverTime`, so the clock offset is not updated.
   *
   * @throws {InvalidQueryError} for a query other than `{ symbol }` or a malformed symbol; nothing is sent.
   * @throws {ExchangeInfoSchemaError} when the JSON is not a contract payload at the top level
   *   (an `ExchangeAnswerError` for the exchange's `{ code, msg }` answered with a 2xx).
   * @throws the other errors of {@link fetchExchangeInfo}.
   * @example
   * ```ts
   * import { ContractBook } from 'order-preflight/futures';
   *
   * const contracts = new ExchangeInfoClient({ baseUrl: 'https://api-contract.weex.com' });
   * const book = ContractBook.fromContractInfo(await contracts.fetchContractInfo());
   * book.contract('DOGEUSDT')?.quantityPrecision; // -2
   * ```
   */
  fetchContractInfo(query?: ContractInfoQuery, options?: FetchExchangeInfoOptions): Promise<ContractInfo> {
    return this.#fetch(() => this.#contractTarget(query), options, readJsonWith(parseContractInfo));
  }

  /**
   * The same request as {@link fetchContractInfo}, answered with the body as text, decoded from
   * UTF-8 but not parsed: to save it as it came (what `order-preflight fetch --market futures`
   * writes) or to parse it later with `parseContractInfoText` or
   * `ContractBook.fromContractInfoText` (`order-preflight/futures`).
   *
   * @throws {InvalidResponseError} when a 2xx body is not UTF-8.
   * @throws the other errors of {@link fetchContractInfo}, but for the parsing ones.
   * @example
   * ```ts
   * await writeFile('contracts.json', await contracts.fetchContractInfoText());
   * ```
   */
  fetchContractInfoText(query?: ContractInfoQuery, options?: FetchExchangeInfoOptions): Promise<string> {
    return this.#fetch(() => this.#contractTarget(query), options, decodeText);
  }

  #spotTarget(query: unknown): Target {
    const search = buildExchangeInfoQueryString(query, this.#options.symbolsFormat);
    return { url: new URL(this.#options.endpoint.href + search), weight: EXCHANGE_INFO_REQUEST_WEIGHT };
  }

  #contractTarget(query: unknown): Target {
    const search = buildContractInfoQueryString(query);
    return {
      url: new URL(contractEndpoint(this.#options.endpoint).href + search),
      weight: CONTRACT_INFO_REQUEST_WEIGHT,
    };
  }

  /** `target` is made inside, so a query refused there rejects the promise, as nothing else is sent. */
  async #fetch<T>(
    targetOf: () => Target,
    options: FetchExchangeInfoOptions | undefined,
    readAnswer: ReadAnswer<T>,
  ): Promise<T> {
    const target = targetOf();
    const { url } = target;
    const signal = signalFrom(options);
    this.#assertOpen();
    if (signal?.aborted) throw signal.reason;

    const attempts = this.#options.retries + 1;
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.#attempt(target, attempt, signal, readAnswer);
      if (outcome.ok) return outcome.value;
      if (attempt >= attempts) throw this.#finalError(outcome.failure, url, attempt);
      const delayMs = this.#retryDelay(attempt, outcome.failure);
      this.#tell({ kind: 'retry', attempt, attempts, url: url.href, delayMs, ...causeOf(outcome.failure) });
      await abortableSleep(delayMs, signal);
      this.#assertOpen();
    }
  }

  /**
   * Releases the client's sockets once requests in flight have finished. A dispatcher passed in
   * the options is left open (its owner closes it). Idempotent; later calls to
   * `fetchExchangeInfo` fail.
   *
   * @example
   * ```ts
   * process.once('SIGTERM', () => void client.close());
   * ```
   */
  close(): Promise<void> {
    this.#closing ??= this.#ownsDispatcher ? this.#dispatcher.close() : Promise.resolve();
    return this.#closing;
  }

  #tell(event: AttemptEvent): void {
    tell(this.#options.onAttempt, event);
  }

  #assertOpen(): void {
    if (this.#closing !== undefined) throw new ClientClosedError();
  }

  #retryDelay(attempt: number, failure: RetryableFailure): number {
    const { retryDelayMs, maxRetryDelayMs, random } = this.#options;
    const backoff = backoffDelayMs(attempt - 1, { baseMs: retryDelayMs, maxMs: maxRetryDelayMs, random });
    // A 503 may say when to come back; honour it, but never beyond the cap the caller chose.
    const asked = failure.kind === 'status' ? (failure.retryAfterMs ?? 0) : 0;
    return Math.max(backoff, Math.min(asked, maxRetryDelayMs));
  }

  #finalError(failure: RetryableFailure, url: URL, attempts: number): PreflightError {
    switch (failure.kind) {
      case 'network':
        return new NetworkError(
          {
            url: url.href,
            attempts,
            detail: describeTransportError(failure.error),
            ...optional('code', failure.code),
          },
          { cause: failure.error },
        );
      case 'timeout':
        return new RequestTimeoutError(
          { url: url.href, attempts, timeoutMs: this.#options.timeoutMs },
          { cause: failure.error },
        );
      case 'status':
        return new HttpStatusError({
          url: url.href,
          attempts,
          status: failure.status,
          bodyExcerpt: failure.bodyExcerpt,
          ...failure.exchange,
        });
    }
  }

  async #attempt<T>(
    { url, weight }: Target,
    attempt: number,
    callerSignal: AbortSignal | undefined,
    readAnswer: ReadAnswer<T>,
  ): Promise<AttemptOutcome<T>> {
    const { timeoutMs, maxResponseBytes, headers } = this.#options;
    const where = { attempt, attempts: this.#options.retries + 1, url: url.href };
    const startedAt = performance.now();
    const elapsedMs = () => Math.round(performance.now() - startedAt);
    const controller = new AbortController();
    let timedOut = false;
    // One timer for headers and body alike: a server that trickles bytes cannot stretch the limit.
    const timer = setTimeout(() => {
      timedOut = true;
      // Told as it happens, not when the aborted request settles: a hung server is seen to hang.
      this.#tell({ kind: 'timeout', ...where, elapsedMs: elapsedMs() });
      controller.abort(new DOMException(`attempt exceeded ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

    const transportFailure = (error: unknown): AttemptOutcome<T> => {
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (timedOut) return { ok: false, failure: { kind: 'timeout', error } };
      this.#assertOpen();
      this.#tell({ kind: 'error', ...where, error, elapsedMs: elapsedMs() });
      const code = transportErrorCode(error);
      if (!isTransientTransportCode(code)) {
        throw new NetworkError(
          {
            url: url.href,
            attempts: attempt,
            detail: describeTransportError(error),
            ...optional('code', code),
          },
          { cause: error },
        );
      }
      return { ok: false, failure: { kind: 'network', error, code } };
    };

    try {
      this.#requestsSent++;
      this.#weightSpent += weight;
      this.#tell({ kind: 'start', ...where });
      const sentAt = Date.now();
      let response: Dispatcher.ResponseData;
      try {
        response = await this.#dispatcher.request({
          origin: url.origin,
          path: url.pathname + url.search,
          method: 'GET',
          headers: { accept: 'application/json', 'user-agent': 'order-preflight', ...headers },
          signal: controller.signal,
        });
      } catch (error) {
        return transportFailure(error);
      }
      const receivedAt = Date.now();
      const { statusCode, body } = response;
      this.#tell({ kind: 'response', ...where, status: statusCode, elapsedMs: elapsedMs() });
      const contentType = firstHeader(response.headers['content-type']);

      if (statusCode < 200 || statusCode > 299) return await this.#errorAnswer(response, url, attempt);

      const declared = declaredLength(response.headers['content-length']);
      if (declared !== undefined && declared > maxResponseBytes) {
        body.destroy();
        throw new ResponseTooLargeError({ url: url.href, maxResponseBytes, contentLength: declared });
      }
      let read: CappedBody;
      try {
        read = await readBodyWithCap(body, maxResponseBytes);
      } catch (error) {
        body.destroy();
        return transportFailure(error);
      }
      if (!read.complete) {
        throw new ResponseTooLargeError({
          url: url.href,
          maxResponseBytes,
          ...optional('contentLength', declared),
        });
      }
      clearTimeout(timer);

      const value = readAnswer(read.bytes, url, contentType);
      const serverTime = (value as { serverTime?: unknown }).serverTime;
      if (typeof serverTime === 'number')
        this.#clockOffsetMs = serverTime - Math.round((sentAt + receivedAt) / 2);
      return { ok: true, value };
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** A non-2xx answer: 5xx may be retried, anything else is final. */
  async #errorAnswer(
    response: Dispatcher.ResponseData,
    url: URL,
    attempt: number,
  ): Promise<AttemptOutcome<never>> {
    const { statusCode: status, headers, body } = response;
    const text = await readBodyExcerpt(body, Math.min(ERROR_BODY_READ_BYTES, this.#options.maxResponseBytes));
    const bodyExcerpt = excerptOf(text);
    const exchange = readExchangeError(text);
    const retryAfterMs = parseRetryAfterMs(headers['retry-after']);
    if (status === 429 || status === 418) {
      throw new RateLimitedError({
        url: url.href,
        attempts: attempt,
        status,
        bodyExcerpt,
        ...exchange,
        ...optional('retryAfterMs', retryAfterMs),
      });
    }
    if (status >= 500)
      return { ok: false, failure: { kind: 'status', status, bodyExcerpt, exchange, retryAfterMs } };
    throw new HttpStatusError({ url: url.href, attempts: attempt, status, bodyExcerpt, ...exchange });
  }
}

/** What caused a retry, as {@link AttemptEvent} `retry` tells it. */
function causeOf(failure: RetryableFailure): {
  readonly cause: 'network' | 'timeout' | 'status';
  readonly status?: number;
  readonly error?: unknown;
} {
  if (failure.kind === 'status') return { cause: 'status', status: failure.status };
  return { cause: failure.kind, error: failure.error };
}

function decodeText(bytes: Buffer, url: URL, contentType: string | undefined): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw new InvalidResponseError(
      {
        url: url.href,
        bodyExcerpt: excerptOf(new TextDecoder('utf-8').decode(bytes.subarray(0, 1024))),
        reason: 'the body is not UTF-8',
        ...optional('contentType', contentType),
      },
      { cause: error },
    );
  }
}

/** An answer read as JSON (every digit kept), then by `read`, for either host's payload. */
function readJsonWith<T>(read: (json: unknown) => T): ReadAnswer<T> {
  return (bytes, url, contentType) => {
    const text = decodeText(bytes, url, contentType);
    return read(parseResponseJson(text, { text, url: url.href, contentType }));
  };
}

function signalFrom(options: unknown): AbortSignal | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError(
      'options',
      `must be an object such as { signal }, got ${describeValue(options)}`,
      {
        value: options,
      },
    );
  }
  const { signal } = options as { signal?: unknown };
  if (signal === undefined) return undefined;
  // Duck-typed so a signal from another realm or a polyfill still works.
  const candidate = signal as Partial<AbortSignal> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.aborted !== 'boolean' ||
    typeof candidate.addEventListener !== 'function' ||
    typeof candidate.removeEventListener !== 'function'
  ) {
    throw new InvalidArgumentError('options.signal', `must be an AbortSignal, got ${describeValue(signal)}`, {
      value: signal,
    });
  }
  return signal as AbortSignal;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function declaredLength(value: string | string[] | undefined): number | undefined {
  const text = firstHeader(value)?.trim();
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}

/** Leaves a key out rather than setting it to `undefined` (exactOptionalPropertyTypes). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
