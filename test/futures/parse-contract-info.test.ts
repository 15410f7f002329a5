import { describe, expect, it } from 'vitest';
import {
  ContractBook,
  type ContractDefinition,
  type ContractInfo,
  parseContractInfo,
  parseContractInfoText,
} from '../../src/futures.js';
import { ExchangeAnswerError, ExchangeInfoSchemaError, InvalidArgumentError } from '../../src/index.js';

describe('parseContractInfo: exactly and loosely', () => {
  it('reads strings and numbers alike, any sign of precision, exponents as plain decimals', () => {
    const info = parseContractInfo({
      symbols: [
        { symbol: 'A', pricePrecision: 1, quantityPrecision: '-2', contractVal: 100, minOrderSize: 1e-6 },
        {
          symbol: 'B',
          pricePrecision: '1',
          quantityPrecision: -3,
          contractVal: '1e3',
          maxOrderSize: '12.50',
        },
      ],
    });
    expect(info.rejected).toEqual([]);
    expect(info.symbols.map((c) => [c.pricePrecision, c.quantityPrecision, c.contractVal])).toEqual([
      [1, -2, '100'],
      [1, -3, '1000'],
    ]);
    expect(info.symbols[0]?.minOrderSize).toBe('0.000001');
    expect(info.symbols[1]?.maxOrderSize).toBe('12.5');
  });

  it('absent, null and "" are null, not malformed; the checks that need them are skipped', () => {
    const info = parseContractInfo({ symbols: [{ symbol: 'A', maxOrderSize: null, minOrderSize: '' }] });
    expect(info.rejected).toEqual([]);
    const a = info.symbols[0] as ContractDefinition;
    expect([a.pricePrecision, a.contractVal, a.minOrderSize, a.maxOrderSize, a.marketOpenLimitSize]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    const book = ContractBook.fromContractInfo(info);
    const order = {
      symbol: 'A',
      side: 'BUY',
      positionSide: 'LONG',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '1.234',
      quantity: '0.5',
    };
    expect(
      book.validateOrder(order, { position: '0' }).skipped.map((s) => [s.check, s.reason, s.field]),
    ).toEqual([
      ['PRICE_TICK', 'NO_TICK_SIZE', 'pricePrecision'],
      ['PRICE_ABOVE_BUY_LIMIT', 'NO_RULE_FIELD', 'buyLimitPriceRatio'],
      ['QUANTITY_STEP', 'NO_STEP_SIZE', 'quantityPrecision'],
      ['QUANTITY_BELOW_MIN', 'NO_RULE_FIELD', 'minOrderSize'],
      ['QUANTITY_ABOVE_MAX', 'NO_RULE_FIELD', 'maxOrderSize'],
      ['POSITION_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', 'maxPositionSize'],
    ]);
  });

  it('one bad definition is set aside with its reasons; the others are kept', () => {
    const info = parseContractInfo({
      symbols: [
        { symbol: 'GOOD', pricePrecision: 2 },
        { symbol: 'BAD', pricePrecision: 'two', minOrderSize: '-1', contractVal: 'x' },
        { pricePrecision: 2 },
        'not an object',
      ],
    });
    expect(info.symbols.map((c) => c.symbol)).toEqual(['GOOD']);
    expect(info.rejected.map((r) => [r.index, r.symbol, r.reasons.map((reason) => reason.path)])).toEqual([
      [1, 'BAD', ['pricePrecision', 'contractVal', 'minOrderSize']],
      [2, undefined, ['symbol']],
      [3, undefined, ['(definition)']],
    ]);
  });

  it('a precision out of range or not whole sets the definition aside', () => {
    for (const precision of ['1.5', -31, 256, true])
      expect(
        parseContractInfo({ symbols: [{ symbol: 'A', quantityPrecision: precision }] }).rejected,
      ).toHaveLength(1);
  });

  it('two definitions of one symbol are both set aside', () => {
    const info = parseContractInfo({ symbols: [{ symbol: 'A' }, { symbol: 'A' }, { symbol: 'B' }] });
    expect(info.symbols.map((c) => c.symbol)).toEqual(['B']);
    expect(info.rejected.map((r) => r.index)).toEqual([0, 1]);
  });

  it('an unreadable cosmetic field is a warning, never a rejection', () => {
    const info = parseContractInfo({ symbols: [{ symbol: 'A', takerFeeRate: 'cheap', maxLeverage: -1 }] });
    expect(info.rejected).toEqual([]);
    expect(info.warnings.map((w) => [w.symbol, w.field])).toEqual([
      ['A', 'maxLeverage'],
      ['A', 'takerFeeRate'],
    ]);
  });

  it('a number JSON.parse may have rounded is a warning; the text keeps every digit', () => {
    const text = '{"symbols":[{"symbol":"A","maxOrderSize":12345678901234567.5}]}';
    expect(parseContractInfo(JSON.parse(text)).warnings.map((w) => w.field)).toEqual(['maxOrderSize']);
    const exact = parseContractInfoText(text);
    expect(exact.warnings).toEqual([]);
    expect(exact.symbols[0]?.maxOrderSize).toBe('12345678901234567.5');
  });

  it('a wrong top level is an ExchangeInfoSchemaError; the error answer an ExchangeAnswerError', () => {
    for (const bad of [null, 42, 'text', [], {}, { symbols: {} }])
      expect(() => parseContractInfo(bad)).toThrow(ExchangeInfoSchemaError);
    expect(() => parseContractInfo({ code: -1121, msg: 'Invalid symbol.' })).toThrow(ExchangeAnswerError);
    expect(() => parseContractInfoText('{')).toThrow(ExchangeInfoSchemaError);
    expect(() => parseContractInfoText({} as string)).toThrow(InvalidArgumentError);
    expect(() => ContractBook.fromContractInfoText('{"code":-1054,"msg":"System error"}')).toThrow(
      ExchangeAnswerError,
    );
  });

  it('a hand-built ContractInfo compiles, a definition that cannot be compiled is set aside', () => {
    const hand = (fields: Partial<ContractDefinition>): ContractDefinition =>
      ({
        symbol: 'H',
        displaySymbol: null,
        baseAsset: null,
        quoteAsset: null,
        marginAsset: null,
        contractType: null,
        pricePrecision: null,
        quantityPrecision: null,
        baseAssetPrecision: null,
        quotePrecision: null,
        contractVal: null,
        forwardContractFlag: null,
        minLeverage: null,
        maxLeverage: null,
        buyLimitPriceRatio: null,
        sellLimitPriceRatio: null,
        makerFeeRate: null,
        takerFeeRate: null,
        minOrderSize: null,
        maxOrderSize: null,
        maxPositionSize: null,
        marketOpenLimitSize: null,
        ...fields,
      }) as ContractDefinition;
    const info: ContractInfo = {
      symbols: [
        hand({ contractVal: '1e-3', maxPositionSize: '5e1' }),
        hand({ symbol: 'X', pricePrecision: 1.5 }),
      ],
      rejected: [],
      warnings: [],
    };
    const book = ContractBook.fromContractInfo(info);
    expect(book.symbols).toEqual(['H']);
    expect(book.rejected.map((r) => r.symbol)).toEqual(['X']);
    const order = { symbol: 'H', side: 'BUY', positionSide: 'LONG', type: 'MARKET', quantity: '0.0015' };
    expect(book.checkOrder(order, { position: '50' }).codes).toEqual([
      'QUANTITY_STEP',
      'POSITION_SIZE_ABOVE_MAX',
    ]);
    expect(book.checkOrder({ ...order, symbol: 'X' }).codes).toEqual(['SYMBOL_DEFINITION_INVALID']);
    const throwing = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
      },
    );
    expect(() => ContractBook.fromContractInfo(throwing)).toThrow(ExchangeInfoSchemaError);
  });
});
