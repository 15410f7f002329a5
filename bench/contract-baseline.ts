import Big from 'big.js';
import type { ContractTwin } from './contract-twins.js';

/**
 * The contract rules as a careful user would write them by hand with big.js, the reference point
 * of the contracts' rows in `npm run bench` (as big-baseline.ts is for spot): each contract's
 * numbers parsed into `Big` once, each order's decimals per call, then `mod`, `times`, `gt`. It
 * makes the checks the contract book makes on the bench's orders (price on 10^-pricePrecision,
 * size on `contractVal`, minimum and maximum size, the bands against the reference price, the
 * opening MARKET cap, the position cap with the position held, the caller's notional limit) and
 * returns the codes it finds, no messages and no suggestions.
 */
interface BigContract {
  readonly tick: Big;
  readonly step: Big;
  readonly min: Big;
  readonly max: Big;
  readonly marketOpenCap: Big;
  readonly maxPosition: Big;
  readonly buyFactor: Big;
  readonly sellFactor: Big;
}

const PLAIN = /^(0|[1-9]\d*)(\.\d+)?$/;

export class BigContractValidator {
  readonly #contracts = new Map<string, BigContract>();

  constructor(contracts: readonly ContractTwin[]) {
    for (const c of contracts)
      this.#contracts.set(c.symbol, {
        tick: new Big(c.tick),
        step: new Big(c.step),
        min: new Big(c.min),
        max: new Big(c.max),
        marketOpenCap: new Big(c.marketOpenCap),
        maxPosition: new Big(c.maxPosition),
        buyFactor: new Big(1).plus(c.buyLimitPriceRatio),
        sellFactor: new Big(1).minus(c.sellLimitPriceRatio),
      });
  }

  validate(
    order: Record<string, unknown>,
    context: { referencePrice?: unknown; maxNotional?: unknown; position?: unknown } = {},
  ): string[] {
    const codes: string[] = [];
    const contract = typeof order.symbol === 'string' ? this.#contracts.get(order.symbol) : undefined;
    const quantity = decimal(order.quantity);
    const isLimit = order.type === 'LIMIT';
    const price = isLimit ? decimal(order.price) : undefined;
    const buy = order.side === 'BUY';
    const long = order.positionSide === 'LONG';
    if (quantity === undefined || (isLimit && price === undefined)) codes.push('INVALID_FIELD');
    if (order.positionSide !== 'LONG' && order.positionSide !== 'SHORT') codes.push('INVALID_FIELD');
    if (contract === undefined) return [...codes, 'UNKNOWN_SYMBOL'];
    const reference = decimal(context.referencePrice);
    if (price !== undefined) {
      if (!price.mod(contract.tick).eq(0)) codes.push('PRICE_TICK');
      if (reference !== undefined && buy && price.gt(reference.times(contract.buyFactor)))
        codes.push('PRICE_ABOVE_BUY_LIMIT');
      if (reference !== undefined && !buy && price.lt(reference.times(contract.sellFactor)))
        codes.push('PRICE_BELOW_SELL_LIMIT');
    }
    if (quantity !== undefined) {
      if (!quantity.mod(contract.step).eq(0)) codes.push('QUANTITY_STEP');
      if (quantity.lt(contract.min)) codes.push('QUANTITY_BELOW_MIN');
      if (quantity.gt(contract.max)) codes.push('QUANTITY_ABOVE_MAX');
      const opens = buy === long;
      if (order.type === 'MARKET' && opens && quantity.gt(contract.marketOpenCap))
        codes.push('MARKET_OPEN_SIZE_ABOVE_MAX');
      const position = decimal(context.position, true);
      if (opens && position?.plus(quantity).gt(contract.maxPosition)) codes.push('POSITION_SIZE_ABOVE_MAX');
      const maxNotional = decimal(context.maxNotional);
      if (maxNotional !== undefined) {
        const worst = price ?? reference?.times(buy ? contract.buyFactor : contract.sellFactor);
        if (worst?.times(quantity).gt(maxNotional)) codes.push('NOTIONAL_ABOVE_MAX');
      }
    }
    return codes;
  }
}

function decimal(value: unknown, zero = false): Big | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || text.length > 64 || !PLAIN.test(text)) return undefined;
  const big = new Big(text);
  return big.gt(0) || (zero && big.eq(0)) ? big : undefined;
}
