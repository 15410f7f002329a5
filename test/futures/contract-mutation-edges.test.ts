import { describe, expect, it } from 'vitest';
import {
  ContractBook,
  type ContractBookOptions,
  type ContractOrderContext,
  type ContractValidationResult,
  type ContractViolation,
} from '../../src/futures.js';
import { TEST_CONTRACT, testContractOrder } from '../../test-support/test-contract.js';

// The contract rules and ContractBook at their exact edges, through the public API only: which
// code, field, limit, value, suggestion and skip each boundary gives (never a message's wording:
// a message is held only to naming its field, limit and value). Each case also holds checkOrder
// to validateOrder, fresh and again on a warm book (the shared passing answers and verdicts).

const TEST = TEST_CONTRACT;

const contractBook = (symbols: object[], options?: ContractBookOptions) =>
  ContractBook.fromContractInfo({ symbols }, options);

/** A token of `message` exactly: not inside a longer number or word. */
function namesToken(message: string, text: string): boolean {
  for (let at = message.indexOf(text); at !== -1; at = message.indexOf(text, at + 1)) {
    const before = message.slice(0, at);
    const after = message.slice(at + text.length);
    if (!/(\w|\d\.)$/.test(before) && !/^(\w|\.\d)/.test(after)) return true;
  }
  return false;
}

function namesItsParts(v: ContractViolation): void {
  for (const text of [v.field, v.limit, v.value])
    if (text !== undefined) expect(namesToken(v.message, text), `${v.message} names ${text}`).toBe(true);
}

function judge(book: ContractBook, order: object, context?: ContractOrderContext): ContractValidationResult {
  const result = book.validateOrder(order, context);
  for (let round = 0; round < 2; round++) {
    const verdict = book.checkOrder(order, context);
    expect(verdict.codes).toEqual(result.violations.map((v) => v.code));
    expect(verdict.ok).toBe(result.ok);
    expect(verdict.skipped).toEqual(result.skipped);
    expect(book.validateOrder(order, context)).toEqual(result);
  }
  for (const v of result.violations) namesItsParts(v);
  return result;
}

const order = testContractOrder;
const parts = (result: ContractValidationResult) =>
  result.violations.map((v) => ({
    code: v.code,
    field: v.field,
    limit: v.limit,
    value: v.value,
    suggestion: v.suggestion,
  }));
const skipsOf = (result: ContractValidationResult) => result.skipped.map((s) => [s.check, s.reason, s.field]);

describe('MARKET_OPEN_SIZE_ABOVE_MAX at its edges', () => {
  it('a MARKET order without a quantity is a missing field only', () => {
    const book = contractBook([TEST]);
    expect(judge(book, order({ quantity: undefined })).violations.map((v) => [v.code, v.field])).toEqual([
      ['MISSING_FIELD', 'quantity'],
    ]);
  });
  it.each([
    // cap, maxOrderSize, minOrderSize, quantityPrecision, quantity, suggestion
    ['200', '100', '0.01', '3', '250', ['100'], 'QUANTITY_ABOVE_MAX'],
    ['10.0005', '100', '0.01', '3', '10.001', ['10'], undefined],
    ['0.0005', '100', undefined, '3', '0.001', undefined, undefined],
    ['0', '100', undefined, '3', '0.001', undefined, undefined],
    ['5', '100', '6', '3', '7', undefined, undefined],
    ['2.5', '100', undefined, undefined, '3', ['2.5'], undefined],
  ] as const)(
    'cap %s, maxOrderSize %s, minOrderSize %s, precision %s: %s suggests %j',
    (cap, max, min, precision, quantity, suggestion, also) => {
      const definition = {
        ...TEST,
        marketOpenLimitSize: cap,
        maxOrderSize: max,
        minOrderSize: min,
        quantityPrecision: precision,
        contractVal: precision === undefined ? undefined : TEST.contractVal,
      };
      const book = contractBook([definition]);
      const result = judge(book, order({ quantity }));
      const open = result.violations.find((v) => v.code === 'MARKET_OPEN_SIZE_ABOVE_MAX');
      expect(open).toMatchObject({ field: 'quantity', limit: cap, value: quantity });
      expect(open?.suggestion).toEqual(suggestion);
      expect(result.violations.map((v) => v.code)).toEqual(
        also === undefined ? ['MARKET_OPEN_SIZE_ABOVE_MAX'] : [also, 'MARKET_OPEN_SIZE_ABOVE_MAX'],
      );
    },
  );
  it('a cap above maxOrderSize suggests maxOrderSize on the grid', () => {
    const book = contractBook([{ ...TEST, marketOpenLimitSize: '200', maxOrderSize: '100.0007' }]);
    const result = judge(book, order({ quantity: '250' }));
    expect(parts(result)).toEqual([
      { code: 'QUANTITY_ABOVE_MAX', field: 'quantity', limit: '100.0007', value: '250', suggestion: ['100'] },
      {
        code: 'MARKET_OPEN_SIZE_ABOVE_MAX',
        field: 'quantity',
        limit: '200',
        value: '250',
        suggestion: ['100'],
      },
    ]);
  });
  it('the open cap at and below passes for every opening MARKET order, either book', () => {
    for (const options of [undefined, { marketOpenCap: 'every-market' } as const]) {
      const book = contractBook([TEST], options);
      for (const [side, positionSide] of [
        ['BUY', 'LONG'],
        ['SELL', 'SHORT'],
        ['SELL', 'LONG'],
        ['BUY', 'SHORT'],
      ])
        for (const quantity of ['10', '9.999', '0.01'])
          expect(judge(book, order({ side, positionSide, quantity })).violations).toEqual([]);
    }
  });
  it('every-market holds closing orders to the cap with the same limit, value and suggestion', () => {
    const book = contractBook([TEST], { marketOpenCap: 'every-market' });
    expect(parts(judge(book, order({ side: 'SELL', positionSide: 'LONG', quantity: '10.5' })))).toEqual([
      {
        code: 'MARKET_OPEN_SIZE_ABOVE_MAX',
        field: 'quantity',
        limit: '10',
        value: '10.5',
        suggestion: ['10'],
      },
    ]);
    // A LIMIT order is never held to it, whatever the book says.
    expect(judge(book, order({ type: 'LIMIT', timeInForce: 'GTC', price: '1', quantity: '50' })).ok).toBe(
      true,
    );
  });
  it('without marketOpenLimitSize: skipped on opening MARKET orders only', () => {
    const book = contractBook([{ ...TEST, marketOpenLimitSize: undefined }]);
    const skip = ['MARKET_OPEN_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', 'marketOpenLimitSize'];
    expect(skipsOf(judge(book, order({ quantity: '50' })))).toContainEqual(skip);
    expect(
      skipsOf(judge(book, order({ side: 'SELL', positionSide: 'LONG', quantity: '50' }))),
    ).not.toContainEqual(skip);
    expect(skipsOf(judge(book, order({ type: 'LIMIT', timeInForce: 'GTC', price: '1' })))).not.toContainEqual(
      skip,
    );
  });
});

describe('POSITION_SIZE_ABOVE_MAX at its edges', () => {
  const book = contractBook([TEST]);
  const limitOrder = (more: object) => order({ type: 'LIMIT', timeInForce: 'GTC', price: '100', ...more });
  it.each([
    // order, position, value, suggestion, codes before
    [limitOrder({ quantity: '30' }), '480', '510', ['20'], []],
    [order({ quantity: '30' }), '480', '510', ['10'], ['MARKET_OPEN_SIZE_ABOVE_MAX']],
    [order({ quantity: '9' }), '495', '504', ['5'], []],
    [order({ type: 'STOP_MARKET', triggerPrice: '100', quantity: '30' }), '480', '510', ['20'], []],
    [limitOrder({ quantity: '1' }), '499.9995', '500.9995', undefined, []],
    // Room below minOrderSize: nothing fits.
    [limitOrder({ quantity: '1' }), '499.995', '500.995', undefined, []],
    [limitOrder({ quantity: '2' }), '501', '503', undefined, []],
    [limitOrder({ side: 'SELL', positionSide: 'SHORT', quantity: '0.5' }), '500', '500.5', undefined, []],
  ] as const)('%j on %s makes %s, suggests %j', (o, position, value, suggestion, before) => {
    const result = judge(book, o, { position });
    expect(result.violations.map((v) => v.code)).toEqual([...before, 'POSITION_SIZE_ABOVE_MAX']);
    const v = result.violations.at(-1);
    expect(v).toMatchObject({ field: 'quantity', limit: '500', value });
    expect(v?.suggestion).toEqual(suggestion);
    expect(namesToken(v?.message ?? '', position)).toBe(true);
  });
  it('an opening order without a quantity is a missing field only, with a position', () => {
    expect(
      judge(book, limitOrder({ quantity: undefined }), { position: '1' }).violations.map((v) => v.code),
    ).toEqual(['MISSING_FIELD']);
  });
  it('an order without a type is still held to the position cap, on the LIMIT grid', () => {
    const result = judge(book, order({ type: undefined, quantity: '30' }), { position: '480' });
    expect(result.violations.map((v) => [v.code, v.field])).toEqual([
      ['MISSING_FIELD', 'type'],
      ['POSITION_SIZE_ABOVE_MAX', 'quantity'],
    ]);
    expect(result.violations[1]?.suggestion).toEqual(['20']);
  });
  it('closing orders are neither held nor skipped', () => {
    for (const o of [
      order({ side: 'SELL', positionSide: 'LONG', quantity: '5' }),
      limitOrder({ side: 'BUY', positionSide: 'SHORT' }),
    ]) {
      const result = judge(book, o, { position: '500' });
      expect(result.violations).toEqual([]);
      expect(skipsOf(result).map((s) => s[0])).not.toContain('POSITION_SIZE_ABOVE_MAX');
      expect(skipsOf(judge(book, o)).map((s) => s[0])).not.toContain('POSITION_SIZE_ABOVE_MAX');
    }
  });
});

describe('TRIGGER_PRICE_TICK at its edges', () => {
  const book = contractBook([TEST]);
  it('each trigger field is judged on its own, in field order', () => {
    const result = judge(
      book,
      order({
        type: 'STOP_MARKET',
        triggerPrice: '1.001',
        tpTriggerPrice: '2.002',
        slTriggerPrice: '3.003',
      }),
    );
    expect(parts(result)).toEqual([
      {
        code: 'TRIGGER_PRICE_TICK',
        field: 'triggerPrice',
        limit: '0.01',
        value: '1.001',
        suggestion: ['1', '1.01'],
      },
      {
        code: 'TRIGGER_PRICE_TICK',
        field: 'tpTriggerPrice',
        limit: '0.01',
        value: '2.002',
        suggestion: ['2', '2.01'],
      },
      {
        code: 'TRIGGER_PRICE_TICK',
        field: 'slTriggerPrice',
        limit: '0.01',
        value: '3.003',
        suggestion: ['3', '3.01'],
      },
    ]);
  });
  it('a negative pricePrecision is a grid of tens; without it each trigger field is skipped', () => {
    const tens = contractBook([{ ...TEST, pricePrecision: '-1' }]);
    expect(parts(judge(tens, order({ slTriggerPrice: '25' })))).toEqual([
      {
        code: 'TRIGGER_PRICE_TICK',
        field: 'slTriggerPrice',
        limit: '10',
        value: '25',
        suggestion: ['20', '30'],
      },
    ]);
    expect(judge(tens, order({ slTriggerPrice: '30' })).ok).toBe(true);
    const none = contractBook([{ ...TEST, pricePrecision: undefined }]);
    const skipped = skipsOf(judge(none, order({ tpTriggerPrice: '1.5', slTriggerPrice: '2.5' })));
    expect(skipped.filter((s) => s[0] === 'TRIGGER_PRICE_TICK')).toEqual([
      ['TRIGGER_PRICE_TICK', 'NO_TICK_SIZE', 'pricePrecision'],
      ['TRIGGER_PRICE_TICK', 'NO_TICK_SIZE', 'pricePrecision'],
    ]);
    expect(skipsOf(judge(none, order({}))).map((s) => s[0])).not.toContain('TRIGGER_PRICE_TICK');
  });
});

describe('the contract rules together: order, skips and the shared answers', () => {
  const book = contractBook([TEST, { symbol: 'BARE' }]);
  it('the contract rules report after the shared ones, trigger, open cap, position', () => {
    const result = judge(book, order({ quantity: '30.0005', slTriggerPrice: '1.001' }), { position: '480' });
    expect(result.violations.map((v) => v.code)).toEqual([
      'QUANTITY_STEP',
      'TRIGGER_PRICE_TICK',
      'MARKET_OPEN_SIZE_ABOVE_MAX',
      'POSITION_SIZE_ABOVE_MAX',
    ]);
  });
  it.each([
    [order({}), undefined, []],
    [order({ quantity: '11' }), undefined, ['MARKET_OPEN_SIZE_ABOVE_MAX']],
    [
      order({ quantity: '11' }),
      { position: '495' },
      ['MARKET_OPEN_SIZE_ABOVE_MAX', 'POSITION_SIZE_ABOVE_MAX'],
    ],
    [order({ quantity: '9' }), { position: '495' }, ['POSITION_SIZE_ABOVE_MAX']],
    [order({ slTriggerPrice: '1.001' }), { position: '0' }, ['TRIGGER_PRICE_TICK']],
    [
      order({ slTriggerPrice: '1.001', quantity: '11' }),
      { position: '0' },
      ['TRIGGER_PRICE_TICK', 'MARKET_OPEN_SIZE_ABOVE_MAX'],
    ],
    [
      order({ slTriggerPrice: '1.001', quantity: '9' }),
      { position: '495' },
      ['TRIGGER_PRICE_TICK', 'POSITION_SIZE_ABOVE_MAX'],
    ],
    [
      order({ type: 'STOP_MARKET', triggerPrice: '1.001', quantity: '11' }),
      { position: '495' },
      ['TRIGGER_PRICE_TICK', 'POSITION_SIZE_ABOVE_MAX'],
    ],
    [order({ quantity: '0.0105' }), { position: '0' }, ['QUANTITY_STEP']],
    [order({ quantity: '0.0105' }), { position: '499.995' }, ['QUANTITY_STEP', 'POSITION_SIZE_ABOVE_MAX']],
  ])('%j with %j: %j, the same whichever came before', (o, context, codes) => {
    // Interleaved with other verdicts, so that no answer is the last one's.
    for (const other of [order({}), order({ quantity: '11' }), order({ slTriggerPrice: '1.001' })]) {
      book.checkOrder(other, { position: '0' });
      book.validateOrder(other);
      expect(judge(book, o, context).violations.map((v) => v.code)).toEqual(codes);
    }
  });
  it('the skips follow the order and context, never the answer before', () => {
    const noPosition = ['POSITION_SIZE_ABOVE_MAX', 'NO_POSITION', 'position'];
    const noBand = ['PRICE_ABOVE_BUY_LIMIT', 'NO_REFERENCE_PRICE', 'referencePrice'];
    const noCap = ['MARKET_OPEN_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', 'marketOpenLimitSize'];
    const noMax = ['POSITION_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', 'maxPositionSize'];
    const lim = (more: object) => order({ type: 'LIMIT', timeInForce: 'GTC', price: '100', ...more });
    const cases: [object, ContractOrderContext | undefined, unknown[][]][] = [
      [order({}), undefined, [noPosition]],
      [order({}), { position: '0' }, []],
      [lim({}), undefined, [noBand, noPosition]],
      [lim({}), { position: '0' }, [noBand]],
      [lim({}), { position: '0', referencePrice: '100' }, []],
      [lim({}), { referencePrice: '100' }, [noPosition]],
      [order({ type: 'STOP', triggerPrice: '100', price: '100' }), undefined, [noPosition]],
      [order({ type: 'STOP', triggerPrice: '100', price: '100' }), { position: '0' }, []],
      [
        lim({ side: 'SELL', positionSide: 'SHORT' }),
        { position: '0' },
        [['PRICE_BELOW_SELL_LIMIT', 'NO_REFERENCE_PRICE', 'referencePrice']],
      ],
      [order({ symbol: 'BARE' }), { position: '0' }, [noCap, noMax]],
      [order({ symbol: 'BARE', type: 'LIMIT', timeInForce: 'GTC', price: '1' }), { position: '0' }, [noMax]],
    ];
    for (let round = 0; round < 2; round++)
      for (const [o, context, skips] of cases) {
        const got = skipsOf(judge(book, o, context));
        for (const s of skips) expect(got).toContainEqual(s);
        for (const s of [noPosition, noBand, noCap, noMax])
          if (!skips.some((k) => k.join() === s.join())) expect(got).not.toContainEqual(s);
      }
  });
  it('two skips of the contract rules are both said', () => {
    const bare = contractBook([{ ...TEST, marketOpenLimitSize: undefined }]);
    const result = judge(bare, order({}));
    expect(skipsOf(result)).toEqual(
      expect.arrayContaining([
        ['MARKET_OPEN_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', 'marketOpenLimitSize'],
        ['POSITION_SIZE_ABOVE_MAX', 'NO_POSITION', 'position'],
      ]),
    );
    expect(judge(bare, order({ quantity: '0.0105' })).violations.map((v) => v.code)).toEqual([
      'QUANTITY_STEP',
    ]);
  });
});

describe('more edges of the suggestions', () => {
  it.each([
    // minOrderSize above maxOrderSize: no size passes, so no suggestion is made.
    [{ minOrderSize: '6', maxOrderSize: '5.5' }, '12', undefined],
    // No maxOrderSize: the cap alone bounds the suggestion.
    [{ maxOrderSize: undefined }, '12', ['10']],
  ])('%j: a MARKET order of %s suggests %j', (definition, quantity, suggestion) => {
    const book = contractBook([{ ...TEST, ...definition }]);
    const open = judge(book, order({ quantity })).violations.find(
      (v) => v.code === 'MARKET_OPEN_SIZE_ABOVE_MAX',
    );
    expect(open).toMatchObject({ limit: '10', value: quantity });
    expect(open?.suggestion).toEqual(suggestion);
  });
  it('an opening SELL LIMIT order past the position cap is suggested the room left', () => {
    const book = contractBook([TEST]);
    const short = order({
      side: 'SELL',
      positionSide: 'SHORT',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '100',
      quantity: '30',
    });
    expect(parts(judge(book, short, { position: '480' }))).toEqual([
      { code: 'POSITION_SIZE_ABOVE_MAX', field: 'quantity', limit: '500', value: '510', suggestion: ['20'] },
    ]);
  });
});

describe('the shared answers: the same frozen object for the same verdict', () => {
  const book = contractBook([TEST]);
  const lim = (more: object) => order({ type: 'LIMIT', timeInForce: 'GTC', price: '100', ...more });
  it('two passing orders with the same skips get the very same result and verdict', () => {
    const context = { position: '0', referencePrice: '100' };
    const first = book.validateOrder(order({ quantity: '1' }), context);
    const second = book.validateOrder(order({ quantity: '2', side: 'SELL', positionSide: 'SHORT' }), context);
    expect(first.ok).toBe(true);
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const verdict = book.checkOrder(order({ quantity: '3' }), context);
    expect(verdict).toEqual({ ok: true, codes: [], skipped: [] });
    expect(book.checkOrder(order({ quantity: '4' }), context)).toBe(verdict);
    expect(book.validateOrder(lim({}), context)).toBe(book.validateOrder(lim({ quantity: '5' }), context));
  });
  it('a passing algo order and a plain one with the band skipped differ, each shared', () => {
    const plain = book.validateOrder(lim({}), { position: '0' });
    const algo = book.validateOrder(order({ type: 'STOP', triggerPrice: '100', price: '100' }), {
      position: '0',
    });
    expect(skipsOf(plain)).toEqual([['PRICE_ABOVE_BUY_LIMIT', 'NO_REFERENCE_PRICE', 'referencePrice']]);
    expect(skipsOf(algo)).toEqual([]);
    expect(book.validateOrder(lim({ quantity: '2' }), { position: '0' })).toBe(plain);
    expect(
      book.validateOrder(order({ type: 'STOP', triggerPrice: '101', price: '100' }), { position: '0' }),
    ).toBe(algo);
    const sell = order({
      side: 'SELL',
      positionSide: 'SHORT',
      type: 'TAKE_PROFIT',
      triggerPrice: '100',
      price: '100',
    });
    expect(skipsOf(judge(book, sell, { position: '0' }))).toEqual([]);
    expect(skipsOf(judge(book, lim({ side: 'SELL', positionSide: 'SHORT' }), { position: '0' }))).toEqual([
      ['PRICE_BELOW_SELL_LIMIT', 'NO_REFERENCE_PRICE', 'referencePrice'],
    ]);
  });
  it('a passing order with one contract skip is shared too, and told apart from none', () => {
    const skipped = book.validateOrder(order({ quantity: '1' }));
    expect(skipsOf(skipped)).toEqual([['POSITION_SIZE_ABOVE_MAX', 'NO_POSITION', 'position']]);
    expect(book.validateOrder(order({ quantity: '2' }))).toBe(skipped);
    expect(book.checkOrder(order({ quantity: '2' }))).toBe(book.checkOrder(order({ quantity: '3' })));
  });
  it('failing orders breaking the same rules get the very same verdict', () => {
    const context = { position: '495' };
    const first = book.checkOrder(order({ quantity: '11' }), context);
    expect(first.codes).toEqual(['MARKET_OPEN_SIZE_ABOVE_MAX', 'POSITION_SIZE_ABOVE_MAX']);
    expect(book.checkOrder(order({ quantity: '12' }), context)).toBe(first);
    const one = book.checkOrder(order({ quantity: '9' }), context);
    expect(one.codes).toEqual(['POSITION_SIZE_ABOVE_MAX']);
    expect(book.checkOrder(order({ quantity: '8' }), context)).toBe(one);
    expect(one).not.toBe(first);
  });
});

describe('checkOrder the general way: with a fault of the contract fields', () => {
  const book = contractBook([TEST]);
  it.each([
    [
      order({ newClientOrderId: 'has space', quantity: '11' }),
      ['INVALID_FIELD', 'MARKET_OPEN_SIZE_ABOVE_MAX'],
    ],
    [
      order({ newClientOrderId: 'has space', quantity: '150' }),
      ['INVALID_FIELD', 'QUANTITY_ABOVE_MAX', 'MARKET_OPEN_SIZE_ABOVE_MAX'],
    ],
    [
      order({ newClientOrderId: 'has space', slTriggerPrice: '1.001' }),
      ['INVALID_FIELD', 'TRIGGER_PRICE_TICK'],
    ],
  ])('%j: %j, as validateOrder says', (o, codes) => {
    expect(judge(book, o, { position: '0' }).violations.map((v) => v.code)).toEqual(codes);
  });
  it('an unknown symbol with no near spelling gets no suggestion', () => {
    const result = judge(book, order({ symbol: 'ZZZZZZZZZZZZ' }));
    expect(result.violations.map((v) => v.code)).toEqual(['UNKNOWN_SYMBOL']);
    expect(result.violations[0]).not.toHaveProperty('suggestion');
  });
});
