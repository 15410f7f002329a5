import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { CliIo } from '../../src/cli/io.js';
import { RuleBook, sampleExchangeInfo } from '../../src/index.js';

/** A writable that keeps everything written to it. */
export class Capture extends Writable {
  readonly #chunks: string[] = [];

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.#chunks.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    callback();
  }

  get text(): string {
    return this.#chunks.join('');
  }

  /** Non-empty lines written. */
  get lines(): string[] {
    return this.text.split('\n').filter((line) => line !== '');
  }
}

export interface FakeIo {
  readonly io: CliIo;
  readonly stdout: Capture;
  readonly stderr: Capture;
}

/**
 * An in-process command line: `argv` after the program (or command) name, standard input from
 * `stdin`, nothing a terminal unless `isTTY` says so.
 */
export function fakeIo(
  argv: readonly string[],
  options: {
    stdin?: string;
    isTTY?: Partial<CliIo['isTTY']>;
    env?: Record<string, string | undefined>;
  } = {},
): FakeIo {
  const stdout = new Capture();
  const stderr = new Capture();
  const io: CliIo = {
    argv,
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    stdout,
    stderr,
    isTTY: { stdin: false, stdout: false, stderr: false, ...options.isTTY },
    env: options.env ?? {},
  };
  return { io, stdout, stderr };
}

/** A fresh temporary directory and a way to remove it. */
export async function tempDir(): Promise<{
  dir: string;
  path: (name: string) => string;
  remove: () => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'order-preflight-cli-'));
  return { dir, path: (name) => join(dir, name), remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The embedded sample's rule book, as a snapshot file at `path`. */
export async function writeSampleSnapshot(path: string, edit?: (snapshot: Record<string, unknown>) => void) {
  const snapshot = RuleBook.fromExchangeInfo(sampleExchangeInfo(), { fetchedAt: 1_763_712_000_000 }).toJSON();
  const json = JSON.parse(JSON.stringify(snapshot)) as Record<string, unknown>;
  edit?.(json);
  await writeFile(path, JSON.stringify(json, null, 2));
}

/** Orders as JSON lines. */
export function jsonLines(...orders: readonly unknown[]): string {
  return `${orders.map((o) => (typeof o === 'string' ? o : JSON.stringify(o))).join('\n')}\n`;
}

export const limit = (symbol: string, side: string, price: string, quantity: string) => ({
  symbol,
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  price,
  quantity,
});

/** Every stderr line is one message: no stack trace ("    at ...") anywhere. */
export function expectNoStack(text: string): boolean {
  return !/^\s+at /m.test(text);
}

/** The repository's root, where `src/cli/bin.ts` and `node_modules` are. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The real command line from source: `node --import tsx src/cli/bin.ts`, no build needed. */
export const CLI_FROM_SOURCE = ['--import', 'tsx', join(REPO_ROOT, 'src/cli/bin.ts')] as const;

/**
 * Fails the calling hook, saying how to build, when `dist/cli.js` is missing: the tests of the
 * built command never pass by skipping. `npm test` builds first whenever `dist/` is stale.
 */
export function requireBuiltCli(): void {
  if (!existsSync(join(REPO_ROOT, 'dist', 'cli.js')))
    throw new Error('dist/cli.js is missing: build it first (`npm run build`; `npm test` does)');
}

export interface ChildResult {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/**
 * Runs a child process to its end without blocking this one (a loopback server in this process
 * must keep answering it). `input` is written to its stdin, then stdin is closed.
 */
export function runChild(
  command: string,
  args: readonly string[],
  options: { input?: string | Buffer; env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<ChildResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({
        status,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        ms: Date.now() - started,
      });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}

/** `order-preflight ARGS` from source in a child process. */
export function runCli(
  args: readonly string[],
  options: { input?: string | Buffer; env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<ChildResult> {
  return runChild(process.execPath, [...CLI_FROM_SOURCE, ...args], options);
}

/** A word for `bash -c`: single-quoted. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
