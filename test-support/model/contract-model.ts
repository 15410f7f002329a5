/**
 * An independent model of the contract rules, in big.js, for the futures properties: what the
 * rules of docs/exchange-semantics.md ("Futures (contracts)") refuse, worked out from the raw
 * definition and the order's text with no code of the library's. It judges well-formed orders
 * (the properties compare it with the library only where the library read every field), and it
 * names the codes of the rules in the order the library reports them.
 */
import BigModule from 'big.js';

const Big = BigModule();
Big.strict = true;
Big.DP = 60;
Big.NE = -1_000_000;
Big.PE = 1_000_000;
type BigValue = InstanceType<typeof Big>;

/** A raw field as an exact value; `undefined` when absent (`undefined`, `null`, `""`). */
function exact(raw: unknown): BigValue | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  return new Big(String(raw));
}

const pow10 = (places: number): BigValue => new Big(`1e${-places}`);
const isMultiple = (value: BigValue, grid: BigValue) => value.mod(grid).eq(new Big('0'));

/** One violation of a contract rule the model finds: its code and field. */
export interface ModelContractViolation {
  readonly code: string;
  readonly field: string;
}

/**
 * The rule violations of a well-formed order, in the library's order: the shared rules (price
 * grid, band, size grid, bounds, notional), then the contract's own (triggers, open cap, position cap).
 */
export function modelContractRules(
  raw: Readonly<Record<string, unknown>>,
  order: Readonly<Record<string, unknown>>,
  context: Readonly<Record<string, unknown>>,
): ModelContractViolation[] {
  const out: ModelContractViolation[] = [];
  const pp = exact(raw.pricePrecision);
  const qp = exact(raw.quantityPrecision);
  const tick = pp === undefined ? undefined : pow10(Number(pp.toFixed()));
  const unit = qp === undefined ? undefined : pow10(Number(qp.toFixed()));
  const contractVal = exact(raw.contractVal);
  const cv = contractVal?.eq(new Big('0')) ? undefined : contractVal;
  const type = order.type as string;
  const buy = order.side === 'BUY';
  const limitLike = type === 'LIMIT' || type === 'STOP' || type === 'TAKE_PROFIT';
  const algo = type !== 'LIMIT' && type !== 'MARKET';
  const opening =
    (order.side === 'BUY' && order.positionSide === 'LONG') ||
    (order.side === 'SELL' && order.positionSide === 'SHORT');
  const quantity = exact(order.quantity) as BigValue;
  const price = limitLike ? exact(order.price) : undefined;
  const reference = exact(context.referencePrice);
  const buyRatio = exact(raw.buyLimitPriceRatio);
  const sellRatio = exact(raw.sellLimitPriceRatio);

  if (price !== undefined && tick !== undefined && !isMultiple(price, tick))
    out.push({ code: 'PRICE_TICK', field: 'price' });
  if (type === 'LIMIT' && price !== undefined && reference !== undefined) {
    if (buy && buyRatio !== undefined && price.gt(reference.times(new Big('1').plus(buyRatio))))
      out.push({ code: 'PRICE_ABOVE_BUY_LIMIT', field: 'price' });
    if (!buy && sellRatio !== undefined && price.lt(reference.times(new Big('1').minus(sellRatio))))
      out.push({ code: 'PRICE_BELOW_SELL_LIMIT', field: 'price' });
  }
  if ((cv !== undefined && !isMultiple(quantity, cv)) || (unit !== undefined && !isMultiple(quantity, unit)))
    out.push({ code: 'QUANTITY_STEP', field: 'quantity' });
  const min = exact(raw.minOrderSize);
  const max = exact(raw.maxOrderSize);
  if (min !== undefined && quantity.lt(min)) out.push({ code: 'QUANTITY_BELOW_MIN', field: 'quantity' });
  if (max !== undefined && quantity.gt(max)) out.push({ code: 'QUANTITY_ABOVE_MAX', field: 'quantity' });
  const maxNotional = exact(context.maxNotional);
  if (maxNotional !== undefined) {
    // A MARKET-like order at the band's edge from its reference: the context's, or its trigger.
    const marketReference = algo ? exact(order.triggerPrice) : reference;
    const ratio = buy ? buyRatio : sellRatio;
    const worst = limitLike
      ? price
      : marketReference === undefined || ratio === undefined
        ? undefined
        : marketReference.times(buy ? new Big('1').plus(ratio) : new Big('1').minus(ratio));
    if (worst?.times(quantity).gt(maxNotional)) out.push({ code: 'NOTIONAL_ABOVE_MAX', field: 'notional' });
  }
  for (const field of ['triggerPrice', 'tpTriggerPrice', 'slTriggerPrice']) {
    const trigger = exact(order[field]);
    if (trigger !== undefined && tick !== undefined && !isMultiple(trigger, tick))
      out.push({ code: 'TRIGGER_PRICE_TICK', field });
  }
  const openCap = exact(raw.marketOpenLimitSize);
  if (type === 'MARKET' && opening && openCap !== undefined && quantity.gt(openCap))
    out.push({ code: 'MARKET_OPEN_SIZE_ABOVE_MAX', field: 'quantity' });
  const maxPosition = exact(raw.maxPositionSize);
  const position = exact(context.position);
  if (opening && maxPosition !== undefined && position?.plus(quantity).gt(maxPosition))
    out.push({ code: 'POSITION_SIZE_ABOVE_MAX', field: 'quantity' });
  return out;
}
