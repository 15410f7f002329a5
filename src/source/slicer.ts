import { performance } from 'node:perf_hooks';
// From node:timers/promises rather than the global: a test that fakes the global timers must not
// freeze a refresh that is only yielding to the event loop.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Steps } from '../steps/steps.js';

/**
 * How long one slice of refresh work may run before it yields (ms). Well under the 50 ms a
 * refresh may block the event loop at most, so that a slow item at a slice's end, or a GC pause,
 * still fits.
 *
 * @example
 * ```ts
 * new Slicer({ budgetMs: DEFAULT_SLICE_MS });
 * ```
 */
const DEFAULT_SLICE_MS = 8;

/**
 * Below this many definitions a refresh's work is done in one go: it takes a few ms even on a
 * busy machine, and a yield would only add latency (and, in a test that fakes timers, a step
 * that faked time does not drive).
 *
 * @example
 * ```ts
 * const slicer = slicerFor(info.symbols.length, signal);
 * ```
 */
const SMALL_JOB_ITEMS = 128;

/**
 * A slicer for work over `items` definitions: one that never yields for a small job (see
 * {@link SMALL_JOB_ITEMS}), a {@link DEFAULT_SLICE_MS} one otherwise.
 *
 * @internal
 * @example
 * ```ts
 * const slicer = slicerFor(book.size);
 * ```
 */
export function slicerFor(items: number, signal?: AbortSignal): Slicer {
  return new Slicer({
    budgetMs: items < SMALL_JOB_ITEMS ? Number.POSITIVE_INFINITY : DEFAULT_SLICE_MS,
    signal,
  });
}

/**
 * Cuts long synchronous work (parsing, compiling, diffing, serialising 20,000 pair definitions)
 * into slices, and yields to the event loop with `setImmediate` between them, so that requests
 * and timers waiting on a busy gateway run between slices rather than after the whole refresh.
 *
 * The work is the library's own, written once as {@link Steps} (the one-call functions run the
 * same generators to the end): {@link Slicer.run} drives one, pausing whenever a slice has used
 * its budget. For loops of its own, call {@link Slicer.due} between items (it only reads the
 * clock) and `await pause()` when it says so. A pause throws the signal's reason once the
 * signal has aborted, so a `stop()` ends the work at the next slice.
 *
 * @internal
 * @example
 * ```ts
 * const slicer = new Slicer({ signal });
 * const book = await slicer.run(ruleBookSteps(info, { fetchedAt }));
 * ```
 */
export class Slicer {
  readonly #budgetMs: number;
  readonly #signal: AbortSignal | undefined;
  #sliceStart = performance.now();

  constructor(options: { readonly budgetMs?: number; readonly signal?: AbortSignal | undefined } = {}) {
    this.#budgetMs = options.budgetMs ?? DEFAULT_SLICE_MS;
    this.#signal = options.signal;
  }

  /** True once the signal has aborted: the work is to be abandoned. */
  get aborted(): boolean {
    return this.#signal?.aborted === true;
  }

  /** True when the current slice has used its budget. */
  due(): boolean {
    return performance.now() - this.#sliceStart >= this.#budgetMs;
  }

  /** Yields to the event loop once, then starts a new slice. @throws the signal's reason once aborted. */
  async pause(): Promise<void> {
    this.#signal?.throwIfAborted();
    await nextTurn();
    this.#signal?.throwIfAborted();
    this.#sliceStart = performance.now();
  }

  /**
   * Runs `steps` to the end, pausing between its steps whenever the slice has used its budget:
   * the same result as `runSteps(steps)`, with event-loop turns in between.
   *
   * @throws what the steps throw, or the signal's reason once it aborts (the steps are then
   *   closed, so their `finally` blocks run).
   */
  async run<T>(steps: Steps<T>): Promise<T> {
    let finished = false;
    try {
      for (;;) {
        const step = steps.next();
        if (step.done === true) {
          finished = true;
          return step.value;
        }
        if (this.due()) await this.pause();
      }
    } finally {
      if (!finished) steps.return(undefined as never);
    }
  }

  /** `pause()` when {@link Slicer.due}; for loops whose items are few and large. */
  async checkpoint(): Promise<void> {
    if (this.due()) await this.pause();
  }
}
