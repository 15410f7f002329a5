import { type JsonSkeleton, type JsonSpan, jsonSkeletonSteps } from '../json/json-skeleton.js';
import { runSteps } from '../steps/steps.js';

/**
 * The fake exchange's answer to `GET /api/v3/exchangeInfo?...`: the body it serves, narrowed as
 * the exchange documents the query (`symbol` or `symbols`, mutually exclusive, `symbols` as
 * comma-separated values or a JSON array; `symbolStatus` one of TRADING, HALT, BREAK), with the
 * exchange's error shape for a query it would refuse. The answer is cut from the body's own text
 * (the pairs kept are copied as they are written), so a narrowed answer reads as the whole one does.
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
  const skeleton = runSteps(jsonSkeletonSteps(body));
  const pairs = skeleton?.elements.get('symbols');
  if (skeleton === undefined || pairs === undefined) return { status: 200, body };
  if (symbol !== null && symbols !== null) return refusal(-1142, "Parameter 'symbols' is invalid");
  if (symbolStatus !== null && !['TRADING', 'HALT', 'BREAK'].includes(symbolStatus))
    return refusal(-1142, "Parameter 'symbolStatus' is invalid");
  const wanted = symbol !== null ? [symbol] : symbols !== null ? symbolList(symbols) : undefined;
  if (wanted === null) return refusal(-1142, "Parameter 'symbols' is invalid");
  // Only each pair's code and status are read; its text is kept as written.
  const read = pairs.map((span) => ({ span, ...codeAndStatus(body.slice(span.start, span.end)) }));
  if (wanted !== undefined) {
    const known = new Set(read.map((pair) => pair.symbol));
    if (wanted.some((code) => !known.has(code))) return refusal(-1121, 'Invalid symbol.');
  }
  const kept = read.filter(
    (pair) =>
      (wanted === undefined || wanted.includes(pair.symbol as string)) &&
      (symbolStatus === null || pair.status === symbolStatus),
  );
  const replaced = new Map<string, string>([
    ['symbols', `[${kept.map((pair) => body.slice(pair.span.start, pair.span.end)).join(',')}]`],
  ]);
  if (liveServerTime) replaced.set('serverTime', String(now));
  return { status: 200, body: rewritten(body, skeleton, replaced) };
}

/** The body's top-level object again, with the values of the `replaced` members replaced. */
function rewritten(body: string, skeleton: JsonSkeleton, replaced: ReadonlyMap<string, string>): string {
  const values: [string, JsonSpan][] = [...skeleton.members];
  const members = skeleton.keys.map((key, i) => {
    const [name, value] = values[i] as [string, JsonSpan];
    return `${body.slice(key.start, key.end)}:${replaced.get(name) ?? body.slice(value.start, value.end)}`;
  });
  return `{${members.join(',')}}`;
}

function codeAndStatus(text: string): { symbol: unknown; status: unknown } {
  try {
    const pair = JSON.parse(text) as { symbol?: unknown; status?: unknown } | null;
    return { symbol: pair?.symbol, status: pair?.status };
  } catch {
    return { symbol: undefined, status: undefined };
  }
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
