import {
  CONTRACT_INFO_PATH,
  type ContractInfoQuery,
  isInvalidQueryError,
  readBaseUrl,
  validateContractInfoQuery,
} from '../../node.js';
import { refuseFlag } from '../flag-schema.js';
import type { IssueSink } from '../flag-schema-parts.js';

// The flags of `fetch --market futures`, read without loading the futures entry: the command
// loads it (fetch-futures.ts) only when it runs for contracts.

/** Where WEEX serves its perpetual futures' REST API: `fetch --market futures` asks it by default. */
export const DEFAULT_CONTRACT_BASE_URL = 'https://api-contract.weex.com';

/** The flags that shape a spot `exchangeInfo` request or read a spot payload, and no contract one. */
const SPOT_ONLY_FLAGS = ['symbols', 'status', 'symbols-format', 'from-file'] as const;

/**
 * `--market futures` with a flag only spot has: refused, naming the flag (the contract host's
 * `exchangeInfo` takes one parameter, `symbol`; a saved contract payload is read by `check
 * --market futures --rules` as it is, so there is no snapshot to make of it).
 */
export function refuseSpotOnlyFlags(given: Readonly<Record<string, unknown>>, ctx: IssueSink): void {
  const flag = SPOT_ONLY_FLAGS.find((name) => given[name] !== undefined);
  if (flag === undefined) return;
  refuseFlag(
    ctx,
    flag,
    flag === 'from-file'
      ? 'does not apply with --market futures (check --market futures --rules reads a saved contract payload as it is)'
      : 'does not apply with --market futures (the contract host takes only --symbol)',
  );
}

/** What `fetch --market futures` sends: where, which contracts, and the client's options. */
export interface ContractRequest {
  readonly baseUrl: string;
  /** Whether the URL given ended in the endpoint's path, taken as its base. */
  readonly stripped: boolean;
  readonly query: ContractInfoQuery;
  readonly options: { readonly timeoutMs: number; readonly retries: number };
}

/**
 * The contract request the flags ask for: `--base-url` (the contract host by default; a URL that
 * already ends in `/capi/v3/market/exchangeInfo` taken as its base), `--symbol` checked as the
 * client checks it, and the client's options (checked by `optionsFor`, the spot flags' own
 * check). A refusal is recorded on `ctx`, naming the flag.
 */
export function contractRequestOf(
  values: {
    readonly 'base-url'?: { readonly baseUrl: string } | undefined;
    readonly symbol?: string | undefined;
  },
  ctx: IssueSink,
  optionsFor: (baseUrl: string) => ContractRequest['options'],
): ContractRequest {
  const given = values['base-url']?.baseUrl ?? DEFAULT_CONTRACT_BASE_URL;
  const { baseUrl, stripped } = withoutContractPath(given);
  const read = readBaseUrl(baseUrl);
  if (!read.ok) return refuseFlag(ctx, 'base-url', read.problem);
  let query: ContractInfoQuery;
  try {
    query = validateContractInfoQuery({ symbol: values.symbol });
  } catch (error) {
    if (!isInvalidQueryError(error)) throw error;
    const prefix = `invalid ${error.parameter}: ${error.parameter} `;
    return refuseFlag(
      ctx,
      'symbol',
      error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message,
    );
  }
  return { baseUrl, stripped, query, options: optionsFor(baseUrl) };
}

/** `https://host/capi/v3/market/exchangeInfo` as `https://host`: the base the client wants. */
function withoutContractPath(text: string): { readonly baseUrl: string; readonly stripped: boolean } {
  if (!URL.canParse(text)) return { baseUrl: text, stripped: false };
  const url = new URL(text);
  let end = url.pathname.length;
  while (end > 0 && url.pathname[end - 1] === '/') end--;
  const path = url.pathname.slice(0, end);
  if (url.search !== '' || url.hash !== '' || !path.toLowerCase().endsWith(CONTRACT_INFO_PATH.toLowerCase()))
    return { baseUrl: text, stripped: false };
  return {
    baseUrl: `${url.origin}${path.slice(0, path.length - CONTRACT_INFO_PATH.length)}`,
    stripped: true,
  };
}
