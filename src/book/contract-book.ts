import { Dec } from '../decimal/dec.js';
import { ceilToGrid } from '../decimal/grid.js';
import { ExchangeInfoSchemaError } from '../errors/exchange-info-schema-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { describeThrown, describeValue } from '../errors/preflight-error.js';
import type { ContractDefinition, ContractInfo } from '../exchange-info/contract-schema.js';
import { parseContractInfo, parseContractInfoText } from '../exchange-info/parse-contract-info.js';
import type { DefinitionWarning, RejectedDefinition } from '../exchange-info/schema.js';
import { CLIENT_ORDER_ID_RULES, type ClientOrderIdRule } from '../order/client-order-id.js';
import { type ContractOrderType, opensPosition, SPOT_TYPE_OF } from '../order/contract-order-fields.js';
import type { ContractOrderContext, ContractOrderInput } from '../order/contract-order-input.js';
import { FAST_CONTRACT, readContractFast } from '../order/fast-contract-read.js';
import { kindOf, ORDER_KINDS } from '../order/order-kinds.js';
import {
  type ContractReading,
  judgeLoaded,
  loadContractOrder,
  presenceInContractTerms,
  readContractOrder,
  readTakenFast,
  type Sent,
} from '../order/read-contract-order.js';
import { type CompiledContract, type ContractSizeGrid, compileContract } from '../pair/compile-contract.js';
import type { FastPair } from '../pair/compiled-pair.js';
import { quantityWindow } from '../pair/quantity-window.js';
import { type ContractRule, type ContractRuleOptions, highestWithin } from '../rules/contract-rule.js';
import { CONTRACT_RULES } from '../rules/contract-rules.js';
import { FAIL, NOT_SURE, PASS } from '../rules/rule.js';
import {
  type ContractOrderVerdict,
  type ContractSkippedCheck,
  type ContractValidationResult,
  type ContractViolation,
  type ContractViolationCode,
  contractViolationOf,
  inContractTerms,
} from '../validation/contract-codes.js';
import type { SkippedCheck, Violation } from '../validation/violation-codes.js';
import { LOOKUP_CODES, READING_CODES } from '../validation/violation-codes.js';
import {
  CLEAN_PASS,
  contractSkips,
  fastSharedVerdict,
  passedClean,
  sharedPass,
  sharedVerdict,
} from './contract-answers.js';
import { estimateWith, type OrderEstimate } from './estimate-order.js';
import {
  type BookPairs,
  checkWith,
  FAST_READ,
  fastFailed,
  fastSkipped,
  fastValidation,
  fastVerdict,
  judgeFastRead,
  type PairLookup,
  validateWith,
} from './judge-order.js';
import { NearSymbols } from './near-symbol.js';
import { type OrderChange, repairWith } from './repair-order.js';
import { symbolTable } from './symbol-table.js';

/**
 * Options of {@link ContractBook.fromContractInfo}: the switches of the assumptions a contract
 * book makes (docs/exchange-semantics.md, "Futures (contracts)").
 *
 * @example
 * ```ts
 * const options: ContractBookOptions = { sizeGrid: 'contractVal', marketOpenCap: 'every-market' };
 * ```
 */
export interface ContractBookOptions {
  /**
   * The grid a quantity is held to (see {@link ContractSizeGrid}). Default `'both'`: the grid
   * `contractVal` and `10^-quantityPrecision` both allow (equal in every recorded definition).
   */
  readonly sizeGrid?: ContractSizeGrid | undefined;
  /**
   * Which MARKET orders `marketOpenLimitSize` holds. Default `'opening'` (BUY+LONG, SELL+SHORT),
   * what WEEX's description says ("for opening positions"); `'every-market'` holds closing ones
   * too, should the exchange turn out to.
   */
  readonly marketOpenCap?: 'opening' | 'every-market' | undefined;
  /**
   * The `newClientOrderId` rule. Default `'futures-pattern'`: 1 to 36 of `A-Z a-z 0-9 . : / _ -`,
   * the pattern WEEX documents for futures V3; `'length'`, 1 to 40 characters, spot's rule.
   */
  readonly clientOrderIds?: ClientOrderIdRule | undefined;
}

/**
 * An estimate of a contract order: spot's (notional = price × quantity in quote units, no
 * `contractVal` factor, since a quantity is in base units; fee = notional × the maker or taker
 * rate), with the contract's type and position side; the fee is in the margin asset.
 *
 * @example
 * ```ts
 * const e = book.estimateOrder(order, { referencePrice: '64000' });
 * if (e.estimated) console.log(e.notional, e.expectedFee, e.feeAsset);
 * ```
 */
export type ContractOrderEstimate =
  | (Omit<Extract<OrderEstimate, { estimated: true }>, 'type'> & {
      readonly type: ContractOrderType;
      readonly positionSide: 'LONG' | 'SHORT';
    })
  | {
      readonly estimated: false;
      readonly violations: readonly ContractViolation[];
      readonly reason?: string;
    };

/**
 * What {@link ContractBook.normalizeOrder} returns: the repaired order, which `validateOrder`
 * accepts, or the violations no rounding can repair.
 *
 * @example
 * ```ts
 * const r = book.normalizeOrder(order);
 * if (r.ok) send(r.order); else reject(r.violations);
 * ```
 */
export type ContractNormalizeResult =
  | { readonly ok: true; readonly order: ContractOrderInput; readonly changes: readonly OrderChange[] }
  | {
      readonly ok: false;
      readonly violations: readonly ContractViolation[];
      readonly changes: readonly OrderChange[];
    };

const UNKNOWN: PairLookup = Object.freeze({ kind: 'unknown' });

const NOTHING: readonly never[] = Object.freeze([]);
const SHARED_CODES = new Set<string>([...READING_CODES, ...LOOKUP_CODES]);

/**
 * WEEX futures contracts compiled once into per-symbol validators: the same engine as
 * `RuleBook`'s (the main entry's). Each contract is compiled into a pair of the spot engine (its price grid,
 * size grid, bounds and band) whose rules and fast path judge the checks a contract shares with a
 * pair, and the contract-only rules (the open-market cap, the position cap, trigger prices) run
 * after them (docs/architecture.md, "Contracts"). Never throws on an order.
 *
 * @example
 * ```ts
 * import { ContractBook } from 'order-preflight/futures';
 * const book = ContractBook.fromContractInfo(payload);
 * const r = book.validateOrder({ symbol: 'DOGEUSDT', side: 'BUY', positionSide: 'LONG',
 *   type: 'MARKET', quantity: '150' });
 * r.violations[0]?.code;       // 'QUANTITY_STEP'
 * r.violations[0]?.suggestion; // ['100', '200']
 * ```
 */
export class ContractBook {
  /** Definitions set aside, with the reasons; orders for them get SYMBOL_DEFINITION_INVALID. */
  readonly rejected: readonly RejectedDefinition[];
  /** Fields that could not be read, and contracts whose `contractVal` and `quantityPrecision` disagree. */
  readonly warnings: readonly DefinitionWarning[];
  /** The options in force, defaults filled in. */
  readonly options: Required<{ [K in keyof ContractBookOptions]: NonNullable<ContractBookOptions[K]> }>;
  readonly #contracts: ReadonlyMap<string, CompiledContract>;
  /** The contracts again, for the fast way's lookup (book/symbol-table.ts says why not the map). */
  readonly #contractOf: (symbol: string) => CompiledContract | undefined;
  readonly #pairs: BookPairs;
  readonly #rules: ContractRuleOptions;

  private constructor(info: ContractInfo, options: ContractBook['options']) {
    this.options = Object.freeze(options);
    this.#rules = { capClosingMarketOrders: options.marketOpenCap === 'every-market' };
    const contracts = new Map<string, CompiledContract>();
    const rejected = [...info.rejected];
    info.symbols.forEach((definition, index) => {
      try {
        contracts.set(definition.symbol, compileContract(definition, options.sizeGrid));
      } catch (error) {
        rejected.push({
          index,
          symbol: definition.symbol,
          // Stryker disable next-line StringLiteral: wording: the reason's text (what the compiler threw is no value of the payload's)
          reasons: [{ path: '(definition)', message: `could not be compiled: ${String(error)}` }],
        });
      }
    });
    this.#contracts = contracts;
    this.#contractOf = symbolTable(contracts);
    this.rejected = Object.freeze(rejected);
    this.warnings = Object.freeze([...info.warnings]);
    const known = new Map<string, PairLookup & { kind: 'known' }>();
    const fast = new Map<string, FastPair>();
    for (const [symbol, contract] of contracts) {
      known.set(symbol, { kind: 'known', pair: contract.pair });
      // Stryker disable next-line ConditionalExpression,EqualityOperator: an undefined fast form set or left out is looked up as undefined either way, and without one the general way judges, to the same answer
      if (contract.pair.fast !== undefined) fast.set(symbol, contract.pair.fast);
    }
    const setAside = new Map<string, PairLookup & { kind: 'rejected' }>();
    // Stryker disable ConditionalExpression,StringLiteral: an order's symbol is always text, so an entry under undefined is never looked up; a lookup of another kind than known or unknown is told as rejected (a range: a comment inside the loop is not read)
    for (const r of rejected)
      if (r.symbol !== undefined) setAside.set(r.symbol, { kind: 'rejected', rejected: r });
    // Stryker restore ConditionalExpression,StringLiteral
    const near = new NearSymbols(() => known.keys());
    this.#pairs = {
      fast: symbolTable(fast),
      lookup: (symbol) => {
        const found = known.get(symbol) ?? setAside.get(symbol);
        if (found !== undefined) return found;
        const spelt = near.of(symbol);
        // Stryker disable next-line ConditionalExpression: forced false, an unknown lookup with no near spelling is told the same way
        return spelt === undefined ? UNKNOWN : { kind: 'unknown', near: spelt };
      },
      clientOrderIds: options.clientOrderIds,
    };
  }

  /**
   * Compiles a contract payload: a raw `GET /capi/v3/market/exchangeInfo` body (parsed first with
   * `parseContractInfo`) or an already parsed {@link ContractInfo}.
   *
   * @throws {ExchangeInfoSchemaError} when a raw body's top level is wrong.
   * @throws {ExchangeAnswerError} when the body is the exchange's error answer.
   * @throws {InvalidArgumentError} when an option is not one of its values.
   * @throws {ExchangeInfoSchemaError} when a parsed `ContractInfo` cannot be read at all (a proxy).
   * @example
   * ```ts
   * const book = ContractBook.fromContractInfo(await (await fetch(url)).json());
   * book.symbols; // ['BTCUSDT', 'ETHUSDT', ...]
   * ```
   */
  static fromContractInfo(payload: unknown, options?: ContractBookOptions): ContractBook {
    const read = readOptions(options);
    let parsed: boolean;
    try {
      parsed = isParsed(payload);
    } catch (error) {
      throw unreadableInfo(error);
    }
    if (!parsed) return new ContractBook(parseContractInfo(payload), read);
    try {
      return new ContractBook(payload as ContractInfo, read);
    } catch (error) {
      // Only an already-parsed object of the caller's can get here (a proxy, a throwing getter).
      throw unreadableInfo(error);
    }
  }

  /**
   * {@link ContractBook.fromContractInfo} from the response text, every digit of a JSON number kept.
   *
   * @throws as `parseContractInfoText` and `fromContractInfo` do.
   * @example
   * ```ts
   * const book = ContractBook.fromContractInfoText(await response.text());
   * ```
   */
  static fromContractInfoText(text: string, options?: ContractBookOptions): ContractBook {
    const read = readOptions(options);
    return new ContractBook(parseContractInfoText(text), read);
  }

  /**
   * The symbols with a usable definition, in payload order.
   *
   * @example `book.symbols.includes('DOGEUSDT')`
   */
  get symbols(): readonly string[] {
    return [...this.#contracts.keys()];
  }

  /**
   * The number of usable contracts.
   *
   * @example `console.log(`${book.size} contracts, ${book.rejected.length} set aside`)`
   */
  get size(): number {
    return this.#contracts.size;
  }

  /**
   * The definition of a symbol, or `undefined` when it has none (or it was set aside).
   *
   * @example `book.contract('DOGEUSDT')?.contractVal // '100'`
   */
  contract(symbol: string): ContractDefinition | undefined {
    return this.#contracts.get(symbol)?.definition;
  }

  /**
   * Every violation of a contract order, in a stable order: the reading of the shared fields and
   * the symbol's lookup, the reading of the contract's own fields, the shared rules, then the
   * contract's. Never throws.
   *
   * @example
   * ```ts
   * const r = book.validateOrder({ symbol: 'BTCUSDT', side: 'BUY', positionSide: 'LONG', type: 'LIMIT',
   *   timeInForce: 'GTC', price: '64000.05', quantity: '0.01' });
   * r.violations[0]?.suggestion; // ['64000', '64000.1']
   * ```
   */
  validateOrder(order: unknown, context?: ContractOrderContext): ContractValidationResult {
    try {
      // Stryker disable next-line BooleanLiteral: loaded into a record of its own rather than the scratch one, to the same answer
      const sent = loadContractOrder(order, context, true);
      if (this.#judgeFast(sent, true)) {
        // Stryker disable next-line ConditionalExpression: forced false, the same pass is made just below (the shared clean pass only saves its allocation)
        if (passedClean(fastFailed(), fastSkipped(), ownFailed, ownSkip)) return CLEAN_PASS;
        const spot = fastValidation();
        if (spot.ok && ownFailed === 0) return sharedPass(spot.skipped, ownSkip, false);
        return this.#explainFast(sent, spot.violations, spot.skipped);
      }
      return this.#validateLoaded(sent, context);
    } catch (error) {
      return { ok: false, violations: [unreadable(error)], skipped: NOTHING };
    }
  }

  /** `validateOrder` the general way, on the fields already loaded. */
  #validateLoaded(sent: Sent, context: unknown): ContractValidationResult {
    const reading = judgeLoaded(sent, context, true);
    if (reading.unreadable) return { ok: false, violations: reading.faults, skipped: NOTHING };
    const spot = validateWith(this.#pairs, reading.spotOrder, reading.spotContext);
    if (spot.ok && reading.faults.length === 0 && this.#judgeRules(reading) && ownFailed === 0)
      return sharedPass(spot.skipped, ownSkip, isAlgo(reading));
    return this.#combine(reading, spot.violations, spot.skipped);
  }

  /**
   * The fast way: the order loaded once read into the spot fast path's record with the contract's
   * own fields (order/fast-contract-read.ts), the shared rules judged by the spot fast judge (with
   * their explanations when `explaining`), and the contract-only rules by their fast checks, whose
   * findings are left in `ownFailed` and `ownSkip`. False when the general way must judge: a
   * decimal past safe integers, a contract rule not sure, more than one of them skipping.
   */
  #judgeFast(sent: Sent, explaining: boolean): boolean {
    if (!readContractFast(sent, FAST_READ, this.options.clientOrderIds)) return false;
    const contract = this.#contractOf(FAST_READ.symbol);
    return (
      contract !== undefined &&
      judgeFastRead(contract.pair.fast, explaining) &&
      // Decimals past safe integers were judged exactly by the spot judge: so are the contract's.
      !FAST_READ.long &&
      judgeOwnFast(contract, this.#rules)
    );
  }

  /**
   * The contract rules' exact checks on a reading with no fault of its own fields, their findings
   * left as the fast way leaves them (`ownFailed`, `ownSkip`); false when more than one skips, or
   * the contract is not known (the general way words it).
   */
  #judgeRules(reading: ContractReading): boolean {
    const symbol = reading.order.symbol;
    // Stryker disable next-line ConditionalExpression: forced false, no contract is kept under undefined
    const contract = symbol === undefined ? undefined : this.#contracts.get(symbol);
    if (contract === undefined) return false;
    let failedRules = 0;
    let skip: ContractSkippedCheck | undefined;
    for (let place = 0; place < CONTRACT_RULES.length; place++) {
      const outcome = (CONTRACT_RULES[place] as ContractRule).check(
        contract,
        reading.order,
        reading.context,
        this.#rules,
      );
      if (outcome === undefined) continue;
      if ('code' in outcome) failedRules |= 1 << place;
      else if (skip !== undefined) return false;
      else skip = outcome;
    }
    ownFailed = failedRules;
    ownSkip = skip;
    return true;
  }

  /**
   * The verdict of {@link ContractBook.validateOrder} without its explanations: the same `ok`,
   * `skipped` and the codes of the violations in the same order. Never throws.
   *
   * @example
   * ```ts
   * const { ok, codes } = book.checkOrder(order, { position: '0' });
   * ```
   */
  checkOrder(order: unknown, context?: ContractOrderContext): ContractOrderVerdict {
    try {
      // Stryker disable next-line BooleanLiteral: loaded into a record of its own rather than the scratch one, or explained when not asked, to the same verdict
      const sent = loadContractOrder(order, context, true);
      // Stryker disable next-line BooleanLiteral: explained when not asked, the explanations are never read
      if (this.#judgeFast(sent, false))
        return fastSharedVerdict(fastFailed(), fastSkipped(), fastVerdict, ownFailed, ownSkip);
      return this.#checkLoaded(sent, context);
    } catch (error) {
      return verdictOf({ ok: false, violations: [unreadable(error)], skipped: NOTHING });
    }
  }

  /**
   * `checkOrder` the general way, on the fields already loaded. A method of its own: its closures
   * in `checkOrder` made every call allocate their context, the fast way's included.
   */
  #checkLoaded(sent: Sent, context: unknown): ContractOrderVerdict {
    // Stryker disable next-line BooleanLiteral: read into a record of its own rather than the scratch one, to the same verdict
    const reading = judgeLoaded(sent, context, true);
    // Stryker disable next-line ConditionalExpression,MethodExpression: validateOrder's verdict is always the same one, only slower
    if (reading.unreadable || reading.faults.some((f) => f.field === 'type'))
      return verdictOf(this.#validateLoaded(sent, context));
    const spot = checkWith(this.#pairs, reading.spotOrder, reading.spotContext);
    // Stryker disable next-line ConditionalExpression: forced false, the same verdict made afresh (the shared one only saves allocation)
    if (reading.faults.length === 0 && this.#judgeRules(reading))
      return sharedVerdict(spot, ownFailed, ownSkip, isAlgo(reading));
    const codes: ContractViolationCode[] = [];
    let at = 0;
    for (const code of spot.codes) {
      if (code === 'MARKET_SIZE_ABOVE_MAX') continue;
      codes.push(code as ContractViolationCode);
      if (SHARED_CODES.has(code)) at = codes.length;
    }
    codes.splice(at, 0, ...reading.faults.map((f) => f.code));
    const skipped = contractSkips(spot.skipped, isAlgo(reading));
    this.#runRules(reading, (v) => codes.push(v.code), skipped);
    return Object.freeze({
      ok: codes.length === 0,
      codes: Object.freeze(codes),
      skipped: Object.freeze(skipped),
    });
  }

  /**
   * The nearest order that passes (a price moved onto the grid away from the market, a quantity
   * down onto the size grid), or the violations no rounding can repair. Never throws.
   *
   * @example
   * ```ts
   * const r = book.normalizeOrder({ symbol: 'DOGEUSDT', side: 'BUY', positionSide: 'LONG', type: 'MARKET', quantity: '150' });
   * if (r.ok) r.order.quantity; // '100'
   * ```
   */
  normalizeOrder(order: unknown, context?: ContractOrderContext): ContractNormalizeResult {
    try {
      const reading = readContractOrder(order, context);
      if (reading.unreadable) return { ok: false, violations: reading.faults, changes: NOTHING };
      const spot = repairWith(this.#pairs, reading.spotOrder, reading.spotContext);
      if (!spot.ok) {
        const judged = this.#combine(reading, spot.violations, NOTHING);
        return { ok: false, violations: judged.violations, changes: spot.changes };
      }
      // The spot reading names every spot field, absent ones as undefined: the repaired order
      // keeps only what it carries, as spot's does. Its timeInForce is the contract's own.
      const repaired: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(spot.order))
        if (value !== undefined && field !== 'timeInForce') repaired[field] = value;
      for (const [field, value] of Object.entries(reading.own))
        if (value !== undefined) repaired[field] = value;
      const again = this.validateOrder(repaired, context);
      return again.ok
        ? { ok: true, order: repaired as unknown as ContractOrderInput, changes: spot.changes }
        : { ok: false, violations: again.violations, changes: spot.changes };
    } catch (error) {
      return { ok: false, violations: [unreadable(error)], changes: NOTHING };
    }
  }

  /**
   * Notional (price × quantity, quote units), worst-case price and expected fee of a contract
   * order, as spot estimates them: a LIMIT or STOP/TAKE_PROFIT order at its price, a MARKET one at
   * the band's edge from the reference price, a STOP_MARKET/TAKE_PROFIT_MARKET one at the band's
   * edge from its trigger price. Never throws.
   *
   * @example
   * ```ts
   * const e = book.estimateOrder({ symbol: 'BTCUSDT', side: 'BUY', positionSide: 'LONG', type: 'LIMIT',
   *   timeInForce: 'GTC', price: '64000', quantity: '0.5' });
   * if (e.estimated) e.notional; // '32000'
   * ```
   */
  estimateOrder(order: unknown, context?: ContractOrderContext): ContractOrderEstimate {
    try {
      const reading = readContractOrder(order, context);
      if (reading.unreadable) return { estimated: false, violations: reading.faults };
      const spot = estimateWith(this.#pairs, reading.spotOrder, reading.spotContext);
      const { type, positionSide } = reading.order;
      if (!spot.estimated || type === undefined || positionSide === undefined) {
        const judged = this.#combine(reading, spot.estimated ? NOTHING : spot.violations, NOTHING);
        const reason = !spot.estimated ? spot.reason : undefined;
        return {
          estimated: false,
          violations: judged.violations,
          ...(reason === undefined ? {} : { reason }),
        };
      }
      const contract = this.#contracts.get(spot.symbol);
      // Stryker disable next-line OptionalChaining: an order is estimated only on a known contract
      const feeAsset = contract?.definition.marginAsset ?? spot.feeAsset;
      return {
        ...spot,
        type,
        positionSide,
        // Stryker disable next-line ConditionalExpression: the fee asset is never null here: a null margin asset falls to spot's, which leaves out a null quote asset
        ...(feeAsset === undefined || feeAsset === null ? {} : { feeAsset }),
      };
    } catch (error) {
      return { estimated: false, violations: [unreadable(error)] };
    }
  }

  /** The spot judge's answer and the contract's own, as one result. */
  #combine(
    reading: ContractReading,
    spotViolations: readonly Violation[],
    spotSkipped: readonly SkippedCheck[],
  ): ContractValidationResult {
    const violations = this.#sharedInContractTerms(reading, spotViolations);
    const skipped = contractSkips(spotSkipped, isAlgo(reading));
    this.#runRules(reading, (v) => violations.push(v), skipped);
    return { ok: violations.length === 0, violations, skipped };
  }

  /**
   * {@link ContractBook.#combine} for an order the fast way judged and found failing: the shared
   * rules' fast explanations (`spotViolations`) in contract terms, and the contract rules the fast
   * way found failing (`ownFailed`) explained by their exact checks; the others are not run again.
   */
  #explainFast(
    sent: Sent,
    spotViolations: readonly Violation[],
    spotSkipped: readonly SkippedCheck[],
  ): ContractValidationResult {
    // The quantity and the position as exact decimals only for what reads them: a contract
    // rule's explanation, and a quantity's suggestions kept under the contract's caps.
    // Stryker disable next-line ConditionalExpression: forced true, the decimals are read when not needed, to the same answer
    const reading = readTakenFast(sent, ownFailed !== 0 || spotViolations.some(suggestsQuantity));
    const violations = this.#sharedInContractTerms(reading, spotViolations);
    // Stryker disable next-line EqualityOperator: the place past the last rule has no bit in ownFailed, and is passed over
    for (let place = 0; place < CONTRACT_RULES.length; place++) {
      // Stryker disable next-line ConditionalExpression: forced false, a rule that passed the fast way passes its exact check too (the two agree, by property), and nothing of it is kept
      if ((ownFailed & (1 << place)) === 0) continue;
      const rule = CONTRACT_RULES[place] as ContractRule;
      const outcome = rule.check(fastContract, reading.order, reading.context, this.#rules);
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a rule the fast way found failing fails its exact check too (the two agree, by property): the guard is for the types
      if (outcome !== undefined && 'code' in outcome) violations.push(outcome);
    }
    // The skips in contract terms depend only on the spot judge's (a shared list) and the
    // contract's own: the passing answer's, made once, frozen.
    const skipped = sharedPass(spotSkipped, ownSkip, false).skipped;
    return { ok: violations.length === 0, violations, skipped };
  }

  /** The shared rules' violations in contract terms, the faults of the contract's own fields among them. */
  #sharedInContractTerms(
    reading: ContractReading,
    spotViolations: readonly Violation[],
  ): ContractViolation[] {
    const violations: ContractViolation[] = [];
    let at = 0;
    for (const v of spotViolations) {
      if (v.code === 'MARKET_SIZE_ABOVE_MAX' || v.field === 'type') continue;
      violations.push(
        v.code === 'QUANTITY_STEP'
          ? this.#withStepAbove(reading, v)
          : (presenceInContractTerms(v.code, v.field, reading.order.type) ?? inContractTerms(v)),
      );
      if (SHARED_CODES.has(v.code)) at = violations.length;
    }
    for (let i = at; i < violations.length; i++)
      violations[i] = this.#underContractCaps(reading, violations[i] as ContractViolation);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: forced true, no fault spliced in is the same list
    if (reading.faults.length > 0) violations.splice(at, 0, ...reading.faults);
    return violations;
  }

  /**
   * QUANTITY_STEP in contract terms, with the step above after spot's step below when the
   * contract's bounds allow it: a contract's size grid is coarse (DOGEUSDT: hundreds), and the
   * nearest size either way is what a user chooses between.
   */
  #withStepAbove(reading: ContractReading, v: Violation): ContractViolation {
    const symbol = reading.order.symbol;
    // Stryker disable next-line ConditionalExpression,OptionalChaining: QUANTITY_STEP is found only on a known contract with a size grid, and always with its value: the guards are for the types
    const pair = symbol === undefined ? undefined : this.#contracts.get(symbol)?.pair;
    // Stryker disable next-line OptionalChaining: QUANTITY_STEP is found only on a known contract with a size grid
    const step = pair?.stepSize;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: QUANTITY_STEP is found only on a known contract with a size grid, and always with its value: the guards are for the types
    if (pair === undefined || step === null || step === undefined || v.value === undefined)
      return inContractTerms(v);
    // Stryker disable next-line LogicalOperator,StringLiteral: every kind's window is the same on a contract (its MARKET caps are its maxOrderSize)
    const kind = ORDER_KINDS[kindOf(reading.spotType ?? 'LIMIT', reading.order.side ?? 'BUY')];
    const window = quantityWindow(pair, kind);
    const above = ceilToGrid(Dec.parse(v.value), step);
    if (window === undefined || above.lt(window.low) || (window.high !== null && above.gt(window.high)))
      return inContractTerms(v);
    const text = above.toString();
    const below = v.suggestion;
    // Stryker disable next-line ConditionalExpression,ArrayDeclaration: spot's QUANTITY_STEP always carries a suggestion (the nearest size below, or the bound)
    return inContractTerms(v, below === undefined ? [text] : below.includes(text) ? below : [...below, text]);
  }

  /**
   * A shared rule's quantity suggestions kept to the contract's own caps, so that taking one breaks
   * no contract rule: on a MARKET order the open cap holds (`marketOpenLimitSize`), on an opening
   * order with a position given the room under `maxPositionSize`. The spot rules suggest within
   * the pair's bounds alone; a suggestion past a cap is replaced by the highest quantity within
   * every bound, or dropped when none is.
   */
  #underContractCaps(reading: ContractReading, v: ContractViolation): ContractViolation {
    if (!suggestsQuantity(v)) return v;
    const suggestion = v.suggestion as readonly string[];
    const order = reading.order;
    // Stryker disable next-line ConditionalExpression: forced false, no contract is kept under undefined
    const contract = order.symbol === undefined ? undefined : this.#contracts.get(order.symbol);
    // Stryker disable next-line ConditionalExpression: a shared rule suggests a quantity only on a known contract
    if (contract === undefined) return v;
    const opens = opensPosition(order.side, order.positionSide);
    let cap: Dec | undefined;
    const openCap = contract.marketOpenLimitSize;
    if (order.type === 'MARKET' && openCap !== null && (opens || this.#rules.capClosingMarketOrders))
      cap = openCap;
    const max = contract.maxPositionSize;
    const position = reading.context.position;
    if (opens && max !== null && position !== undefined) {
      const room = max.minus(position.value);
      if (cap === undefined || room.lt(cap)) cap = room;
    }
    if (cap === undefined) return v;
    const limit = cap;
    const kept = suggestion.filter((text) => Dec.parse(text).lte(limit));
    // Stryker disable next-line ConditionalExpression: forced false, the same violation is made again, with the same suggestion
    if (kept.length === suggestion.length) return v;
    const highest =
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut: the highest is not used when a suggestion is kept, and there is none at or under 0
      kept.length > 0 || limit.lte(Dec.ZERO)
        ? []
        : // Stryker disable next-line LogicalOperator,StringLiteral: a shared rule suggests a quantity only for an order whose type was read
          highestWithin(contract, order, reading.spotType ?? 'LIMIT', limit);
    return contractViolationOf(
      v.code,
      v.field,
      v.message,
      v.limit,
      v.value,
      kept.length > 0 ? kept : highest,
    );
  }

  /** The contract rules on a known contract, their violations to `found` and skips to `skipped`. */
  #runRules(
    reading: ContractReading,
    found: (v: ContractViolation) => void,
    skipped: ContractSkippedCheck[],
  ): void {
    const symbol = reading.order.symbol;
    // Stryker disable next-line ConditionalExpression: forced false, no contract is kept under undefined
    const contract = symbol === undefined ? undefined : this.#contracts.get(symbol);
    if (contract === undefined) return;
    for (const rule of CONTRACT_RULES) {
      const outcome = rule.check(contract, reading.order, reading.context, this.#rules);
      if (outcome === undefined) continue;
      if ('code' in outcome) found(outcome);
      else skipped.push(outcome);
    }
  }
}

/**
 * What the contract rules found of the order judged last (`judgeOwnFast`, `ContractBook.#judgeRules`):
 * the rules that failed, one bit per place in `CONTRACT_RULES`, and the one skip, or none.
 */
let ownFailed = 0;
let ownSkip: ContractSkippedCheck | undefined;
/** The contract the fast way judged last (`judgeOwnFast`). */
let fastContract: CompiledContract;

/**
 * The contract rules that have a fast check, and their places in `CONTRACT_RULES`: the others
 * judge only what the fast reading never takes (a trigger price). Each is called from a call site
 * of its own (as the spot judge's dispatch does), so that V8 inlines it: called in a loop from one
 * site, neither was, and the two calls took a seventh of a contract order's time.
 */
const FAST_RULES = CONTRACT_RULES.filter((rule) => rule.fastCheck !== undefined);
type FastCheck = NonNullable<ContractRule['fastCheck']>;
// Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: a guard that runs as the module loads, against a rule list this dispatch does not fit
if (FAST_RULES.length !== 2)
  throw new RangeError(`two fast contract checks expected, not ${FAST_RULES.length}`);
const FIRST = (FAST_RULES[0] as ContractRule).fastCheck as FastCheck;
const SECOND = (FAST_RULES[1] as ContractRule).fastCheck as FastCheck;
const FIRST_BIT = 1 << CONTRACT_RULES.indexOf(FAST_RULES[0] as ContractRule);
const SECOND_BIT = 1 << CONTRACT_RULES.indexOf(FAST_RULES[1] as ContractRule);

/**
 * The contract rules' fast checks on the order the fast way read, their findings left in
 * `ownFailed` and `ownSkip`; false when one is not sure or more than one skips.
 */
function judgeOwnFast(contract: CompiledContract, options: ContractRuleOptions): boolean {
  const first = FIRST(contract, FAST_READ, FAST_CONTRACT, options);
  const second = SECOND(contract, FAST_READ, FAST_CONTRACT, options);
  if (first === NOT_SURE) return false;
  // Stryker disable next-line ConditionalExpression: a guard: the position cap's fast check is never unsure (its exact sum reads again what the fast reading read)
  if (second === NOT_SURE) return false;
  let failedRules = 0;
  let skip: ContractSkippedCheck | undefined;
  if (first === FAIL) failedRules = FIRST_BIT;
  else if (first !== PASS) skip = first;
  if (second === FAIL) failedRules |= SECOND_BIT;
  else if (second !== PASS) {
    if (skip !== undefined) return false;
    skip = second;
  }
  ownFailed = failedRules;
  ownSkip = skip;
  fastContract = contract;
  return true;
}

/** A violation of the quantity with suggestions, which the contract's own caps may hold further. */
function suggestsQuantity(v: { readonly field: string; readonly suggestion?: readonly string[] }): boolean {
  const suggestion = v.suggestion;
  if (v.field !== 'quantity' || suggestion === undefined) return false;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty list taken as suggesting keeps all it has under the caps (none), to the same answer
  return suggestion.length > 0;
}

/** An algo order: one of the conditional types (each judged as a spot type of another name). */
function isAlgo(reading: ContractReading): boolean {
  const type = reading.order.type;
  // Stryker disable next-line ConditionalExpression: forced true, the same: SPOT_TYPE_OF has no entry under undefined
  return type !== undefined && SPOT_TYPE_OF[type] !== type;
}

function verdictOf(result: ContractValidationResult): ContractOrderVerdict {
  return Object.freeze({
    ok: result.ok,
    codes: Object.freeze(result.violations.map((v) => v.code)),
    skipped: Object.freeze([...result.skipped]),
  });
}

function unreadable(error: unknown): ContractViolation {
  return {
    code: 'INVALID_ORDER',
    field: 'order',
    message: `the order could not be judged (${describeThrown(error)})`,
  };
}

function unreadableInfo(error: unknown): ExchangeInfoSchemaError {
  const message = `could not be read: ${describeThrown(error)}`;
  return new ExchangeInfoSchemaError([{ code: 'custom', path: '(root)', message }], { cause: error });
}

function isParsed(payload: unknown): payload is ContractInfo {
  if (typeof payload !== 'object' || payload === null) return false;
  const p = payload as Record<string, unknown>;
  return Array.isArray(p.symbols) && Array.isArray(p.rejected) && Array.isArray(p.warnings);
}

const SIZE_GRIDS: readonly ContractSizeGrid[] = ['both', 'contractVal', 'quantityPrecision'];
const OPEN_CAPS = ['opening', 'every-market'] as const;

function readOptions(options: ContractBookOptions | undefined): ContractBook['options'] {
  let sizeGrid: unknown;
  let marketOpenCap: unknown;
  let clientOrderIds: unknown;
  try {
    sizeGrid = options?.sizeGrid;
    marketOpenCap = options?.marketOpenCap;
    clientOrderIds = options?.clientOrderIds;
  } catch (error) {
    throw new InvalidArgumentError('options', `could not be read (${describeThrown(error)})`, {
      cause: error,
    });
  }
  return {
    sizeGrid: oneOf('options.sizeGrid', sizeGrid, SIZE_GRIDS, 'both'),
    marketOpenCap: oneOf('options.marketOpenCap', marketOpenCap, OPEN_CAPS, 'opening'),
    clientOrderIds: oneOf('options.clientOrderIds', clientOrderIds, CLIENT_ORDER_ID_RULES, 'futures-pattern'),
  };
}

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  const found = allowed.find((a) => a === value);
  if (found === undefined)
    throw new InvalidArgumentError(
      name,
      // Stryker disable next-line StringLiteral: wording: the separator between the values named
      `must be ${allowed.map((a) => `'${a}'`).join(' or ')}, got ${describeValue(value)}`,
      { value },
    );
  return found;
}
