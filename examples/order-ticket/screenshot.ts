/**
 * Takes the README's picture of the ticket (docs/order-ticket.png): a BUY of BTCUSDT priced off
 * its tick, so that the verdict, a suggestion, the repaired order line and its cost show.
 *
 *   npx tsx examples/order-ticket/screenshot.ts [--out docs/order-ticket.png]
 */
import { parseArgs } from 'node:util';
import { launchChromium } from './chromium.js';
import { startTicketServer } from './serve.js';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'docs/order-ticket.png' } } });
const server = await startTicketServer();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1120, height: 860 }, deviceScaleFactor: 2 });
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.selectOption('#symbol', 'BTCUSDT');
  await page.fill('#reference', '64012.5');
  await page.fill('#price', '64000.005');
  await page.fill('#quantity', '0.025');
  await page.fill('#client-id', 'grid-btc-0042');
  await page.waitForSelector('#verdict[data-state="fail"]');
  await page.locator('#client-id').blur();
  // The page down to the cards' bottom edge, without the empty background below.
  const main = await page.locator('main').boundingBox();
  if (main === null) throw new Error('the ticket did not render');
  await page.screenshot({
    path: values.out,
    clip: { x: 0, y: 0, width: 1120, height: main.y + main.height + 24 },
    animations: 'disabled',
  });
  console.log(`wrote ${values.out}`);
} finally {
  await browser.close();
  await server.close();
}
