/**
 * A long operation written once, as a generator that yields between units of work (a definition
 * parsed, a pair compiled, a symbol compared). The caller decides how to run it: to the end in
 * one call ({@link runSteps}, what the library's one-call functions do), or a slice at a time
 * with event-loop turns between slices (the rule-book source's slicer, which keeps a gateway
 * responsive while it refreshes 20,000 pairs). Either way the same code does the same work, so
 * the two runs cannot drift apart.
 *
 * A yield carries nothing and costs a few nanoseconds; a step should do at least one unit of
 * real work so that the yields stay a small share of the run.
 *
 * @example
 * ```ts
 * function* totalSteps(items: readonly number[]): Steps<number> {
 *   let total = 0;
 *   for (const item of items) {
 *     total += item;
 *     yield;
 *   }
 *   return total;
 * }
 * runSteps(totalSteps([1, 2, 3])); // 6
 * ```
 */
export type Steps<T> = Generator<void, T, void>;

/**
 * How many items (definitions, pairs) one step handles: enough that a step's cost is its work,
 * not the yield (the work is then a plain loop the engine optimises as any other), few enough
 * that a step stays well under a millisecond on a busy machine.
 *
 * @example
 * ```ts
 * for (let from = 0; from < items.length; from += ITEMS_PER_STEP) {
 *   handle(items, from, Math.min(items.length, from + ITEMS_PER_STEP));
 *   yield;
 * }
 * ```
 */
export const ITEMS_PER_STEP = 32;

/**
 * How many items a step goes through when each costs about a map operation (bookkeeping after the
 * heavy work: indexing, looking for duplicates).
 */
export const CHEAP_ITEMS_PER_STEP = 1024;

/**
 * Runs `steps` to the end in this call and returns its result: the whole-run form of a long
 * operation written as {@link Steps}.
 *
 * @example
 * ```ts
 * const book = runSteps(ruleBookSteps(info, { fetchedAt }));
 * ```
 */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}
