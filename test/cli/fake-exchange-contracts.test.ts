// `order-preflight fake-exchange --contract-info FILE`: the stand-in exchange, run as the real
// program, serves the contract body given instead of the recorded contracts.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI_FROM_SOURCE, REPO_ROOT, tempDir } from './harness.js';

let temp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.remove();
});

describe('order-preflight fake-exchange --contract-info', () => {
  it('serves the contract body from FILE at /capi/v3/market/exchangeInfo, narrowed by symbol', async () => {
    const file = temp.path('contracts.json');
    const body =
      '{"assets":[],"symbols":[{"symbol":"XRPUSDT","contractVal":"1"},{"symbol":"ADAUSDT","contractVal":"10"}]}';
    await writeFile(file, body);
    const child = spawn(
      process.execPath,
      [...CLI_FROM_SOURCE, 'fake-exchange', '--port', '0', '--contract-info', file],
      {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const found = /fake exchange on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (found?.[1] !== undefined) resolve(found[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      const whole = await fetch(`${url}/capi/v3/market/exchangeInfo`);
      expect([whole.status, await whole.text()]).toEqual([200, body]);
      const one = (await (await fetch(`${url}/capi/v3/market/exchangeInfo?symbol=ADAUSDT`)).json()) as {
        symbols: { symbol: string }[];
      };
      expect(one.symbols.map((s) => s.symbol)).toEqual(['ADAUSDT']);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
