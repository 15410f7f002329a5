import { createHash } from 'node:crypto';
import { parseResponseJsonSteps } from '../client/json-body.js';
import { parseExchangeInfoSteps } from '../exchange-info/parse-exchange-info.js';
import type { ExchangeInfo } from '../exchange-info/schema.js';
import { type JsonSkeleton, type JsonSpan, jsonSkeletonSteps } from '../json/json-skeleton.js';
import type { Steps } from '../steps/steps.js';
import type { Slicer } from './slicer.js';

/**
 * An exchange-info response body whose top level has been read, but none of its definitions:
 * enough to tell whether it says anything new ({@link ScannedExchangeInfo.fingerprint}) before
 * paying for the parse.
 *
 * @internal
 * @example
 * ```ts
 * const body = await scanExchangeInfoText(text, slicer);
 * if (body.fingerprint !== lastFingerprint) info = await body.parse(slicer);
 * ```
 */
export interface ScannedExchangeInfo {
  /**
   * A digest of the body without its `serverTime` value, which changes on every response even
   * when no rule does. Equal fingerprints mean equal definitions, time zone and all.
   */
  readonly fingerprint: string;
  /** The body read as the client reads a whole body, in slices. */
  parse(slicer: Slicer): Promise<ExchangeInfo>;
}

/** Characters hashed per call, so a 10 MB body is digested in slices too. */
const HASH_STRIDE = 1 << 20;

/**
 * Reads the top level of an exchange-info body (its skeleton: the members, and the bounds of
 * each `symbols` element) and digests it, in slices: the first half of the rule-book source's
 * refresh of a body that may hold 20,000 definitions (10 MB).
 *
 * The parse is the client's own reading of a body (`parseResponseJson`, then
 * `parseExchangeInfo`), run a slice at a time from the skeleton read here, so it gives what
 * the client gives, errors included: a body that cannot be read as JSON (an HTML page, a member
 * named twice, nesting too deep) is an `InvalidResponseError` (without `url` or `contentType`,
 * which the text does not carry), and JSON of the wrong shape an `ExchangeInfoSchemaError`.
 *
 * @internal
 * @example
 * ```ts
 * const body = await scanExchangeInfoText(await res.text(), new Slicer({ signal }));
 * const info = await body.parse(slicer); // deep-equal to parseExchangeInfo(parseResponseJson(text, { text }))
 * ```
 */
export async function scanExchangeInfoText(text: string, slicer: Slicer): Promise<ScannedExchangeInfo> {
  const skeleton = await slicer.run(jsonSkeletonSteps(text));
  const serverTime = skeleton?.members.get('serverTime');
  const kept =
    serverTime === undefined
      ? [{ start: 0, end: text.length }]
      : [
          { start: 0, end: serverTime.start },
          { start: serverTime.end, end: text.length },
        ];
  const fingerprint = await digest(text, kept, slicer);
  return { fingerprint, parse: (parseSlicer) => parseSlicer.run(readBodySteps(text, skeleton)) };
}

function* readBodySteps(text: string, skeleton: JsonSkeleton | undefined): Steps<ExchangeInfo> {
  const json = yield* parseResponseJsonSteps(text, { text }, skeleton);
  return yield* parseExchangeInfoSteps(json);
}

/** Hashes the given spans of `text`, a slice at a time. */
async function digest(text: string, spans: readonly JsonSpan[], slicer: Slicer): Promise<string> {
  const hash = createHash('sha256');
  for (const { start, end } of spans) {
    for (let at = start; at < end; at += HASH_STRIDE) {
      hash.update(text.slice(at, Math.min(end, at + HASH_STRIDE)), 'utf8');
      await slicer.checkpoint();
    }
    hash.update('\u0000'); // so that moving the cut point between spans changes the digest
  }
  return hash.digest('base64');
}
