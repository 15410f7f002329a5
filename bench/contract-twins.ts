import Big from 'big.js';
import { realCorpus } from '../test-support/corpus/real-corpus.js';
import type { RealCorpusPair } from '../test-support/corpus/types.js';
import { buildMix, type MixCase, type MixSource } from './order-mix.js';

/**
 * Contracts beside their spot twins, for `npm run bench`: every tradable pair of the realistic
 * corpus whose tick is a power of ten no coarser than 1 and whose step is a power of ten becomes a
 * perpetual contract in the contract host's shape (`pricePrecision` the tick's places,
 * `quantityPrecision` and `contractVal` the step, `minOrderSize`, `maxOrderSize`,
 * `marketOpenLimitSize`, `maxPositionSize`, the price bands, fees), and a spot pair with the same
 * numbers (the market caps of both sides the contract's opening cap), so that the same orders
 * meet the same rules on both. A pair whose step is 1 is made one of hundreds (`contractVal` 100,
 * `quantityPrecision` -2, as DOGEUSDT is recorded), so about a third of the contracts have a
 * negative precision; steps of 10 and up in the corpus give more. One contract in two is written
 * with JSON numbers (`1e-06` for the small ones), the other with strings, as the two recordings
 * of the contract payload differ.
 */
export interface ContractTwin {
  readonly symbol: string;
  /** The price grid, 10^-pricePrecision. */
  readonly tick: string;
  /** The size grid, `contractVal` = 10^-quantityPrecision. */
  readonly step: string;
  readonly pricePrecision: number;
  readonly quantityPrecision: number;
  readonly min: string;
  readonly max: string;
  /** `marketOpenLimitSize`: the cap on MARKET orders that open. */
  readonly marketOpenCap: string;
  readonly maxPosition: string;
  readonly buyLimitPriceRatio: string;
  readonly sellLimitPriceRatio: string;
}

export interface ContractTwins {
  /** The spot twins' `exchangeInfo` payload. */
  readonly spotText: string;
  /** The contracts' `GET /capi/v3/market/exchangeInfo` payload. */
  readonly contractText: string;
  readonly contracts: readonly ContractTwin[];
  /** The spot twins, to build orders on with {@link buildMix}. */
  readonly source: MixSource;
}

/** `10^-places` as plain text: 2 gives `0.01`, -2 gives `100`. */
function powerOfTen(places: number): string {
  return new Big(10).pow(-places).toFixed();
}

/** The places of a power of ten (`0.01` gives 2, `100` gives -2), or undefined for another number. */
function placesOf(grid: string): number | undefined {
  for (let places = -6; places <= 12; places++) if (powerOfTen(places) === grid) return places;
  return undefined;
}

/** `value` rounded onto `step` (up or down). */
function onGrid(value: string, step: string, up: boolean): Big {
  return new Big(value)
    .div(step)
    .round(0, up ? Big.roundUp : Big.roundDown)
    .times(step);
}

/** A decimal as a JSON number's text: plain, or `1e-06` style below 10^-4, as recorded. */
function numberText(value: string): string {
  const big = new Big(value);
  return big.gt(0) && big.lt('0.0001')
    ? Number(value)
        .toExponential()
        .replace(/e-(\d)$/, 'e-0$1')
    : value;
}

export function buildContractTwins(): ContractTwins {
  const corpus = realCorpus();
  const wires = (JSON.parse(corpus.stringText) as { symbols: Record<string, unknown>[] }).symbols;
  const spot: Record<string, unknown>[] = [];
  const contractTexts: string[] = [];
  const contracts: ContractTwin[] = [];
  const pairs: RealCorpusPair[] = [];
  corpus.pairs.forEach((pair, i) => {
    const wire = wires[i] as Record<string, unknown>;
    if (!pair.tradable || wire.symbol !== pair.symbol) return;
    const pricePrecision = placesOf(pair.tickSize);
    const stepPlaces = placesOf(pair.stepSize);
    if (pricePrecision === undefined || pricePrecision < 0 || stepPlaces === undefined) return;
    const quantityPrecision = stepPlaces === 0 ? -2 : stepPlaces;
    const step = powerOfTen(quantityPrecision);
    const min = onGrid(pair.minTradeAmount, step, true);
    const floorMin = min.gt(0) ? min : new Big(step);
    const max = onGrid(pair.maxTradeAmount, step, false);
    const cap = onGrid(pair.marketBuyLimitSize, step, false);
    if (max.lte(floorMin) || cap.lt(floorMin)) return;
    const twin: ContractTwin = {
      symbol: pair.symbol,
      tick: pair.tickSize,
      step,
      pricePrecision,
      quantityPrecision,
      min: floorMin.toFixed(),
      max: max.toFixed(),
      marketOpenCap: cap.toFixed(),
      maxPosition: max.times(10).toFixed(),
      buyLimitPriceRatio: pair.buyLimitPriceRatio,
      sellLimitPriceRatio: pair.sellLimitPriceRatio,
    };
    contracts.push(twin);
    spot.push({
      ...wire,
      tickSize: twin.tick,
      stepSize: twin.step,
      quoteAssetPrecision: String(pricePrecision),
      baseAssetPrecision: String(Math.max(0, quantityPrecision)),
      minTradeAmount: twin.min,
      maxTradeAmount: twin.max,
      marketBuyLimitSize: twin.marketOpenCap,
      marketSellLimitSize: twin.marketOpenCap,
      // The contract payload has no fallback ratio: the bands price a MARKET order on both.
      marketFallbackPriceRatio: '0',
    });
    pairs.push({
      ...pair,
      stepSize: twin.step,
      minTradeAmount: twin.min,
      maxTradeAmount: twin.max,
      marketBuyLimitSize: twin.marketOpenCap,
      marketSellLimitSize: twin.marketOpenCap,
    });
    contractTexts.push(contractText(twin, pair, contracts.length % 2 === 0));
  });
  const envelope = JSON.parse(corpus.stringText) as Record<string, unknown>;
  const spotText = JSON.stringify({ ...envelope, symbols: spot });
  const contractsText = `{"assets":[{"asset":"USDT","marginAvailable":true}],"symbols":[${contractTexts.join(',')}]}`;
  return { spotText, contractText: contractsText, contracts, source: { text: spotText, pairs } };
}

/** One contract as the contract host writes it, its decimals strings or JSON numbers. */
function contractText(twin: ContractTwin, pair: RealCorpusPair, asNumbers: boolean): string {
  const decimal = (value: string) => (asNumbers ? numberText(value) : JSON.stringify(value));
  const whole = (value: number) => (asNumbers ? String(value) : JSON.stringify(String(value)));
  const fields: [string, string][] = [
    ['symbol', JSON.stringify(twin.symbol)],
    ['baseAsset', JSON.stringify(pair.baseAsset)],
    ['quoteAsset', JSON.stringify(pair.quoteAsset)],
    ['marginAsset', JSON.stringify(pair.quoteAsset)],
    ['pricePrecision', whole(twin.pricePrecision)],
    ['quantityPrecision', whole(twin.quantityPrecision)],
    ['baseAssetPrecision', whole(pair.baseAssetPrecision)],
    ['quotePrecision', whole(8)],
    ['contractVal', decimal(twin.step)],
    ['delivery', '["00:00:00","08:00:00","16:00:00"]'],
    ['forwardContractFlag', 'true'],
    ['minLeverage', whole(1)],
    ['maxLeverage', whole(100)],
    ['buyLimitPriceRatio', decimal(twin.buyLimitPriceRatio)],
    ['sellLimitPriceRatio', decimal(twin.sellLimitPriceRatio)],
    ['makerFeeRate', decimal('0.0002')],
    ['takerFeeRate', decimal('0.0008')],
    ['minOrderSize', decimal(twin.min)],
    ['maxOrderSize', decimal(twin.max)],
    ['maxPositionSize', decimal(twin.maxPosition)],
    ['marketOpenLimitSize', decimal(twin.marketOpenCap)],
  ];
  return `{${fields.map(([key, value]) => `"${key}":${value}`).join(',')}}`;
}

/** A contract order and the context it is checked with (the position of its side included). */
export interface ContractCase {
  readonly order: Record<string, unknown>;
  readonly context: Record<string, unknown>;
}

/**
 * The main mix's kind of orders (buildMix: 80% passing, 20% breaking one rule: tick, step,
 * minimum, band, market cap, notional), on the spot twins and, the same orders with a
 * `positionSide` that opens (BUY LONG, SELL SHORT) and a position of a tenth of the maximum
 * order size in the context, on the contracts. `spot[i]` and `contract[i]` are the same order.
 */
export function buildContractMix(
  twins: ContractTwins,
  size: number,
  seed = 47,
  failing: { readonly fail: number; readonly of: number } = { fail: 1, of: 5 },
): { spot: MixCase[]; contract: ContractCase[] } {
  const { cases } = buildMix(size, seed, failing, twins.source);
  const bySymbol = new Map(twins.contracts.map((c) => [c.symbol, c]));
  const contract = cases.map((c) => {
    const twin = bySymbol.get(String(c.order.symbol)) as ContractTwin;
    const order = { ...c.order, positionSide: c.order.side === 'BUY' ? 'LONG' : 'SHORT' };
    const position = onGrid(new Big(twin.max).div(10).toFixed(), twin.step, false).toFixed();
    return JSON.parse(JSON.stringify({ order, context: { ...c.context, position } })) as ContractCase;
  });
  return { spot: cases, contract };
}
