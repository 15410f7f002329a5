// The order ticket: plain DOM, no framework. `order-preflight.js` is the library's portable core
// bundled for the browser (serve.ts builds it from src/index.ts).
import {
  estimateOrder,
  normalizeOrder,
  parseExchangeInfoText,
  RuleBook,
  SAMPLE_EXCHANGE_INFO_JSON,
  validateOrder,
} from './order-preflight.js';

const $ = (id) => document.getElementById(id);
let book;

function item(html) {
  const li = document.createElement('li');
  li.innerHTML = html;
  return li;
}

function escapeHtml(text) {
  return String(text).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );
}

function loadBook(text) {
  const notes = $('book-notes');
  notes.replaceChildren();
  try {
    book = RuleBook.fromExchangeInfo(parseExchangeInfoText(text));
  } catch (error) {
    book = undefined;
    $('book-status').textContent = `Not an exchangeInfo payload: ${error.message}`;
    $('order').disabled = true;
    return;
  }
  $('book-status').textContent =
    `${book.size} pairs, ${book.rejected.length} set aside, ${book.warnings.length} warnings`;
  for (const r of book.rejected)
    notes.append(
      item(
        `set aside: <code>${escapeHtml(r.symbol ?? `#${r.index}`)}</code> ${escapeHtml(r.reasons.map((x) => `${x.path}: ${x.message}`).join('; '))}`,
      ),
    );
  for (const w of book.warnings)
    notes.append(
      item(`warning: <code>${escapeHtml(w.symbol)}.${escapeHtml(w.field)}</code> ${escapeHtml(w.message)}`),
    );
  const select = $('symbol');
  select.replaceChildren(...book.symbols.map((s) => new Option(s, s)));
  $('order').disabled = false;
  render();
}

function currentOrder() {
  const order = {
    symbol: $('symbol').value,
    side: $('side').value,
    type: $('type').value,
    quantity: $('quantity').value,
  };
  if (order.type === 'LIMIT') {
    order.timeInForce = $('tif').value;
    order.price = $('price').value;
  }
  return order;
}

function render() {
  if (book === undefined) return;
  const definition = book.definition($('symbol').value);
  $('price').disabled = $('type').value === 'MARKET';
  $('grid').textContent =
    definition === undefined
      ? ''
      : `tick ${definition.tickSize ?? 'none'}${definition.tickSizeSource === 'displayDigitMerge' ? ' (inferred from displayDigitMerge)' : ''}, ` +
        `step ${definition.stepSize ?? 'none'}, min ${definition.minTradeAmount ?? '-'}, ` +
        `price/quantity decimals ${definition.quoteAssetPrecision ?? '-'}/${definition.baseAssetPrecision ?? '-'}`;
  const order = currentOrder();
  const reference = $('reference').value.trim();
  const context = reference === '' ? {} : { referencePrice: reference };
  const result = validateOrder(book, order, context);
  const verdict = $('verdict');
  verdict.className = result.ok ? 'pass' : 'fail';
  verdict.textContent = result.ok
    ? 'PASS: the exchange would accept this order'
    : 'FAIL: the exchange would refuse this order';
  $('violations').replaceChildren(
    ...result.violations.map((v) => {
      const li = item(
        `<code>${escapeHtml(v.code)}</code> ${escapeHtml(v.message)}${v.suggestion ? ` <span class="suggestion">try ${escapeHtml(v.suggestion.join(' or '))}</span>` : ''}`,
      );
      li.dataset.code = v.code;
      if (v.suggestion) li.dataset.suggestion = v.suggestion.join(' ');
      return li;
    }),
  );
  $('skipped').replaceChildren(...result.skipped.map((s) => item(`not checked: ${escapeHtml(s.message)}`)));
  const repaired = normalizeOrder(book, order, context);
  const estimate = result.ok ? estimateOrder(book, order, context) : undefined;
  $('repaired').textContent = repaired.ok
    ? JSON.stringify(repaired.order, null, 2) + (estimate?.estimated ? `\nnotional ${estimate.notional}` : '')
    : `cannot be repaired by rounding: ${repaired.violations.map((v) => v.code).join(', ')}`;
}

$('load-sample').addEventListener('click', () => {
  $('payload').value = SAMPLE_EXCHANGE_INFO_JSON;
  loadBook(SAMPLE_EXCHANGE_INFO_JSON);
});
$('load-pasted').addEventListener('click', () => loadBook($('payload').value));
for (const id of ['symbol', 'side', 'type', 'tif', 'price', 'quantity', 'reference']) {
  $(id).addEventListener('input', render);
  $(id).addEventListener('change', render);
}
document.body.dataset.ready = 'true';
