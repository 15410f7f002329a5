/**
 * Serves the order ticket on 127.0.0.1: the page, its style and scripts, and the library's portable core
 * bundled for the browser from `src/index.ts` (nothing is written to disk).
 *
 *   npx tsx examples/order-ticket/serve.ts [--port 8081]
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** The core as a browser ES module. */
export async function bundleCore(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../../src/index.ts', import.meta.url))],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** A running ticket server. */
export interface TicketServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the server (port 0: any free one). */
export async function startTicketServer(port = 0): Promise<TicketServer> {
  const page = async (name: string, type: string) => ({
    type,
    body: await readFile(`${HERE}${name}`, 'utf8'),
  });
  const files: Record<string, { type: string; body: string }> = {
    '/': await page('index.html', 'text/html; charset=utf-8'),
    '/ticket.css': await page('ticket.css', 'text/css; charset=utf-8'),
    '/ticket.js': await page('ticket.js', 'text/javascript; charset=utf-8'),
    '/format.js': await page('format.js', 'text/javascript; charset=utf-8'),
    '/order-preflight.js': { type: 'text/javascript; charset=utf-8', body: await bundleCore() },
  };
  const server: Server = createServer((req, res) => {
    const file = files[(req.url ?? '/').split('?')[0] ?? '/'];
    if (file === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8081' } } });
  const server = await startTicketServer(Number(values.port));
  console.log(`order ticket on ${server.url}`);
}
