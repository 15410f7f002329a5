import { describe, expect, it } from 'vitest';
import { isHttpStatusError } from '../../src/client/errors/http-status-error.js';
import { isInvalidResponseError } from '../../src/client/errors/invalid-response-error.js';
import { isNetworkError } from '../../src/client/errors/network-error.js';
import { isRateLimitedError } from '../../src/client/errors/rate-limited-error.js';
import { isRequestTimeoutError } from '../../src/client/errors/request-timeout-error.js';
import { isResponseTooLargeError } from '../../src/client/errors/response-too-large-error.js';
import { ExchangeInfoClient } from '../../src/client/exchange-info-client.js';
import { isExchangeInfoSchemaError } from '../../src/errors/exchange-info-schema-error.js';
import { isPreflightError } from '../../src/errors/preflight-error.js';
import {
  json,
  type Responder,
  silence,
  startLoopbackServer,
  text,
} from '../../test-support/loopback-server.js';
import { exchangeInfoPayload } from '../../test-support/payload.js';
import { FAST, rejectionOf, withClient } from './harness.js';

const ok = () => json(200, exchangeInfoPayload());

/** Sends headers promising `declared` bytes, then `sent` bytes, then kills the connection. */
function truncated(declared: number, sent: string): Responder {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': declared });
    res.write(sent, () => setTimeout(() => res.socket?.destroy(), 5));
  };
}

/** Streams chunks without end (chunked encoding unless `contentLength` is given) until the client hangs up. */
function endless(contentLength?: number): Responder {
  return (_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(contentLength === undefined ? {} : { 'content-length': contentLength }),
    });
    const chunk = Buffer.alloc(1024, 0x20);
    const pump = () => {
      if (res.destroyed || res.writableEnded) return;
      res.write(chunk) ? setImmediate(pump) : res.once('drain', pump);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  };
}

describe('ExchangeInfoClient: retries', () => {
  it('503 then 200 succeeds on the second attempt', async () => {
    await withClient([json(503, { code: -1001, msg: 'busy' }), ok()], {}, async (client, server) => {
      const info = await client.fetchExchangeInfo();
      expect(info.symbols).toHaveLength(1);
      expect(server.requests).toHaveLength(2);
      expect(client.requestsSent).toBe(2);
      expect(client.requestWeightSpent).toBe(40);
    });
  });

  it('503 forever gives HttpStatusError 503 after retries + 1 attempts', async () => {
    const body = { code: -1001, msg: 'Internal error; unable to process your request.' };
    await withClient(json(503, body), { retries: 3 }, async (client, server) => {
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isHttpStatusError(error)).toBe(true);
      expect(isRateLimitedError(error)).toBe(false);
      if (!isHttpStatusError(error)) return;
      expect(error.status).toBe(503);
      expect(error.attempts).toBe(4);
      expect(error.exchangeCode).toBe(-1001);
      expect(error.bodyExcerpt).toBe(JSON.stringify(body));
      expect(server.requests).toHaveLength(4);
      expect(client.requestWeightSpent).toBe(80);
    });
  });

  it('with retries 0 a 500 is final at once', async () => {
    await withClient(text(500, 'oops'), { retries: 0 }, async (client, server) => {
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isHttpStatusError(error) && error.attempts).toBe(1);
      expect(server.requests).toHaveLength(1);
    });
  });

  it('a refused connection gives NetworkError ECONNREFUSED after every attempt', async () => {
    const probe = await startLoopbackServer(ok());
    const { baseUrl } = probe;
    await probe.close();
    const client = new ExchangeInfoClient({ baseUrl, ...FAST });
    try {
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isNetworkError(error)).toBe(true);
      if (!isNetworkError(error)) return;
      expect(error.code).toBe('ECONNREFUSED');
      expect(error.attempts).toBe(3);
      expect(error.cause).toBeDefined();
      expect(client.requestsSent).toBe(3);
    } finally {
      await client.close();
    }
  });

  it('a body cut short of its Content-Length gives NetworkError after retries', async () => {
    await withClient(truncated(5_000, '{"timezone":"UTC","serverTime":1,'), {}, async (client, server) => {
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isNetworkError(error)).toBe(true);
      if (!isNetworkError(error)) return;
      expect(error.attempts).toBe(3);
      expect(error.code).toBeDefined();
      expect(error.cause).toBeDefined();
      expect(server.requests).toHaveLength(3);
    });
  });

  it('a truncated body then a good one succeeds', async () => {
    await withClient([truncated(5_000, '{"timezone"'), ok()], {}, async (client, server) => {
      await expect(client.fetchExchangeInfo()).resolves.toBeDefined();
      expect(server.requests).toHaveLength(2);
    });
  });
});

describe('ExchangeInfoClient: timeouts and cancellation', () => {
  it('a server that never answers gives RequestTimeoutError', async () => {
    await withClient(silence(), { timeoutMs: 100, retries: 1 }, async (client, server) => {
      const started = Date.now();
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(isRequestTimeoutError(error)).toBe(true);
      if (!isRequestTimeoutError(error)) return;
      expect(error.timeoutMs).toBe(100);
      expect(error.attempts).toBe(2);
      expect(server.requests).toHaveLength(2);
    });
  });

  it('the timeout covers the body too: a stalled body times out', async () => {
    const stall: Responder = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1_000 });
      res.write('{"timezone":');
    };
    await withClient(stall, { timeoutMs: 100, retries: 0 }, async (client) => {
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isRequestTimeoutError(error) && error.attempts).toBe(1);
    });
  });

  it('a caller abort rejects with the signal reason and stops retrying', async () => {
    await withClient(silence(), { timeoutMs: 5_000, retries: 5 }, async (client, server) => {
      const controller = new AbortController();
      const reason = new Error('shutting down');
      setTimeout(() => controller.abort(reason), 50);
      const started = Date.now();
      const error = await rejectionOf(client.fetchExchangeInfo(undefined, { signal: controller.signal }));
      expect(error).toBe(reason);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(server.requests).toHaveLength(1);
    });
  });

  it('a caller abort during the backoff wait rejects at once', async () => {
    await withClient(
      text(503, 'busy'),
      { retryDelayMs: 5_000, maxRetryDelayMs: 5_000 },
      async (client, server) => {
        const controller = new AbortController();
        const pending = rejectionOf(client.fetchExchangeInfo(undefined, { signal: controller.signal }));
        while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        setTimeout(() => controller.abort(), 20);
        const error = await pending;
        expect(error).toBeInstanceOf(DOMException);
        expect((error as DOMException).name).toBe('AbortError');
        expect(server.requests).toHaveLength(1);
      },
    );
  });

  it('an already aborted signal sends nothing', async () => {
    await withClient(ok(), {}, async (client, server) => {
      const error = await rejectionOf(
        client.fetchExchangeInfo(undefined, { signal: AbortSignal.abort('no') }),
      );
      expect(error).toBe('no');
      expect(server.requests).toHaveLength(0);
    });
  });
});

describe('ExchangeInfoClient: answers that are final at once', () => {
  it('429 with Retry-After: 7 gives RateLimitedError of 7000 ms, without retrying', async () => {
    await withClient(
      json(429, { code: -1003, msg: 'Too many requests.' }, { 'retry-after': '7' }),
      {},
      async (client, server) => {
        const error = await rejectionOf(client.fetchExchangeInfo());
        expect(isRateLimitedError(error)).toBe(true);
        expect(isHttpStatusError(error)).toBe(true);
        if (!isRateLimitedError(error)) return;
        expect(error.status).toBe(429);
        expect(error.retryAfterMs).toBe(7_000);
        expect(error.attempts).toBe(1);
        expect(error.exchangeCode).toBe(-1003);
        expect(server.requests).toHaveLength(1);
      },
    );
  });

  it('429 with an HTTP-date Retry-After gives the time until then', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    await withClient(text(429, '', 'text/plain', { 'retry-after': at }), {}, async (client) => {
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isRateLimitedError(error)).toBe(true);
      const wait = isRateLimitedError(error) ? (error.retryAfterMs ?? -1) : -1;
      expect(wait).toBeGreaterThan(27_000);
      expect(wait).toBeLessThanOrEqual(30_000);
    });
  });

  it('418 gives RateLimitedError, without retrying', async () => {
    await withClient(text(418, 'banned'), {}, async (client, server) => {
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isRateLimitedError(error)).toBe(true);
      if (!isRateLimitedError(error)) return;
      expect(error.status).toBe(418);
      expect(error.retryAfterMs).toBeUndefined();
      expect(server.requests).toHaveLength(1);
    });
  });

  it('400 with an exchange error body gives HttpStatusError with its code and message', async () => {
    await withClient(json(400, { code: -1121, msg: 'Invalid symbol.' }), {}, async (client, server) => {
      const error = await rejectionOf(client.fetchExchangeInfo({ symbol: 'NOPE' }));
      expect(isHttpStatusError(error)).toBe(true);
      expect(isRateLimitedError(error)).toBe(false);
      if (!isHttpStatusError(error)) return;
      expect(error.status).toBe(400);
      expect(error.exchangeCode).toBe(-1121);
      expect(error.exchangeMessage).toBe('Invalid symbol.');
      expect(error.attempts).toBe(1);
      expect(server.requests).toHaveLength(1);
    });
  });

  it('a long error page is cut to a short excerpt', async () => {
    const page = `<!doctype html><html><body>${'x'.repeat(5_000)}</body></html>`;
    await withClient(text(404, page, 'text/html'), {}, async (client) => {
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isHttpStatusError(error)).toBe(true);
      if (!isHttpStatusError(error)) return;
      expect(error.status).toBe(404);
      expect(error.bodyExcerpt.length).toBeLessThanOrEqual(300);
      expect(page.startsWith(error.bodyExcerpt)).toBe(true);
      expect(error.exchangeCode).toBeUndefined();
    });
  });

  it('malformed JSON with 200 gives InvalidResponseError, without retrying', async () => {
    await withClient(json(200, '{"timezone":"UTC",'), {}, async (client, server) => {
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isInvalidResponseError(error)).toBe(true);
      if (!isInvalidResponseError(error)) return;
      expect(error.bodyExcerpt).toBe('{"timezone":"UTC",');
      expect(error.contentType).toBe('application/json');
      expect(error.cause).toBeInstanceOf(SyntaxError);
      expect(server.requests).toHaveLength(1);
    });
  });

  it('an HTML page with 200 gives InvalidResponseError carrying the content type', async () => {
    const page = '<!doctype html><html><head><title>Maintenance</title></head></html>';
    await withClient(text(200, page, 'text/html; charset=utf-8'), {}, async (client) => {
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isInvalidResponseError(error)).toBe(true);
      if (!isInvalidResponseError(error)) return;
      expect(error.contentType).toBe('text/html; charset=utf-8');
      expect(error.bodyExcerpt).toBe(page);
    });
  });

  it('a body that is not UTF-8 gives InvalidResponseError', async () => {
    const latin1: Responder = (_req, res) => {
      const bytes = Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length }).end(bytes);
    };
    await withClient(latin1, {}, async (client) => {
      expect(isInvalidResponseError(await rejectionOf(client.fetchExchangeInfo()))).toBe(true);
    });
  });

  it('JSON that is not exchange info gives ExchangeInfoSchemaError, without retrying', async () => {
    await withClient(json(200, { symbols: 'none' }), {}, async (client, server) => {
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isExchangeInfoSchemaError(error)).toBe(true);
      expect(isPreflightError(error)).toBe(true);
      expect(server.requests).toHaveLength(1);
    });
  });
});

describe('ExchangeInfoClient: the body size cap', () => {
  it('a declared Content-Length over the cap fails at once', async () => {
    await withClient(endless(10_000_000), { maxResponseBytes: 4_096 }, async (client, server) => {
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isResponseTooLargeError(error)).toBe(true);
      if (!isResponseTooLargeError(error)) return;
      expect(error.maxResponseBytes).toBe(4_096);
      expect(error.contentLength).toBe(10_000_000);
      expect(server.requests).toHaveLength(1);
    });
  });

  it('an endless chunked body is cut at the cap', async () => {
    await withClient(endless(), { maxResponseBytes: 64 * 1024 }, async (client, server) => {
      const error = await rejectionOf(client.fetchExchangeInfo());
      expect(isResponseTooLargeError(error)).toBe(true);
      if (!isResponseTooLargeError(error)) return;
      expect(error.contentLength).toBeUndefined();
      expect(server.requests).toHaveLength(1);
    });
  });

  it('a body of exactly maxResponseBytes with Content-Length loads', async () => {
    const body = JSON.stringify(exchangeInfoPayload());
    await withClient(json(200, body), { maxResponseBytes: Buffer.byteLength(body) }, async (client) => {
      await expect(client.fetchExchangeInfo()).resolves.toBeDefined();
    });
  });

  it('a body of exactly maxResponseBytes without Content-Length loads; one byte more does not', async () => {
    const body = JSON.stringify(exchangeInfoPayload());
    const chunked: Responder = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(body.slice(0, 10));
      res.end(body.slice(10));
    };
    const size = Buffer.byteLength(body);
    await withClient(chunked, { maxResponseBytes: size }, async (client) => {
      await expect(client.fetchExchangeInfo()).resolves.toBeDefined();
    });
    await withClient(chunked, { maxResponseBytes: size - 1 }, async (client) => {
      expect(isResponseTooLargeError(await rejectionOf(client.fetchExchangeInfo()))).toBe(true);
    });
  });
});
