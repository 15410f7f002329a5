/**
 * `node --import tsx bench/odd-pairs-only.ts` (after `npm run build`): only the odd-pairs part of
 * `npm run bench`, for working on it.
 */
const PACKAGE: string = 'order-preflight';
const { parseExchangeInfoText, RuleBook } = (await import(PACKAGE)) as typeof import('../src/index.js');

import { BigBaselineValidator } from './big-baseline.js';
import { buildOddPairs } from './odd-pairs.js';
import { reportOddPairs } from './odd-pairs-report.js';

const odd = buildOddPairs();
const info = parseExchangeInfoText(odd.text);
console.log(`${info.symbols.length} odd and twin pairs, ${info.rejected?.length ?? 0} rejected`);
reportOddPairs(odd, RuleBook.fromExchangeInfo(info), new BigBaselineValidator(info.symbols), 4_096);
