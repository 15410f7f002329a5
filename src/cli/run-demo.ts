import {
  type NormalizeResult,
  normalizeOrder,
  type PairDefinition,
  RuleBook,
  sampleExchangeInfo,
  type ValidationContext,
  type ValidationResult,
} from '../index.js';
import { DEMO_ORDERS, DEMO_REFERENCE_PRICES, type DemoOrder } from './demo-orders.js';

/**
 * The main job on the embedded sample, offline: the pairs it defines, then realistic orders and
 * each one's verdict, written line by line to `write`.
 */
export function runDemo(write: (line: string) => void): void {
  const info = sampleExchangeInfo();
  const book = RuleBook.fromExchangeInfo(info);
  write(
    `Sample exchange info: ${info.symbols.length} pairs, ${info.rejected.length} set aside (timezone ${info.timezone})`,
  );
  write('');
  const inForce = info.symbols.map((d) => book.definition(d.symbol) ?? d);
  for (const line of pairTable(inForce)) write(line);
  for (const w of book.warnings) write(`  warning: ${w.symbol}.${w.field}: ${w.message}`);
  for (const r of book.rejected) {
    write(
      `  set aside: ${r.symbol ?? `#${r.index}`}: ${r.reasons.map((x) => `${x.path}: ${x.message}`).join('; ')}`,
    );
  }
  write('');
  write('Orders, checked before they are sent (reference = last traded price):');
  let passed = 0;
  for (const demo of DEMO_ORDERS) {
    const context = contextFor(demo);
    const result = book.validateOrder(demo.order, context);
    if (result.ok) passed++;
    for (const line of verdictLines(book, demo, context, result)) write(line);
  }
  write('');
  write(
    `${passed} of ${DEMO_ORDERS.length} orders would be accepted; the rest never needed a round trip to learn why not.`,
  );
}

function contextFor(demo: DemoOrder): ValidationContext {
  const symbol = demo.order.symbol;
  const reference = typeof symbol === 'string' ? DEMO_REFERENCE_PRICES[symbol] : undefined;
  return { ...(reference === undefined ? {} : { referencePrice: reference }), ...demo.context };
}

function pairTable(pairs: readonly PairDefinition[]): string[] {
  const header = [
    'symbol',
    'status',
    'trade',
    'tick',
    'step',
    'min qty',
    'max qty',
    'buy/sell ratio',
    'fallback',
    'market buy/sell cap',
    'price/qty dp',
  ];
  const shown = (value: string | number | boolean | null) => (value === null ? '-' : String(value));
  const rows = pairs.map((p) => [
    p.symbol,
    shown(p.status),
    p.enableTrade === null ? '-' : p.enableTrade ? 'yes' : 'no',
    p.tickSize === null
      ? 'none'
      : p.tickSizeSource === 'displayDigitMerge'
        ? `${p.tickSize} (inferred)`
        : p.tickSize,
    shown(p.stepSize ?? 'none'),
    shown(p.minTradeAmount),
    shown(p.maxTradeAmount),
    `${shown(p.buyLimitPriceRatio)}/${shown(p.sellLimitPriceRatio)}`,
    p.marketFallbackPriceRatio === '0' || p.marketFallbackPriceRatio === null
      ? `${shown(p.marketFallbackPriceRatio)} (uses ratio)`
      : p.marketFallbackPriceRatio,
    `${shown(p.marketBuyLimitSize)}/${shown(p.marketSellLimitSize)}`,
    `${shown(p.quoteAssetPrecision)}/${shown(p.baseAssetPrecision)}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `  ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

function describeOrder(order: Record<string, unknown>): string {
  const price = order.price === undefined ? '' : ` @ ${String(order.price)}`;
  return `${String(order.side)} ${String(order.type)} ${String(order.quantity)} ${String(order.symbol)}${price}`;
}

/**
 * Why no rounding repairs the order, naming only codes the reader has seen: a code the repair
 * met only after respelling or rounding (`1e-7` read as `0.0000001` breaks the step and the
 * minimum) is shown first, with its message, after what was changed.
 */
function unrepairedLines(result: ValidationResult, repaired: NormalizeResult & { ok: false }): string[] {
  const shown = new Set(result.violations.map((v) => v.code));
  const unseen = repaired.violations.filter((v) => !shown.has(v.code));
  if (unseen.length === 0)
    return [`      -> no rounding repairs this order (${repaired.violations.map((v) => v.code).join(', ')})`];
  const changed = repaired.changes.map((c) => `${c.field} ${c.from} as ${c.to}`).join(', ');
  return [
    `      -> no rounding repairs this order: ${changed === '' ? 'as sent' : `with ${changed}`}, it breaks`,
    ...unseen.map((v) => `      ${v.code.padEnd(24)} ${v.message}`),
  ];
}

function verdictLines(
  book: RuleBook,
  demo: DemoOrder,
  context: ValidationContext,
  result: ValidationResult,
): string[] {
  const facts = [
    context.referencePrice === undefined ? undefined : `ref ${context.referencePrice}`,
    context.maxNotional === undefined ? undefined : `maxNotional ${context.maxNotional}`,
  ].filter((x) => x !== undefined);
  const lines = [
    '',
    `${result.ok ? 'PASS' : 'FAIL'}  ${describeOrder(demo.order)}   (${demo.note}${facts.length > 0 ? `; ${facts.join(', ')}` : ''})`,
  ];
  for (const v of result.violations) {
    const suggestion = v.suggestion === undefined ? '' : `  -> try ${v.suggestion.join(' or ')}`;
    lines.push(`      ${v.code.padEnd(24)} ${v.message}${suggestion}`);
  }
  for (const s of result.skipped) lines.push(`      (skipped ${s.check}: ${s.reason} ${s.field})`);
  if (!result.ok) {
    // The one order that fixes every rounding at once, next to the violations it answers.
    const repaired = normalizeOrder(book, demo.order, context);
    if (repaired.ok)
      lines.push(
        `      -> send instead: ${describeOrder(repaired.order as unknown as Record<string, unknown>)}`,
      );
    else lines.push(...unrepairedLines(result, repaired));
  }
  if (result.ok) {
    const estimate = book.estimateOrder(demo.order, context);
    if (estimate.estimated)
      lines.push(
        `      notional ${estimate.notional} ${estimate.feeAsset ?? ''} at worst price ${estimate.worstCasePrice}; ` +
          (estimate.expectedFee === undefined
            ? `no ${estimate.liquidity.toLowerCase()} fee rate known`
            : `fee ${estimate.expectedFee} (${estimate.liquidity.toLowerCase()} ${estimate.feeRate})`),
      );
  }
  return lines;
}
