/**
 * How two builds' answers are compared call by call (bench/old-against-new.ts for rule books,
 * bench/contract-old-against-new.ts for contract books): each answer as its JSON text, first
 * without its messages (a difference there is one of substance: codes, fields, limits, values,
 * suggestions), then with them (a difference there alone is a rewording). A call that throws
 * answers with its error's class (and message). The first few differences of each kind are
 * printed, from a little before their first differing character.
 */
export class AnswerComparison {
  /** Calls compared. */
  compared = 0;
  /** Calls whose answers differ in anything but wording. */
  differ = 0;
  /** Calls whose answers differ in their messages' wording alone. */
  reworded = 0;

  /** Runs one call on both builds and counts how their answers differ. */
  compare(what: string, before: () => unknown, after: () => unknown): void {
    this.compared++;
    const old = answer(before, false);
    const now = answer(after, false);
    if (old !== now) {
      this.differ++;
      if (this.differ <= 5) show(what, old, now);
      return;
    }
    const oldText = answer(before, true);
    const nowText = answer(after, true);
    if (oldText !== nowText) {
      this.reworded++;
      if (this.reworded <= 5) show(`(wording) ${what}`, oldText, nowText);
    }
  }

  /** The counts, as one line headed by `label`. */
  summary(label: string): string {
    return `${label}: ${this.compared} calls compared, ${this.differ} differ (codes, fields, limits, values, suggestions), ${this.reworded} differ in wording alone`;
  }
}

/** An answer as comparable text (with or without its messages): a thrown error by its class and message. */
function answer(run: () => unknown, withMessages: boolean): string {
  try {
    const replacer = withMessages
      ? undefined
      : (key: string, value: unknown) => (key === 'message' ? undefined : value);
    return JSON.stringify(run(), replacer) ?? 'undefined';
  } catch (error) {
    return `threw ${error instanceof Error ? error.name : typeof error}${withMessages && error instanceof Error ? `: ${error.message}` : ''}`;
  }
}

/** A difference, from a little before its first character. */
function show(what: string, old: string, now: string): void {
  let at = 0;
  while (at < old.length && old[at] === now[at]) at++;
  const from = Math.max(0, at - 120);
  console.log(
    `DIFFERS ${what.slice(0, 400)}\n  old: …${old.slice(from, at + 200)}\n  new: …${now.slice(from, at + 200)}`,
  );
}
