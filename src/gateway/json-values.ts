import type { StrictJsonLimits, StrictJsonValue } from '../index.js';

/**
 * Limits for JSON whose bytes are already capped (a request body by `--max-body-bytes`, the
 * ticker's answer by `maxBodyBytes`, the operator's own price file by its size): only nesting is
 * bounded while reading it, so a long string or many values are the library's to judge, never a
 * reason to call the JSON unreadable.
 */
export const SIZE_BOUNDED_LIMITS: Partial<StrictJsonLimits> = {
  maxValueBytes: Number.POSITIVE_INFINITY,
  maxValues: Number.POSITIVE_INFINITY,
};

/** A JSON object: not `null`, not an array. */
export function isJsonObject(value: StrictJsonValue): value is { [key: string]: StrictJsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
