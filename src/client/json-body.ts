import { parseJsonLosslesslySteps } from '../exchange-info/lossless-json.js';
import type { JsonSkeleton } from '../json/json-skeleton.js';
import { runSteps, type Steps } from '../steps/steps.js';
import { excerptOf } from './error-body.js';
import { InvalidResponseError } from './errors/invalid-response-error.js';

/**
 * A 2xx response body and what is known of where it came from: the library's client knows the
 * URL and the content type; a body handed over as text (a fetcher's `fetchExchangeInfoText`,
 * parsed by the rule-book source) carries neither.
 *
 * @internal
 * @example
 * ```ts
 * const body: ResponseBody = { text: '<html>', url: 'https://api.example.com/api/v3/exchangeInfo' };
 * ```
 */
export interface ResponseBody {
  readonly text: string;
  readonly url?: string | undefined;
  readonly contentType?: string | undefined;
}

/**
 * Parses `json`, a response body, losslessly. The one place that decides what a body that cannot be read as JSON is, whichever
 * path reads it: not JSON (an HTML page, a truncated document), a member named twice with two
 * values, or nesting deeper than the parser's bound all make an {@link InvalidResponseError}
 * (the body is no JSON value at all). JSON of the wrong shape is the reader's to report, as an
 * `ExchangeInfoSchemaError`.
 *
 * @internal
 * @throws {InvalidResponseError} carrying the body's excerpt (from its start, also for a part).
 * @example
 * ```ts
 * const json = parseResponseJson(body.text, body);
 * ```
 */
export function parseResponseJson(json: string, body: ResponseBody): unknown {
  // Run whole, the text is one part: cutting it only pays where the cuts let other work run.
  return runSteps(parseResponseJsonSteps(json, body, undefined, Number.POSITIVE_INFINITY));
}

/**
 * {@link parseResponseJson} as steps, for the rule-book source to run a slice at a time.
 *
 * @internal
 * @param skeleton - the body's skeleton when the caller has read it already.
 * @param partLength - about how many characters a part of a large body holds.
 * @throws {InvalidResponseError} as `parseResponseJson` does.
 * @example
 * ```ts
 * const json = await slicer.run(parseResponseJsonSteps(text, { text }, skeleton));
 * ```
 */
export function* parseResponseJsonSteps(
  json: string,
  body: ResponseBody,
  skeleton?: JsonSkeleton,
  partLength?: number,
): Steps<unknown> {
  try {
    return yield* parseJsonLosslesslySteps(json, 0, skeleton, partLength);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new InvalidResponseError(
      {
        url: body.url,
        contentType: body.contentType,
        bodyExcerpt: excerptOf(body.text),
        reason: `the body is not JSON (${detail})`,
      },
      { cause: error },
    );
  }
}
