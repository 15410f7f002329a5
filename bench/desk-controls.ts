/**
 * What the desk controls cost per order, in this process, beside the library's own check:
 *
 *   node --import tsx bench/desk-controls.ts [--orders 200000]
 *
 * Each order goes through what the gateway's judge() does: the key's lookup and notional cap,
 * `validateOrder` (with that cap and a reference price), then the controls that run after the
 * rules (allowed symbols, quantity cap, price collar, duplicate guard, throttle), every control
 * on and none reached. A thousand different orders (quantities), two prices, two keys, each
 * with its own client order id. Prints ns per order for the check alone and for the check plus the controls.
 * (`npm run bench:gateway -- --desk` measures the same in the whole gateway, under HTTP load.)
 */
import { parseArgs } from 'node:util';
import { createDeskControls } from '../src/gateway/desk/desk-controls.js';
import { readDeskLimits } from '../src/gateway/desk/desk-limits.js';
import { RuleBook, sampleExchangeInfo } from '../src/index.js';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '200000' } } });
const ORDERS = Math.min(5_000_000, Math.max(1_000, Number(values.orders) || 200_000));

const read = readDeskLimits({
  keys: { '*': { maxNotional: '1000000', maxOrdersPerSecond: 1_000_000, maxDuplicateOrders: 1_000 } },
  symbols: { BTCUSDT: { maxQuantity: '10', maxDeviation: '0.05', maxNotional: '1000000' } },
  duplicateWindowMs: 100,
});
if (!read.ok) throw new Error(read.problem);
const book = RuleBook.fromExchangeInfo(sampleExchangeInfo());
const orders = Array.from({ length: 1_000 }, (_, i) => ({
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  // A thousand different orders: the duplicate guard's count is never reached, however fast.
  quantity: `0.${String(1_000 + i).padStart(5, '0')}`,
  price: (i & 1) === 0 ? '100000.00' : '99999.99',
  newClientOrderId: `bench-${i}`,
}));
const requests = ['key-a', 'key-b'].map((key) => ({ url: '/api/v3/order', rawHeaders: ['ACCESS-KEY', key] }));

function run(withDesk: boolean): number {
  const desk = createDeskControls({ deskLimits: read.ok ? read.limits : undefined });
  let refused = 0;
  const started = process.hrtime.bigint();
  for (let i = 0, at = 0; i < ORDERS; i++, at = at + 1 === orders.length ? 0 : at + 1) {
    const order = orders[at]!;
    const context: { referencePrice: string; maxNotional?: string | number } = {
      referencePrice: '100000.00',
    };
    if (withDesk) {
      const client = desk.clientOf(requests[i & 1]!);
      const cap = client.maxNotional(order.symbol, '2000000');
      if (cap !== undefined) context.maxNotional = cap;
      const result = book.validateOrder(order, context);
      if (!result.ok || client.judge(order, context.referencePrice, false) !== undefined) refused++;
    } else {
      context.maxNotional = '1000000';
      if (!book.validateOrder(order, context).ok) refused++;
    }
  }
  const ns = Number(process.hrtime.bigint() - started) / ORDERS;
  if (refused > 0) throw new Error(`${refused} orders refused: the limits should let every one through`);
  return ns;
}

for (let round = 1; round <= 3; round++) {
  const check = run(false);
  const both = run(true);
  console.log(
    `round ${round}: validateOrder ${check.toFixed(0)} ns/order; with the desk controls ${both.toFixed(0)} ns/order (+${(both - check).toFixed(0)} ns)`,
  );
}
