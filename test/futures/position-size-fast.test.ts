import { describe, expect, it } from 'vitest';
import { ContractBook, type ContractOrderContext } from '../../src/futures.js';
import { TEST_CONTRACT } from '../../test-support/test-contract.js';

// The fast check of POSITION_SIZE_ABOVE_MAX against the exact one, through the public API: each
// case holds checkOrder (the fast way) to validateOrder, fresh and again on a warm book, on codes
// and skips, at the check's conditions (a closing order, no maximum, no position, scales, 2^53).

const { maxPositionSize: _max, ...NO_MAX } = TEST_CONTRACT;

const order = (more: object) => ({
  symbol: 'TESTUSDT',
  side: 'BUY',
  positionSide: 'LONG',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price: '100',
  quantity: '1',
  ...more,
});

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
