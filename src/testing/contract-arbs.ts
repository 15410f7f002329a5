import fc from 'fast-check';
import { toPlainDecimal } from '../decimal/plain-decimal.js';
import { powerOfTenText } from '../exchange-info/read-contract-definition.js';
import { CONTRACT_ORDER_TYPES, type ContractOrderType } from '../order/contract-order-fields.js';
import type { ContractOrderContext } from '../order/contract-order-input.js';
import { Big, type BigValue } from './big.js';
import type { DecimalEncoding } from './decimal-encoding-arb.js';

/**
 * fast-check arbitraries for WEEX futures contracts: raw contract definitions as the exchange
 * sends them (`GET /capi/v3/market/exchangeInfo`, `symbols[]`), and contract orders with their
 * context that sit on and around every contract rule, so that each rule is sometimes broken.
 */

/**
 * Options of {@link contractDefinitionArb}.
 *
 * @example
 * ```ts
 * const options: ContractDefinitionArbOptions = { symbol: 'DOGEUSDT', encoding: 'number' };
 * ```
 */
export interface ContractDefinitionArbOptions {
  /** The symbol of every definition (default: one of a few, so payloads can repeat one). */
  readonly symbol?: string;
  /**
   * How decimals are written: `string` (`"0.0001"`, as ccxt recorded them), `number` (JSON
   * numbers, `1e-06` included, as the documentation shows them), or `mixed` (default).
   */
  readonly encoding?: DecimalEncoding;
  /** Leave out rule fields now and then (default true): absent is not malformed. */
  readonly absentFields?: boolean;
}

/** A value as a JSON number when that number is exactly the value, else its text. */
function spelled(text: string, asNumber: boolean): string | number {
  if (!asNumber) return text;
  const n = Number(text);
  return Number.isFinite(n) && toPlainDecimal(n) === toPlainDecimal(text) ? n : text;
}

/** `units × 10^-places` as plain text, for any sign of `places`. */
function scaledText(units: bigint, places: number): string {
  return new Big(units.toString()).times(new Big(powerOfTenText(places))).toFixed();
}

const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'DOGEUSDT', 'SOLUSDT'];

/**
 * Raw contract definitions: precisions from -3 to 8 (negative: sizes in tens, hundreds, thousands),
 * `contractVal` equal to 10^-quantityPrecision most of the time and now and then a multiple of it
 * (a definition that disagrees), bounds on the grid or off it, ratios, fee rates, leverages; rule
 * fields sometimes absent (left out, `null` or `""`). Decimals as strings, numbers or either.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(contractDefinitionArb(), (raw) => {
 *   const book = ContractBook.fromContractInfo({ symbols: [raw] });
 *   return book.rejected.length === 0;
 * }));
 * ```
 */
export function contractDefinitionArb(
  options: ContractDefinitionArbOptions = {},
): fc.Arbitrary<Record<string, unknown>> {
  const encoding = options.encoding ?? 'mixed';
  const absent = options.absentFields ?? true;
  const asNumberArb =
    encoding === 'string' ? fc.constant(false) : encoding === 'number' ? fc.constant(true) : fc.boolean();
  const symbolArb = options.symbol === undefined ? fc.constantFrom(...SYMBOLS) : fc.constant(options.symbol);
  return fc
    .record({
      symbol: symbolArb,
      pricePrecision: fc.integer({ min: -1, max: 8 }),
      quantityPrecision: fc.integer({ min: -3, max: 8 }),
      contractValFactor: fc.oneof(
        { weight: 12, arbitrary: fc.constant(1n) },
        fc.bigInt({ min: 2n, max: 5n }),
      ),
      minSteps: fc.bigInt({ min: 1n, max: 50n }),
      maxSteps: fc.bigInt({ min: 51n, max: 10n ** 9n }),
      openShare: fc.bigInt({ min: 1n, max: 100n }),
      positionFactor: fc.bigInt({ min: 1n, max: 1000n }),
      buyRatio: fc.integer({ min: 0, max: 2000 }),
      sellRatio: fc.integer({ min: 0, max: 999 }),
      makerFee: fc.integer({ min: -5, max: 20 }),
      takerFee: fc.integer({ min: 0, max: 20 }),
      maxLeverage: fc.integer({ min: 1, max: 500 }),
      asNumber: asNumberArb,
      missing: absent
        ? fc.subarray(
            [
              'pricePrecision',
              'quantityPrecision',
              'contractVal',
              'minOrderSize',
              'maxOrderSize',
              'maxPositionSize',
              'marketOpenLimitSize',
              'buyLimitPriceRatio',
              'sellLimitPriceRatio',
            ],
            { maxLength: 3 },
          )
        : fc.constant([] as string[]),
      blank: fc.constantFrom(undefined, null, ''),
      oneOfMany: fc.integer({ min: 0, max: 4 }),
    })
    .map((g) => {
      const qp = g.quantityPrecision;
      const step = (units: bigint) => scaledText(units, qp);
      const max = g.maxSteps;
      const text: Record<string, string> = {
        pricePrecision: String(g.pricePrecision),
        quantityPrecision: String(qp),
        contractVal: step(g.contractValFactor),
        minOrderSize: step(g.minSteps),
        maxOrderSize: step(max),
        maxPositionSize: step(max * g.positionFactor),
        marketOpenLimitSize: step(g.oneOfMany === 0 ? max : (max * g.openShare) / 100n + 1n),
        buyLimitPriceRatio: scaledText(BigInt(g.buyRatio), 4),
        sellLimitPriceRatio: scaledText(BigInt(g.sellRatio), 4),
        makerFeeRate: scaledText(BigInt(g.makerFee), 4),
        takerFeeRate: scaledText(BigInt(g.takerFee), 4),
        minLeverage: '1',
        maxLeverage: String(g.maxLeverage),
      };
      const raw: Record<string, unknown> = {
        symbol: g.symbol,
        baseAsset: g.symbol.replace(/USDT$/, ''),
        quoteAsset: 'USDT',
        marginAsset: 'USDT',
        forwardContractFlag: true,
        delivery: ['00:00:00', '08:00:00', '16:00:00'],
      };
      for (const [field, value] of Object.entries(text)) raw[field] = spelled(value, g.asNumber);
      for (const field of g.missing) {
        if (g.blank === undefined) delete raw[field];
        else raw[field] = g.blank;
      }
      return raw;
    });
}

/**
 * Options of {@link contractOrderArb}.
 *
 * @example
 * ```ts
 * const options: ContractOrderArbOptions = { types: ['LIMIT', 'MARKET'] };
 * ```
 */
export interface ContractOrderArbOptions {
  /** The order types to make (default: all six). */
  readonly types?: readonly ContractOrderType[];
  /** Send decimals as JS numbers now and then (default false: strings, as WEEX documents them). */
  readonly numbers?: boolean;
}

/**
 * A contract order and the context it is judged in, as {@link contractOrderArb} makes them.
 *
 * @example `fc.sample(contractOrderArb(raw), 1)[0]?.order.positionSide // 'LONG' or 'SHORT'`
 */
export interface GeneratedContractOrder {
  readonly order: Record<string, unknown>;
  readonly context: ContractOrderContext;
}

/** A raw definition field as exact text, or `undefined` when absent or unreadable. */
function field(raw: Readonly<Record<string, unknown>>, name: string): BigValue | undefined {
  const plain = toPlainDecimal(raw[name]);
  return plain === undefined ? undefined : new Big(plain);
}

/**
 * Contract orders for a raw contract definition (as {@link contractDefinitionArb} makes them, or as
 * recorded), with a context, that sit on and around every contract rule and so may break each:
 * prices on the 10^-pricePrecision grid, a half-tick off it, at and past the band's edges;
 * quantities on the size grid, off it, at and past the minimum, the maximum and the open cap;
 * positions that leave the order exactly at `maxPositionSize` or past it; trigger prices on and off
 * the grid; each side and position side, every type; now and then a missing or wrong field.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(contractDefinitionArb().chain((raw) =>
 *   contractOrderArb(raw).map((g) => ({ raw, ...g }))), ({ raw, order, context }) => {
 *   const book = ContractBook.fromContractInfo({ symbols: [raw] });
 *   const verdict = book.checkOrder(order, context);
 *   return verdict.ok === (book.validateOrder(order, context).violations.length === 0);
 * }));
 * ```
 */
export function contractOrderArb(
  raw: Readonly<Record<string, unknown>>,
  options: ContractOrderArbOptions = {},
): fc.Arbitrary<GeneratedContractOrder> {
  const types = options.types ?? CONTRACT_ORDER_TYPES;
  const pp = Number(toPlainDecimal(raw.pricePrecision) ?? '2');
  const qp = Number(toPlainDecimal(raw.quantityPrecision) ?? '3');
  const tick = new Big(powerOfTenText(Number.isSafeInteger(pp) ? pp : 2));
  const unit = new Big(powerOfTenText(Number.isSafeInteger(qp) ? qp : 3));
  const grid = field(raw, 'contractVal') ?? unit;
  const anchors = ['minOrderSize', 'maxOrderSize', 'marketOpenLimitSize']
    .map((name) => field(raw, name))
    .filter((v): v is BigValue => v?.gt(new Big('0')) === true);
  const maxPosition = field(raw, 'maxPositionSize');
  const buyRatio = field(raw, 'buyLimitPriceRatio');
  const sellRatio = field(raw, 'sellLimitPriceRatio');
  const text = (v: BigValue) => v.toFixed();
  const nudged = (v: BigValue, by: BigValue, k: number) => v.plus(by.times(new Big(String(k))));
  const quantityArb = fc
    .record({
      anchor: anchors.length === 0 ? fc.constant(grid) : fc.constantFrom(...anchors),
      // On a bound itself most often, a step either side now and then: the rules' edges.
      steps: fc.constantFrom(0, 0, 0, 1, -1, 2, -2),
      half: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
      multiple: fc.integer({ min: 1, max: 20 }),
      useMultiple: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    })
    .map((g) => {
      const base = g.useMultiple
        ? (anchors[0] ?? grid).plus(grid.times(new Big(String(g.multiple))))
        : g.anchor;
      let v = nudged(base, grid, g.steps);
      if (g.half) v = v.plus(grid.div(new Big('2')));
      return v.gt(new Big('0')) ? v : grid;
    });
  const referenceArb = fc
    .integer({ min: 1, max: 10 ** 6 })
    .map((n) => tick.times(new Big(String(n))).times(new Big('10')));
  return fc
    .record({
      side: fc.constantFrom('BUY', 'SELL'),
      positionSide: fc.constantFrom('LONG', 'SHORT'),
      type: fc.constantFrom(...types),
      quantity: quantityArb,
      reference: referenceArb,
      priceAt: fc.constantFrom('near', 'buyEdge', 'sellEdge'),
      priceSteps: fc.integer({ min: -3, max: 3 }),
      offTick: fc.integer({ min: 0, max: 5 }),
      trigger: fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined }),
      triggerOff: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
      tp: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
      sl: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
      tif: fc.oneof(
        { weight: 10, arbitrary: fc.constantFrom('GTC', 'IOC', 'FOK', 'POST_ONLY') },
        fc.constantFrom(undefined, 'gtc'),
      ),
      withReference: fc.boolean(),
      position: fc.option(fc.integer({ min: -2, max: 2 }), { nil: undefined }),
      maxNotional: fc.option(fc.integer({ min: 1, max: 10 ** 9 }), { nil: undefined, freq: 3 }),
      numbers: options.numbers === true ? fc.boolean() : fc.constant(false),
      breakField: fc.oneof(
        { weight: 20, arbitrary: fc.constant(undefined) },
        fc.constantFrom('positionSide', 'type', 'side'),
      ),
    })
    .map((g) => {
      const ref = g.reference;
      const edge =
        g.priceAt === 'buyEdge' && buyRatio !== undefined
          ? ref.times(new Big('1').plus(buyRatio))
          : g.priceAt === 'sellEdge' && sellRatio !== undefined
            ? ref.times(new Big('1').minus(sellRatio))
            : ref;
      let price = nudged(edge.div(tick).round(0, 0).times(tick), tick, g.priceSteps);
      if (g.offTick === 1) price = price.plus(tick.div(new Big('2')));
      if (!price.gt(new Big('0'))) price = tick;
      const spell = (v: BigValue): string | number => (g.numbers ? spelled(text(v), true) : text(v));
      const order: Record<string, unknown> = {
        symbol: raw.symbol,
        side: g.side,
        positionSide: g.positionSide,
        type: g.type,
        quantity: spell(g.quantity),
      };
      const limitLike = g.type === 'LIMIT' || g.type === 'STOP' || g.type === 'TAKE_PROFIT';
      if (limitLike) order.price = spell(price);
      if (g.type === 'LIMIT') order.timeInForce = g.tif;
      if (g.type !== 'LIMIT' && g.type !== 'MARKET') {
        let trigger = nudged(ref, tick, g.trigger ?? 0);
        if (g.triggerOff) trigger = trigger.plus(tick.div(new Big('2')));
        order.triggerPrice = spell(trigger.gt(new Big('0')) ? trigger : tick);
      }
      if (g.tp !== undefined)
        order.tpTriggerPrice = spell(
          tick.times(new Big(String(g.tp))).plus(g.triggerOff ? tick.div(new Big('4')) : new Big('0')),
        );
      if (g.sl !== undefined) order.slTriggerPrice = spell(tick.times(new Big(String(g.sl))));
      if (g.breakField === 'positionSide') delete order.positionSide;
      if (g.breakField === 'type') order.type = 'limit';
      if (g.breakField === 'side') order.side = 'buy';
      const context: Record<string, unknown> = {};
      if (g.withReference) context.referencePrice = text(ref);
      if (g.maxNotional !== undefined) context.maxNotional = String(g.maxNotional);
      if (g.position !== undefined && maxPosition !== undefined) {
        const room = maxPosition.minus(g.quantity).plus(grid.times(new Big(String(g.position))));
        context.position = room.gte(new Big('0')) ? text(room) : '0';
      }
      return { order, context: context as ContractOrderContext };
    });
}
