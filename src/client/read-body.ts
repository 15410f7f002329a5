/**
 * A response body as undici gives it: an async iterable of chunks that can be destroyed.
 *
 * @example
 * ```ts
 * const { body }: { body: ByteStream } = await dispatcher.request({ origin, path, method: 'GET' });
 * ```
 */
export interface ByteStream extends AsyncIterable<Uint8Array | string> {
  destroy(error?: Error): unknown;
}

/**
 * What {@link readBodyWithCap} read: the bytes, and whether that is the whole body.
 *
 * @example
 * ```ts
 * const { bytes, complete }: CappedBody = await readBodyWithCap(body, 1024);
 * ```
 */
export interface CappedBody {
  /** At most the cap's worth of bytes. */
  readonly bytes: Buffer;
  /** False when the body went past the cap; the stream has then been destroyed. */
  readonly complete: boolean;
}

/**
 * Reads a body into memory, counting bytes as they arrive and stopping at `maxBytes`: the
 * stream is destroyed there, so a huge or endless body costs no more than the cap and the
 * connection is not left reading. A body of exactly `maxBytes` is complete.
 *
 * Stream errors (a connection closed mid-body) propagate unchanged.
 *
 * @example
 * ```ts
 * const { bytes, complete } = await readBodyWithCap(response.body, 32 * 1024 * 1024);
 * if (!complete) throw new Error('too large');
 * ```
 */
export async function readBodyWithCap(body: ByteStream, maxBytes: number): Promise<CappedBody> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const buffer =
      typeof chunk === 'string'
        ? Buffer.from(chunk)
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (total + buffer.length > maxBytes) {
      chunks.push(buffer.subarray(0, maxBytes - total));
      body.destroy();
      return { bytes: Buffer.concat(chunks), complete: false };
    }
    chunks.push(buffer);
    total += buffer.length;
  }
  return { bytes: Buffer.concat(chunks, total), complete: true };
}

/**
 * Reads the first `maxBytes` of a body that only matters for an error report, and never fails:
 * a body that breaks off gives what arrived before (or nothing). The rest is discarded with the
 * stream.
 *
 * @example
 * ```ts
 * const text = await readBodyExcerpt(response.body, 16 * 1024); // '{"code":-1121,"msg":"Invalid symbol."}'
 * ```
 */
export async function readBodyExcerpt(body: ByteStream, maxBytes: number): Promise<string> {
  try {
    const { bytes } = await readBodyWithCap(body, maxBytes);
    return new TextDecoder('utf-8').decode(bytes);
  } catch {
    body.destroy();
    return '';
  }
}
