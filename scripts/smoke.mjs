// Loads the BUILT package by its own name (package self-reference through "exports"), once
// through ESM import and once through CJS require, and runs one real validation with each.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const order = {
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price: '64000.005',
  quantity: '0.001',
};

function check(api, how) {
  const book = api.RuleBook.fromExchangeInfo(api.sampleExchangeInfo());
  const result = api.validateOrder(book, order, { referencePrice: '64000' });
  assert.equal(result.ok, false, `${how}: an off-tick price must be refused`);
  assert.deepEqual(
    result.violations.map((v) => v.code),
    ['PRICE_TICK'],
    `${how}: codes`,
  );
  assert.deepEqual(result.violations[0].suggestion, ['64000', '64000.01'], `${how}: suggestion`);
  assert.equal(
    api.isPreflightError(new api.InvalidArgumentError('options', 'is bad')),
    true,
    `${how}: errors`,
  );
}

const esm = await import('order-preflight');
check(esm, 'import');
const cjs = require('order-preflight');
check(cjs, 'require');

// The Node parts have their own entry; the core has no HTTP client.
const nodeEsm = await import('order-preflight/node');
const nodeCjs = require('order-preflight/node');
assert.equal(typeof nodeEsm.ExchangeInfoClient, 'function', 'import: client export');
assert.equal(typeof nodeCjs.ExchangeInfoClient, 'function', 'require: client export');
assert.equal(esm.ExchangeInfoClient, undefined, 'the core exports no HTTP client');

// An error made by one build is recognised by the other build's guard (dual-package hazard), and
// an error thrown by ./node is a PreflightError of the core (one shared class per build).
assert.equal(nodeEsm.isInvalidQueryError(new nodeCjs.InvalidQueryError('symbol', 'x', 'is bad')), true);
assert.equal(
  esm.isPreflightError(
    new nodeEsm.HttpStatusError({ url: 'http://x', attempts: 1, status: 503, bodyExcerpt: '' }),
  ),
  true,
);
// The HTTP errors are ./node's: the core, which never throws them, does not export them.
assert.equal(esm.HttpStatusError, undefined, 'the core exports no HTTP error');
assert.equal(new nodeEsm.ExchangeInfoClient({ baseUrl: 'http://127.0.0.1:1' }) instanceof Object, true);
assert.equal(esm.isPreflightError(new nodeCjs.NoRuleBookError()), true);

// The risk gateway has its own Node-only entry: loaded by name, it starts and answers.
const gatewayEsm = await import('order-preflight/gateway');
const gatewayCjs = require('order-preflight/gateway');
assert.equal(typeof gatewayCjs.createRiskGateway, 'function', 'require: gateway export');
assert.equal(esm.createRiskGateway, undefined, 'the core exports no gateway');
{
  const gateway = await gatewayEsm.createRiskGateway({
    upstreamUrl: 'http://127.0.0.1:1',
    book: esm.RuleBook.fromExchangeInfo(esm.sampleExchangeInfo()),
  });
  const status = await fetch(gateway.url + gatewayEsm.STATUS_PATH);
  assert.equal(status.status, 200, 'the gateway answers its status page');
  await status.arrayBuffer();
  await gateway.close();
}

// The futures entry, portable like the core: a recorded DOGEUSDT contract (sizes in hundreds).
const contracts = {
  symbols: [
    {
      symbol: 'DOGEUSDT',
      pricePrecision: '5',
      quantityPrecision: '-2',
      contractVal: '100',
      minOrderSize: '100',
    },
  ],
};
const dogeOrder = { symbol: 'DOGEUSDT', side: 'BUY', positionSide: 'LONG', type: 'MARKET', quantity: '150' };
for (const [futures, how] of [
  [await import('order-preflight/futures'), 'import'],
  [require('order-preflight/futures'), 'require'],
]) {
  const result = futures.ContractBook.fromContractInfo(contracts).validateOrder(dogeOrder);
  assert.deepEqual(
    result.violations.map((v) => v.code),
    ['QUANTITY_STEP'],
    `${how}: futures codes`,
  );
  assert.deepEqual(result.violations[0].suggestion, ['100', '200'], `${how}: futures suggestion`);
}
assert.equal(esm.ContractBook, undefined, 'the core exports no contract book');

const testingEsm = await import('order-preflight/testing');
const testingCjs = require('order-preflight/testing');
assert.equal(typeof testingEsm, 'object');
assert.equal(typeof testingCjs, 'object');

// The command line, as a user runs it from the package's "bin".
const cli = spawnSync(process.execPath, ['dist/cli.js', 'demo'], { encoding: 'utf8' });
assert.equal(cli.status, 0, `order-preflight demo exited ${cli.status}: ${cli.stderr}`);
assert.match(cli.stdout, /BTCUSDT/);
const usage = spawnSync(process.execPath, ['dist/cli.js', 'check', '--bogus'], { encoding: 'utf8' });
assert.equal(usage.status, 2, 'a usage error exits 2');

console.log(
  'smoke: order-preflight loads by name through import and require; both builds validate alike; the CLI runs',
);
