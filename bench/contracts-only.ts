/**
 * `node --expose-gc --import tsx bench/contracts-only.ts` (after `npm run build`): only the contracts' part of
 * `npm run bench` (contract-report.ts), for working on it.
 */
const PACKAGE: string = 'order-preflight';
const FUTURES: string = 'order-preflight/futures';
const { parseExchangeInfoText, RuleBook } = (await import(PACKAGE)) as typeof import('../src/index.js');
const { ContractBook } = (await import(FUTURES)) as typeof import('../src/futures.js');

import { reportContracts } from './contract-report.js';

reportContracts({ ContractBook, RuleBook, parseExchangeInfoText }, 4_096);
