import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../examples/order-ticket/chromium.js';
import { startTicketServer, type TicketServer } from '../examples/order-ticket/serve.js';
import {
  estimateOrder,
  type OrderInput,
  parseExchangeInfoText,
  RuleBook,
  SAMPLE_EXCHANGE_INFO_JSON,
  type ValidationContext,
} from '../src/index.js';

// The order ticket (examples/order-ticket) end to end in headless Chromium: the library's portable
// core, bundled for the browser, judging orders as a user types them. The page writes each state
// it shows to data-* attributes and form fields; these tests read those, never the wording, except
// where the wording is the behaviour (plurals).

const WEEX_WITHOUT_GRID = JSON.stringify(
  (
    JSON.parse(readFileSync(new URL('../test/fixtures/weex-samples.json', import.meta.url), 'utf8')) as {
      withoutGrid: unknown;
    }
  ).withoutGrid,
);
const SAMPLE_BOOK = RuleBook.fromExchangeInfo(parseExchangeInfoText(SAMPLE_EXCHANGE_INFO_JSON));

let server: TicketServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startTicketServer();
  browser = await launchChromium();
  context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

// Each test starts from a freshly opened page: the embedded sample, nothing typed.
beforeEach(async () => {
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const attribute = (selector: string, name: string) => page.getAttribute(selector, name);
const verdict = () => attribute('#verdict', 'data-state');
const orderLineState = () => attribute('#order-line', 'data-state');
const orderLineText = async () => (await page.textContent('#order-json')) ?? '';
const orderLine = async () => JSON.parse(await orderLineText()) as Record<string, string>;

async function codes(): Promise<string[]> {
  return page
    .locator('#violations li')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-code') ?? ''));
}

/** Clicks what a user clicks: the segmented controls' radio inputs are visually hidden. */
async function choose(id: 'side-buy' | 'side-sell' | 'type-limit' | 'type-market'): Promise<void> {
  await page.click(`label[for="${id}"]`);
}

async function type(fields: { price?: string; quantity?: string; reference?: string; clientId?: string }) {
  if (fields.reference !== undefined) await page.fill('#reference', fields.reference);
  if (fields.price !== undefined) await page.fill('#price', fields.price);
  if (fields.quantity !== undefined) await page.fill('#quantity', fields.quantity);
  if (fields.clientId !== undefined) await page.fill('#client-id', fields.clientId);
}

/** The library's own estimate, computed here in Node, for what the page should show. */
function libraryEstimate(order: OrderInput, ctx: ValidationContext = {}) {
  const estimate = estimateOrder(SAMPLE_BOOK, order, ctx);
  if (!estimate.estimated) throw new Error('the library could not estimate the test order');
  return estimate;
}

describe('the order ticket in a real browser', () => {
  it('starts offline on the embedded sample: its pairs, what was set aside, the warnings, plurals right', async () => {
    expect(await attribute('#book-status', 'data-state')).toBe('loaded');
    expect(await attribute('#book-status', 'data-source')).toBe('sample');
    expect(await attribute('#book-status', 'data-pairs')).toBe('7');
    expect(await attribute('#book-status', 'data-rejected')).toBe('1');
    expect(await attribute('#book-status', 'data-warnings')).toBe('1');
    expect(await page.locator('#symbol option').count()).toBe(7);
    expect(await page.locator('#book-notes li[data-kind="rejected"][data-symbol="BADUSDT"]').count()).toBe(1);
    expect(await page.locator('#book-notes li[data-kind="warning"][data-symbol="SOLUSDT"]').count()).toBe(1);
    const status = (await page.textContent('#book-status')) ?? '';
    expect(status).toMatch(/\b7 pairs\b/);
    expect(status).toMatch(/\b1 warning\b/);
    expect(status).not.toMatch(/\b1 warnings\b/);
  });

  it('gives no verdict before the price and the quantity are typed (for MARKET, the quantity)', async () => {
    expect(await verdict()).toBe('idle');
    expect(await codes()).toEqual([]);
    expect(await page.isHidden('#order-line')).toBe(true);
    expect(await page.isHidden('#estimate')).toBe(true);

    await type({ price: '64000.005' });
    expect(await verdict()).toBe('idle');
    expect(await codes()).toEqual([]);
    await type({ quantity: '0.001' });
    expect(await verdict()).toBe('fail');
    await type({ price: '' });
    expect(await verdict()).toBe('idle');
    expect(await page.isHidden('#order-line')).toBe(true);

    await choose('type-market');
    expect(await verdict()).toBe('pass');
    await type({ quantity: '' });
    expect(await verdict()).toBe('idle');
  });

  it('judges an order as it is typed: codes, suggestions, the repaired order line, applied in one click', async () => {
    await type({ reference: '64000', quantity: '0.001', price: '64000.005' });
    expect(await codes()).toEqual(['PRICE_TICK']);
    expect(await verdict()).toBe('fail');
    expect(await attribute('#violations li', 'data-suggestion')).toBe('64000 64000.01');

    expect(await orderLineState()).toBe('repaired');
    expect(await page.isVisible('#apply-order')).toBe(true);
    const change = page.locator('#changes li[data-field="price"]');
    expect(await change.getAttribute('data-code')).toBe('PRICE_TICK');
    expect(await change.getAttribute('data-from')).toBe('64000.005');
    expect(await change.getAttribute('data-to')).toBe('64000');
    // The body of POST /api/v3/order: compact, in the documented field order, decimals as strings.
    expect(await orderLineText()).toBe(
      '{"symbol":"BTCUSDT","side":"BUY","type":"LIMIT","quantity":"0.001","price":"64000","timeInForce":"GTC"}',
    );

    await type({ quantity: '0.0012345' });
    expect(await codes()).toEqual(['PRICE_TICK', 'QUANTITY_STEP']);
    expect(await page.getAttribute('#changes li[data-field="quantity"]', 'data-to')).toBe('0.00123');
    await page.click('#apply-order');
    expect(await page.inputValue('#price')).toBe('64000');
    expect(await page.inputValue('#quantity')).toBe('0.00123');
    expect(await verdict()).toBe('pass');
    expect(await orderLineState()).toBe('ready');
    expect(await page.isHidden('#apply-order')).toBe(true);

    await type({ quantity: '0.00123000000000' });
    expect(await codes()).toEqual(['QUANTITY_PRECISION']);
    expect(await orderLine()).toMatchObject({ quantity: '0.00123', price: '64000' });
  });

  it("a last price that is not a number is the ticket's field, not a refusal by the exchange", async () => {
    await type({ reference: 'xyz', quantity: '0.001', price: '64000.01' });
    expect(await verdict()).toBe('input');
    expect((await page.textContent('#verdict-title')) ?? '').toContain('Last price');
    expect(await codes()).toEqual(['INVALID_FIELD']);
    expect(await attribute('#violations li', 'data-field')).toBe('referencePrice');
    expect((await page.textContent('#violations li .message')) ?? '').toContain('Last price');
    // The order itself passes, so it can be sent: the band waits for a last price.
    expect(await orderLineState()).toBe('ready');
    const skipped = await page.locator('#skipped li').allTextContents();
    expect(skipped.length).toBeGreaterThan(0);
    for (const text of skipped) {
      expect(text).toContain('Last price');
      expect(text).not.toContain('context.');
    }
    // An order the exchange would refuse is still a refusal, the last price fault listed too.
    await type({ price: '64000.005' });
    expect(await verdict()).toBe('fail');
    expect(await codes()).toEqual(['INVALID_FIELD', 'PRICE_TICK']);
  });

  it('a check skipped for want of a last price names the Last price field', async () => {
    await type({ quantity: '0.001', price: '64000.01' });
    expect(await verdict()).toBe('pass');
    const skipped = await page.locator('#skipped li').allTextContents();
    expect(skipped.length).toBeGreaterThan(0);
    for (const text of skipped) expect(text).toContain('Last price');
  });

  it('sets a field to a suggestion when it is clicked', async () => {
    await type({ reference: '64000', quantity: '0.001', price: '64000.005' });
    await page.click('#violations button.chip[data-field="price"][data-value="64000.01"]');
    expect(await page.inputValue('#price')).toBe('64000.01');
    expect(await verdict()).toBe('pass');
  });

  it('copies the order line exactly as it is shown', async () => {
    await type({ reference: '64000', quantity: '0.25', price: '63999.5', clientId: 'my-spot-order-001' });
    await choose('side-sell');
    await page.selectOption('#tif', 'IOC');
    const text = await orderLineText();
    expect(text).toBe(
      '{"symbol":"BTCUSDT","side":"SELL","type":"LIMIT","quantity":"0.25","price":"63999.5","timeInForce":"IOC","newClientOrderId":"my-spot-order-001"}',
    );
    await page.click('#copy-order');
    await expect.poll(() => attribute('#copy-order', 'data-copied')).toBe('true');
    // A string: the DOM's types are not in this project's lib.
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(text);
  });

  it('shows the notional in its quote unit and the fee estimateOrder expects, taker or maker', async () => {
    // Crosses the last price: a taker order.
    await type({ reference: '64000', quantity: '15.625', price: '64000.01' });
    expect(await verdict()).toBe('pass');
    const taker = libraryEstimate(
      {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        price: '64000.01',
        quantity: '15.625',
      },
      { referencePrice: '64000' },
    );
    expect(await attribute('#estimate', 'data-state')).toBe('estimated');
    expect(await attribute('#notional', 'data-value')).toBe(taker.notional);
    expect(await attribute('#notional', 'data-unit')).toBe('USDT');
    expect(await page.textContent('#notional')).toBe('1,000,000.15625 USDT');
    expect(await attribute('#fee', 'data-liquidity')).toBe('TAKER');
    expect(await attribute('#fee', 'data-rate')).toBe('0.001');
    expect(await attribute('#fee', 'data-value')).toBe(taker.expectedFee);
    expect(await page.textContent('#fee')).toBe('1,000.00015625 USDT');
    expect(await page.textContent('#fee-label')).toContain('0.1 %');

    // Rests below the last price: a maker order.
    await type({ reference: '64012.5', price: '64000', quantity: '0.025' });
    expect(await attribute('#fee', 'data-liquidity')).toBe('MAKER');
    expect(await attribute('#fee', 'data-rate')).toBe('0.0008');
    expect(await attribute('#fee', 'data-value')).toBe('1.28');
    expect(await page.textContent('#notional')).toBe('1,600.00 USDT');
    expect(await page.textContent('#fee-label')).toContain('0.08 %');
  });

  it("shows a negative maker rate as a rebate, and a MARKET order's worst case once the last price is known", async () => {
    await page.selectOption('#symbol', 'MEMEUSDT');
    await type({ reference: '0.00000024', price: '0.00000012', quantity: '1100' });
    expect(await verdict()).toBe('pass');
    expect(await attribute('#fee', 'data-liquidity')).toBe('MAKER');
    expect(await attribute('#fee', 'data-rate')).toBe('-0.0001');
    expect(await attribute('#fee', 'data-value')).toBe('-0.0000000132');
    expect(await page.textContent('#fee')).toBe('0.0000000132 USDT');
    expect(await page.textContent('#fee-label')).toMatch(/^Rebate/);

    await page.selectOption('#symbol', 'BTCUSDT');
    await choose('type-market');
    await type({ quantity: '0.5' });
    expect(await verdict()).toBe('pass');
    expect(await attribute('#estimate', 'data-state')).toBe('unknown');
    expect(await attribute('#estimate', 'data-reason')).toBe('NO_REFERENCE_PRICE');
    await type({ reference: '64000' });
    const market = libraryEstimate(
      { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '0.5' },
      { referencePrice: '64000' },
    );
    expect(await attribute('#estimate', 'data-state')).toBe('estimated');
    expect(await attribute('#worst-price', 'data-value')).toBe(market.worstCasePrice);
    expect(await attribute('#notional', 'data-value')).toBe(market.notional);
    expect(await attribute('#fee', 'data-liquidity')).toBe('TAKER');
    expect(await attribute('#fee', 'data-value')).toBe(market.expectedFee);

    // SOLUSDT publishes no taker rate: a notional, no fee.
    await page.selectOption('#symbol', 'SOLUSDT');
    await type({ reference: '150', quantity: '1' });
    expect(await attribute('#estimate', 'data-state')).toBe('estimated');
    expect(await attribute('#fee', 'data-rate')).toBe('');
    expect(await attribute('#fee', 'data-value')).toBe('');
  });

  it('MARKET clears and disables the price and the time in force; LIMIT gives them back empty', async () => {
    await type({ reference: '64000', price: '64000.01', quantity: '0.001' });
    await page.selectOption('#tif', 'FOK');
    await choose('type-market');
    expect(await page.inputValue('#price')).toBe('');
    expect(await page.isDisabled('#price')).toBe(true);
    expect(await page.isDisabled('#tif')).toBe(true);
    expect(await orderLine()).toEqual({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '0.001' });

    await choose('type-limit');
    expect(await page.isEnabled('#price')).toBe(true);
    expect(await page.isEnabled('#tif')).toBe(true);
    expect(await page.inputValue('#price')).toBe('');
    expect(await verdict()).toBe('idle');
  });

  it("a new pair clears the price, quantity and reference and shows that pair's tick, step and minimum", async () => {
    await type({ reference: '64000', price: '64000.01', quantity: '0.001' });
    expect(await attribute('#pair-rules', 'data-tick')).toBe('0.01');
    expect(await attribute('#pair-rules', 'data-step')).toBe('0.00001');
    expect(await attribute('#pair-rules', 'data-min')).toBe('0.0001');

    await page.selectOption('#symbol', 'XAUTUSDT');
    for (const id of ['#price', '#quantity', '#reference']) expect(await page.inputValue(id)).toBe('');
    expect(await verdict()).toBe('idle');
    expect(await attribute('#pair-rules', 'data-tick')).toBe('0.5');
    expect(await attribute('#pair-rules', 'data-step')).toBe('0.001');
    expect(await attribute('#pair-rules', 'data-min')).toBe('0.01');
    expect(await page.textContent('#quantity-unit')).toBe('XAUT');
    expect(await page.textContent('#price-unit')).toBe('USDT');

    await page.selectOption('#symbol', 'SOLUSDT');
    expect(await attribute('#pair-rules', 'data-tick-source')).toBe('displayDigitMerge');
    expect(await attribute('#pair-rules', 'data-step')).toBe('');
  });

  it('offers no order line for an order that no rounding can repair', async () => {
    await page.selectOption('#symbol', 'LUNAUSDT');
    expect(await attribute('#pair-status', 'data-status')).toBe('HALT');
    await type({ price: '1', quantity: '1' });
    expect(await codes()).toEqual(['SYMBOL_NOT_TRADING', 'TRADING_DISABLED']);
    expect(await orderLineState()).toBe('blocked');
    expect(await page.isHidden('#order-json')).toBe(true);
    expect(await page.isHidden('#copy-order')).toBe(true);
    expect(await page.isHidden('#apply-order')).toBe(true);
  });

  it('flags a last price it cannot read on its own field and judges the order without it', async () => {
    await page.selectOption('#symbol', 'BTCUSDT');
    await type({ reference: '64,000', price: '64000.01', quantity: '0.001' });
    expect(await attribute('#reference', 'aria-invalid')).toBe('true');
    expect(await verdict()).toBe('input');
    expect(await codes()).toEqual(['INVALID_FIELD']);
    expect(await orderLineState()).toBe('ready');
    await type({ reference: '64000' });
    expect(await attribute('#reference', 'aria-invalid')).toBe('false');
    expect(await verdict()).toBe('pass');
  });

  it('judges the client order id: sent when given, refused over 40 characters', async () => {
    await type({ reference: '64000', price: '64000.01', quantity: '0.001', clientId: 'x'.repeat(40) });
    expect(await verdict()).toBe('pass');
    expect((await orderLine()).newClientOrderId).toBe('x'.repeat(40));
    await type({ clientId: 'x'.repeat(41) });
    expect(await codes()).toEqual(['INVALID_FIELD']);
    expect(await attribute('#violations li', 'data-field')).toBe('newClientOrderId');
    expect(await orderLineState()).toBe('blocked');
  });

  it('takes a pasted payload: the real grid-less shape gets its tick inferred', async () => {
    await page.click('#book-box summary');
    await page.fill('#payload', WEEX_WITHOUT_GRID);
    await page.click('#load-pasted');
    expect(await attribute('#book-status', 'data-source')).toBe('pasted');
    expect(await attribute('#book-status', 'data-pairs')).toBe('1');
    expect(await attribute('#book-status', 'data-warnings')).toBe('0');
    const status = (await page.textContent('#book-status')) ?? '';
    expect(status).toMatch(/\b1 pair\b/);
    expect(status).not.toMatch(/\b1 pairs\b/);
    expect(await attribute('#pair-rules', 'data-tick-source')).toBe('displayDigitMerge');
    await type({ quantity: '0.001', price: '64000.12345678' });
    expect(await codes()).toEqual(['PRICE_TICK']);
  });

  it('says so when the pasted text is not a payload, and keeps the rule book in use', async () => {
    await page.click('#book-box summary');
    await page.fill('#payload', '{"not": "exchange info"}');
    await page.click('#load-pasted');
    expect(await attribute('#payload-error', 'data-state')).toBe('error');
    expect(await page.isVisible('#payload-error')).toBe(true);
    expect(await attribute('#book-status', 'data-source')).toBe('sample');
    expect(await attribute('#book-status', 'data-pairs')).toBe('7');
    expect(await page.isEnabled('#price')).toBe(true);

    await page.click('#load-sample');
    expect(await attribute('#payload-error', 'data-state')).toBe('none');
    expect(await page.isHidden('#payload-error')).toBe(true);
  });

  it('never threw an error in the page, in any of the above', () => {
    expect(pageErrors).toEqual([]);
  });
});
