import { type CompiledPair, compilePair, withInferredTick } from '../book/compiled-pair.js';
import { RuleBook } from '../book/rule-book.js';
import type { ExchangeInfo } from '../exchange-info/schema.js';
import type { Slicer } from './slicer.js';

/**
 * One definition compiled ahead of assembly: its compiled pair, or what compiling it threw.
 *
 * @internal
 * @example
 * ```ts
 * const outcome: CompiledOutcome = { failed: new RangeError('not a decimal: 1..2') };
 * ```
 */
export type CompiledOutcome = CompiledPair | { readonly failed: unknown };

/**
 * The assembly step a book needs so its pairs can be compiled in slices: `RuleBook`'s
 * constructor compiles every pair in one synchronous pass (about 40 µs a pair on a busy 2-core
 * machine, so 0.8 s for 20,000), and nothing outside src/book can build a book from pairs
 * compiled beforehand.
 *
 * The hook `RuleBook.fromCompiledPairs(info, compiled, fetchedAt)` is looked up at run time:
 * `compiled[i]` is `compilePair(withInferredTick(info.symbols[i]))` or `{ failed }` with what
 * that threw, and the book sets a failed pair aside exactly as `fromExchangeInfo` does. Until
 * src/book offers it, the book is compiled in one block by `RuleBook.fromExchangeInfo` (every
 * other step of a refresh is sliced either way).
 */
type Assemble = (info: ExchangeInfo, compiled: readonly CompiledOutcome[], fetchedAt: number) => RuleBook;

function assemblyHook(): Assemble | undefined {
  const hook = (RuleBook as unknown as { readonly fromCompiledPairs?: unknown }).fromCompiledPairs;
  return typeof hook === 'function' ? (hook.bind(RuleBook) as Assemble) : undefined;
}

/**
 * True when this build of the library compiles a refreshed book in slices (see
 * {@link compileRuleBookInSlices}); false when the book's compile is still one block.
 *
 * @internal
 * @example
 * ```ts
 * if (!COMPILES_IN_SLICES) log.warn('rule-book compile blocks the event loop during a refresh');
 * ```
 */
export const COMPILES_IN_SLICES: boolean = assemblyHook() !== undefined;

/**
 * Compiles parsed exchange info into a rule book, as `RuleBook.fromExchangeInfo(info, { fetchedAt })`
 * would (missing ticks inferred), a slice at a time between event-loop turns when the book
 * offers its assembly hook (see {@link COMPILES_IN_SLICES}).
 *
 * @internal
 * @throws the slicer's signal's reason when it aborts between slices.
 * @example
 * ```ts
 * const book = await compileRuleBookInSlices(info, Date.now(), new Slicer({ signal }));
 * ```
 */
export async function compileRuleBookInSlices(
  info: ExchangeInfo,
  fetchedAt: number,
  slicer: Slicer,
): Promise<RuleBook> {
  const assemble = assemblyHook();
  if (assemble === undefined) return RuleBook.fromExchangeInfo(info, { fetchedAt });
  const compiled: CompiledOutcome[] = new Array(info.symbols.length);
  for (let index = 0; index < info.symbols.length; index++) {
    if (slicer.due()) await slicer.pause();
    compiled[index] = compileOne(info.symbols[index]!);
  }
  return assemble(info, compiled, fetchedAt);
}

function compileOne(definition: ExchangeInfo['symbols'][number]): CompiledOutcome {
  try {
    return compilePair(withInferredTick(definition));
  } catch (failed) {
    return { failed };
  }
}
