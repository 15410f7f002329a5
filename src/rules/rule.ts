import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import type { SkippedCheck, Violation } from '../validation/violation-codes.js';

/** What one rule says of one order: a breach, a check it could not make, or nothing. */
export type RuleOutcome = Violation | SkippedCheck | undefined;

/** A rule about a known pair: a pure function of the compiled pair, the parsed order and context. */
export type PairRule = (pair: CompiledPair, order: ParsedOrder, context: ParsedContext) => RuleOutcome;
