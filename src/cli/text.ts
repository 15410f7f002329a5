/**
 * Terminal-safe text. Order files, snapshots and servers are not trusted: a symbol holding an
 * escape sequence must not be able to clear the screen or rewrite earlier lines, so control
 * characters (C0, DEL, C1, line separators and bidirectional overrides) are shown escaped.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** `text` with unsafe characters escaped; tabs and newlines kept. */
export function printable(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

const LINE_BREAK_OR_TAB = /[\r\n\t]/;

/**
 * `text` on one line: a run of white space holding a newline or tab becomes one space, other
 * unsafe characters are escaped.
 */
export function oneLine(text: string): string {
  // Not `/\s*[\r\n\t]+\s*/g`: on a long run of spaces with no newline, each start position
  // rescans the run (16 s on 100k spaces, and servers' messages reach here). One greedy `\s+`
  // per run, then a test inside it, is linear.
  return printable(text.replace(/\s+/g, (run) => (LINE_BREAK_OR_TAB.test(run) ? ' ' : run))).trim();
}

/** At most `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A file-system error as a short phrase: `no such file or directory (ENOENT)`. Node's own
 * message repeats the path and the system call, which the caller already names.
 */
export function describeFsError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const match = /^[A-Z0-9_]+: ([^,]+)/.exec(message);
  const phrase = match?.[1] ?? message;
  return typeof code === 'string' && !phrase.includes(code) ? `${phrase} (${code})` : phrase;
}

/** What a thrown value says, on one line, never throwing itself. */
export function describeError(error: unknown): string {
  try {
    if (error instanceof Error) return oneLine(`${error.name}: ${error.message}`);
    return oneLine(`a thrown ${typeof error}: ${String(error)}`);
  } catch {
    return 'an unprintable error';
  }
}

/** Plural helper: `count(3, 'order')` → `3 orders`. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
