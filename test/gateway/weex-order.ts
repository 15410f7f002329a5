/**
 * The order the gateway tests send: a WEEX V3 LIMIT BUY of 0.01 BTCUSDT at 100000.00, as the JSON
 * body of `POST /api/v3/order`, with any field replaced or added.
 *
 * @example
 * ```ts
 * limitOrderBody({ price: '100000.005', newClientOrderId: 'off-tick' });
 * ```
 */
export function limitOrderBody(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    symbol: 'BTCUSDT',
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: '0.01',
    price: '100000.00',
    ...fields,
  });
}

/** A contract LIMIT BUY LONG of 0.01 BTCUSDT at 64000.1 (BTCUSDT: 1 price decimal, size grid 0.0001), with `fields` over it. */
export function contractBody(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    symbol: 'BTCUSDT',
    side: 'BUY',
    positionSide: 'LONG',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: '0.01',
    price: '64000.1',
    ...fields,
  });
}
