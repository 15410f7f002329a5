import { existsSync, readFileSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTicketServer, type TicketServer } from '../examples/order-ticket/serve.js';

// The order ticket (examples/order-ticket) end to end in headless Chromium: the library's portable
// core, bundled for the browser, judging orders as a user types them.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEEX_WITHOUT_GRID = JSON.stringify(
  (
    JSON.parse(readFileSync(new URL('../test/fixtures/weex-samples.json', import.meta.url), 'utf8')) as {
      withoutGrid: unknown;
    }
  ).withoutGrid,
);

let server: TicketServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: apt-get install chromium (README, "Development")`,
    );
  server = await startTicketServer();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // No network beyond loopback here: background services would only fail and retry.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function codes(): Promise<string[]> {
  return page
    .locator('#violations li')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-code') ?? ''));
}

describe('the order ticket in a real browser', () => {
  it('loads the embedded sample and lists its pairs, what was set aside and the warnings', async () => {
    await page.click('#load-sample');
    await expect.poll(() => page.textContent('#book-status')).toContain('7 pairs, 1 set aside, 1 warnings');
    expect(await page.locator('#symbol option').count()).toBe(7);
    expect(await page.textContent('#book-notes')).toContain('BADUSDT');
  });

  it('judges an order as it is typed: verdict, suggestion, repaired order', async () => {
    await page.selectOption('#symbol', 'BTCUSDT');
    await page.fill('#reference', '64000');
    await page.fill('#quantity', '0.001');
    await page.fill('#price', '64000.005');
    await expect.poll(codes).toEqual(['PRICE_TICK']);
    expect(await page.textContent('#verdict')).toContain('FAIL');
    expect(await page.locator('#violations li').first().getAttribute('data-suggestion')).toBe(
      '64000 64000.01',
    );
    expect(JSON.parse((await page.textContent('#repaired')) ?? '{}')).toMatchObject({
      price: '64000',
      quantity: '0.001',
    });

    await page.fill('#price', '64000.01');
    await expect.poll(codes).toEqual([]);
    expect(await page.textContent('#verdict')).toContain('PASS');

    await page.fill('#quantity', '0.00100000000000');
    await expect.poll(codes).toEqual(['QUANTITY_PRECISION']);
    expect(JSON.parse((await page.textContent('#repaired')) ?? '{}')).toMatchObject({ quantity: '0.001' });
    await page.screenshot({ path: 'test-browser/order-ticket.png', fullPage: true });
  });

  it('takes a pasted payload: the real grid-less shape gets its tick inferred', async () => {
    await page.fill('#payload', WEEX_WITHOUT_GRID);
    await page.click('#load-pasted');
    await expect.poll(() => page.textContent('#book-status')).toContain('1 pairs, 0 set aside');
    expect(await page.textContent('#grid')).toContain('inferred from displayDigitMerge');
    await page.fill('#quantity', '0.001');
    await page.fill('#price', '64000.12345678');
    await expect.poll(codes).toEqual(['PRICE_TICK']);
    expect(await page.textContent('#violations')).toContain('displayDigitMerge');
  });

  it('says so when the pasted text is not a payload, and the page never throws', async () => {
    await page.fill('#payload', '{"not": "exchange info"}');
    await page.click('#load-pasted');
    await expect.poll(() => page.textContent('#book-status')).toContain('Not an exchangeInfo payload');
    expect(pageErrors).toEqual([]);
  });
});
