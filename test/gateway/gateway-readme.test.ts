/**
 * The gateway README's walkthrough ("Try it"), run as printed: its three terminals' commands are
 * read out of docs/gateway.md, only the ports changed, and each printed output is
 * compared with what the commands print. A new user who copies them gets what the README shows.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(new URL('../../docs/gateway.md', import.meta.url), 'utf8');
const run = promisify(execFile);

/** The fenced blocks of a section whose info string is `language` (`''` for none), in order. */
function blocks(section: string, language: string): string[] {
  const start = README.indexOf(`## ${section}`);
  const end = README.indexOf('\n## ', start + 1);
  const found: string[] = [];
  let open: { info: string; lines: string[] } | undefined;
  for (const line of README.slice(start, end === -1 ? undefined : end).split('\n')) {
    if (!line.startsWith('```')) open?.lines.push(line);
    else if (open === undefined) open = { info: line.slice(3).trim(), lines: [] };
    else {
      if (open.info === language) found.push(open.lines.join('\n'));
      open = undefined;
    }
  }
  return found;
}

const [shell = '', logBlock = ''] = [blocks('Try it', 'sh')[0], blocks('Try it', '')[0]];
const refusal = JSON.parse(blocks('Try it', 'json')[0] ?? 'null') as Record<string, unknown>;
const lines = shell.split('\n');
const exchangeCommand = lines.find((line) => line.startsWith('npx order-preflight fake-exchange'))!;
const gatewayCommand = lines.find((line) => line.startsWith('npx order-preflight gateway'))!;
const orderScript = lines
  .slice(lines.findIndex((line) => line.startsWith('# 3.')) + 1)
  .filter((l) => !l.startsWith('# {'))
  .join('\n');
const printed = lines.find((line) => line.startsWith('# {'))!.slice(2);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A command of the walkthrough in its own process group, its output kept. */
function background(command: string): { child: ChildProcess; output: () => string } {
  const child = spawn('bash', ['-c', `exec ${command}`], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((later) => setTimeout(later, 50));
  }
}

let exchangePort: number;
let gatewayPort: number;
let exchange: ReturnType<typeof background>;
let gateway: ReturnType<typeof background>;
/**
 * `npx order-preflight` runs the package's bin, `dist/cli.js` (built by `npm ci`); run it by its
 * path, because npx, asked for a package that is the current directory, first installs a copy of
 * it into its cache (building it again: 40 s, longer than this test waits, in a fresh clone).
 */
const asBuilt = (command: string) => command.replace(/^npx order-preflight /, 'node dist/cli.js ');

const onPorts = (text: string) =>
  text
    .replaceAll('127.0.0.1:9000', `127.0.0.1:${exchangePort}`)
    .replaceAll('--port 9000', `--port ${exchangePort}`)
    .replaceAll('127.0.0.1:8080', `127.0.0.1:${gatewayPort}`)
    .replaceAll('--port 8080', `--port ${gatewayPort}`);

beforeAll(async () => {
  exchangePort = await freePort();
  gatewayPort = await freePort();
  exchange = background(asBuilt(onPorts(exchangeCommand)));
  await until(() => exchange.output().includes('fake exchange on'), 'the fake exchange');
  gateway = background(asBuilt(onPorts(gatewayCommand)));
  await until(
    () => /ticker ready/.test(gateway.output()) && /rule book ready/.test(gateway.output()),
    'the gateway',
  );
}, 60_000);

afterAll(async () => {
  for (const started of [gateway, exchange]) {
    if (started === undefined || started.child.exitCode !== null) continue;
    const exited = new Promise((resolve) => started.child.once('exit', resolve));
    process.kill(-started.child.pid!, 'SIGTERM');
    await exited;
  }
});

/** What varies from run to run: the exchange's order id and time. */
function withoutRunValues(text: string): Record<string, unknown> {
  const { orderId: _id, transactTime: _time, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return rest;
}

describe("the gateway README's walkthrough, as printed", () => {
  it('the walkthrough has its three steps, signed with WEEX ACCESS-* headers over a JSON body', () => {
    expect(exchangeCommand).toBeDefined();
    expect(gatewayCommand).toBeDefined();
    expect(orderScript).toMatch(/openssl dgst -sha256 -hmac .* -binary \| base64/);
    expect(orderScript).toMatch(/ACCESS-SIGN/);
    expect(orderScript).toMatch(/Content-Type: application\/json/);
  });

  it('the signed order is accepted and the exchange answers as printed', async () => {
    const { stdout } = await run('bash', ['-c', onPorts(orderScript)], { cwd: ROOT });
    expect(withoutRunValues(stdout.trim())).toEqual(withoutRunValues(printed));
    expect(JSON.parse(stdout) as object).toHaveProperty('orderId');
  });

  it('the same order at 106000.00, signed again, is refused with the printed answer', async () => {
    const script = onPorts(orderScript).replace('"price":"100000.00"', '"price":"106000.00"');
    expect(script).not.toBe(onPorts(orderScript));
    const { stdout } = await run('bash', ['-c', script], { cwd: ROOT });
    expect(JSON.parse(stdout)).toEqual(refusal);
  });

  it("the gateway's log has the printed lines, timestamps aside", async () => {
    await until(() => /REFUSE BTCUSDT/.test(gateway.output()), 'the refusal in the log', 5_000);
    const expected = logBlock
      .trim()
      .split('\n')
      .map((line) => line.replace(/^\S+ /, ''));
    const logged = gateway
      .output()
      .split('\n')
      .map((line) => line.replace(/^\S+ /, ''));
    for (const line of expected) expect(logged).toContain(line);
  });
});
