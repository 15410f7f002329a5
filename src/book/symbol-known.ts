import { describeValue } from '../errors/preflight-error.js';
import type { RejectedDefinition } from '../exchange-info/schema.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { violationOf } from '../validation/violation.js';
import type { Violation, ViolationCode } from '../validation/violation-codes.js';

/** What the rule book knows of a symbol. */
export type PairLookup =
  | { readonly kind: 'known'; readonly pair: CompiledPair }
  | { readonly kind: 'rejected'; readonly rejected: RejectedDefinition }
  | { readonly kind: 'unknown' };

/** The codes of the symbol lookup, in the order `VIOLATION_CODES` lists them. */
export const LOOKUP_CODES: readonly ViolationCode[] = ['UNKNOWN_SYMBOL', 'SYMBOL_DEFINITION_INVALID'];

/** UNKNOWN_SYMBOL and SYMBOL_DEFINITION_INVALID: the symbol has a usable definition. */
export function checkSymbolKnown(symbol: string, lookup: PairLookup): Violation | undefined {
  if (lookup.kind === 'known') return undefined;
  if (lookup.kind === 'unknown')
    return violationOf(
      'UNKNOWN_SYMBOL',
      'symbol',
      `symbol ${describeValue(symbol, 40)} has no definition in the rule book`,
    );
  const reasons = lookup.rejected.reasons.map((r) => `${r.path}: ${r.message}`).join('; ');
  return violationOf(
    'SYMBOL_DEFINITION_INVALID',
    'symbol',
    `the definition of symbol ${symbol} (${reasons}) was set aside as malformed`,
  );
}
