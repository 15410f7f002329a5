import { NUMBERS_AS_NUMBERS, readJsonText } from '../json/json-text.js';
import { DEFAULT_STRICT_JSON_LIMITS } from '../json/strict-json.js';
/**
 * Longest body excerpt carried by an error: enough to recognise an error page in a log line.
 *
 * @example
 * ```ts
 * excerptOf(hugeHtml).length <= BODY_EXCERPT_LENGTH; // true
 * ```
 */
export const BODY_EXCERPT_LENGTH = 300;

/**
 * The first {@link BODY_EXCERPT_LENGTH} characters of a body, never splitting a surrogate pair.
 *
 * @example
 * ```ts
 * excerptOf('<html>…'); // '<html>…'
 * ```
 */
export function excerptOf(text: string, maxLength: number = BODY_EXCERPT_LENGTH): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/**
 * The exchange's own error, when a body is JSON `{ "code": -1121, "msg": "Invalid symbol." }`.
 *
 * @example
 * ```ts
 * readExchangeError('{"code":-1121,"msg":"Invalid symbol."}'); // { exchangeCode: -1121, exchangeMessage: 'Invalid symbol.' }
 * readExchangeError('<html>'); // {}
 * ```
 */
export function readExchangeError(text: string): {
  exchangeCode?: number | string;
  exchangeMessage?: string;
} {
  // The library's one JSON reader.
  const read = readJsonText(text, DEFAULT_STRICT_JSON_LIMITS, NUMBERS_AS_NUMBERS);
  if (!read.ok) return {};
  const json = read.value;
  if (typeof json !== 'object' || json === null) return {};
  const { code, msg } = json as { code?: unknown; msg?: unknown };
  const out: { exchangeCode?: number | string; exchangeMessage?: string } = {};
  if ((typeof code === 'number' && Number.isFinite(code)) || typeof code === 'string')
    out.exchangeCode = code;
  if (typeof msg === 'string') out.exchangeMessage = msg;
  return out;
}
