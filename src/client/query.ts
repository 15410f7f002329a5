import { describeValue } from '../errors/preflight-error.js';
import { InvalidQueryError } from './errors/invalid-query-error.js';

/**
 * The status values a pair can have and `symbolStatus` can filter by, as the newest V3
 * documentation lists them: `TRADING` (normal trading), `HALT` (trading suspended), `BREAK`
 * (market closed). See docs/exchange-semantics.md, "status".
 *
 * @example
 * ```ts
 * SYMBOL_STATUSES.includes('HALT'); // true
 * ```
 */
export const SYMBOL_STATUSES = ['TRADING', 'HALT', 'BREAK'] as const;

/**
 * A status value `symbolStatus` filters by: one of {@link SYMBOL_STATUSES}.
 *
 * @example
 * ```ts
 * const status: SymbolStatus = 'HALT';
 * ```
 */
export type SymbolStatus = (typeof SYMBOL_STATUSES)[number];

/**
 * What `GET /api/v3/exchangeInfo` can be narrowed to (as the exchange documents it). `symbol` and `symbols`
 * are mutually exclusive; `symbolStatus` is `TRADING`, `HALT` or `BREAK`.
 *
 * @example
 * ```ts
 * const query: ExchangeInfoQuery = { symbols: ['BTCUSDT', 'ETHUSDT'], symbolStatus: 'TRADING' };
 * await client.fetchExchangeInfo(query);
 * ```
 */
export interface ExchangeInfoQuery {
  // `| undefined` so callers can pass optional CLI or config values straight through.
  readonly symbol?: string | undefined;
  readonly symbols?: readonly string[] | undefined;
  readonly symbolStatus?: SymbolStatus | undefined;
}

/**
 * How `symbols` goes on the wire: `comma` sends `BTCUSDT,ETHUSDT`, `json` sends
 * `["BTCUSDT","ETHUSDT"]`. The seed says the exchange accepts both.
 *
 * @example
 * ```ts
 * new ExchangeInfoClient({ baseUrl, symbolsFormat: 'json' });
 * ```
 */
export type SymbolsFormat = 'comma' | 'json';

/**
 * A well-formed trading-pair code. Stricter than the exchange may be, on purpose: a lowercase
 * code, a space, a comma or a quote is almost always a caller's mistake, and a comma or quote
 * would change the meaning of a comma-separated or JSON `symbols` list.
 *
 * Not exported from the package: the client's own check (docs/exchange-semantics.md, "symbol").
 *
 * @internal
 * @example
 * ```ts
 * SYMBOL_PATTERN.test('BTCUSDT'); // true
 * SYMBOL_PATTERN.test('btc usdt'); // false
 * ```
 */
export const SYMBOL_PATTERN = /^[A-Z0-9_.-]{1,32}$/;

const QUERY_KEYS: ReadonlySet<string> = new Set(['symbol', 'symbols', 'symbolStatus']);

/**
 * Checks an exchange-info query and renders its query string (`''` or `?symbol=...`), so that
 * a query the exchange would refuse fails before anything is sent.
 *
 * Keys whose value is `undefined` count as absent. Parameters are percent-encoded, in the
 * order `symbol`, `symbols`, `symbolStatus`.
 *
 * @throws {InvalidQueryError} naming the parameter at fault (`query` when the query itself is
 *   not a plain object, or the unknown key's name).
 * @example
 * ```ts
 * buildExchangeInfoQueryString({ symbols: ['BTCUSDT', 'ETHUSDT'] }, 'comma');
 * // '?symbols=BTCUSDT%2CETHUSDT'
 * buildExchangeInfoQueryString({ symbols: ['BTCUSDT'] }, 'json');
 * // '?symbols=%5B%22BTCUSDT%22%5D'
 * ```
 */
export function buildExchangeInfoQueryString(query: unknown, symbolsFormat: SymbolsFormat): string {
  const { symbol, symbols, symbolStatus } = validateExchangeInfoQuery(query);
  const params: string[] = [];
  if (symbol !== undefined) params.push(`symbol=${encodeURIComponent(symbol)}`);
  if (symbols !== undefined) {
    const list = symbolsFormat === 'json' ? JSON.stringify(symbols) : symbols.join(',');
    params.push(`symbols=${encodeURIComponent(list)}`);
  }
  if (symbolStatus !== undefined) params.push(`symbolStatus=${encodeURIComponent(symbolStatus)}`);
  return params.length === 0 ? '' : `?${params.join('&')}`;
}

/**
 * Checks an exchange-info query supplied by untyped code and returns it with every check passed.
 *
 * @throws {InvalidQueryError} naming the parameter at fault.
 * @example
 * ```ts
 * validateExchangeInfoQuery({ symbol: 'BTCUSDT' }); // { symbol: 'BTCUSDT' }
 * validateExchangeInfoQuery({ symbols: [] }); // throws InvalidQueryError { parameter: 'symbols' }
 * ```
 */
export function validateExchangeInfoQuery(query: unknown): ExchangeInfoQuery {
  if (query === undefined) return {};
  const { symbol, symbols, symbolStatus } = queryRecord(
    query,
    QUERY_KEYS,
    'is not a parameter of exchangeInfo (symbol, symbols, symbolStatus)',
  );

  if (symbol !== undefined && symbols !== undefined) {
    throw new InvalidQueryError(
      'symbols',
      symbols,
      'cannot be combined with symbol (the two are mutually exclusive)',
    );
  }
  const out: { symbol?: string; symbols?: readonly string[]; symbolStatus?: SymbolStatus } = {};
  if (symbol !== undefined) out.symbol = checkSymbol('symbol', symbol);
  if (symbols !== undefined) out.symbols = checkSymbols(symbols);
  if (symbolStatus !== undefined) out.symbolStatus = checkStatus(symbolStatus);
  return out;
}

/** Case matters: the exchange's values are upper case, and the filter is sent as given. */
function checkStatus(value: unknown): SymbolStatus {
  const status = SYMBOL_STATUSES.find((known) => known === value);
  if (status === undefined)
    throw new InvalidQueryError(
      'symbolStatus',
      value,
      `must be one of ${SYMBOL_STATUSES.join(', ')} (the status values the exchange lists), got ${describeValue(value)}`,
    );
  return status;
}

function checkSymbol(parameter: 'symbol' | 'symbols', value: unknown): string {
  if (typeof value !== 'string' || !SYMBOL_PATTERN.test(value)) {
    throw new InvalidQueryError(
      parameter,
      value,
      `must hold pair codes of 1 to 32 characters A-Z 0-9 _ . - (such as "BTCUSDT"), got ${describeValue(value)}`,
    );
  }
  return value;
}

function checkSymbols(value: unknown): readonly string[] {
  if (!Array.isArray(value)) {
    throw new InvalidQueryError(
      'symbols',
      value,
      `must be an array of pair codes, got ${describeValue(value)}`,
    );
  }
  if (value.length === 0) {
    throw new InvalidQueryError('symbols', value, 'must not be empty (omit it to ask for every pair)');
  }
  const seen = new Set<string>();
  for (const item of value as unknown[]) {
    const symbol = checkSymbol('symbols', item);
    // Refused rather than deduplicated: a repeated code usually means the caller built the list wrong.
    if (seen.has(symbol))
      throw new InvalidQueryError('symbols', symbol, `lists ${describeValue(symbol)} twice`);
    seen.add(symbol);
  }
  return [...seen];
}

/**
 * What the contract host's `GET /capi/v3/market/exchangeInfo` can be narrowed to: one contract,
 * `symbol` (the one parameter the endpoint documents; without it, every contract).
 *
 * @example
 * ```ts
 * const query: ContractInfoQuery = { symbol: 'DOGEUSDT' };
 * await client.fetchContractInfo(query);
 * ```
 */
export interface ContractInfoQuery {
  // `| undefined` so callers can pass optional CLI or config values straight through.
  readonly symbol?: string | undefined;
}

/**
 * Checks a contract-info query supplied by untyped code and returns it with every check passed:
 * an object whose only key is `symbol`, a code as {@link validateExchangeInfoQuery} takes one.
 *
 * @throws {InvalidQueryError} naming the parameter at fault (`query`, `symbol`, or an unknown key).
 * @example
 * ```ts
 * validateContractInfoQuery({ symbol: 'BTCUSDT' }); // { symbol: 'BTCUSDT' }
 * validateContractInfoQuery({ symbols: ['BTCUSDT'] }); // throws InvalidQueryError { parameter: 'symbols' }
 * ```
 */
export function validateContractInfoQuery(query: unknown): ContractInfoQuery {
  if (query === undefined) return {};
  const { symbol } = queryRecord(
    query,
    CONTRACT_QUERY_KEYS,
    "is not a parameter of the contracts' exchangeInfo (only symbol is)",
  );
  return symbol === undefined ? {} : { symbol: checkSymbol('symbol', symbol) };
}

const CONTRACT_QUERY_KEYS: ReadonlySet<string> = new Set(['symbol']);

/**
 * A query object whose every key is one of `keys`, whichever host it is for.
 *
 * @throws {InvalidQueryError} naming `query` when it is not a plain object, or the first unknown
 *   key, with `unknown` as the reason.
 */
function queryRecord(query: unknown, keys: ReadonlySet<string>, unknown: string): Record<string, unknown> {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) {
    throw new InvalidQueryError('query', query, `must be an object, got ${describeValue(query)}`);
  }
  const record = query as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!keys.has(key)) throw new InvalidQueryError(key, record[key], unknown);
  }
  return record;
}

/**
 * Checks a contract-info query and renders its query string (`''` or `?symbol=...`).
 *
 * @internal
 * @throws {InvalidQueryError} as {@link validateContractInfoQuery}.
 * @example
 * ```ts
 * buildContractInfoQueryString({ symbol: 'DOGEUSDT' }); // '?symbol=DOGEUSDT'
 * ```
 */
export function buildContractInfoQueryString(query: unknown): string {
  const { symbol } = validateContractInfoQuery(query);
  return symbol === undefined ? '' : `?symbol=${encodeURIComponent(symbol)}`;
}
