import { describe, expect, it } from 'vitest';
import { GATEWAY_HEADER } from '../../src/gateway/answers.js';
import { relayableResponseHeaders } from '../../src/gateway/forward.js';

describe("the upstream's answer headers, as relayed", () => {
  it("never carry the gateway's own header: a client tells the gateway's answers by it", () => {
    expect(
      relayableResponseHeaders({
        'content-type': 'application/json',
        [GATEWAY_HEADER]: 'order-refused',
        'x-request-id': 'abc',
      }),
    ).toEqual({ 'content-type': 'application/json', 'x-request-id': 'abc' });
  });

  it('never carry hop-by-hop headers or those the Connection header names', () => {
    expect(
      relayableResponseHeaders({
        connection: 'keep-alive, x-private',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        'x-private': 'secret',
        'content-length': '2',
      }),
    ).toEqual({ 'content-length': '2' });
  });
});
