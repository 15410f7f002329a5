import type { IncomingMessage } from 'node:http';

/**
 * A request body read as raw bytes, never decoded and re-encoded, so what is forwarded is what
 * the client signed. A body over the cap is `too-large`; `drained` says whether it was read to
 * its end (discarded), so the connection can stay open, or abandoned, so it must be closed.
 *
 * @example
 * ```ts
 * const read = await readRawBody(req, 64 * 1024);
 * if (!read.ok) return reply413();
 * read.bytes; // Buffer, byte for byte as sent
 * ```
 */
export type RawBody =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: 'too-large'; readonly drained: boolean }
  | { readonly ok: false; readonly reason: 'aborted' };

/** How much of an oversized body is read and thrown away so that the 413 can be answered cleanly. */
const DEFAULT_DRAIN_BYTES = 1024 * 1024;

/**
 * Buffers a request body up to `maxBytes`. Beyond that the bytes are discarded: up to
 * `drainBytes` more are read to the end, so the client, still sending, gets the 413 rather than
 * a connection reset; a body larger still (declared or sent) is abandoned at once.
 *
 * @example
 * ```ts
 * const read = await readRawBody(req, 65_536);
 * ```
 */
export function readRawBody(
  req: IncomingMessage,
  maxBytes: number,
  drainBytes = DEFAULT_DRAIN_BYTES,
): Promise<RawBody> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes + drainBytes) {
    req.resume(); // discard whatever arrives until the connection is closed
    return Promise.resolve({ ok: false, reason: 'too-large', drained: false });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (result: RawBody) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length <= maxBytes) chunks.push(chunk);
      // Still flowing after this: the rest is read and dropped until the connection closes.
      else if (length > maxBytes + drainBytes) finish({ ok: false, reason: 'too-large', drained: false });
    };
    const onEnd = () =>
      finish(
        length > maxBytes
          ? { ok: false, reason: 'too-large', drained: true }
          : { ok: true, bytes: Buffer.concat(chunks, length) },
      );
    const onAbort = () => finish({ ok: false, reason: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onAbort);
  });
}
