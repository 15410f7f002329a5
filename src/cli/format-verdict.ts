import { clip, printable } from './text.js';

/**
 * What a verdict shows of a judgement: the spot `ValidationResult` or the futures entry's
 * `ContractValidationResult`, which have this shape in common.
 */
export interface Judgement {
  readonly ok: boolean;
  readonly violations: readonly {
    readonly code: string;
    readonly message: string;
    readonly suggestion?: readonly string[] | undefined;
  }[];
  readonly skipped: readonly { readonly check: string; readonly reason: string }[];
}

/**
 * How the orders of `check` are judged: the verdict on one parsed line, in the CLI's words, and
 * the order fields a JSON verdict repeats. Spot judges with the rule book; `--market futures`
 * with the contract book (commands/check-futures.ts).
 */
export interface Judge {
  readonly judge: (order: unknown) => Judgement;
  readonly echoed: readonly string[];
  /** The table's columns. */
  readonly columns: TableColumns;
}

/** How verdicts are written: readable rows, or one JSON object per line. */
export type VerdictFormat = 'table' | 'json';

/** ANSI styling, or none. */
export interface Style {
  readonly pass: (text: string) => string;
  readonly fail: (text: string) => string;
  readonly error: (text: string) => string;
  readonly dim: (text: string) => string;
}

const plain = (text: string) => text;
const sgr = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

export const NO_STYLE: Style = { pass: plain, fail: plain, error: plain, dim: plain };
export const COLOUR_STYLE: Style = {
  pass: sgr(32, 39),
  fail: sgr(31, 39),
  error: sgr(33, 39),
  dim: sgr(2, 22),
};

/** One column of the table: its title, its width (a longer cell widens it), the order field it shows. */
interface Column {
  readonly title: string;
  readonly width: number;
  readonly right?: boolean;
  /** The order field the column shows; none for the line number and the verdict. */
  readonly field?: string;
}

/** The columns of a verdict table: spot orders' or contract orders'. */
export type TableColumns = readonly Column[];

const LEAD: TableColumns = [
  { title: 'LINE', width: 6, right: true },
  { title: 'RESULT', width: 6 },
];
const SIZE: TableColumns = [
  { title: 'QUANTITY', width: 16, field: 'quantity' },
  { title: 'PRICE', width: 0, field: 'price' },
];

/** The spot table: line, verdict, symbol, side, type, quantity, price. */
export const SPOT_COLUMNS: TableColumns = [
  ...LEAD,
  { title: 'SYMBOL', width: 12, field: 'symbol' },
  { title: 'SIDE', width: 4, field: 'side' },
  { title: 'TYPE', width: 6, field: 'type' },
  ...SIZE,
];

/**
 * The contract table (`check --market futures`): the spot columns with the position side, and a
 * type column wide enough for the algo types (`TAKE_PROFIT_MARKET`).
 */
export const CONTRACT_COLUMNS: TableColumns = [
  ...LEAD,
  { title: 'SYMBOL', width: 12, field: 'symbol' },
  { title: 'SIDE', width: 4, field: 'side' },
  { title: 'POSITION', width: 8, field: 'positionSide' },
  { title: 'TYPE', width: 18, field: 'type' },
  ...SIZE,
];

const CELL_MAX = 24;
const INDENT = ' '.repeat(10);

function row(columns: TableColumns, cells: readonly string[], style?: (text: string) => string): string {
  return columns
    .map((column, i) => {
      const cell = cells[i] ?? '';
      const padded = column.right === true ? cell.padStart(column.width) : cell.padEnd(column.width);
      return i === 1 && style !== undefined ? style(padded) : padded;
    })
    .join('  ')
    .trimEnd();
}

/** The table's header row. */
export function tableHeader(columns: TableColumns = SPOT_COLUMNS): string {
  return row(
    columns,
    columns.map((column) => column.title),
  );
}

/** An order field as a table cell: `-` when absent, clipped and made terminal-safe. */
function cell(order: unknown, field: string): string {
  if (typeof order !== 'object' || order === null || Array.isArray(order)) return '-';
  if (!Object.hasOwn(order, field)) return '-';
  const value = (order as Record<string, unknown>)[field];
  if (typeof value === 'string') return value === '' ? '""' : clip(printable(value), CELL_MAX);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  return Array.isArray(value) ? '[array]' : `[${typeof value}]`;
}

/**
 * The readable verdict on one order: a row (line, PASS/FAIL, and the order fields of `columns`:
 * symbol, side, type, quantity, price for spot), then one line per violation (code, the message naming field, value and limit, and
 * the nearest passing values), then the checks that could not run.
 */
export function formatVerdictRows(
  line: number,
  order: unknown,
  result: Judgement,
  style: Style,
  columns: TableColumns = SPOT_COLUMNS,
): string[] {
  const verdict = result.ok ? 'PASS' : 'FAIL';
  const cells = columns.slice(LEAD.length).map((column) => cell(order, column.field ?? ''));
  const lines = [row(columns, [String(line), verdict, ...cells], result.ok ? style.pass : style.fail)];
  for (const v of result.violations) {
    const suggestion =
      v.suggestion === undefined || v.suggestion.length === 0 ? '' : `  -> try ${v.suggestion.join(' or ')}`;
    lines.push(`${INDENT}${v.code.padEnd(26)} ${printable(v.message)}${suggestion}`);
  }
  if (result.skipped.length > 0) {
    const skipped = result.skipped.map((s) => `${s.check} (${s.reason})`).join(', ');
    lines.push(style.dim(`${INDENT}not checked: ${skipped}`));
  }
  return lines;
}

/** The readable report of a line that could not be read (not JSON, too long). */
export function formatUnreadableRow(line: number, error: string, style: Style): string {
  return `${String(line).padStart(6)}  ${style.error('ERROR ')}  ${printable(error)}`;
}

/**
 * A field of a parsed order line, if the line is an object that holds it as its own (an array or
 * a scalar holds none; an inherited key is not the order's).
 */
export function ownField(order: unknown, field: string): unknown {
  if (typeof order !== 'object' || order === null || Array.isArray(order) || !Object.hasOwn(order, field))
    return undefined;
  return (order as Record<string, unknown>)[field];
}

/** The order fields a JSON verdict repeats, so a consumer can tell which order it judged. */
export const ECHOED_FIELDS: readonly string[] = ['symbol', 'side', 'type', 'newClientOrderId'];

/**
 * The verdict on one order as a JSON line:
 * `{ line, ok, symbol?, side?, type?, newClientOrderId?, violations, skipped }` (`fields` names
 * the order fields repeated: a contract order's `positionSide` too). Each order field is there when the parsed order holds it as a string, exactly as written (the
 * strict line reader gives a JSON number as its written digits, which is what the check judged);
 * a field that is absent or not a string (null, a boolean, an object, an array) is left out,
 * never echoed raw, and the violations say what is wrong with it. The line stays one line of JSON that is safe on a
 * terminal: what `JSON.stringify` leaves raw of the control characters, line separators and
 * bidirectional overrides `printable` escapes is written as a `\u` escape, the same JSON string.
 */
export function verdictJson(
  line: number,
  order: unknown,
  result: Judgement,
  fields: readonly string[] = ECHOED_FIELDS,
): string {
  const echoed: Record<string, string> = {};
  for (const field of fields) {
    const value = ownField(order, field);
    if (typeof value === 'string') echoed[field] = value;
  }
  return printable(
    JSON.stringify({
      line,
      ok: result.ok,
      ...echoed,
      violations: result.violations,
      skipped: result.skipped,
    }),
  );
}

/**
 * A line that could not be read, as a JSON line of the same shape plus `error` and `reason`
 * (`NOT_JSON`, `LINE_TOO_LONG` or `VALUE_TOO_LONG`):
 * `{ line, ok: false, error, reason, violations: [], skipped: [] }`.
 */
export function unreadableJson(line: number, error: string, reason: string): string {
  return JSON.stringify({ line, ok: false, error, reason, violations: [], skipped: [] });
}
