import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
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
