import { parseExchangeInfo, RuleBook } from '../../src/index.js';
import type { RawPairDefinition } from '../model/spec-model.js';

/** A rule book built the public way from raw definitions, as the exchange would send them. */
export function bookFrom(definitions: readonly RawPairDefinition[]): RuleBook {
  return RuleBook.fromExchangeInfo(
    parseExchangeInfo({ timezone: 'UTC', serverTime: 1763712000000, symbols: [...definitions] }),
  );
}
