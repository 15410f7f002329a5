import type { StrictJsonRefusal } from '../index.js';
import { clip, oneLine } from './text.js';

/**
 * A refusal of parseJsonStrictly as one line for a person: `not JSON: expected ':' after a key
 * (at byte 12)`. The position counts bytes from 1, as editors' "go to byte" does.
 */
export function describeStrictJsonRefusal(refusal: StrictJsonRefusal): string {
  // A detail may quote a key of up to maxValueBytes: a line of output stays a line.
  const detail = clip(oneLine(refusal.detail), 160);
  const what = refusal.reason === 'NOT_JSON' ? `not JSON: ${detail}` : detail;
  return `${what} (at byte ${refusal.at + 1})`;
}
