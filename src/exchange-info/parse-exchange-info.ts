import { ExchangeInfoSchemaError } from '../errors/exchange-info-schema-error.js';
import { describeThrown, describeValue } from '../errors/preflight-error.js';
import { checks, IssueCollector } from '../errors/shape-issues.js';
import { readInteger } from './field-schemas.js';
import { readDefinition } from './read-definition.js';
import type { DefinitionWarning, ExchangeInfo, PairDefinition, RejectedDefinition } from './schema.js';

/**
 * Parses a `GET /api/v3/exchangeInfo` body that is already an object into exact values. For
 * the raw response text use {@link parseExchangeInfoText}: `JSON.parse` (and so `res.json()`)
 * rounds numbers of 16 or more digits, and a definition that arrived that way carries a warning.
 *
 * Decimals may come as JSON strings, JSON numbers (`1e-8`) or lossless numbers and leave as
 * canonical plain strings. A rule field that is absent, `null` or `""` is `null` (its checks are
 * skipped); one that is present but wrong sets that definition aside in `rejected` with its
 * reasons; an unreadable display or fee field becomes `null` and a `warnings` entry. Only a
 * wrong top level throws.
 *
 * @throws {ExchangeInfoSchemaError} when `timezone`, `serverTime` or `symbols` is missing or wrong.
 * @example
 * ```ts
 * import { parseExchangeInfo } from 'order-preflight';
 * const info = parseExchangeInfo({
 *   timezone: 'UTC',
 *   serverTime: 1700000000000,
 *   symbols: [{ symbol: 'BTCUSDT', status: 'TRADING', tickSize: 1e-2, minTradeAmount: '0.00010' }],
 * });
 * info.symbols[0]?.tickSize;       // '0.01'
 * info.symbols[0]?.maxTradeAmount; // null: not sent, so QUANTITY_ABOVE_MAX is skipped
 * ```
 */
export function parseExchangeInfo(json: unknown): ExchangeInfo {
  const envelope = readEnvelope(json);

  const parsed: { index: number; definition: PairDefinition }[] = [];
  const rejected: RejectedDefinition[] = [];
  const warnings: DefinitionWarning[] = [];
  envelope.symbols.forEach((raw, index) => {
    const result = readDefinition(raw);
    if (result.ok) {
      parsed.push({ index, definition: result.definition });
      for (const w of result.warnings) warnings.push({ symbol: result.definition.symbol, ...w });
      return;
    }
    const symbol = readableSymbol(raw);
    rejected.push({ index, ...(symbol === undefined ? {} : { symbol }), reasons: result.reasons });
  });

  const symbols = setAsideDuplicates(parsed, rejected);
  rejected.sort((a, b) => a.index - b.index);
  const kept = new Set(symbols.map((d) => d.symbol));
  return {
    timezone: envelope.timezone,
    serverTime: envelope.serverTime,
    symbols,
    rejected,
    warnings: warnings.filter((w) => kept.has(w.symbol)),
  };
}

/** The response's top level, read once; what a hostile input throws while being read (a proxy, a getter) becomes a typed error. */
function readEnvelope(json: unknown): { timezone: string; serverTime: number; symbols: readonly unknown[] } {
  const c = new IssueCollector();
  let envelope: { timezone: string; serverTime: number; symbols: readonly unknown[] } | undefined;
  try {
    const top = c.record(json, []);
    if (top !== undefined) {
      const timezone = c.field<string>(top, 'timezone', [], checks.string);
      const rawTime = top.serverTime;
      const serverTime = readInteger(rawTime, Number.MAX_SAFE_INTEGER);
      if (serverTime === undefined)
        c.add(
          ['serverTime'],
          rawTime === undefined ? 'missing' : 'invalid_value',
          `expected an integer from 0 to ${Number.MAX_SAFE_INTEGER} (JSON number or string), got ${describeValue(rawTime)}`,
        );
      const symbols = c.field<unknown[]>(top, 'symbols', [], (v) =>
        Array.isArray(v) ? undefined : `expected an array, got ${describeValue(v)}`,
      );
      if (timezone !== undefined && serverTime !== undefined && symbols !== undefined)
        envelope = { timezone, serverTime, symbols };
    }
  } catch (error) {
    const message = `could not be read: ${describeThrown(error)}`;
    throw new ExchangeInfoSchemaError([{ code: 'custom', path: '(root)', message }], { cause: error });
  }
  if (envelope === undefined) throw new ExchangeInfoSchemaError(c.issues);
  return envelope;
}

function readableSymbol(raw: unknown): string | undefined {
  try {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const symbol = (raw as { symbol?: unknown }).symbol;
    return typeof symbol === 'string' && symbol.length > 0 ? symbol : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Two definitions for one symbol leave no way to know which the exchange applies, so every copy
 * is set aside (including a copy that was itself malformed) rather than picking one.
 */
function setAsideDuplicates(
  parsed: readonly { index: number; definition: PairDefinition }[],
  rejected: RejectedDefinition[],
): PairDefinition[] {
  const indexesBySymbol = new Map<string, number[]>();
  const note = (symbol: string, index: number) => {
    const list = indexesBySymbol.get(symbol);
    if (list === undefined) indexesBySymbol.set(symbol, [index]);
    else list.push(index);
  };
  for (const { index, definition } of parsed) note(definition.symbol, index);
  for (const r of rejected) if (r.symbol !== undefined) note(r.symbol, r.index);

  const kept: PairDefinition[] = [];
  for (const { index, definition } of parsed) {
    const indexes = indexesBySymbol.get(definition.symbol) ?? [];
    if (indexes.length === 1) {
      kept.push(definition);
      continue;
    }
    const others = indexes.filter((i) => i !== index).map((i) => `symbols[${i}]`);
    rejected.push({
      index,
      symbol: definition.symbol,
      reasons: [
        {
          path: 'symbol',
          message: `duplicate definition of ${definition.symbol} (also at ${others.join(', ')})`,
        },
      ],
    });
  }
  return kept;
}
