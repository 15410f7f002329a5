/**
 * Headless Chromium for the ticket's browser test and its screenshot: Debian's `chromium` package
 * driven by playwright-core, so nothing is downloaded.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where Debian puts it; `CHROMIUM_PATH` overrides. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Starts it, or says how to install it. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: apt-get install chromium (docs/development.md)`,
    );
  return chromium.launch({
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
}
