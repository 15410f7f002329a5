import { parse, stringify } from 'lossless-json';

/**
 * The fake exchange's answer to `GET /api/v3/exchangeInfo?...`: the body it serves, narrowed as
 * the exchange documents the query (`symbol` or `symbols`, mutually exclusive, `symbols` as
 * comma-separated values or a JSON array; `symbolStatus` one of TRADING, HALT, BREAK), with the
 * exchange's error shape for a query it would refuse. Numbers keep their digits (lossless parse
 * and write), so a narrowed answer reads as the whole one does.
 *
 * With `liveServerTime`, `serverTime` is the fake's clock now: the library's sample carries the
 * time it was recorded, and a client would see a server clock a year behind its own.
 *
 * A body that is not a JSON object with a `symbols` array is served as it is, whatever the query:
 * tests serve broken bodies on purpose.
 */
export function exchangeInfoAnswer(
  body: string,
  query: URLSearchParams,
  liveServerTime: boolean,
  now: number,
): { readonly status: number; readonly body: string } {
  const symbol = query.get('symbol');
  const symbols = query.get('symbols');
  const symbolStatus = query.get('symbolStatus');
  if (symbol === null && symbols === null && symbolStatus === null && !liveServerTime)
    return { status: 200, body };
  let info: Record<string, unknown>;
  try {
    info = parse(body) as Record<string, unknown>;
  } catch {
    return { status: 200, body };
  }
  if (typeof info !== 'object' || info === null || !Array.isArray(info.symbols)) return { status: 200, body };
  if (symbol !== null && symbols !== null) return refusal(-1142, "Parameter 'symbols' is invalid");
  if (symbolStatus !== null && !['TRADING', 'HALT', 'BREAK'].includes(symbolStatus))
    return refusal(-1142, "Parameter 'symbolStatus' is invalid");
  const wanted = symbol !== null ? [symbol] : symbols !== null ? symbolList(symbols) : undefined;
  if (wanted === null) return refusal(-1142, "Parameter 'symbols' is invalid");
  const pairs = info.symbols as unknown[];
  const codeOf = (pair: unknown) => (pair as { symbol?: unknown } | null)?.symbol;
  if (wanted !== undefined) {
    const known = new Set(pairs.map(codeOf));
    if (wanted.some((code) => !known.has(code))) return refusal(-1121, 'Invalid symbol.');
  }
  const kept = pairs.filter(
    (pair) =>
      (wanted === undefined || wanted.includes(codeOf(pair) as string)) &&
      (symbolStatus === null || (pair as { status?: unknown } | null)?.status === symbolStatus),
  );
  const answer = { ...info, ...(liveServerTime ? { serverTime: now } : {}), symbols: kept };
  return { status: 200, body: stringify(answer) ?? body };
}

/** `BTCUSDT,ETHUSDT` or `["BTCUSDT","ETHUSDT"]`; `null` for a list the exchange could not read. */
function symbolList(text: string): readonly string[] | null {
  if (!text.startsWith('[')) {
    const list = text.split(',');
    return list.every((code) => code !== '') ? list : null;
  }
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) && list.length > 0 && list.every((code) => typeof code === 'string')
      ? list
      : null;
  } catch {
    return null;
  }
}

function refusal(code: number, msg: string): { readonly status: number; readonly body: string } {
  return { status: 400, body: JSON.stringify({ code, msg }) };
}
