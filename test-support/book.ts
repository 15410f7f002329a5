import { parseExchangeInfo, RuleBook } from '../src/index.js';
import type { ModelOptions, RawPairDefinition } from './model/spec-model.js';

/** A rule book built the public way from raw definitions, as the exchange would send them. */
export function bookFrom(definitions: readonly RawPairDefinition[], options: ModelOptions = {}): RuleBook {
  return RuleBook.fromExchangeInfo(
    parseExchangeInfo({ timezone: 'UTC', serverTime: 1763712000000, symbols: [...definitions] }),
    options.inferTickSize === undefined ? {} : { inferTickSize: options.inferTickSize },
  );
}
