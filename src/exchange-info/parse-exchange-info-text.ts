import { ExchangeInfoSchemaError } from '../errors/exchange-info-schema-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { describeValue } from '../errors/preflight-error.js';
import { parseJsonLosslessly } from './lossless-json.js';
import { parseExchangeInfo } from './parse-exchange-info.js';
import type { ExchangeInfo } from './schema.js';

/**
 * Parses exchange-info JSON text without losing a digit of any number (a 20-digit
 * `maxTradeAmount` stays exact), then {@link parseExchangeInfo}.
 *
 * A string or number longer than 1,024 characters never reaches the parser: that one field is
 * refused (a definition set aside, a display field a warning), and the rest loads.
 *
 * @throws {ExchangeInfoSchemaError} when the text is not JSON or its top level is wrong.
 * @throws {InvalidArgumentError} when `text` is not a string.
 * @example
 * ```ts
 * import { readFile } from 'node:fs/promises';
 * const info = parseExchangeInfoText(await readFile('exchange-info.json', 'utf8'));
 * ```
 */
export function parseExchangeInfoText(text: string): ExchangeInfo {
  if (typeof text !== 'string')
    throw new InvalidArgumentError(
      'text',
      `must be a string (the response body as text${typeof text === 'object' && text !== null ? '; an object already parsed goes to parseExchangeInfo' : ''}), got ${describeValue(text)}`,
      { value: text },
    );
  let json: unknown;
  try {
    json = parseJsonLosslessly(text);
  } catch (error) {
    const message = `not JSON: ${error instanceof Error ? error.message : String(error)}`;
    throw new ExchangeInfoSchemaError([{ code: 'custom', path: '(root)', message }], {
      cause: error,
    });
  }
  return parseExchangeInfo(json);
}
