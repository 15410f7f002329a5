/**
 * The pairs the corpus always begins with: this exchange's published definitions and a few
 * shapes tests name by symbol (`LTCBTC`, `PEPEUSDT`, `SHIBTRY`), written out by hand.
 */
import type { CorpusEncoding, CorpusStyle } from './types.js';

/** One hand-written pair: its decimals as text, as the venue style it imitates writes them. */
export interface AnchorSpec {
  readonly base: string;
  readonly quote: string;
  readonly style: CorpusStyle;
  readonly encoding: CorpusEncoding;
  readonly tick: string;
  readonly step: string;
  readonly min: string;
  readonly max: string;
  readonly market: string;
  readonly basePrecision: number;
  readonly quotePrecision: number;
  readonly precisionAsString?: boolean;
  readonly amountPlaces?: number;
  readonly noGrid?: boolean;
  /** This exchange's published values: fees 0.001, ratios 0.1, this merge list. */
  readonly sampleMerge?: string;
}

/**
 * Pairs placed first, with values chosen on purpose, so that the corpus always holds the shapes
 * tests name: this exchange's three published pairs and its grid-less response, a ledger venue's
 * `0.00000100` and `1.00000000` and `10.00000000` ticks, a `0.5` tick, a `10` tick and a `10`
 * step, and caps of 16 and 20 digits as JSON numbers.
 */
export const ANCHORS: readonly AnchorSpec[] = [
  {
    base: 'BTC',
    quote: 'USDT',
    style: 'weex',
    encoding: 'strings',
    tick: '0.1',
    step: '0.000001',
    min: '0.00001',
    max: '99999',
    market: '99999',
    basePrecision: 8,
    quotePrecision: 8,
    precisionAsString: true,
    sampleMerge: '0.1,1,10,100,1000',
  },
  {
    base: 'ETH',
    quote: 'USDT',
    style: 'weex',
    encoding: 'strings',
    tick: '0.01',
    step: '0.00001',
    min: '0.0001',
    max: '99999',
    market: '99999',
    basePrecision: 8,
    quotePrecision: 8,
    precisionAsString: true,
    sampleMerge: '0.01,0.1,0.5,1,5',
  },
  {
    base: 'DOGE',
    quote: 'USDT',
    style: 'weex',
    encoding: 'strings',
    tick: '0.00001',
    step: '0.1',
    min: '200',
    max: '1500000',
    market: '1500000',
    basePrecision: 8,
    quotePrecision: 8,
    precisionAsString: true,
    sampleMerge: '0.00001,0.0001,0.0005,0.001,0.005',
  },
  {
    base: 'SOL',
    quote: 'USDT',
    style: 'weex',
    encoding: 'strings',
    tick: '0.01',
    step: '0.001',
    min: '0.01',
    max: '1000',
    market: '50',
    basePrecision: 8,
    quotePrecision: 8,
    noGrid: true,
    sampleMerge: '1,0.1,0.01',
  },
  {
    base: 'LTC',
    quote: 'BTC',
    style: 'ledger',
    encoding: 'strings',
    tick: '0.000001',
    step: '0.001',
    min: '0.001',
    max: '100000',
    market: '4147.64789121',
    basePrecision: 8,
    quotePrecision: 8,
  },
  {
    base: 'BTC',
    quote: 'TRY',
    style: 'ledger',
    encoding: 'strings',
    tick: '1',
    step: '0.00001',
    min: '0.00001',
    max: '9000',
    market: '12.84957276',
    basePrecision: 8,
    quotePrecision: 8,
  },
  {
    base: 'BTC',
    quote: 'ARS',
    style: 'ledger',
    encoding: 'numbers',
    tick: '10',
    step: '0.00001',
    min: '0.00001',
    max: '9000',
    market: '129.84957276',
    basePrecision: 8,
    quotePrecision: 8,
  },
  {
    base: 'PAXG',
    quote: 'USDT',
    style: 'compact',
    encoding: 'numbers',
    tick: '0.5',
    step: '0.0001',
    min: '0.001',
    max: '9999999999',
    market: '1000000',
    basePrecision: 6,
    quotePrecision: 2,
  },
  {
    base: 'BTC',
    quote: 'JPY',
    style: 'compact',
    encoding: 'numbers',
    tick: '10',
    step: '0.0001',
    min: '0.001',
    max: '9999999999999999',
    market: '1000000',
    basePrecision: 8,
    quotePrecision: 0,
  },
  {
    base: 'PEPE',
    quote: 'USDT',
    style: 'compact',
    encoding: 'numbers',
    tick: '0.00000001',
    step: '10',
    min: '100000',
    max: '18446744073709551615',
    market: '10000000000000',
    basePrecision: 0,
    quotePrecision: 10,
  },
  {
    base: 'SHIB',
    quote: 'TRY',
    style: 'ledger',
    encoding: 'numbers',
    tick: '0.00001',
    step: '1',
    min: '1',
    max: '92233720368547758.07',
    market: '92233720368.00',
    basePrecision: 2,
    quotePrecision: 8,
    amountPlaces: 2,
  },
];
