import fc from 'fast-check';
import type { PairDefinition } from '../exchange-info/schema.js';
import { Big, type BigValue } from './big.js';
import { unitOf } from './grid-math.js';

/**
 * Options of {@link pairDefinitionArb}.
 *
 * @example
 * ```ts
 * const options: PairDefinitionArbOptions = { tradingOnly: true };
 * ```
 */
export interface PairDefinitionArbOptions {
  /** Only pairs with status TRADING and enableTrade true (default false: some are halted or disabled). */
  readonly tradingOnly?: boolean;
  /** A fixed symbol instead of a generated one. */
  readonly symbol?: string;
}

const power = (exponent: number) => (exponent >= 0 ? unitOf(exponent) : new Big(`1${'0'.repeat(-exponent)}`));

/** Grid sizes as exchanges use them: powers of ten, 2/5/25 × 10^-k, and the odd ones that trap floats. */
const gridSizeArb: fc.Arbitrary<BigValue> = fc.oneof(
  { arbitrary: fc.integer({ min: -3, max: 10 }).map(power), weight: 4 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('2', '5', '25'), fc.integer({ min: 0, max: 9 }))
      .map(([m, k]) => new Big(m).times(power(k))),
    weight: 2,
  },
  {
    arbitrary: fc.constantFrom('0.00000012', '110', '0.5', '0.2', '0.0002', '0.03').map((t) => new Big(t)),
    weight: 2,
  },
);

/** `null` (no grid) now and then, as the BETA wire may omit it. */
const optionalGridArb = fc.option(gridSizeArb, { freq: 6, nil: null });
const ratioArb = fc.constantFrom('0.001', '0.01', '0.02', '0.05', '0.1', '0.2', '0.3', '0.5');
const feeArb = fc.constantFrom('0.001', '0.0008', '0.002', '0.00075', '0', '-0.0001');
const precisionArb = fc.integer({ min: 0, max: 12 });
const symbolArb = fc
  .tuple(fc.stringMatching(/^[A-Z][A-Z0-9]{1,6}$/), fc.constantFrom('USDT', 'BTC', 'ETH', 'USDC', 'TRY'))
  .map(([base, quote]) => ({ symbol: `${base}${quote}`, baseAsset: base, quoteAsset: quote }));

/**
 * Parsed pair definitions (as `parseExchangeInfo` returns them) spanning what exchanges publish:
 * grids that are powers of ten and grids that are not (`0.5`, `110`, `0.00000012`), absent grids
 * with precisions in their place, bounds from tiny to 20 digits, zero fallback ratios, negative
 * maker fees, and (unless `tradingOnly`) halted or disabled pairs.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { pairDefinitionArb, validOrderArb } from 'order-preflight/testing';
 * fc.assert(fc.property(
 *   pairDefinitionArb({ tradingOnly: true }).chain((d) => fc.tuple(fc.constant(d), validOrderArb(d))),
 *   ([definition, order]) => myStrategyAccepts(definition, order),
 * ));
 * ```
 */
export function pairDefinitionArb(options: PairDefinitionArbOptions = {}): fc.Arbitrary<PairDefinition> {
  const stateArb = options.tradingOnly
    ? fc.constant({ status: 'TRADING', enableTrade: true })
    : fc.record({
        status: fc.oneof(
          { arbitrary: fc.constant('TRADING'), weight: 6 },
          fc.constantFrom('HALT', 'BREAK', 'PRE_TRADING'),
        ),
        enableTrade: fc.oneof({ arbitrary: fc.constant(true), weight: 6 }, fc.constant(false)),
      });
  const names =
    options.symbol === undefined
      ? symbolArb
      : fc.constant({ symbol: options.symbol, baseAsset: options.symbol, quoteAsset: 'USDT' });
  return fc
    .record({
      names,
      state: stateArb,
      tick: optionalGridArb,
      step: optionalGridArb,
      basePrecision: precisionArb,
      quotePrecision: precisionArb,
      minSteps: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 1_000n })),
      spanSteps: fc.oneof(fc.bigInt({ min: 1n, max: 1_000_000_000n }), fc.constant(10n ** 20n)),
      marketBuySteps: fc.bigInt({ min: 1n, max: 2_000_000_000n }),
      marketSellSteps: fc.bigInt({ min: 1n, max: 2_000_000_000n }),
      buyRatio: ratioArb,
      sellRatio: ratioArb,
      fallback: fc.oneof(fc.constant('0'), ratioArb),
      taker: feeArb,
      maker: feeArb,
      display: fc.record({
        enableDisplay: fc.boolean(),
        displayDigitMerge: fc.constantFrom<string[]>([], ['0.01', '0.1'], ['1', '10', '100']),
        displayNew: fc.boolean(),
        displayHot: fc.boolean(),
      }),
    })
    .map((g): PairDefinition => {
      const quantityGrid = g.step ?? unitOf(g.basePrecision);
      const at = (steps: bigint) => quantityGrid.times(steps.toString());
      const min = at(g.minSteps);
      const max = min.plus(at(g.spanSteps));
      return {
        symbol: g.names.symbol,
        status: g.state.status,
        baseAsset: g.names.baseAsset,
        baseAssetPrecision: g.basePrecision,
        quoteAsset: g.names.quoteAsset,
        quoteAssetPrecision: g.quotePrecision,
        tickSize: g.tick === null ? null : g.tick.toString(),
        stepSize: g.step === null ? null : g.step.toString(),
        minTradeAmount: min.toString(),
        maxTradeAmount: max.toString(),
        takerFeeRate: g.taker,
        makerFeeRate: g.maker,
        buyLimitPriceRatio: g.buyRatio,
        sellLimitPriceRatio: g.sellRatio,
        marketBuyLimitSize: at(g.marketBuySteps).toString(),
        marketSellLimitSize: at(g.marketSellSteps).toString(),
        marketFallbackPriceRatio: g.fallback,
        enableTrade: g.state.enableTrade,
        ...g.display,
      };
    });
}
