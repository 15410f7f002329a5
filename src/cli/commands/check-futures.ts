import { ContractBook, type ContractOrderContext } from '../../futures.js';
import { isExchangeInfoSchemaError } from '../../index.js';
import { CONTRACT_COLUMNS, ECHOED_FIELDS, type Judge, ownField } from '../format-verdict.js';
import { loadPositions, type SidePositions } from '../load-files.js';
import { readRegularFile } from '../read-regular-file.js';
import { MAX_RULES_FILE_BYTES, readRulesJson } from '../rules-file.js';
import { inCliWords } from '../skip-words.js';
import { clip, oneLine, printable } from '../text.js';
import { UsageError } from '../usage-error.js';

/** A contract verdict repeats the order's position side beside the spot fields. */
const CONTRACT_ECHOED_FIELDS: readonly string[] = [
  ...ECHOED_FIELDS.slice(0, 2),
  'positionSide',
  ...ECHOED_FIELDS.slice(2),
];

/**
 * The judge of `check --market futures`: the contract book read from `rulesPath` (a saved
 * `GET /capi/v3/market/exchangeInfo` answer), each order judged with its symbol's reference
 * price (`prices`, from `--reference-prices`), the position held on its side (`--positions`) and
 * `--max-notional`, in the CLI's words.
 *
 * @throws {UsageError} when a file cannot be read or does not hold what it should.
 */
export async function futuresJudge(
  rulesPath: string,
  prices: () => Promise<ReadonlyMap<string, string>>,
  pricesGiven: boolean,
  positionsPath: string | undefined,
  maxNotional: string | undefined,
): Promise<Judge> {
  const book = await loadContractRules(rulesPath);
  const referencePrices = await prices();
  const positions =
    positionsPath === undefined ? new Map<string, SidePositions>() : await loadPositions(positionsPath);
  return {
    judge: (order) =>
      inCliWords(
        book.validateOrder(order, contextFor(order, referencePrices, positions, maxNotional)),
        pricesGiven,
        positionsPath !== undefined,
      ),
    echoed: CONTRACT_ECHOED_FIELDS,
    columns: CONTRACT_COLUMNS,
  };
}

/** The order's context: its symbol's reference price, the position on its side, the notional limit. */
function contextFor(
  order: unknown,
  prices: ReadonlyMap<string, string>,
  positions: ReadonlyMap<string, SidePositions>,
  maxNotional: string | undefined,
): ContractOrderContext | undefined {
  const symbol = ownField(order, 'symbol');
  const side = ownField(order, 'positionSide');
  const referencePrice = typeof symbol === 'string' ? prices.get(symbol) : undefined;
  const held = typeof symbol === 'string' ? positions.get(symbol) : undefined;
  const position = side === 'LONG' ? held?.LONG : side === 'SHORT' ? held?.SHORT : undefined;
  if (referencePrice === undefined && position === undefined && maxNotional === undefined) return undefined;
  return {
    ...(referencePrice === undefined ? {} : { referencePrice }),
    ...(position === undefined ? {} : { position }),
    ...(maxNotional === undefined ? {} : { maxNotional }),
  };
}

/**
 * Reads `--rules` for `--market futures`: a regular UTF-8 file of at most 64 MiB holding the
 * contract host's `exchangeInfo` answer (`{"assets": [...], "symbols": [...]}`), read losslessly.
 * A spot payload or snapshot is refused with the advice to drop `--market futures`.
 *
 * @throws {UsageError} naming `--rules` and the file.
 */
export async function loadContractRules(path: string): Promise<ContractBook> {
  const bytes = await readRegularFile(path, '--rules', MAX_RULES_FILE_BYTES);
  const fail = (problem: string) => new UsageError(`--rules ${printable(path)}: ${problem}`, { hint: false });
  const expected =
    'a contract payload ({"assets": [...], "symbols": [...]}: the body of GET /capi/v3/market/exchangeInfo)';
  const { text, value: top } = readRulesJson(bytes, fail, expected);
  if (typeof top === 'object' && top !== null && !Array.isArray(top)) {
    const spot = ['format', 'timezone', 'serverTime'].find((field) => Object.hasOwn(top, field));
    if (spot !== undefined)
      throw fail(
        `it is a spot ${spot === 'format' ? 'rule-book snapshot' : 'exchangeInfo payload'} (it has "${spot}"); check spot orders without --market futures, or give ${expected}`,
      );
  }
  try {
    return ContractBook.fromContractInfoText(text);
  } catch (error) {
    if (!isExchangeInfoSchemaError(error)) throw error;
    throw fail(`contract payload refused: ${clip(oneLine(error.message), 400)}`);
  }
}
