import type { ContractRule } from './contract-rule.js';
import { marketOpenSize } from './market-open-size.js';
import { positionSize } from './position-size.js';
import { triggerPriceTicks } from './trigger-price-tick.js';

/**
 * The rules only a contract has, in the order their violations and skips are reported, after the
 * shared (spot) rules' ones: the one place their positions are written.
 */
export const CONTRACT_RULES: readonly ContractRule[] = Object.freeze([
  ...triggerPriceTicks,
  marketOpenSize,
  positionSize,
]);
