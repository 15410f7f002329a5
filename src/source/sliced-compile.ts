import { type CompiledOutcome, type RuleBook, ruleBookFromCompiledPairs } from '../book/rule-book.js';
import type { ExchangeInfo } from '../exchange-info/schema.js';
import { compilePair, withInferredTick } from '../pair/compile-pair.js';
import type { Slicer } from './slicer.js';

/**
 * Compiles parsed exchange info into a rule book, as `RuleBook.fromExchangeInfo(info, { fetchedAt })`
 * would (missing ticks inferred), a slice at a time between event-loop turns when the book
 * assembles them (`ruleBookFromCompiledPairs`).
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
  const compiled: CompiledOutcome[] = new Array(info.symbols.length);
  for (let index = 0; index < info.symbols.length; index++) {
    if (slicer.due()) await slicer.pause();
    compiled[index] = compileOne(info.symbols[index]!);
  }
  return ruleBookFromCompiledPairs(info, compiled, fetchedAt);
}

function compileOne(definition: ExchangeInfo['symbols'][number]): CompiledOutcome {
  try {
    return compilePair(withInferredTick(definition));
  } catch (failed) {
    return { failed };
  }
}
