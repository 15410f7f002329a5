// Every regular expression in src/cli that sees outside text (orders, snapshots, server
// answers, arguments) runs in linear time: fed 100k adversarial characters, each returns well
// within a bound generous enough for a loaded CI machine (the quadratic `oneLine` took 16 s).
import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../../src/cli/command.js';
import { FETCH_FLAGS, fetch } from '../../src/cli/commands/fetch.js';
import { parseFlags } from '../../src/cli/flag-schema.js';
import { clip, describeError, describeFsError, oneLine, printable } from '../../src/cli/text.js';
import { json, startLoopbackServer } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { fakeIo } from './harness.js';

const N = 100_000;
const BOUND_MS = 1_000;

function timed<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started };
}

describe('linear regular expressions in src/cli', () => {
  it.each([
    ['spaces without a newline', `${' '.repeat(N)}x`],
    ['spaces then a newline at the very end', `${' '.repeat(N)}\n`],
    ['alternating tabs and spaces', `${'\t '.repeat(N / 2)}x`],
    ['alternating newlines and letters', 'a\n'.repeat(N / 2)],
    ['no-break spaces (\\s, not a line break)', `${'\u00a0'.repeat(N)}x`],
  ])('oneLine on %s', (_what, text) => {
    const { value, ms } = timed(() => oneLine(text));
    expect(ms).toBeLessThan(BOUND_MS);
    expect(value).not.toMatch(/[\r\n\t]/);
  });

  it('oneLine still folds a run holding a line break into one space, and keeps other runs', () => {
    expect(oneLine('a  \n\t  b  c\r\nd')).toBe('a b  c d');
  });

  it('printable and describeError on control characters', () => {
    const text = '\u001b['.repeat(N / 2);
    expect(timed(() => printable(text)).ms).toBeLessThan(BOUND_MS);
    expect(timed(() => describeError(new Error(text))).ms).toBeLessThan(BOUND_MS);
  });

  it.each([
    ['capitals without a colon', 'A'.repeat(N)],
    ['capitals, a colon, no comma', `${'A'.repeat(N)}: ${'b'.repeat(N)}`],
    ['many short codes', 'E: '.repeat(N / 3)],
  ])('describeFsError on %s', (_what, message) => {
    const error = Object.assign(new Error(message), { code: 'ENOENT' });
    expect(timed(() => describeFsError(error)).ms).toBeLessThan(BOUND_MS);
  });

  it("an unknown option's name of 100k characters", () => {
    const { ms, value } = timed(() => {
      try {
        parseCommandArgs([`--${"x'".repeat(N / 2)}`], {}, 0);
        return undefined;
      } catch (error) {
        return error;
      }
    });
    expect(ms).toBeLessThan(BOUND_MS);
    expect(String(value)).toMatch(/unknown option/);
  });

  it('a --base-url of slashes: refused at once for its length, and linear below the cap', () => {
    const request = (url: string) => parseFlags(['--base-url', url], FETCH_FLAGS(), 0).flags.request;
    const { ms, value } = timed(() => {
      try {
        return request(`http://h/${'/'.repeat(N)}x`);
      } catch (error) {
        return error;
      }
    });
    expect(ms).toBeLessThan(BOUND_MS);
    expect(String(value)).toMatch(/longer than 2048/);
    const slashes = `http://h/api/v3/exchangeInfo${'/'.repeat(2_000)}`;
    const below = timed(() => request(slashes));
    expect(below.ms).toBeLessThan(BOUND_MS);
    expect(below.value).toMatchObject({ baseUrl: 'http://h', stripped: true });
  });

  it('clip on a long text', () => {
    expect(timed(() => clip('x'.repeat(N), 10)).ms).toBeLessThan(BOUND_MS);
  });

  it('end to end: fetch reports a set-aside pair named 100k spaces + x0 quickly (was 12.9 s)', async () => {
    const payload = exchangeInfoPayload([
      pairDefinition(),
      pairDefinition({ symbol: `${' '.repeat(N)}x0`, minTradeAmount: 'abc' }),
    ]);
    const server = await startLoopbackServer(json(200, payload));
    try {
      const { io, stderr } = fakeIo(['--base-url', server.baseUrl]);
      const started = performance.now();
      expect(await fetch(io)).toBe(0);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(stderr.text).toMatch(/1 set aside/);
    } finally {
      await server.close();
    }
  });
});
