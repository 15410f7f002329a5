/**
 * The exchange's own error answer, `{ code, msg }`, saved or served where exchange info or a
 * snapshot was expected, is recognised wherever a payload is read, with its code and message.
 */
import { describe, expect, it } from 'vitest';
import {
  ExchangeAnswerError,
  isExchangeAnswerError,
  isExchangeInfoSchemaError,
  isSnapshotError,
  parseExchangeInfo,
  parseExchangeInfoText,
  parseRuleBookSnapshot,
  RuleBook,
} from '../../src/index.js';
import { ExchangeInfoClient } from '../../src/node.js';
import { json, startLoopbackServer } from '../../test-support/loopback-server.js';
import { thrown } from '../../test-support/thrown.js';

const ANSWER = '{"code":-1121,"msg":"Invalid symbol."}';

describe('an exchange error answer where exchange info was expected', () => {
  it.each([
    ['parseExchangeInfoText', () => parseExchangeInfoText(ANSWER)],
    ['parseExchangeInfo', () => parseExchangeInfo(JSON.parse(ANSWER))],
    ['RuleBook.fromExchangeInfo', () => RuleBook.fromExchangeInfo(JSON.parse(ANSWER))],
    ['a string code', () => parseExchangeInfo({ code: '-1121', msg: 'Invalid symbol.' })],
  ])('%s: ExchangeAnswerError with the code and message (an ExchangeInfoSchemaError too)', (_name, run) => {
    const error = thrown(run);
    expect(error).toBeInstanceOf(ExchangeAnswerError);
    expect(isExchangeAnswerError(error)).toBe(true);
    expect(isExchangeInfoSchemaError(error)).toBe(true);
    const { exchangeCode, exchangeMessage } = error as ExchangeAnswerError;
    expect(String(exchangeCode)).toBe('-1121');
    expect(exchangeMessage).toBe('Invalid symbol.');
    expect((error as Error).message).toContain('-1121');
  });

  it('a payload with symbols, or an object without msg, is judged as a payload', () => {
    for (const value of [
      { code: 0, msg: 'ok', symbols: 'nope' },
      { code: -1121 },
      { msg: 'Invalid symbol.' },
      { code: null, msg: 'x' },
    ]) {
      const error = thrown(() => parseExchangeInfo(value));
      expect(isExchangeInfoSchemaError(error)).toBe(true);
      expect(isExchangeAnswerError(error)).toBe(false);
    }
  });

  it('the client: a 200 answer that is the error answer', async () => {
    const server = await startLoopbackServer(json(200, JSON.parse(ANSWER)));
    const client = new ExchangeInfoClient({ baseUrl: server.baseUrl, retries: 0 });
    try {
      const error = await client.fetchExchangeInfo().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isExchangeAnswerError(error)).toBe(true);
      expect((error as ExchangeAnswerError).exchangeCode).toBe(-1121);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('the snapshot reader: SnapshotError (format) with the exchange code and message', () => {
    for (const run of [() => parseRuleBookSnapshot(ANSWER), () => RuleBook.fromJSON(JSON.parse(ANSWER))]) {
      const error = thrown(run);
      expect(isSnapshotError(error)).toBe(true);
      expect(error).toMatchObject({
        reason: 'format',
        exchangeCode: -1121,
        exchangeMessage: 'Invalid symbol.',
      });
    }
  });
});
