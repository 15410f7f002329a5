import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContractBook, type ContractOrderContext } from '../../src/futures.js';
import { TEST_CONTRACT, testContractOrder } from '../../test-support/test-contract.js';

// The fast check of POSITION_SIZE_ABOVE_MAX against the exact one, through the public API: each
// case holds checkOrder (the fast way) to validateOrder, fresh and again on a warm book, on codes
// and skips, at the check's conditions (a closing order, no maximum, no position, scales, 2^53).

const { maxPositionSize: _max, ...NO_MAX } = TEST_CONTRACT;

const order = (more: object) =>
  testContractOrder({ type: 'LIMIT', timeInForce: 'GTC', price: '100', ...more });

function both(contract: object, o: object, context?: ContractOrderContext) {
  const book = ContractBook.fromContractInfo({ symbols: [contract] });
  const result = book.validateOrder(o, context);
  for (let round = 0; round < 2; round++) {
    const verdict = book.checkOrder(o, context);
    expect(verdict.codes).toEqual(result.violations.map((v) => v.code));
    expect(verdict.skipped).toEqual(result.skipped);
  }
  return {
    codes: result.violations.map((v) => v.code),
    skips: result.skipped
      .filter((s) => s.check === 'POSITION_SIZE_ABOVE_MAX')
      .map((s) => [s.reason, s.field]),
  };
}

describe('POSITION_SIZE_ABOVE_MAX on the fast way', () => {
  it('a closing order is neither held nor skipped, with or without a maximum or a position', () => {
    for (const contract of [TEST_CONTRACT, NO_MAX])
      for (const context of [undefined, { position: '1' }, { position: '600' }])
        for (const o of [
          order({ side: 'SELL', positionSide: 'LONG', quantity: '5' }),
          order({ side: 'BUY', positionSide: 'SHORT', quantity: '5' }),
        ])
          expect(both(contract, o, context)).toEqual({ codes: [], skips: [] });
  });

  it('an opening order without a maximum, or without a position, is skipped and said so', () => {
    expect(both(NO_MAX, order({}), { position: '1' })).toEqual({
      codes: [],
      skips: [['NO_RULE_FIELD', 'maxPositionSize']],
    });
    expect(both(TEST_CONTRACT, order({}))).toEqual({ codes: [], skips: [['NO_POSITION', 'position']] });
  });

  it.each([
    // quantity, position, held
    ['1', '499', false],
    ['1', '499.001', true],
    ['0.01', '499.99', false],
    ['0.02', '499.99', true],
    ['1.5', '498.5', false],
    ['1.501', '498.5', true],
    ['1', '498.9999999', false],
    ['1', '499.0000001', true],
    ['0.5', '499.5000000000001', true],
    ['0.5', '499.4999999999999', false],
    ['1', '9007199254740991', true],
    ['1', '90071992547409.91', true],
    ['0.01', '0.0000000000000001', false],
    ['1', '0', false],
  ])('quantity %s on position %s: held %s', (quantity, position, held) => {
    expect(both(TEST_CONTRACT, order({ quantity }), { position }).codes).toEqual(
      held ? ['POSITION_SIZE_ABOVE_MAX'] : [],
    );
  });
});

// A sum whose units at the finer scale pass 2^53 (a position of trillions, a quantity in
// thousandths) is worked out as whole parts and fractions, each a safe integer: held to big.js.
describe('POSITION_SIZE_ABOVE_MAX on the fast way, a sum past 2^53 at its finer scale', () => {
  const big = (maxPositionSize: string) => ({ ...TEST_CONTRACT, maxOrderSize: '1000000', maxPositionSize });
  const held = (max: string, position: string | number, quantity: string) =>
    new Big(position).plus(quantity).gt(max) ? ['POSITION_SIZE_ABOVE_MAX'] : [];

  it.each([
    // maxPositionSize, position, quantity: a carry, none, at the maximum, a step past it
    ['10000000000000', '9999999999999.9', '0.1'],
    ['10000000000000', '9999999999999.9', '0.101'],
    ['10000000000000', '9999999999999.9', '0.099'],
    ['10000000000000', '9999999999998.1', '0.5'],
    ['10000000000000', '9999999999999.1', '0.901'],
    ['9999999999999.95', '9999999999999.9', '0.05'],
    ['9999999999999.95', '9999999999999.9', '0.051'],
    ['9999999999999.95', '9999999999999.9', '0.049'],
    ['9999999999999.95', '9999999999998.9', '1.051'],
    ['9999999999999.95', '9999999999999.9', '1'],
    ['999999999999990', '9999999999999.9', '100.014'],
    ['9999999999999', '9999999999998.9', '0.1'],
    ['9999999999999', '9999999999998.9', '0.101'],
    // fractions that add up to a whole one, the sum at the maximum, a thousandth past it
    ['9007199255000', '9007199254000.005', '999.995'],
    ['9007199255000', '9007199254000.005', '999.996'],
    ['9007199255000.01', '9007199254000.005', '999.994'],
    ['9007199255000.01', '9007199254000.005', '1000.006'],
    // a maximum of at least 2^53 (its units past safe integers)
    ['9999999999999990', '99999999999999.9', '10.34'],
    ['9007199254740993', '99999999999999.9', '0.011'],
    // a maximum below 2^53 whose units are not a safe integer (18 digits)
    ['123456789012345.678', '99999999999999.9', '0.011'],
    ['100000000000000.001', '99999999999999.9', '0.111'],
    // a position past safe integers: far below the maximum, a digit below, at it, past it
    ['184467440737095516150', '1844674407370955161.5', '1.5'],
    ['100000000000000000000', '99999999999999999999', '2'],
    ['100000000000000000000', '99999999999999999999', '1'],
    ['999999999999999999', '99999999999999999999', '1'],
    ['999999999999999999', '99999999999999999990', '1'],
    ['99999999999999999999.99', '99999999999999999999', '1'],
    ['1000000000000000000000', '99999999999999999999.5', '0.5'],
    // a position whose whole part is not worked out here (its units and 10 past 2^53)
    ['1000000000000000', '900719925474099.1', '0.011'],
    ['900719925474099.2', '900719925474099.1', '0.101'],
    ['900719925474099.2', '900719925474099.1', '0.1'],
    // a position past safe integers sent as a JS number
    ['1000000000000000000', 123456789012345680000, '1'],
    ['1000000000000000000000', 123456789012345680000, '1'],
  ] as const)('maxPositionSize %s, position %s, quantity %s', (max, position, quantity) => {
    expect(both(big(max), order({ quantity }), { position }).codes).toEqual(held(max, position, quantity));
  });

  it('agrees with big.js on positions and maxima near each other', () => {
    const book = (max: string) => ContractBook.fromContractInfo({ symbols: [big(max)] });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n ** 12n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 999_999 }),
        fc.integer({ min: -2000, max: 2000 }),
        fc.integer({ min: 0, max: 2 }),
        (positionUnits, positionScale, quantityUnits, offset, maxScale) => {
          const position = new Big(positionUnits.toString()).div(10 ** positionScale).toFixed();
          const quantity = new Big(quantityUnits).div(1000).toFixed();
          const max = new Big(position)
            .plus(quantity)
            .plus(new Big(offset).div(10 ** (maxScale + 1)))
            .round(maxScale, Big.roundDown)
            .toFixed();
          const b = book(max);
          const o = order({ quantity });
          const codes = b.validateOrder(o, { position }).violations.map((v) => v.code);
          expect(codes.filter((c) => c === 'POSITION_SIZE_ABOVE_MAX')).toEqual(held(max, position, quantity));
          expect(b.checkOrder(o, { position }).codes).toEqual(codes);
        },
      ),
      { numRuns: 300, seed: 34 },
    );
  });
});

// MARKET_OPEN_SIZE_ABOVE_MAX's fast check on a cap past safe integers (a long cap, as some
// payloads send): every quantity read fast is within one of at least 2^53; a long cap below 2^53
// is judged the general way. Each held to validateOrder and to big.js.
describe('MARKET_OPEN_SIZE_ABOVE_MAX on the fast way, a long cap', () => {
  it.each([
    // marketOpenLimitSize, maxOrderSize, quantity
    ['92233720368547758.07', '100000000000000000000', '5'],
    ['92233720368547758.07', '100000000000000000000', '9007199254740991'],
    ['9007199254740993', '100000000000000000000', '9007199254740991'],
    ['0.1234567890123456789', '100', '0.123'],
    ['0.1234567890123456789', '100', '0.124'],
  ])('cap %s, maxOrderSize %s, quantity %s', (cap, maxOrderSize, quantity) => {
    const contract = { ...TEST_CONTRACT, marketOpenLimitSize: cap, maxOrderSize, maxPositionSize: undefined };
    const o = { ...order({ quantity, type: 'MARKET' }), timeInForce: undefined, price: undefined };
    const held = new Big(quantity).gt(cap) ? ['MARKET_OPEN_SIZE_ABOVE_MAX'] : [];
    expect(both(contract, o).codes.filter((c) => c === 'MARKET_OPEN_SIZE_ABOVE_MAX')).toEqual(held);
    // The one skip is the position cap's (no maxPositionSize): a check not sure of itself is no skip.
    const book = ContractBook.fromContractInfo({ symbols: [contract] });
    for (const skipped of [book.validateOrder(o).skipped, book.checkOrder(o).skipped])
      expect(skipped.map((s) => [s.check, s.reason])).toEqual([['POSITION_SIZE_ABOVE_MAX', 'NO_RULE_FIELD']]);
  });
});

describe('a contract fast check not sure of itself', () => {
  it('sends the order the general way, with nothing skipped for it', () => {
    const contract = { ...TEST_CONTRACT, marketOpenLimitSize: '0.1234567890123456789' };
    const book = ContractBook.fromContractInfo({ symbols: [contract] });
    for (const [quantity, codes] of [
      ['0.123', []],
      ['0.124', ['MARKET_OPEN_SIZE_ABOVE_MAX']],
    ] as const) {
      const o = { ...order({ quantity, type: 'MARKET' }), timeInForce: undefined, price: undefined };
      for (let round = 0; round < 2; round++) {
        const result = book.validateOrder(o, { position: '1' });
        const verdict = book.checkOrder(o, { position: '1' });
        expect(result.violations.map((v) => v.code)).toEqual(codes);
        expect(verdict.codes).toEqual(codes);
        expect(result.skipped).toEqual([]);
        expect(verdict.skipped).toEqual([]);
      }
    }
  });
});
