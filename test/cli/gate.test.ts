// `order-preflight check` as a CI gate: its exit status must say what was checked even when the
// output pipe closes early, an empty input must not pass, and a JSON array must not be mistaken
// for orders.
import { writeFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { check } from '../../src/cli/commands/check.js';
import { fetch } from '../../src/cli/commands/fetch.js';
import type { CliIo } from '../../src/cli/io.js';
import { json, type LoopbackServer, startLoopbackServer } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import {
  CLI_FROM_SOURCE,
  expectNoStack,
  fakeIo,
  jsonLines,
  limit,
  runChild,
  shellQuote,
  tempDir,
  writeSampleSnapshot,
} from './harness.js';

const GOOD = limit('BTCUSDT', 'BUY', '63999.99', '0.0015');
const OFF_TICK = limit('BTCUSDT', 'BUY', '64000.005', '0.0015');

let temp: Awaited<ReturnType<typeof tempDir>>;
let rules: string;
let server: LoopbackServer | undefined;

beforeEach(async () => {
  temp = await tempDir();
  rules = temp.path('rules.json');
  await writeSampleSnapshot(rules);
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await temp.remove();
});

/** A stdout whose reader leaves after `accepted` writes: every later write fails with EPIPE. */
class ReaderLeavesAfter extends Writable {
  writes = 0;
  readonly #accepted: number;

  constructor(accepted: number) {
    super();
    this.#accepted = accepted;
  }

  override _write(_chunk: unknown, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.writes++;
    if (this.writes <= this.#accepted) callback();
    else callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE', errno: -32, syscall: 'write' }));
  }
}

/** The same, failing with another error: the verdicts were lost, not declined. */
class DiskFull extends Writable {
  override _write(_chunk: unknown, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    callback(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
  }
}

function withStdout(io: CliIo, stdout: NodeJS.WritableStream): CliIo {
  return { ...io, stdout };
}

async function ordersFile(lines: readonly unknown[]): Promise<string> {
  const path = temp.path('orders.jsonl');
  await writeFile(path, jsonLines(...lines));
  return path;
}

describe('check | head: the exit status covers every order even when stdout closes', () => {
  it('under `set -o pipefail`, `check ... | head -1` exits 1 when a later order is refused, 0 when none is', async () => {
    // Far more verdicts than a pipe's buffer holds, so the writes after `head` leaves do fail.
    const many = Array.from({ length: 5_000 }, () => GOOD);
    const refusedLast = await ordersFile([...many, OFF_TICK]);
    const pipeline = (orders: string) =>
      runChild('bash', [
        '-c',
        `set -o pipefail; ${[process.execPath, ...CLI_FROM_SOURCE].map(shellQuote).join(' ')} check --json --rules ${shellQuote(rules)} ${shellQuote(orders)} | head -1`,
      ]);

    const refused = await pipeline(refusedLast);
    expect(refused.status).toBe(1);
    expect(refused.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ line: 1, ok: true });
    // The summary still reaches stderr, counting every order, and says verdicts were dropped.
    expect(refused.stderr).toMatch(/checked 5001 orders: 5000 passed, 1 refused/);
    expect(refused.stderr).toMatch(/standard output was closed/);
    expect(expectNoStack(refused.stderr)).toBe(true);

    const passing = await pipeline(await ordersFile(many));
    expect(passing.status).toBe(0);
    expect(passing.stderr).toMatch(/checked 5000 orders: 5000 passed, 0 refused/);
  }, 60_000);

  it('in-process: a reader that leaves after the first verdict; every line is still checked', async () => {
    const orders = await ordersFile([GOOD, GOOD, '{bad', OFF_TICK, GOOD]);
    const { io, stderr } = fakeIo(['--rules', rules, '--json', orders]);
    const stdout = new ReaderLeavesAfter(1);
    expect(await check(withStdout(io, stdout))).toBe(1);
    expect(stderr.text).toMatch(/checked 4 orders: 3 passed, 1 refused; 1 unreadable line \(line 3\)/);
    // The line from which verdicts were dropped is named; nothing was written after the failure.
    expect(stderr.text).toMatch(/verdicts from line \d on were not written/);
    expect(stdout.writes).toBeLessThanOrEqual(3);
  });

  it('in-process: all passing and the reader gone is still a pass', async () => {
    const orders = await ordersFile([GOOD, GOOD, GOOD]);
    const { io, stderr } = fakeIo(['--rules', rules, '--json', orders]);
    expect(await check(withStdout(io, new ReaderLeavesAfter(0)))).toBe(0);
    expect(stderr.text).toMatch(/checked 3 orders: 3 passed, 0 refused/);
  });

  it('a stdout that fails otherwise (disk full) exits 1 even when every order passes', async () => {
    const orders = await ordersFile([GOOD]);
    const { io, stderr } = fakeIo(['--rules', rules, '--json', orders]);
    expect(await check(withStdout(io, new DiskFull()))).toBe(1);
    expect(stderr.text).toMatch(/checked 1 order: 1 passed/);
    expect(stderr.text).toMatch(/could not write the verdicts.*ENOSPC/);
  });

  it('fetch to a stdout closed before the snapshot is written exits 1', async () => {
    server = await startLoopbackServer(json(200, exchangeInfoPayload([pairDefinition()])));
    const { io, stderr } = fakeIo(['--base-url', server.baseUrl]);
    expect(await fetch(withStdout(io, new ReaderLeavesAfter(0)))).toBe(1);
    expect(stderr.text).toMatch(/standard output was closed/);
  });
});

describe('no orders is a failure unless --allow-empty', () => {
  it.each([
    ['an empty file', ''],
    ['a file of blank lines', '\n  \n\r\n\n'],
  ])('%s exits 1 and says why', async (_what, content) => {
    const orders = temp.path('orders.jsonl');
    await writeFile(orders, content);
    const { io, stdout, stderr } = fakeIo(['--rules', rules, orders]);
    expect(await check(io)).toBe(1);
    expect(stdout.text).toBe('');
    expect(stderr.text).toMatch(/checked 0 orders/);
    expect(stderr.text).toMatch(/no orders read.*--allow-empty/);

    const allowed = fakeIo(['--rules', rules, '--allow-empty', orders]);
    expect(await check(allowed.io)).toBe(0);
    expect(allowed.stderr.text).toMatch(/checked 0 orders/);
    expect(allowed.stderr.text).not.toMatch(/no orders read/);
  });

  it('empty standard input exits 1 (a child process with a real, closed stdin)', async () => {
    const result = await runChild(process.execPath, [...CLI_FROM_SOURCE, 'check', '--rules', rules, '-'], {
      input: '',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/no orders read: standard input/);
    const allowed = fakeIo(['--rules', rules, '--allow-empty', '-'], { stdin: '' });
    expect(await check(allowed.io)).toBe(0);
  }, 30_000);

  it('an input of unreadable lines only is still a failure, for its lines, not for emptiness', async () => {
    const orders = await ordersFile(['{nope', 'nope']);
    const { io, stderr } = fakeIo(['--rules', rules, '--allow-empty', orders]);
    expect(await check(io)).toBe(1);
    expect(stderr.text).toMatch(/2 unreadable lines/);
  });
});

describe('a JSON array of orders is refused with the one-line fix', () => {
  it.each([
    ['pretty-printed over many lines', JSON.stringify([GOOD, OFF_TICK], null, 2)],
    ['on one line', JSON.stringify([GOOD, OFF_TICK])],
    ['after blank lines and a byte-order mark', `\uFEFF\n\n  ${JSON.stringify([GOOD])}`],
  ])('%s: exit 2, nothing on stdout, one line naming jq', async (_what, content) => {
    const orders = temp.path('orders.json');
    await writeFile(orders, content);
    const { io, stdout, stderr } = fakeIo(['--rules', rules, orders]);
    expect(await check(io)).toBe(2);
    expect(stdout.text).toBe('');
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toContain(`jq -c '.[]' ${orders}`);
    expect(stderr.text).toMatch(/JSON array/);
  });

  it('on standard input too', async () => {
    const { io, stdout, stderr } = fakeIo(['--rules', rules, '-'], {
      stdin: JSON.stringify([GOOD], null, 2),
    });
    expect(await check(io)).toBe(2);
    expect(stdout.text).toBe('');
    expect(stderr.lines).toEqual([
      expect.stringMatching(/standard input holds a JSON array.*jq -c '\.\[\]'/),
    ]);
  });

  it('an array on a later line is one refused order, as before', async () => {
    const orders = await ordersFile([GOOD, [GOOD]]);
    const { io, stdout } = fakeIo(['--rules', rules, '--json', orders]);
    expect(await check(io)).toBe(1);
    expect(stdout.lines.map((line) => (JSON.parse(line) as { ok: boolean }).ok)).toEqual([true, false]);
  });
});
