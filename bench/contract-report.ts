import type { ContractBook as Contracts } from '../src/futures.js';
import type { ExchangeInfo, RuleBook } from '../src/index.js';
import { BigBaselineValidator } from './big-baseline.js';
import { BigContractValidator } from './contract-baseline.js';
import { buildContractMix, buildContractTwins, type ContractCase } from './contract-twins.js';
import type { Verdict } from './order-by-order.js';
import type { MixCase } from './order-mix.js';
import { race } from './race.js';

/**
 * The contracts' part of `npm run bench` (contract-twins.ts): the main mix's kind of orders on
 * perpetual contracts in the contract host's shape (recorded field names, strings and numbers,
 * a third with negative precisions), each beside the same order on its spot twin (a pair with the
 * same numbers), and beside a big.js validator of the contract rules written by hand, all timed
 * together (race.ts), so the ratios compare like with like in one run. `size` orders per mix.
 */

let sink = 0;

/** The classes and functions of the built package the report needs. */
export interface ContractBenchLibrary {
  readonly ContractBook: typeof Contracts;
  readonly RuleBook: typeof RuleBook;
  readonly parseExchangeInfoText: (text: string) => ExchangeInfo;
}

export function reportContracts(library: ContractBenchLibrary, size: number): void {
  const twins = buildContractTwins();
  const spotInfo = library.parseExchangeInfoText(twins.spotText);
  const spotBook = library.RuleBook.fromExchangeInfo(spotInfo);
  const contractBook = library.ContractBook.fromContractInfoText(twins.contractText);
  const spotBig = new BigBaselineValidator(spotInfo.symbols);
  const contractBig = new BigContractValidator(twins.contracts);
  const negative = new Set(twins.contracts.filter((c) => c.quantityPrecision < 0).map((c) => c.symbol));

  const mixes = [
    ['main mix (20% refused)', buildContractMix(twins, size)],
    ['mostly failing mix', buildContractMix(twins, size, 48, { fail: 2, of: 3 })],
  ] as const;

  const spotValidate: Verdict = (c) => spotBook.validateOrder(c.order, c.context).ok;
  const spotCheck: Verdict = (c) => spotBook.checkOrder(c.order, c.context).ok;
  const contractValidate = (c: ContractCase) => contractBook.validateOrder(c.order, c.context).ok;
  const contractCheck = (c: ContractCase) => contractBook.checkOrder(c.order, c.context).ok;
  const bigContract = (c: ContractCase) => contractBig.validate(c.order, c.context).length === 0;
  const bigSpot: Verdict = (c) => spotBig.validate(c.order, c.context).length === 0;

  console.log(
    `\ncontracts beside their spot twins: ${twins.contracts.length} contracts in the contract host's shape ` +
      `(${negative.size} with a negative quantityPrecision; half written with JSON numbers), ` +
      'the same orders on each contract (opening, with a position held) and on its spot twin ' +
      '(ns per order; all timed together, in the same process)',
  );
  const rows: Record<string, Record<string, string>> = {};
  for (const [title, mix] of mixes) {
    const slices: [string, MixCase[], ContractCase[]][] = [[title, mix.spot, mix.contract]];
    const onNegative = mix.contract.map((c) => negative.has(String(c.order.symbol)));
    slices.push([
      `${title}, negative precisions only`,
      mix.spot.filter((_, i) => onNegative[i]),
      mix.contract.filter((_, i) => onNegative[i]),
    ]);
    for (const [label, spot, contract] of slices) {
      const disagree = {
        twin: contract.filter((c, i) => contractValidate(c) !== spotValidate(spot[i] as MixCase)).length,
        big: contract.filter((c) => contractValidate(c) !== bigContract(c)).length,
      };
      for (let round = 0; round < 10; round++)
        for (let i = 0; i < spot.length; i++) {
          const s = spot[i] as MixCase;
          const c = contract[i] as ContractCase;
          if (spotValidate(s) && spotCheck(s) && contractValidate(c) && contractCheck(c) && bigContract(c))
            sink++;
        }
      // Each verdict over its own list (a contract case has the order and context a MixCase has).
      const asCases = contract as unknown as MixCase[];
      const [sv, cv, sc, cc, bc, bs] = race([
        [spotValidate, spot],
        [(c) => contractValidate(c as unknown as ContractCase), asCases],
        [spotCheck, spot],
        [(c) => contractCheck(c as unknown as ContractCase), asCases],
        [(c) => bigContract(c as unknown as ContractCase), asCases],
        [bigSpot, spot],
      ]) as [number, number, number, number, number, number];
      const ns = (hz: number) => (1e9 / hz).toFixed(0);
      const refused = contract.filter((c) => !contractValidate(c)).length;
      rows[label] = {
        orders: String(contract.length),
        refused: `${((100 * refused) / Math.max(1, contract.length)).toFixed(0)}%`,
        'validate spot ns': ns(sv),
        'validate contract ns': ns(cv),
        'contract/spot': `${(sv / cv).toFixed(2)}x`,
        'check spot ns': ns(sc),
        'check contract ns': ns(cc),
        'check contract/spot': `${(sc / cc).toFixed(2)}x`,
        'big.js contract ns': ns(bc),
        'contract vs big.js': `${(cv / bc).toFixed(1)}x`,
        'spot vs big.js': `${(sv / bs).toFixed(1)}x`,
        'verdicts differing (twin, big.js)': `${disagree.twin}, ${disagree.big}`,
      };
    }
  }
  console.table(rows);
  console.log(
    'contract/spot: time per order on the contract over the time on its spot twin (1.00x: as fast; ' +
      'above 1: the contract is slower); vs big.js: how many times faster than the big.js validator; ' +
      "verdicts differing: contract orders whose verdict is not the spot twin's, or not the big.js validator's",
  );
  const [main] = mixes;
  const passing = main[1].contract.filter((c) => contractValidate(c));
  const twinsOf = main[1].spot.filter((_, i) => contractValidate(main[1].contract[i] as ContractCase));
  console.log(
    `heap allocated per call on the main mix's passing orders: validateOrder spot ${bytesPerCall(twinsOf, spotValidate)}, ` +
      `contract ${bytesPerCall(passing, contractValidate)}; checkOrder spot ${bytesPerCall(twinsOf, spotCheck)}, ` +
      `contract ${bytesPerCall(passing, contractCheck)}`,
  );
  if (sink === -1) console.log(sink);
}

/**
 * Heap allocated per call over `list` (as run.ts measures it): the least growth of the heap over
 * one pass, after a full collection, of several passes.
 */
function bytesPerCall<C>(list: readonly C[], passes: (c: C) => boolean): string {
  const gc = globalThis.gc;
  if (gc === undefined) return '(run with node --expose-gc)';
  let least = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 8; pass++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    for (const c of list) if (passes(c)) sink++;
    least = Math.min(least, (process.memoryUsage().heapUsed - before) / list.length);
  }
  return `${Math.max(0, least).toFixed(1)} B`;
}
