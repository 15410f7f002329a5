/**
 * Embedding the risk gateway in your own program: the same gateway `order-preflight gateway`
 * runs, with your own reference prices and your own log. Run it in front of the stand-in exchange:
 *
 *   npx order-preflight fake-exchange --port 9000 &
 *   npx tsx examples/risk-gateway/main.ts http://127.0.0.1:9000
 *
 * docs/gateway.md says what the gateway forwards, judges and refuses, and every option.
 */
// In your project: from 'order-preflight/node' and 'order-preflight/gateway'.
import { createRiskGateway } from '../../src/gateway.js';
import { createRuleBookSource, ExchangeInfoClient } from '../../src/node.js';

const upstreamUrl = process.argv[2] ?? 'http://127.0.0.1:9000';
const client = new ExchangeInfoClient({ baseUrl: upstreamUrl });
const source = createRuleBookSource({ client, intervalMs: 60_000 });
source.start();

const gateway = await createRiskGateway({
  upstreamUrl,
  source,
  // Your own feed of last prices: a Map, or (symbol) => price | { price, ageMs } | undefined.
  referencePrices: new Map([['BTCUSDT', '100000.00']]),
  maxNotional: '250000',
  port: 8080,
  onEvent: (event) => {
    if (event.type === 'verdict') {
      const codes = event.result.violations.map((violation) => violation.code);
      console.log(event.result.ok ? 'ACCEPT' : `REFUSE ${codes.join(', ')}`, event.order);
    }
  },
});
await source.ready();
console.log(`risk gateway on ${gateway.url} -> ${upstreamUrl}`);

process.once('SIGINT', async () => {
  await gateway.close();
  await source.stop();
  await client.close();
});
