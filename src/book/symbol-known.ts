import { describeValue } from '../errors/preflight-error.js';
import type { RejectedDefinition } from '../exchange-info/schema.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { violation } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';

/** What the rule book knows of a symbol. */
export type PairLookup =
  | { readonly kind: 'known'; readonly pair: CompiledPair }
  | { readonly kind: 'rejected'; readonly rejected: RejectedDefinition }
  | { readonly kind: 'unknown' };

/** UNKNOWN_SYMBOL and SYMBOL_DEFINITION_INVALID: the symbol has a usable definition. */
export function checkSymbolKnown(symbol: string, lookup: PairLookup): Violation | undefined {
  if (lookup.kind === 'known') return undefined;
  if (lookup.kind === 'unknown')
    return violation('UNKNOWN_SYMBOL', 'symbol', { detail: describeValue(symbol, 40) });
  const reasons = lookup.rejected.reasons.map((r) => `${r.path}: ${r.message}`).join('; ');
  return violation('SYMBOL_DEFINITION_INVALID', 'symbol', { detail: `${symbol} (${reasons})` });
}
