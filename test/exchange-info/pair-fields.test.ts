import { describe, expect, it } from 'vitest';
import { holdsOneDecimal, PAIR_FIELDS, pairFieldsWith } from '../../src/exchange-info/pair-fields.js';
import { PAIR_DEFINITION_FIELDS } from '../../src/index.js';

/**
 * The table every list of pair-definition fields is taken from. Its order is public (snapshots
 * write fields in it, diffs list changes in it, reasons and warnings come in it), so it is
 * written out here once more, as the oracle.
 */
describe('the table of pair-definition fields', () => {
  it('lists every field in definition order', () => {
    expect(PAIR_DEFINITION_FIELDS).toEqual([
      'symbol',
      'status',
      'baseAsset',
      'baseAssetPrecision',
      'quoteAsset',
      'quoteAssetPrecision',
      'tickSize',
      'tickSizeSource',
      'stepSize',
      'minTradeAmount',
      'maxTradeAmount',
      'takerFeeRate',
      'makerFeeRate',
      'buyLimitPriceRatio',
      'sellLimitPriceRatio',
      'marketBuyLimitSize',
      'marketSellLimitSize',
      'marketFallbackPriceRatio',
      'enableTrade',
      'enableDisplay',
      'displayDigitMerge',
      'displayNew',
      'displayHot',
    ]);
  });

  it('sets a pair aside for its rule fields only', () => {
    expect(pairFieldsWith({ role: ['rule'] })).toEqual([
      'status',
      'baseAssetPrecision',
      'quoteAssetPrecision',
      'tickSize',
      'stepSize',
      'minTradeAmount',
      'maxTradeAmount',
      'buyLimitPriceRatio',
      'sellLimitPriceRatio',
      'marketBuyLimitSize',
      'marketSellLimitSize',
      'marketFallbackPriceRatio',
      'enableTrade',
    ]);
    expect(pairFieldsWith({ role: ['cosmetic'] })).toEqual([
      'baseAsset',
      'quoteAsset',
      'takerFeeRate',
      'makerFeeRate',
      'enableDisplay',
      'displayDigitMerge',
      'displayNew',
      'displayHot',
    ]);
  });

  it('says which fields hold one decimal and which a snapshot may leave out', () => {
    expect(PAIR_DEFINITION_FIELDS.filter((f) => holdsOneDecimal(PAIR_FIELDS[f].kind))).toEqual([
      'tickSize',
      'stepSize',
      'minTradeAmount',
      'maxTradeAmount',
      'takerFeeRate',
      'makerFeeRate',
      'buyLimitPriceRatio',
      'sellLimitPriceRatio',
      'marketBuyLimitSize',
      'marketSellLimitSize',
      'marketFallbackPriceRatio',
    ]);
    expect(PAIR_DEFINITION_FIELDS.filter((f) => PAIR_FIELDS[f].snapshotOptional)).toEqual([
      'tickSizeSource',
      'enableDisplay',
      'displayNew',
      'displayHot',
    ]);
    expect(pairFieldsWith({ kind: ['grid'] })).toEqual(['tickSize', 'stepSize']);
    expect(pairFieldsWith({ kind: ['decimal'] })).toEqual(['takerFeeRate', 'makerFeeRate']);
  });
});
