import type { ValidationContext } from '../index.js';

/** A realistic order of the demo, with what its trader knew at the time. */
export interface DemoOrder {
  readonly note: string;
  readonly order: Record<string, unknown>;
  readonly context?: ValidationContext;
}

/** Last traded prices the demo pretends to know. */
export const DEMO_REFERENCE_PRICES: Readonly<Record<string, string>> = {
  BTCUSDT: '64000',
  ETHUSDT: '3000',
  XAUTUSDT: '2650',
  MEMEUSDT: '0.0000144',
  NEWUSDT: '2.5',
  SOLUSDT: '150',
  LUNAUSDT: '0.0001',
};

const limit = (symbol: string, side: string, price: unknown, quantity: unknown) => ({
  symbol,
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  price,
  quantity,
});
const market = (symbol: string, side: string, quantity: unknown) => ({
  symbol,
  side,
  type: 'MARKET',
  quantity,
});

/** Some fine, some breaking each rule: the main job of the library, shown on the embedded sample. */
export const DEMO_ORDERS: readonly DemoOrder[] = [
  { note: 'a plain limit buy', order: limit('BTCUSDT', 'BUY', '63999.99', '0.0015') },
  { note: 'half a cent off the tick grid', order: limit('BTCUSDT', 'BUY', '64000.005', '0.0015') },
  { note: 'a buy 9% above the last price', order: limit('BTCUSDT', 'BUY', '70000', '0.001') },
  { note: 'a market sell sized as a JS number', order: market('ETHUSDT', 'SELL', 1.5) },
  { note: 'a quantity a float printed as 1e-7', order: market('ETHUSDT', 'BUY', 1e-7) },
  { note: 'a sell 17% under the market', order: limit('ETHUSDT', 'SELL', '2500', 0.29) },
  { note: 'a 0.5 tick: 2650.5 is on it', order: limit('XAUTUSDT', 'BUY', 2650.5, '0.010') },
  { note: 'off both grids', order: limit('XAUTUSDT', 'BUY', '2650.2', '0.0105') },
  { note: 'a 0.00000012 tick and a 110 step', order: limit('MEMEUSDT', 'BUY', '0.00001440', '11000') },
  { note: 'too small, off a 110 step', order: market('MEMEUSDT', 'BUY', '1000') },
  { note: 'no tick grid: held to 4 decimals', order: limit('NEWUSDT', 'SELL', '2.12345', '10.5') },
  { note: 'no tickSize sent: 0.01 inferred', order: limit('SOLUSDT', 'BUY', '150.125', '2') },
  { note: 'on the inferred tick', order: limit('SOLUSDT', 'SELL', '150.13', '2.5') },
  {
    note: 'a quantity written with 14 decimals (precision 8)',
    order: limit('BTCUSDT', 'BUY', '63999.99', '0.00100000000000'),
  },
  { note: 'a halted, disabled pair', order: limit('LUNAUSDT', 'SELL', '0.00015', '0.001') },
  { note: 'a pair whose definition was malformed', order: market('BADUSDT', 'BUY', '1') },
  { note: 'a pair the exchange does not list', order: market('DOGEUSDT', 'BUY', '100') },
  { note: 'a market order carrying a price', order: { ...market('BTCUSDT', 'BUY', '0.01'), price: '64000' } },
  { note: 'a market buy over the pair cap', order: market('BTCUSDT', 'BUY', '60') },
  {
    note: 'a limit order without timeInForce',
    order: { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', price: '64100', quantity: '0.01' },
  },
  {
    note: 'a market buy over my 25,000 USDT risk limit',
    order: market('ETHUSDT', 'BUY', '10'),
    context: { maxNotional: '25000' },
  },
];
