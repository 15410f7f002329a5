// The client's options, declared by one zod schema (src/client/client-options.ts): every option's
// bad value is refused with the library's own InvalidArgumentError naming that option once
// (`options.NAME`), carrying the value, and with the limit in the message; the limits themselves pass.
import fc from 'fast-check';
import { Agent } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CLIENT_OPTIONS, resolveClientOptions } from '../../src/client/client-options.js';
import { isInvalidQueryError } from '../../src/client/errors/invalid-query-error.js';
import { MAX_TIMER_MS } from '../../src/client/wait-bounds.js';
import { InvalidArgumentError } from '../../src/errors/invalid-argument-error.js';
import { describeValue, isPreflightError } from '../../src/errors/preflight-error.js';

const baseUrl = 'http://127.0.0.1:1';

/** The refusal of `options`: the option at fault (`parameter`, `options.` taken off), its value, the message. */
function refusal(options: unknown): { parameter: string; value: unknown; message: string } {
  try {
    resolveClientOptions(options);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(isPreflightError(error)).toBe(true);
    const { argument, value, message } = error as InvalidArgumentError;
    expect(argument === 'options' || argument.startsWith('options.')).toBe(true);
    return { parameter: argument.replace(/^options\./, ''), value, message };
  }
  throw new Error(`expected ${describeValue(options)} to be refused`);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('client options: each bad value names its option, its value and the limit', () => {
  const MAX_BYTES = 256 * 1024 * 1024;
  it.each([
    ['timeoutMs', 0, ['1', String(MAX_TIMER_MS)]],
    ['timeoutMs', MAX_TIMER_MS + 1, ['1', String(MAX_TIMER_MS)]],
    ['timeoutMs', 2.5, ['1', String(MAX_TIMER_MS)]],
    ['timeoutMs', Number.NaN, ['1', String(MAX_TIMER_MS)]],
    ['timeoutMs', Number.POSITIVE_INFINITY, ['1', String(MAX_TIMER_MS)]],
    ['timeoutMs', '100', ['1', String(MAX_TIMER_MS)]],
    ['retries', -1, ['0', String(Number.MAX_SAFE_INTEGER)]],
    ['retries', 2 ** 53, ['0', String(Number.MAX_SAFE_INTEGER)]],
    ['retryDelayMs', -1, ['0', String(MAX_TIMER_MS)]],
    ['retryDelayMs', MAX_TIMER_MS + 1, ['0', String(MAX_TIMER_MS)]],
    ['maxRetryDelayMs', -1, ['0', String(MAX_TIMER_MS)]],
    ['maxRetryDelayMs', null, ['0', String(MAX_TIMER_MS)]],
    ['maxResponseBytes', 0, ['1', String(MAX_BYTES)]],
    ['maxResponseBytes', MAX_BYTES + 1, ['1', String(MAX_BYTES)]],
    ['symbolsFormat', 'csv', ['"comma"', '"json"']],
    ['symbolsFormat', 'JSON', ['"comma"', '"json"']],
    ['dispatcher', {}, ['Dispatcher']],
    ['dispatcher', 'agent', ['Dispatcher']],
    ['headers', 'x-a: 1', []],
    ['headers', ['x-a'], []],
    ['random', 0.5, []],
    ['baseUrl', 'ftp://127.0.0.1/', ['http(s)']],
    ['baseUrl', 42, ['http(s)']],
  ] as const)('%s = %o', (option, value, limits) => {
    const error = refusal({ baseUrl, [option]: value });
    expect(error.parameter).toBe(option);
    expect(error.value).toBe(value);
    expect(error.message).toContain(option);
    for (const limit of limits) expect(error.message).toContain(limit);
    expect(error.message).toContain(describeValue(value));
  });

  it('a header that cannot be sent names headers and the header', () => {
    for (const headers of [
      { 'bad name': 'x' },
      { 'x-a': 'a\r\nInjected: 1' },
      { 'x-a': 1 },
      { 'Accept-Encoding': 'gzip' },
    ]) {
      const error = refusal({ baseUrl, headers });
      const [name] = Object.keys(headers);
      expect(error.parameter).toBe('headers');
      expect(error.value).toBe(name);
      expect(error.message).toContain(JSON.stringify(name));
    }
  });

  it('a base URL with credentials names baseUrl and carries only its host', () => {
    const error = refusal({ baseUrl: 'http://user:secret@127.0.0.1:1/' });
    expect(error.parameter).toBe('baseUrl');
    expect(error.value).toBe('"127.0.0.1:1"');
    expect(error.message).not.toContain('secret');
  });

  it('an option mistake is an argument fault naming the option once, not a query fault', () => {
    const error = (() => {
      try {
        resolveClientOptions({ baseUrl: 'api.example.com' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(isInvalidQueryError(error)).toBe(false);
    expect((error as InvalidArgumentError).argument).toBe('options.baseUrl');
    expect((error as Error).message.split('baseUrl').length - 1).toBe(1);
  });

  it('baseUrl is required, and options must be an object', () => {
    expect(refusal({}).parameter).toBe('baseUrl');
    for (const options of [undefined, null, 'http://x', [], 42]) {
      const error = refusal(options);
      expect(error.parameter).toBe('options');
      expect(error.value).toBe(options);
    }
  });
});

describe('client options: the limits themselves pass (exact boundaries)', () => {
  it.each([
    ['timeoutMs', 1],
    ['timeoutMs', MAX_TIMER_MS],
    ['retries', 0],
    ['retries', Number.MAX_SAFE_INTEGER],
    ['retryDelayMs', 0],
    ['retryDelayMs', MAX_TIMER_MS],
    ['maxRetryDelayMs', 0],
    ['maxRetryDelayMs', MAX_TIMER_MS],
    ['maxResponseBytes', 1],
    ['maxResponseBytes', 256 * 1024 * 1024],
    ['symbolsFormat', 'comma'],
    ['symbolsFormat', 'json'],
  ] as const)('%s = %o', (option, value) => {
    expect(resolveClientOptions({ baseUrl, [option]: value })[option]).toBe(value);
  });

  it('any integer in range passes and any outside is refused naming the option (timeoutMs)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (timeoutMs) => {
        const inRange = timeoutMs >= 1 && timeoutMs <= MAX_TIMER_MS;
        if (inRange) expect(resolveClientOptions({ baseUrl, timeoutMs }).timeoutMs).toBe(timeoutMs);
        else expect(refusal({ baseUrl, timeoutMs }).parameter).toBe('timeoutMs');
      }),
    );
  });
});

describe('client options: defaults', () => {
  it('an absent option and an undefined one both take the default', () => {
    const absent = resolveClientOptions({ baseUrl });
    const undefinedOnes = resolveClientOptions({
      baseUrl,
      timeoutMs: undefined,
      retries: undefined,
      symbolsFormat: undefined,
      headers: undefined,
      dispatcher: undefined,
      random: undefined,
    });
    for (const resolved of [absent, undefinedOnes]) {
      expect(resolved).toMatchObject({ ...DEFAULT_CLIENT_OPTIONS, headers: {}, dispatcher: undefined });
    }
  });

  it('the default random is Math.random as it is when called (a stub installed later governs)', () => {
    const resolved = resolveClientOptions({ baseUrl });
    vi.spyOn(Math, 'random').mockReturnValue(0.25);
    expect(resolved.random()).toBe(0.25);
  });

  it('a given dispatcher and random are kept as they are', async () => {
    const dispatcher = new Agent();
    const random = () => 0.5;
    try {
      const resolved = resolveClientOptions({ baseUrl, dispatcher, random });
      expect(resolved.dispatcher).toBe(dispatcher);
      expect(resolved.random).toBe(random);
    } finally {
      await dispatcher.close();
    }
  });
});

describe('client options: unknown keys (own enumerable keys, as Object.keys lists them)', () => {
  it('an unknown own key is refused, naming it, before any known option is checked', () => {
    const error = refusal({ baseUrl: 'ftp://wrong', timeoutMs: 0, timeout: 100 });
    expect(error.parameter).toBe('timeout');
    expect(error.value).toBe(100);
  });

  it('inherited, non-enumerable and symbol keys are not looked at', () => {
    const inherited = Object.assign(Object.create({ timeout: 100 }) as object, { baseUrl });
    const hidden = Object.defineProperty({ baseUrl }, 'timeout', { value: 100, enumerable: false });
    const symbol = { baseUrl, [Symbol('timeout')]: 100 };
    for (const options of [inherited, hidden, symbol]) {
      expect(resolveClientOptions(options).endpoint.href).toBe(`${baseUrl}/api/v3/exchangeInfo`);
    }
  });

  it('a getter that throws: InvalidArgumentError naming options, whichever option it is', () => {
    const options = {
      baseUrl,
      get retries(): number {
        throw new Error('boom');
      },
    };
    expect(refusal(options).parameter).toBe('options');
  });
});
