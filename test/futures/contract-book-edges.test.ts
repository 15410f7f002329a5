import { describe, expect, it } from 'vitest';
import {
  ContractBook,
  type ContractBookOptions,
  type ContractDefinition,
  type ContractInfo,
  parseContractInfo,
} from '../../src/futures.js';
import { TEST_CONTRACT, testContractOrder } from '../../test-support/test-contract.js';
import { thrown } from '../../test-support/thrown.js';

// ContractBook's own edges, through the public API: how a payload is told raw from parsed, what
// a definition that cannot be compiled becomes, the options read and their defaults, the step
// above a QUANTITY_STEP suggestion, and normalizeOrder and estimateOrder at their edges. Codes,
// fields, values and suggestions only, never a message's wording.

const TEST = TEST_CONTRACT;
const order = testContractOrder;
describe('fromContractInfo: raw or parsed', () => {
  it('a payload is parsed unless symbols, rejected and warnings are all arrays', () => {
    for (const payload of [
      { symbols: [TEST] },
      { symbols: [TEST], rejected: [] },
      { symbols: [TEST], warnings: [] },
      { symbols: [TEST], rejected: 'x', warnings: [] },
      { symbols: [TEST], rejected: [], warnings: 'x' },
    ]) {
      const book = ContractBook.fromContractInfo(payload);
      expect(book.symbols).toEqual(['TESTUSDT']);
      expect(book.contract('TESTUSDT')?.pricePrecision).toBe(2);
    }
    const parsed = parseContractInfo({ symbols: [TEST] });
    const book = ContractBook.fromContractInfo(parsed);
    expect(book.symbols).toEqual(['TESTUSDT']);
    expect(book.contract('TESTUSDT')).toBe(parsed.symbols[0]);
  });
  it('a parsed definition that cannot be compiled is set aside at its index, its orders told why', () => {
    const good = parseContractInfo({ symbols: [TEST] }).symbols[0] as ContractDefinition;
    const info: ContractInfo = {
      symbols: [good, { ...good, symbol: 'HALF', pricePrecision: 1.5 } as never],
      rejected: [{ index: 7, reasons: [{ path: 'symbol', message: 'missing' }] }],
      warnings: [],
    };
    const book = ContractBook.fromContractInfo(info);
    expect(book.symbols).toEqual(['TESTUSDT']);
    expect(book.size).toBe(1);
    expect(book.contract('HALF')).toBeUndefined();
    expect(book.rejected).toEqual([
      { index: 7, reasons: [{ path: 'symbol', message: 'missing' }] },
      { index: 1, symbol: 'HALF', reasons: [expect.objectContaining({ path: '(definition)' })] },
    ]);
    expect(Object.isFrozen(book.rejected)).toBe(true);
    expect(book.checkOrder(order({ symbol: 'HALF' })).codes).toEqual(['SYMBOL_DEFINITION_INVALID']);
    expect(book.validateOrder(order({ symbol: 'HALF' })).violations).toEqual([
      expect.objectContaining({ code: 'SYMBOL_DEFINITION_INVALID', field: 'symbol' }),
    ]);
  });
  it('a payload that throws as it is read is an ExchangeInfoSchemaError with the cause', () => {
    const boom = new Error('boom');
    const hostile = new Proxy(
      {},
      {
        get() {
          throw boom;
        },
      },
    );
    const error = thrown(() => ContractBook.fromContractInfo(hostile)) as { name: string; cause: unknown };
    expect(error.name).toBe('ExchangeInfoSchemaError');
    expect(error.cause).toBe(boom);
    const good = parseContractInfo({ symbols: [TEST] }).symbols[0] as ContractDefinition;
    const throwingSymbols = Object.assign([good], {
      forEach() {
        throw boom;
      },
    });
    const parsedHostile = { symbols: throwingSymbols, rejected: [], warnings: [] };
    const again = thrown(() => ContractBook.fromContractInfo(parsedHostile as never)) as {
      name: string;
      issues: { path: string }[];
    };
    expect(again.name).toBe('ExchangeInfoSchemaError');
    expect(again.issues.map((i) => i.path)).toEqual(['(root)']);
  });
  it('null and non-objects are refused as the reader refuses them', () => {
    for (const payload of [null, 42, 'x', undefined]) {
      const error = thrown(() => ContractBook.fromContractInfo(payload)) as { name: string; issues: unknown };
      const reader = thrown(() => parseContractInfo(payload)) as { name: string; issues: unknown };
      expect(error.name).toBe(reader.name);
      expect(error.issues).toEqual(reader.issues);
    }
  });
  it('fromContractInfoText keeps every digit and reads the options', () => {
    const text =
      '{"symbols":[{"symbol":"T","quantityPrecision":3,"contractVal":0.002,"maxOrderSize":12345678901234567890.5}]}';
    const book = ContractBook.fromContractInfoText(text, { sizeGrid: 'contractVal' });
    expect(book.contract('T')?.maxOrderSize).toBe('12345678901234567890.5');
    expect(book.options.sizeGrid).toBe('contractVal');
    expect(book.validateOrder(order({ symbol: 'T', quantity: '0.004' })).ok).toBe(true);
    expect(() => ContractBook.fromContractInfoText(text, { sizeGrid: 'x' } as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', argument: 'options.sizeGrid' }),
    );
  });
});

describe('options', () => {
  it('the defaults, and each value taken', () => {
    expect(ContractBook.fromContractInfo({ symbols: [] }).options).toEqual({
      sizeGrid: 'both',
      marketOpenCap: 'opening',
      clientOrderIds: 'futures-pattern',
    });
    expect(ContractBook.fromContractInfo({ symbols: [] }, {}).options).toEqual({
      sizeGrid: 'both',
      marketOpenCap: 'opening',
      clientOrderIds: 'futures-pattern',
    });
    for (const options of [
      { sizeGrid: 'both', marketOpenCap: 'opening', clientOrderIds: 'futures-pattern' },
      { sizeGrid: 'contractVal', marketOpenCap: 'every-market', clientOrderIds: 'length' },
      { sizeGrid: 'quantityPrecision', marketOpenCap: 'opening', clientOrderIds: 'length' },
    ] as const) {
      const book = ContractBook.fromContractInfo({ symbols: [] }, options);
      expect(book.options).toEqual(options);
      expect(Object.isFrozen(book.options)).toBe(true);
    }
  });
  it.each([
    ['sizeGrid', 'coarse', ['both', 'contractVal', 'quantityPrecision']],
    ['marketOpenCap', null, ['opening', 'every-market']],
    ['clientOrderIds', 'any', ['length', 'futures-pattern']],
  ])('a wrong options.%s names it, its value and every allowed value', (name, value, allowed) => {
    const error = thrown(() =>
      ContractBook.fromContractInfo({ symbols: [] }, { [name]: value } as ContractBookOptions),
    ) as { name: string; argument: string; value: unknown; message: string };
    expect(error).toMatchObject({ name: 'InvalidArgumentError', argument: `options.${name}`, value });
    for (const a of allowed) expect(error.message).toContain(`'${a}'`);
  });
  it('options that throw as they are read are an InvalidArgumentError naming options, with the cause', () => {
    const boom = new Error('boom');
    const hostile = new Proxy(
      {},
      {
        get() {
          throw boom;
        },
      },
    );
    for (const make of [
      () => ContractBook.fromContractInfo({ symbols: [] }, hostile),
      () => ContractBook.fromContractInfoText('{"symbols":[]}', hostile),
    ])
      expect(thrown(make)).toMatchObject({ name: 'InvalidArgumentError', argument: 'options', cause: boom });
  });
});

describe('the step above a QUANTITY_STEP suggestion', () => {
  const suggestionOf = (definition: object, quantity: string, more: object = {}) =>
    ContractBook.fromContractInfo({ symbols: [{ ...TEST, ...definition }] })
      .validateOrder(order({ quantity, ...more }), { position: '0' })
      .violations.find((v) => v.code === 'QUANTITY_STEP')?.suggestion;
  it.each([
    [{}, '1.0005', ['1', '1.001']],
    [{}, '0.0105', ['0.01', '0.011']],
    // The step above is kept only inside [minOrderSize, maxOrderSize]: at the edges, in and out.
    [{ maxOrderSize: '1.001' }, '1.0005', ['1', '1.001']],
    [{ maxOrderSize: '1.0009' }, '1.0005', ['1']],
    [{ minOrderSize: '1.001' }, '1.0005', ['1.001']],
    // No size passes at all (the minimum above the maximum on the grid): spot's suggestion alone.
    [{ minOrderSize: '1.0011', maxOrderSize: '1.0019' }, '1.0005', ['1']],
    [{ maxOrderSize: undefined }, '1.0005', ['1', '1.001']],
    [{ minOrderSize: undefined }, '0.0005', ['0.001']],
  ])('%j: %s suggests %j', (definition, quantity, suggestion) => {
    expect(suggestionOf(definition, quantity)).toEqual(suggestion);
    expect(suggestionOf(definition, quantity, { side: 'SELL', positionSide: 'SHORT' })).toEqual(suggestion);
    expect(suggestionOf(definition, quantity, { type: 'LIMIT', timeInForce: 'GTC', price: '1' })).toEqual(
      suggestion,
    );
  });
  it('without a size grid there is no QUANTITY_STEP at all', () => {
    expect(suggestionOf({ quantityPrecision: undefined, contractVal: undefined }, '1.0005')).toBeUndefined();
  });
});

describe('normalizeOrder at its edges', () => {
  const book = ContractBook.fromContractInfo({ symbols: [TEST] });
  it('a MARKET order comes back without a timeInForce it did not have, with its contract fields', () => {
    const r = book.normalizeOrder(
      order({ quantity: '1.0005', slTriggerPrice: '90', SlWorkingType: 'MARK_PRICE' }),
    );
    expect(r.ok).toBe(true);
    expect(r.ok && r.order).toEqual({
      symbol: 'TESTUSDT',
      side: 'BUY',
      positionSide: 'LONG',
      type: 'MARKET',
      quantity: '1',
      slTriggerPrice: '90',
      SlWorkingType: 'MARK_PRICE',
    });
    expect(r.changes.map((c) => [c.field, c.to])).toEqual([['quantity', '1']]);
  });
  it('the repaired order carries no key the order did not have (no price: undefined on a MARKET order)', () => {
    const r = book.normalizeOrder(order({ quantity: '1.0005' }));
    expect(r.ok && Object.keys(r.order).sort()).toEqual(
      ['positionSide', 'quantity', 'side', 'symbol', 'type'].sort(),
    );
  });
  it('a conditional order keeps its type, trigger and timeInForce rules', () => {
    const r = book.normalizeOrder(
      order({ type: 'STOP', triggerPrice: '100', price: '100.005', quantity: '1' }),
    );
    expect(r.ok && r.order).toEqual({
      symbol: 'TESTUSDT',
      side: 'BUY',
      positionSide: 'LONG',
      type: 'STOP',
      triggerPrice: '100',
      price: '100',
      quantity: '1',
    });
  });
  it('what the spot repair cannot mend comes back with the contract reading faults in place', () => {
    const r = book.normalizeOrder(order({ positionSide: 'long', quantity: '-1' }));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.violations.map((v) => [v.code, v.field])).toEqual([
      ['INVALID_FIELD', 'quantity'],
      ['INVALID_FIELD', 'positionSide'],
    ]);
  });
  it('a repaired order a contract rule still refuses comes back refused, with the changes made', () => {
    const r = book.normalizeOrder(order({ quantity: '30.0005' }), { position: '480' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.violations.map((v) => v.code)).toEqual([
      'MARKET_OPEN_SIZE_ABOVE_MAX',
      'POSITION_SIZE_ABOVE_MAX',
    ]);
    expect(r.changes.map((c) => [c.field, c.to])).toEqual([['quantity', '30']]);
  });
  it('an unreadable order comes back refused, no change made', () => {
    expect(book.normalizeOrder(null)).toEqual({
      ok: false,
      violations: [expect.objectContaining({ code: 'INVALID_ORDER' })],
      changes: [],
    });
  });
});

describe('estimateOrder at its edges', () => {
  it('the fee is in the margin asset, else the quote asset, else not said', () => {
    const book = ContractBook.fromContractInfo({
      symbols: [
        TEST,
        { ...TEST, symbol: 'NOMARGIN', marginAsset: undefined },
        { ...TEST, symbol: 'NEITHER', marginAsset: undefined, quoteAsset: undefined },
        { ...TEST, symbol: 'COIN', marginAsset: 'TEST' },
      ],
    });
    const limit = (symbol: string) =>
      book.estimateOrder(order({ symbol, type: 'LIMIT', timeInForce: 'GTC', price: '100' }));
    expect(limit('TESTUSDT')).toMatchObject({ estimated: true, feeAsset: 'USDT', notional: '100' });
    expect(limit('COIN')).toMatchObject({ estimated: true, feeAsset: 'TEST' });
    expect(limit('NOMARGIN')).toMatchObject({ estimated: true, feeAsset: 'USDT' });
    expect(limit('NEITHER')).toMatchObject({ estimated: true });
    expect(limit('NEITHER')).not.toHaveProperty('feeAsset');
  });
  it('what cannot be estimated says why, with the violations', () => {
    const book = ContractBook.fromContractInfo({ symbols: [TEST] });
    const noReference = book.estimateOrder(order({}));
    expect(noReference).toMatchObject({ estimated: false });
    expect(!noReference.estimated && noReference.violations.map((v) => [v.code, v.field])).toEqual([
      ['MISSING_FIELD', 'referencePrice'],
    ]);
    const bad = book.estimateOrder(order({ quantity: '1.0005', positionSide: 'long' }), {
      referencePrice: '1',
    });
    expect(bad).toMatchObject({ estimated: false });
    expect(!bad.estimated && bad.violations.map((v) => [v.code, v.field])).toEqual([
      ['INVALID_FIELD', 'positionSide'],
    ]);
    expect(bad).not.toHaveProperty('reason');
    const noBand = ContractBook.fromContractInfo({ symbols: [{ ...TEST, buyLimitPriceRatio: undefined }] });
    const unknown = noBand.estimateOrder(order({}), { referencePrice: '100' });
    expect(unknown).toMatchObject({ estimated: false, violations: [], reason: expect.any(String) });
    expect(
      noBand.estimateOrder(order({ side: 'SELL', positionSide: 'SHORT' }), { referencePrice: '100' }),
    ).toMatchObject({
      estimated: true,
      worstCasePrice: '95',
    });
    const noType = book.estimateOrder(order({ type: undefined, price: '1' }), { referencePrice: '1' });
    expect(noType).toMatchObject({ estimated: false });
    expect(!noType.estimated && noType.violations.map((v) => [v.code, v.field])).toEqual([
      ['MISSING_FIELD', 'type'],
    ]);
    expect(book.estimateOrder(null)).toEqual({
      estimated: false,
      violations: [expect.objectContaining({ code: 'INVALID_ORDER' })],
    });
  });
});

describe('checkOrder with a type fault, and orders of no contract', () => {
  const book = ContractBook.fromContractInfo({ symbols: [TEST] });
  it.each([
    [order({ type: 'limit', price: '1' }), ['INVALID_FIELD']],
    [order({ type: 'limit', price: '1', quantity: '1.0005' }), ['INVALID_FIELD', 'QUANTITY_STEP']],
    [order({ type: undefined, quantity: '11' }), ['MISSING_FIELD']],
    [order({ symbol: 'NONE' }), ['UNKNOWN_SYMBOL']],
    [order({ symbol: undefined }), ['MISSING_FIELD']],
    [order({ symbol: 'NONE', quantity: '1.0005', slTriggerPrice: '1.001' }), ['UNKNOWN_SYMBOL']],
  ])('%j: %j', (o, codes) => {
    const result = book.validateOrder(o, { position: '0' });
    expect(result.violations.map((v) => v.code)).toEqual(codes);
    for (let round = 0; round < 2; round++) {
      const verdict = book.checkOrder(o, { position: '0' });
      expect(verdict).toEqual({ ok: false, codes, skipped: result.skipped });
      expect(Object.isFrozen(verdict)).toBe(true);
      expect(Object.isFrozen(verdict.codes)).toBe(true);
    }
  });
  it('the answers are frozen, passing or not', () => {
    for (const o of [order({}), order({ quantity: '11' }), order({ quantity: '1.0005' })]) {
      const verdict = book.checkOrder(o);
      expect(Object.isFrozen(verdict)).toBe(true);
      expect(Object.isFrozen(verdict.codes)).toBe(true);
      expect(Object.isFrozen(verdict.skipped)).toBe(true);
    }
    const passed = book.validateOrder(order({}), { position: '0' });
    expect(passed).toEqual({ ok: true, violations: [], skipped: [] });
    expect(Object.isFrozen(passed)).toBe(true);
  });
});
