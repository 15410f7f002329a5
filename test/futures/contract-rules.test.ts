import { describe, expect, it } from 'vitest';
import {
  ContractBook,
  type ContractBookOptions,
  type ContractOrderContext,
  type ContractValidationResult,
} from '../../src/futures.js';
import { TEST_CONTRACT } from '../../test-support/test-contract.js';

// Each contract rule: a passing table, a failing table, the exact boundaries. Every case also
// holds checkOrder to validateOrder (the same codes in the same order, the same skips).

const TEST = TEST_CONTRACT;
const BARE = { symbol: 'BAREUSDT', pricePrecision: 1 };

const bookOf = (options?: ContractBookOptions) =>
  ContractBook.fromContractInfo({ symbols: [TEST, BARE] }, options);
const book = bookOf();

function judge(order: object, context?: ContractOrderContext, on = book): ContractValidationResult {
  const result = on.validateOrder(order, context);
  const verdict = on.checkOrder(order, context);
  expect(verdict.codes).toEqual(result.violations.map((v) => v.code));
  expect(verdict.ok).toBe(result.ok);
  expect(verdict.skipped).toEqual(result.skipped);
  // The same order the general way: a working type of null is absent to the reader, but the fast
  // reading does not take it, so each case holds the fast checks and the exact ones to one answer.
  const general = { ...order, TpWorkingType: null };
  expect(on.validateOrder(general, context)).toEqual(result);
  expect(on.checkOrder(general, context)).toEqual(verdict);
  return result;
}
const codes = (order: object, context?: ContractOrderContext, on = book) =>
  judge(order, context, on).violations.map((v) => v.code);

const limit = (side: 'BUY' | 'SELL', price: string, quantity: string, more: object = {}) => ({
  symbol: 'TESTUSDT',
  side,
  positionSide: side === 'BUY' ? 'LONG' : 'SHORT',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price,
  quantity,
  ...more,
});
const market = (
  side: 'BUY' | 'SELL',
  positionSide: 'LONG' | 'SHORT',
  quantity: string,
  more: object = {},
) => ({
  symbol: 'TESTUSDT',
  side,
  positionSide,
  type: 'MARKET',
  quantity,
  ...more,
});

describe('PRICE_TICK: the price on 10^-pricePrecision', () => {
  it.each(['100', '100.01', '0.01', '99999.99'])('%s passes', (price) => {
    expect(codes(limit('BUY', price, '1'))).toEqual([]);
  });
  it.each([
    ['100.001', ['100', '100.01']],
    ['100.019', ['100.01', '100.02']],
    ['0.005', ['0.01']],
  ])('%s is refused, %j suggested', (price, suggestion) => {
    expect(judge(limit('SELL', price, '1')).violations).toEqual([
      expect.objectContaining({
        code: 'PRICE_TICK',
        field: 'price',
        limit: '0.01',
        value: price,
        suggestion,
      }),
    ]);
  });
});

describe('QUANTITY_STEP: the size grid (contractVal, 10^-quantityPrecision)', () => {
  it.each(['0.01', '0.011', '99.999', '100'])('%s passes', (quantity) => {
    expect(codes(limit('BUY', '100', quantity))).toEqual([]);
  });
  it('0.0115 is refused with the step below and the step above', () => {
    expect(judge(limit('BUY', '100', '0.0115')).violations).toEqual([
      expect.objectContaining({
        code: 'QUANTITY_STEP',
        limit: '0.001',
        value: '0.0115',
        suggestion: ['0.011', '0.012'],
      }),
    ]);
  });
  it('the step above is left out when it would pass maxOrderSize', () => {
    expect(judge(limit('BUY', '100', '100.0005')).violations[0]).toMatchObject({
      code: 'QUANTITY_STEP',
      suggestion: ['100'],
    });
  });
  it('a negative quantityPrecision is a grid of tens, hundreds', () => {
    const tens = ContractBook.fromContractInfo({ symbols: [{ symbol: 'X', quantityPrecision: -1 }] });
    const order = { symbol: 'X', side: 'SELL', positionSide: 'LONG', type: 'MARKET', quantity: '25' };
    expect(judge(order, undefined, tens).violations[0]).toMatchObject({
      limit: '10',
      suggestion: ['20', '30'],
    });
    expect(codes({ ...order, quantity: '30' }, undefined, tens)).toEqual([]);
  });
});

describe('QUANTITY_BELOW_MIN and QUANTITY_ABOVE_MAX: minOrderSize, maxOrderSize, inclusive', () => {
  it('the bounds themselves pass', () => {
    expect(codes(limit('BUY', '100', '0.01'))).toEqual([]);
    expect(codes(limit('BUY', '100', '100'))).toEqual([]);
  });
  it('below the minimum and above the maximum are refused, the bound suggested', () => {
    expect(judge(limit('BUY', '100', '0.009')).violations).toEqual([
      expect.objectContaining({
        code: 'QUANTITY_BELOW_MIN',
        limit: '0.01',
        value: '0.009',
        suggestion: ['0.01'],
      }),
    ]);
    expect(judge(limit('BUY', '100', '100.001')).violations).toEqual([
      expect.objectContaining({
        code: 'QUANTITY_ABOVE_MAX',
        limit: '100',
        value: '100.001',
        suggestion: ['100'],
      }),
    ]);
    // In contract terms: the message names the contract's field.
    expect(judge(limit('BUY', '100', '100.001')).violations[0]?.message).toContain('maxOrderSize');
  });
  it('a MARKET order above maxOrderSize gets QUANTITY_ABOVE_MAX alone (no spot MARKET cap)', () => {
    expect(codes(market('SELL', 'LONG', '100.001'))).toEqual(['QUANTITY_ABOVE_MAX']);
  });
});

describe('the band: PRICE_ABOVE_BUY_LIMIT, PRICE_BELOW_SELL_LIMIT from the caller reference', () => {
  const ref = { referencePrice: '100' };
  it('the edges pass', () => {
    expect(codes(limit('BUY', '105', '1'), ref)).toEqual([]);
    expect(codes(limit('SELL', '95', '1'), ref)).toEqual([]);
  });
  it('past the edges is refused, the edge suggested', () => {
    expect(judge(limit('BUY', '105.01', '1'), ref).violations).toEqual([
      expect.objectContaining({
        code: 'PRICE_ABOVE_BUY_LIMIT',
        limit: '105',
        value: '105.01',
        suggestion: ['105'],
      }),
    ]);
    expect(judge(limit('SELL', '94.99', '1'), ref).violations).toEqual([
      expect.objectContaining({
        code: 'PRICE_BELOW_SELL_LIMIT',
        limit: '95',
        value: '94.99',
        suggestion: ['95'],
      }),
    ]);
  });
  it('without a reference the band is skipped and said so', () => {
    expect(judge(limit('BUY', '105.01', '1')).skipped).toContainEqual(
      expect.objectContaining({
        check: 'PRICE_ABOVE_BUY_LIMIT',
        reason: 'NO_REFERENCE_PRICE',
        field: 'referencePrice',
      }),
    );
  });
  it('an algo order is not held to the band (its price meets a later market), and no skip is said', () => {
    const stop = limit('BUY', '200', '1', { type: 'STOP', triggerPrice: '150', timeInForce: undefined });
    const result = judge(stop, ref);
    expect(result.violations).toEqual([]);
    expect(result.skipped.map((s) => s.check)).not.toContain('PRICE_ABOVE_BUY_LIMIT');
  });
});

describe('NOTIONAL_ABOVE_MAX: the caller cap on price × quantity', () => {
  it('at the cap passes, past it is refused', () => {
    expect(codes(limit('BUY', '100', '10'), { maxNotional: '1000' })).toEqual([]);
    expect(codes(limit('BUY', '100', '10.001'), { maxNotional: '1000' })).toEqual(['NOTIONAL_ABOVE_MAX']);
  });
});

describe('MARKET_OPEN_SIZE_ABOVE_MAX: marketOpenLimitSize on opening MARKET orders', () => {
  it.each([
    ['BUY', 'LONG'],
    ['SELL', 'SHORT'],
  ] as const)('%s+%s: the cap passes, past it is refused with the cap suggested', (side, positionSide) => {
    expect(codes(market(side, positionSide, '10'))).toEqual([]);
    expect(judge(market(side, positionSide, '10.001')).violations).toEqual([
      expect.objectContaining({
        code: 'MARKET_OPEN_SIZE_ABOVE_MAX',
        field: 'quantity',
        limit: '10',
        value: '10.001',
        suggestion: ['10'],
      }),
    ]);
  });
  it.each([
    ['SELL', 'LONG'],
    ['BUY', 'SHORT'],
  ] as const)('%s+%s closes: not held to it, unless the book says every-market', (side, positionSide) => {
    expect(codes(market(side, positionSide, '50'))).toEqual([]);
    expect(
      codes(market(side, positionSide, '50'), undefined, bookOf({ marketOpenCap: 'every-market' })),
    ).toEqual(['MARKET_OPEN_SIZE_ABOVE_MAX']);
  });
  it('LIMIT and conditional market orders are not held to it', () => {
    expect(codes(limit('BUY', '100', '50'))).toEqual([]);
    expect(codes(market('BUY', 'LONG', '50', { type: 'STOP_MARKET', triggerPrice: '100' }))).toEqual([]);
  });
  it('a contract without marketOpenLimitSize skips it and says so', () => {
    const order = { symbol: 'BAREUSDT', side: 'BUY', positionSide: 'LONG', type: 'MARKET', quantity: '5' };
    expect(judge(order).skipped).toContainEqual(
      expect.objectContaining({
        check: 'MARKET_OPEN_SIZE_ABOVE_MAX',
        reason: 'NO_RULE_FIELD',
        field: 'marketOpenLimitSize',
      }),
    );
  });
});

describe('POSITION_SIZE_ABOVE_MAX: position + quantity at most maxPositionSize, opening orders', () => {
  it('exactly at the maximum passes; past it is refused with the room left suggested', () => {
    expect(codes(limit('BUY', '100', '1'), { position: '499' })).toEqual([]);
    expect(codes(limit('SELL', '100', '1'), { position: 499 })).toEqual([]);
    expect(judge(limit('BUY', '100', '1'), { position: '499.0005' }).violations).toEqual([
      expect.objectContaining({
        code: 'POSITION_SIZE_ABOVE_MAX',
        field: 'quantity',
        limit: '500',
        value: '500.0005',
        suggestion: ['0.999'],
      }),
    ]);
  });
  it('positions and maxima past safe integers are judged exactly', () => {
    const huge = ContractBook.fromContractInfo({
      symbols: [{ ...TEST, maxOrderSize: '1000000', maxPositionSize: '90071992547409930' }],
    });
    const order = limit('BUY', '100', '1');
    expect(codes(order, { position: '999999999999999.9' }, huge)).toEqual([]);
    expect(codes(order, { position: '90071992547409929' }, huge)).toEqual([]);
    expect(codes(order, { position: '90071992547409929.001' }, huge)).toEqual(['POSITION_SIZE_ABOVE_MAX']);
    expect(codes(order, { position: 9007199254740000 }, huge)).toEqual([]);
    const exact = ContractBook.fromContractInfo({
      symbols: [{ ...TEST, maxPositionSize: '9007199254740.991' }],
    });
    expect(codes(order, { position: '9007199254739.991' }, exact)).toEqual([]);
    expect(codes(order, { position: '9007199254739.992' }, exact)).toEqual(['POSITION_SIZE_ABOVE_MAX']);
    // A safe position whose sum at the quantity's scale is not safe: added in exact decimals.
    const edge = ContractBook.fromContractInfo({
      symbols: [{ ...TEST, maxPositionSize: '1000000000000000' }],
    });
    expect(codes(order, { position: '999999999999999' }, edge)).toEqual([]);
    expect(codes(limit('BUY', '100', '1.001'), { position: '999999999999999' }, edge)).toEqual([
      'POSITION_SIZE_ABOVE_MAX',
    ]);
  });
  it('no room left: refused with no suggestion', () => {
    const result = judge(limit('BUY', '100', '1'), { position: '500' });
    expect(result.violations[0]).toMatchObject({ code: 'POSITION_SIZE_ABOVE_MAX', value: '501' });
    expect(result.violations[0]).not.toHaveProperty('suggestion');
  });
  it('a position of zero is a position', () => {
    expect(judge(limit('BUY', '100', '1'), { position: '0' }).skipped).toEqual([
      expect.objectContaining({ check: 'PRICE_ABOVE_BUY_LIMIT' }),
    ]);
  });
  it('closing orders are never held to it', () => {
    expect(codes(market('SELL', 'LONG', '5'), { position: '500' })).toEqual([]);
  });
  it('without a position, or without maxPositionSize, it is skipped and said so', () => {
    expect(judge(limit('BUY', '100', '1')).skipped).toContainEqual(
      expect.objectContaining({ check: 'POSITION_SIZE_ABOVE_MAX', reason: 'NO_POSITION', field: 'position' }),
    );
    expect(judge(limit('BUY', '100', '1'), { position: null } as never).skipped).toContainEqual(
      expect.objectContaining({ check: 'POSITION_SIZE_ABOVE_MAX', reason: 'NO_POSITION' }),
    );
    // A position that is not one is refused, as a malformed referencePrice is.
    for (const position of ['lots', '-1', -1, '1e3'])
      expect(judge(limit('BUY', '100', '1'), { position } as never).violations).toEqual([
        expect.objectContaining({ code: 'INVALID_FIELD', field: 'position' }),
      ]);
    const bare = { symbol: 'BAREUSDT', side: 'BUY', positionSide: 'LONG', type: 'MARKET', quantity: '5' };
    expect(judge(bare, { position: '1' }).skipped).toContainEqual(
      expect.objectContaining({
        check: 'POSITION_SIZE_ABOVE_MAX',
        reason: 'NO_RULE_FIELD',
        field: 'maxPositionSize',
      }),
    );
  });
  it('a MARKET suggestion keeps within the open cap and the room both', () => {
    const result = judge(market('BUY', 'LONG', '11'), { position: '495' });
    expect(result.violations.map((v) => [v.code, v.suggestion])).toEqual([
      ['MARKET_OPEN_SIZE_ABOVE_MAX', ['5']],
      ['POSITION_SIZE_ABOVE_MAX', ['5']],
    ]);
  });
  it('a shared rule’s quantity suggestion on an opening MARKET order keeps within the open cap', () => {
    // 10.0005 is off the size grid and over the open cap: the step below (10) passes both, the
    // step above (10.001) would break the cap.
    const step = judge(market('BUY', 'LONG', '10.0005')).violations;
    expect(step.map((v) => [v.code, v.suggestion])).toEqual([
      ['QUANTITY_STEP', ['10']],
      ['MARKET_OPEN_SIZE_ABOVE_MAX', ['10']],
    ]);
    // Over maxOrderSize: the spot suggestion (100) is over the open cap; the highest within both is 10.
    const above = judge(market('SELL', 'SHORT', '100.001')).violations;
    expect(above.map((v) => [v.code, v.suggestion])).toEqual([
      ['QUANTITY_ABOVE_MAX', ['10']],
      ['MARKET_OPEN_SIZE_ABOVE_MAX', ['10']],
    ]);
    // A closing order is not held to the cap: the suggestions stay spot's.
    expect(judge(market('SELL', 'LONG', '100.001')).violations[0]?.suggestion).toEqual(['100']);
  });
  it('a shared rule’s quantity suggestion on an opening order keeps within the position room', () => {
    const result = judge(limit('BUY', '100', '0.0115'), { position: '499.9885' });
    expect(result.violations.map((v) => [v.code, v.suggestion])).toEqual([['QUANTITY_STEP', ['0.011']]]);
    const none = judge(limit('BUY', '100', '0.0115'), { position: '499.995' });
    expect(none.violations.map((v) => [v.code, v.suggestion])).toEqual([
      ['QUANTITY_STEP', undefined],
      ['POSITION_SIZE_ABOVE_MAX', undefined],
    ]);
  });
});

describe('TRIGGER_PRICE_TICK: trigger prices on the price grid, no direction guessed', () => {
  it.each([
    ['triggerPrice', market('BUY', 'LONG', '1', { type: 'STOP_MARKET', triggerPrice: '99.995' })],
    ['tpTriggerPrice', limit('BUY', '100', '1', { tpTriggerPrice: '99.995' })],
    ['slTriggerPrice', limit('BUY', '100', '1', { slTriggerPrice: '99.995' })],
  ])('%s off the grid is refused, the grid points either side suggested', (field, order) => {
    expect(judge(order).violations).toEqual([
      expect.objectContaining({
        code: 'TRIGGER_PRICE_TICK',
        field,
        limit: '0.01',
        value: '99.995',
        suggestion: ['99.99', '100'],
      }),
    ]);
  });
  it('on the grid passes, whichever side of the price (WEEX documents no direction)', () => {
    expect(codes(limit('BUY', '100', '1', { tpTriggerPrice: '50', slTriggerPrice: '150' }))).toEqual([]);
    expect(
      codes(
        limit('SELL', '100', '1', {
          tpTriggerPrice: '150',
          slTriggerPrice: '50',
          TpWorkingType: 'MARK_PRICE',
        }),
      ),
    ).toEqual([]);
  });
  it('a contract without pricePrecision skips it and says so', () => {
    const none = ContractBook.fromContractInfo({ symbols: [{ symbol: 'X' }] });
    const order = {
      symbol: 'X',
      side: 'SELL',
      positionSide: 'LONG',
      type: 'STOP_MARKET',
      triggerPrice: '1.5',
      quantity: '1',
    };
    expect(judge(order, undefined, none).skipped).toContainEqual(
      expect.objectContaining({
        check: 'TRIGGER_PRICE_TICK',
        reason: 'NO_TICK_SIZE',
        field: 'pricePrecision',
      }),
    );
  });
});

describe('reading a contract order', () => {
  const base = limit('BUY', '100', '1');
  it('a missing or refused price names the contract type, not the spot type it is judged as', () => {
    const stop = { ...base, type: 'STOP', triggerPrice: '150', price: undefined };
    const missing = judge(stop).violations.find((v) => v.field === 'price');
    expect(missing?.code).toBe('MISSING_FIELD');
    expect(missing?.message).toContain('STOP');
    const stopMarket = market('BUY', 'LONG', '1', { type: 'STOP_MARKET', triggerPrice: '150', price: '100' });
    const refused = judge(stopMarket).violations.find((v) => v.field === 'price');
    expect(refused?.code).toBe('UNEXPECTED_FIELD');
    expect(refused?.message).toContain('STOP_MARKET');
  });
  it.each([
    [{ ...base, positionSide: undefined }, 'MISSING_FIELD', 'positionSide', undefined],
    [{ ...base, positionSide: null }, 'MISSING_FIELD', 'positionSide', undefined],
    [{ ...base, positionSide: 'long' }, 'INVALID_FIELD', 'positionSide', ['LONG']],
    [{ ...base, type: 'limit' }, 'INVALID_FIELD', 'type', ['LIMIT']],
    [{ ...base, timeInForce: undefined }, 'MISSING_FIELD', 'timeInForce', undefined],
    [{ ...base, timeInForce: 'GTX' }, 'INVALID_FIELD', 'timeInForce', undefined],
    [{ ...base, triggerPrice: '100' }, 'UNEXPECTED_FIELD', 'triggerPrice', undefined],
    [{ ...base, type: 'STOP', timeInForce: undefined }, 'MISSING_FIELD', 'triggerPrice', undefined],
    [{ ...base, tpTriggerPrice: '-1' }, 'INVALID_FIELD', 'tpTriggerPrice', undefined],
    [{ ...base, SlWorkingType: 'LAST' }, 'INVALID_FIELD', 'SlWorkingType', undefined],
    [{ ...base, newClientOrderId: 'has space' }, 'INVALID_FIELD', 'newClientOrderId', undefined],
    [{ ...base, newClientOrderId: 'x'.repeat(37) }, 'INVALID_FIELD', 'newClientOrderId', undefined],
    [market('BUY', 'LONG', '1', { price: '100' }), 'UNEXPECTED_FIELD', 'price', undefined],
    [
      { ...base, type: 'TAKE_PROFIT', timeInForce: undefined, price: undefined, triggerPrice: '100' },
      'MISSING_FIELD',
      'price',
      undefined,
    ],
  ])('%j: %s on %s', (order, code, field, suggestion) => {
    const violations = judge(order).violations;
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ code, field });
    expect(violations[0]?.suggestion).toEqual(suggestion);
  });
  it.each([
    { ...base, timeInForce: 'POST_ONLY' },
    { ...base, timeInForce: 'FOK', newClientOrderId: 'a.b:c/d_e-F9'.padEnd(36, 'x') },
    market('SELL', 'SHORT', '1', { timeInForce: 'IOC' }),
    market('SELL', 'SHORT', '1'),
    { ...base, type: 'TAKE_PROFIT', timeInForce: undefined, triggerPrice: '100.5' },
  ])('%j passes', (order) => {
    expect(codes(order)).toEqual([]);
  });
  it("clientOrderIds 'length' takes spot's rule", () => {
    expect(
      codes({ ...base, newClientOrderId: 'has space' }, undefined, bookOf({ clientOrderIds: 'length' })),
    ).toEqual([]);
  });
  it('the reading faults come after the shared ones and before the rules', () => {
    const order = { ...base, symbol: 'TESTUSDT', side: 'buy', positionSide: 'long', price: '100.001' };
    expect(codes(order)).toEqual(['INVALID_FIELD', 'INVALID_FIELD', 'PRICE_TICK']);
    expect(judge(order).violations.map((v) => v.field)).toEqual(['side', 'positionSide', 'price']);
  });
  it('an unknown symbol is told of its spelling; a set-aside definition says why', () => {
    const withBad = ContractBook.fromContractInfo({
      symbols: [TEST, { symbol: 'BADUSDT', pricePrecision: 'two' }],
    });
    expect(judge({ ...base, symbol: 'testusdt' }, undefined, withBad).violations).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_SYMBOL', suggestion: ['TESTUSDT'] }),
    ]);
    expect(codes({ ...base, symbol: 'BADUSDT' }, undefined, withBad)).toEqual(['SYMBOL_DEFINITION_INVALID']);
  });
  it('hostile input is a verdict, never a throw', () => {
    const throwing = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
      },
    );
    for (const order of [
      throwing,
      null,
      42,
      'x',
      [],
      { ...base, quantity: throwing },
      { ...base, price: 10n },
    ])
      for (const context of [undefined, throwing, null, { position: throwing }, { position: -1 }]) {
        const result = book.validateOrder(order, context as ContractOrderContext);
        expect(result.ok).toBe(false);
        expect(book.checkOrder(order, context as ContractOrderContext).codes).toEqual(
          result.violations.map((v) => v.code),
        );
        expect(() => book.normalizeOrder(order, context as ContractOrderContext)).not.toThrow();
        expect(() => book.estimateOrder(order, context as ContractOrderContext)).not.toThrow();
      }
  });
});

describe('normalizeOrder and estimateOrder', () => {
  it('repairs onto the grids, keeping the contract fields', () => {
    const r = book.normalizeOrder(limit('BUY', '100.019', '1.0005', { tpTriggerPrice: '120' }));
    expect(r).toMatchObject({
      ok: true,
      order: {
        type: 'LIMIT',
        positionSide: 'LONG',
        timeInForce: 'GTC',
        price: '100.01',
        quantity: '1',
        tpTriggerPrice: '120',
      },
    });
    expect(book.validateOrder((r as { order: object }).order).ok).toBe(true);
  });
  it('what no rounding repairs is returned as violations', () => {
    const r = book.normalizeOrder(market('BUY', 'LONG', '11'));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.violations.map((v) => v.code)).toEqual(['MARKET_OPEN_SIZE_ABOVE_MAX']);
  });
  it('estimates notional = price × quantity (no contractVal factor), the fee at the maker or taker rate', () => {
    expect(book.estimateOrder(limit('BUY', '100', '2.5'), { referencePrice: '101' })).toMatchObject({
      estimated: true,
      type: 'LIMIT',
      positionSide: 'LONG',
      worstCasePrice: '100',
      notional: '250',
      liquidity: 'MAKER',
      feeRate: '0.0002',
      expectedFee: '0.05',
      feeAsset: 'USDT',
    });
    expect(book.estimateOrder(market('BUY', 'LONG', '2'), { referencePrice: '100' })).toMatchObject({
      estimated: true,
      worstCasePrice: '105',
      notional: '210',
      liquidity: 'TAKER',
      expectedFee: '0.126',
    });
    expect(
      book.estimateOrder(market('SELL', 'LONG', '2', { type: 'STOP_MARKET', triggerPrice: '90' }), {
        referencePrice: '100',
      }),
    ).toMatchObject({ estimated: true, type: 'STOP_MARKET', worstCasePrice: '85.5', notional: '171' });
    expect(book.estimateOrder(market('BUY', 'LONG', '2'))).toMatchObject({ estimated: false });
  });
});

describe('ContractBook options', () => {
  it.each([
    ['sizeGrid', 'coarse'],
    ['marketOpenCap', 'closing'],
    ['clientOrderIds', 'any'],
  ])('a wrong options.%s is an InvalidArgumentError naming it', (name, value) => {
    expect(() => bookOf({ [name]: value } as ContractBookOptions)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: expect.stringContaining(`options.${name}`),
      }),
    );
  });
  it('a contractVal that disagrees with quantityPrecision is a warning, and the grid both allow is used', () => {
    const payload = { symbols: [{ symbol: 'ODD', quantityPrecision: '3', contractVal: '0.002' }] };
    const both = ContractBook.fromContractInfo(payload);
    expect(both.warnings).toEqual([expect.objectContaining({ symbol: 'ODD', field: 'contractVal' })]);
    const order = { symbol: 'ODD', side: 'BUY', positionSide: 'LONG', type: 'MARKET', quantity: '0.003' };
    expect(codes(order, undefined, both)).toEqual(['QUANTITY_STEP']);
    expect(
      codes(order, undefined, ContractBook.fromContractInfo(payload, { sizeGrid: 'quantityPrecision' })),
    ).toEqual([]);
    expect(
      codes(
        { ...order, quantity: '0.004' },
        undefined,
        ContractBook.fromContractInfo(payload, { sizeGrid: 'contractVal' }),
      ),
    ).toEqual([]);
  });
});
