/** What the progress line reports. */
export interface ProgressState {
  readonly lines: number;
  readonly refused: number;
  /** Bytes read so far and in all, when the input is a file of known size. */
  readonly bytesRead?: number | undefined;
  readonly totalBytes?: number | undefined;
}

export interface ProgressOptions {
  /** False (stderr is not a terminal): never write anything. */
  readonly enabled: boolean;
  /** Nothing is shown for an input that is done within this time: only long inputs get a bar. */
  readonly delayMs?: number;
  /** Redraw at most this often. */
  readonly intervalMs?: number;
  readonly now?: () => number;
}

const CLEAR_LINE = '\r\u001b[2K';

/**
 * A one-line progress indicator on a terminal, redrawn in place with `\r`:
 * `checking: line 120000, 45%, 3 refused`. It appears only once the work has taken `delayMs`,
 * is redrawn at most every `intervalMs`, and {@link Progress.clear} removes it (before other
 * output on the same terminal, and at the end), so no trace is left. Disabled, it writes nothing.
 */
export class Progress {
  readonly #stream: NodeJS.WritableStream;
  readonly #enabled: boolean;
  readonly #intervalMs: number;
  readonly #now: () => number;
  readonly #showFrom: number;
  #lastDrawn = Number.NEGATIVE_INFINITY;
  #visible = false;

  constructor(stream: NodeJS.WritableStream, options: ProgressOptions) {
    this.#stream = stream;
    this.#enabled = options.enabled;
    this.#intervalMs = options.intervalMs ?? 100;
    this.#now = options.now ?? Date.now;
    this.#showFrom = this.#now() + (options.delayMs ?? 300);
  }

  /** True while the indicator is on screen. */
  get visible(): boolean {
    return this.#visible;
  }

  /** Redraws the line if it is time to; cheap enough to call for every input line. */
  update(state: ProgressState): void {
    if (!this.#enabled) return;
    const now = this.#now();
    if (now < this.#showFrom || now - this.#lastDrawn < this.#intervalMs) return;
    this.#lastDrawn = now;
    this.#visible = true;
    this.#stream.write(`${CLEAR_LINE}${render(state)}`);
  }

  /** Erases the line, if shown. */
  clear(): void {
    if (!this.#visible) return;
    this.#visible = false;
    this.#stream.write(CLEAR_LINE);
  }
}

function render(state: ProgressState): string {
  const parts = [`checking: line ${state.lines}`];
  if (state.bytesRead !== undefined && state.totalBytes !== undefined && state.totalBytes > 0) {
    const percent = Math.min(100, Math.floor((100 * state.bytesRead) / state.totalBytes));
    parts.push(`${percent}%`);
  }
  parts.push(`${state.refused} refused`);
  return parts.join(', ');
}
