import { ExchangeInfoSchemaError } from '../errors/exchange-info-schema-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { describeValue } from '../errors/preflight-error.js';
import { runSteps, type Steps } from '../steps/steps.js';
import type { ContractDefinition, ContractInfo } from './contract-schema.js';
import { parseJsonLosslessly } from './lossless-json.js';
import {
  type Entry,
  entriesOf,
  readTopLevel,
  setAsideDuplicatesSteps,
  symbolsIn,
  unreadableEntry,
} from './parse-exchange-info.js';
import { readContractDefinition } from './read-contract-definition.js';
import type { DefinitionWarning, RejectedDefinition } from './schema.js';

/**
 * Parses a `GET /capi/v3/market/exchangeInfo` body (WEEX futures: `{ assets, symbols }`, no
 * `timezone` or `serverTime`) that is already an object into exact contract definitions. For the
 * raw response text use {@link parseContractInfoText}, which keeps every digit of a JSON number.
 *
 * Decimals may come as JSON strings (`"0.0001"`) or numbers (`1e-06`) and leave as canonical plain
 * strings; a precision may be negative (`"-2"`). A rule field that is absent, `null` or `""` is
 * `null` (its checks are skipped); one present but wrong sets that definition aside in `rejected`
 * with its reasons, never the whole payload; two definitions of one symbol are both set aside.
 *
 * @throws {ExchangeInfoSchemaError} when the body is not an object or has no `symbols` array.
 * @throws {ExchangeAnswerError} when the body is the exchange's error answer `{ code, msg }`.
 * @example
 * ```ts
 * import { parseContractInfo } from 'order-preflight/futures';
 * const info = parseContractInfo({ symbols: [{ symbol: 'DOGEUSDT', pricePrecision: '5',
 *   quantityPrecision: '-2', contractVal: '100', minOrderSize: '100' }] });
 * info.symbols[0]?.quantityPrecision; // -2
 * info.symbols[0]?.maxOrderSize;      // null: not sent, so QUANTITY_ABOVE_MAX is skipped
 * ```
 */
export function parseContractInfo(payload: unknown): ContractInfo {
  return runSteps(parseContractInfoSteps(payload));
}

/**
 * {@link parseContractInfo} for the response text: numbers are read losslessly, so no digit of a
 * decimal sent as a JSON number is lost to `JSON.parse`.
 *
 * @throws {InvalidArgumentError} when `text` is not a string.
 * @throws {ExchangeInfoSchemaError} when it is not JSON, or as {@link parseContractInfo}.
 * @throws {ExchangeAnswerError} as {@link parseContractInfo}.
 * @example
 * ```ts
 * const info = parseContractInfoText(await response.text());
 * ```
 */
export function parseContractInfoText(text: string): ContractInfo {
  if (typeof text !== 'string')
    throw new InvalidArgumentError(
      'text',
      `must be a string (the response body as text), got ${describeValue(text)}`,
      {
        value: text,
      },
    );
  let json: unknown;
  try {
    json = parseJsonLosslessly(text);
  } catch (error) {
    const message = `not JSON: ${error instanceof Error ? error.message : String(error)}`;
    throw new ExchangeInfoSchemaError([{ code: 'custom', path: '(root)', message }], { cause: error });
  }
  return parseContractInfo(json);
}

/**
 * {@link parseContractInfo} as steps, one definition read per step (as `parseExchangeInfoSteps`).
 *
 * @internal
 */
export function* parseContractInfoSteps(payload: unknown): Steps<ContractInfo> {
  const entries = readEnvelope(payload);
  const parsed: { index: number; definition: ContractDefinition }[] = [];
  const rejected: RejectedDefinition[] = [];
  const warnings: DefinitionWarning[] = [];
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index];
    if (entry === undefined) continue;
    const result =
      'unreadable' in entry ? unreadableEntry(entry.unreadable) : readContractDefinition(entry.raw);
    if (result.ok) {
      parsed.push({ index, definition: result.definition });
      for (const w of result.warnings) warnings.push({ symbol: result.definition.symbol, ...w });
    } else {
      const symbol = result.symbol;
      rejected.push({ index, ...(symbol === undefined ? {} : { symbol }), reasons: result.reasons });
    }
    if (index % 64 === 63) yield;
  }
  const duplicated = new Set<string>();
  const symbols = yield* setAsideDuplicatesSteps<ContractDefinition>(parsed, rejected, duplicated);
  rejected.sort((a, b) => a.index - b.index);
  return {
    symbols,
    rejected,
    warnings: duplicated.size === 0 ? warnings : warnings.filter((w) => !duplicated.has(w.symbol)),
  };
}

/** The top level read once: the entries of `symbols`, or a typed error. */
function readEnvelope(payload: unknown): readonly Entry[] {
  return readTopLevel(payload, 'parseContractInfoText', (c, record) => {
    const rawSymbols = record.symbols;
    const symbols = symbolsIn(c, { symbols: rawSymbols });
    return [symbols === undefined ? undefined : entriesOf(symbols), rawSymbols];
  });
}
