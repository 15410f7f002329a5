/**
 * The warnings `npm test` must not print (scripts/test.ts fails a step whose output has one): the
 * shapes in which Node, vitest, Vite, esbuild, tsup, Biome and ESLint print theirs. A test's own
 * words ("carries a warning") are not one of them.
 */

/** Each tool's warning line, matched against output without its colours. */
export const WARNING_LINES: readonly RegExp[] = [
  // Node: `(node:1234) [DEP0040] DeprecationWarning: ...`, `(node:1234) Warning: ...`, and the
  // Experimental / MaxListenersExceeded / UnhandledPromiseRejection kinds.
  /^\(node:\d+\) (?:\[[A-Z]+\d*\] )?\w*Warning:/,
  // vitest and Vite: ` DEPRECATED  ...`, ` WARNING  ...`, `[vite] warning: ...`.
  /^\s*(?:DEPRECATED|WARNING)\s/,
  /^\[vite\]\s*warn/i,
  // esbuild (and so tsup's bundling): `▲ [WARNING] ...`; tsup's own log: `CLI WARN ...`.
  /\[WARNING\]/,
  /^[A-Z]+ WARN\s/,
  // Biome: `Found 2 warnings.`; a diagnostic's `⚠` marker.
  /^Found \d+ warnings?\b/,
  /^\s*⚠ /,
  // ESLint's summary: `✖ 3 problems (0 errors, 3 warnings)`.
  /\(\d+ errors?, [1-9]\d* warnings?\)/,
];

/** Colours and other terminal escapes, which would hide a line's start from the patterns. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: an escape sequence starts with ESC
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

/**
 * The lines of `output` that are a tool's warning, without their colours.
 *
 * @example
 * ```ts
 * warningLines('(node:7) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.\nok\n');
 * // ['(node:7) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.']
 * ```
 */
export function warningLines(output: string): string[] {
  return output
    .replace(ANSI, '')
    .split(/\r?\n/)
    .filter((line) => WARNING_LINES.some((pattern) => pattern.test(line)));
}
