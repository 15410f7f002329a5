// Base URLs are read in one place, the client's readBaseUrl: the client's baseUrl option and the
// CLI's --base-url alike.
import { describe, expect, it } from 'vitest';
import { ExchangeInfoClient, readBaseUrl } from '../../src/node.js';
import { json, startLoopbackServer } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';

describe('readBaseUrl', () => {
  it.each([
    [
      'https://api.example.com',
      'https://api.example.com',
      'https://api.example.com/api/v3/exchangeInfo',
      false,
    ],
    [
      'https://api.example.com/gw//',
      'https://api.example.com/gw//',
      'https://api.example.com/gw/api/v3/exchangeInfo',
      false,
    ],
    [
      'https://api.example.com/api/v3/exchangeInfo',
      'https://api.example.com',
      'https://api.example.com/api/v3/exchangeInfo',
      true,
    ],
    ['http://h:81/gw/API/v3/exchangeinfo//', 'http://h:81/gw', 'http://h:81/gw/api/v3/exchangeInfo', true],
  ])('%s: base %s, endpoint %s', (given, base, endpoint, endsInEndpoint) => {
    const read = readBaseUrl(given);
    expect(
      read.ok && { base: read.base, endpoint: read.endpoint.href, endsInEndpoint: read.endsInEndpoint },
    ).toEqual({
      base,
      endpoint,
      endsInEndpoint,
    });
  });

  it('refuses what the client refuses, as a value', () => {
    for (const bad of ['ftp://h', 'not a url', 'http://u:p@h', 'http://h/x?a=1', 'http://h/#f']) {
      const read = readBaseUrl(bad);
      expect(read.ok).toBe(false);
      expect(!read.ok && read.endpointQuery).toBeUndefined();
    }
    const read = readBaseUrl('http://h/gw/api/v3/exchangeInfo?symbol=BTCUSDT');
    expect(!read.ok && read.endpointQuery?.base).toBe('http://h/gw');
    expect(!read.ok && read.endpointQuery?.query.get('symbol')).toBe('BTCUSDT');
  });

  it('the client sends a baseUrl that already ends in the endpoint path once, not doubled', async () => {
    const server = await startLoopbackServer(json(200, exchangeInfoPayload([pairDefinition()])));
    const client = new ExchangeInfoClient({ baseUrl: `${server.baseUrl}/api/v3/exchangeInfo/` });
    try {
      await client.fetchExchangeInfo();
      expect(server.requests.map((r) => r.url)).toEqual(['/api/v3/exchangeInfo']);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
