// The order ticket: plain DOM, no framework. `order-preflight.js` is the library's portable core
// bundled for the browser (serve.ts builds it from src/index.ts). Every state the page shows is
// also written to `data-*` attributes, which is what test-browser/order-ticket.test.ts reads.
import { count, formatAmount, formatDecimal, isNegative, magnitude, percent } from './format.js';
import {
  estimateOrder,
  isPlainPositiveDecimal,
  normalizeOrder,
  ORDER_FIELDS,
  parseExchangeInfoText,
  RuleBook,
  SAMPLE_EXCHANGE_INFO_JSON,
  validateOrder,
} from './order-preflight.js';

const $ = (id) => document.getElementById(id);
const INPUTS = ['price', 'quantity', 'reference', 'client-id'];
const TIME_IN_FORCE = { GTC: 'Good till cancelled', IOC: 'Immediate or cancel', FOK: 'Fill or kill' };
/**
 * The context fields the ticket fills from its own inputs, by the label the user sees: a fault in
 * one is the user's typing, never something the exchange would refuse.
 */
const CONTEXT_LABELS = { referencePrice: 'Last price' };

let book;
/** The order in the order line, for "Apply to ticket". */
let repairedOrder;
/** The order line's exact text, for "Copy". */
let orderLine = '';

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'className') node.className = value;
    else if (name === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(name, value);
  }
  node.append(...children.filter((c) => c !== undefined && c !== null));
  return node;
}

// ---- the rule book ----------------------------------------------------------------------------

/** Compiles a payload; one that is not an exchangeInfo payload leaves the current book in place. */
function loadBook(text, source) {
  const status = $('book-status');
  const notes = $('book-notes');
  const payloadError = $('payload-error');
  let loaded;
  try {
    loaded = RuleBook.fromExchangeInfo(parseExchangeInfoText(text));
  } catch (error) {
    payloadError.hidden = false;
    payloadError.dataset.state = 'error';
    payloadError.textContent = `Not an exchangeInfo payload: ${error.message}${book === undefined ? '' : '. The rule book in use is unchanged.'}`;
    $('book-box').open = true;
    return;
  }
  book = loaded;
  payloadError.hidden = true;
  payloadError.dataset.state = 'none';
  payloadError.textContent = '';
  notes.replaceChildren();
  Object.assign(status.dataset, {
    state: 'loaded',
    source,
    pairs: String(book.size),
    rejected: String(book.rejected.length),
    warnings: String(book.warnings.length),
  });
  const parts = [count(book.size, 'pair')];
  if (book.rejected.length > 0) parts.push(`${book.rejected.length} set aside`);
  if (book.warnings.length > 0) parts.push(count(book.warnings.length, 'warning'));
  status.replaceChildren(
    element('span', { className: 'book-source' }, source === 'sample' ? 'Embedded sample' : 'Pasted payload'),
    ` ${parts.join(' · ')}`,
  );
  for (const r of book.rejected)
    notes.append(
      element(
        'li',
        { dataset: { kind: 'rejected', symbol: r.symbol ?? `#${r.index}` } },
        element('span', { className: 'tag fail' }, 'set aside'),
        element(
          'span',
          {},
          element('code', {}, r.symbol ?? `entry #${r.index}`),
          ` ${r.reasons.map((x) => `${x.path}: ${x.message}`).join('; ')}`,
        ),
      ),
    );
  for (const w of book.warnings)
    notes.append(
      element(
        'li',
        { dataset: { kind: 'warning', symbol: w.symbol } },
        element('span', { className: 'tag warn' }, 'warning'),
        element('span', {}, element('code', {}, `${w.symbol}.${w.field}`), ` ${w.message}`),
      ),
    );
  $('symbol').replaceChildren(...book.symbols.map((s) => new Option(s, s)));
  $('order').disabled = false;
  pairChanged();
}

// ---- the ticket's fields ------------------------------------------------------------------------

function radioValue(name) {
  return document.querySelector(`input[name="${name}"]:checked`)?.value;
}

function definition() {
  return book?.definition($('symbol').value);
}

function rule(label, value, key) {
  return element('div', { dataset: { rule: key } }, element('dt', {}, label), element('dd', {}, value));
}

/** A new pair: what was typed for the old one means nothing here, and the hints change. */
function pairChanged() {
  for (const id of ['price', 'quantity', 'reference']) $(id).value = '';
  const d = definition();
  const status = $('pair-status');
  status.hidden = d === undefined;
  if (d === undefined) {
    $('pair-rules').replaceChildren();
    typeChanged();
    return;
  }
  const tradable = d.status === 'TRADING' && d.enableTrade !== false;
  status.hidden = false;
  status.textContent = tradable ? 'Trading' : d.enableTrade === false ? 'Trading disabled' : d.status;
  status.className = `badge ${tradable ? 'pass' : 'fail'}`;
  status.dataset.status = d.status ?? '';
  const base = d.baseAsset ?? '';
  const quote = d.quoteAsset ?? '';
  const rules = $('pair-rules');
  Object.assign(rules.dataset, {
    tick: d.tickSize ?? '',
    tickSource: d.tickSizeSource ?? '',
    step: d.stepSize ?? '',
    min: d.minTradeAmount ?? '',
    max: d.maxTradeAmount ?? '',
  });
  const inferred = d.tickSizeSource === 'displayDigitMerge';
  rules.replaceChildren(
    rule('Tick', `${d.tickSize ?? 'none'}${inferred ? ' (inferred)' : ''}`, 'tick'),
    rule('Step', d.stepSize ?? 'none', 'step'),
    rule('Min', d.minTradeAmount === null ? 'none' : `${formatDecimal(d.minTradeAmount)} ${base}`, 'min'),
    rule('Max', d.maxTradeAmount === null ? 'none' : `${formatDecimal(d.maxTradeAmount)} ${base}`, 'max'),
    rule('Maker', d.makerFeeRate === null ? 'n/a' : `${percent(d.makerFeeRate)} %`, 'maker'),
    rule('Taker', d.takerFeeRate === null ? 'n/a' : `${percent(d.takerFeeRate)} %`, 'taker'),
  );
  $('price-unit').textContent = quote;
  $('reference-unit').textContent = quote;
  $('quantity-unit').textContent = base;
  $('quantity-hint').textContent = [
    d.stepSize === null ? 'No step published' : `A multiple of ${d.stepSize}`,
    d.minTradeAmount === null ? undefined : `at least ${formatDecimal(d.minTradeAmount)} ${base}`,
  ]
    .filter(Boolean)
    .join(', ');
  typeChanged();
}

/** MARKET takes neither a price nor a time in force: clear and disable them, as the exchange would ignore them at best. */
function typeChanged() {
  const market = radioValue('type') === 'MARKET';
  $('price').disabled = market;
  $('tif').disabled = market;
  if (market) $('price').value = '';
  $('price').placeholder = market ? 'At market' : '0.00';
  $('price-hint').textContent = market ? 'A MARKET order takes no price' : priceHint(definition());
  tifChanged();
}

function priceHint(d) {
  if (d === undefined) return '';
  const decimals =
    d.quoteAssetPrecision === null ? '' : `, at most ${count(Number(d.quoteAssetPrecision), 'decimal')}`;
  if (d.tickSize === null) return `No tick published${decimals}`;
  const inferred = d.tickSizeSource === 'displayDigitMerge' ? ', the finest displayDigitMerge step' : '';
  return `A multiple of ${d.tickSize}${inferred}${decimals}`;
}

function tifChanged() {
  $('tif-hint').textContent =
    radioValue('type') === 'MARKET' ? 'Not sent with MARKET' : TIME_IN_FORCE[$('tif').value];
  render();
}

function currentOrder() {
  const order = {
    symbol: $('symbol').value,
    side: radioValue('side'),
    type: radioValue('type'),
    quantity: $('quantity').value.trim(),
  };
  if (order.type === 'LIMIT') {
    order.timeInForce = $('tif').value;
    order.price = $('price').value.trim();
  }
  const clientId = $('client-id').value;
  if (clientId !== '') order.newClientOrderId = clientId;
  return order;
}

const REFERENCE_HINT = "Enables the price-band checks and a MARKET order's cost";

/**
 * The last price as typed, flagged on its own field at once when it does not read as a price (the
 * library's own grammar, `isPlainPositiveDecimal`). Such a price is a typo in the ticket, not a
 * reason the exchange would refuse the order: `render` says so in the ticket's words and judges
 * the order without it.
 */
function currentContext() {
  const reference = $('reference').value.trim();
  const readable = reference === '' || isPlainPositiveDecimal(reference);
  $('reference').setAttribute('aria-invalid', String(!readable));
  $('reference-hint').textContent = readable
    ? REFERENCE_HINT
    : 'Not read as a price: digits and at most one point (64000.5), above zero';
  return reference === '' ? {} : { referencePrice: reference };
}

/** What the user still has to type before a verdict means anything; empty when nothing. */
function missingInput(order) {
  const missing = [];
  if (order.type === 'LIMIT' && order.price === '') missing.push('a price');
  if (order.quantity === '') missing.push('a quantity');
  return missing;
}

// ---- the check ----------------------------------------------------------------------------------

function setVerdict(state, title, detail) {
  const verdict = $('verdict');
  verdict.dataset.state = state;
  $('verdict-title').textContent = title;
  $('verdict-detail').textContent = detail;
}

function clearResults() {
  repairedOrder = undefined;
  orderLine = '';
  $('violations').replaceChildren();
  $('order-line').hidden = true;
  $('order-line').dataset.state = 'idle';
  $('estimate').hidden = true;
  $('estimate').dataset.state = 'idle';
  $('skipped-box').hidden = true;
  $('skipped').replaceChildren();
}

function render() {
  clearResults();
  if (book === undefined) {
    setVerdict('idle', 'Load a rule book to start', 'Use the embedded sample or paste a payload below.');
    return;
  }
  const order = currentOrder();
  const missing = missingInput(order);
  if (missing.length > 0) {
    setVerdict(
      'idle',
      `Enter ${missing.join(' and ')}`,
      `The order is checked against ${order.symbol}'s rules as you type.`,
    );
    return;
  }
  const typed = currentContext();
  const typedResult = validateOrder(book, order, typed);
  // A last price that is not a decimal is the ticket's field, not the order: say so in the
  // ticket's words, and judge the order as if no last price were given.
  const inputFaults = typedResult.violations.filter((v) => v.field in CONTEXT_LABELS);
  const context = inputFaults.length === 0 ? typed : {};
  const result = inputFaults.length === 0 ? typedResult : validateOrder(book, order, context);
  const repaired = normalizeOrder(book, order, context);
  if (result.ok && inputFaults.length > 0) {
    setVerdict(
      'input',
      `Check the ${inputFaults.map((v) => CONTEXT_LABELS[v.field]).join(' and ')}`,
      'The order passes every rule that needs no last price; those that do are not checked until it is a number.',
    );
  } else if (result.ok) {
    setVerdict(
      'pass',
      'Passes every published rule',
      result.skipped.length === 0
        ? `${order.symbol} would accept this order as it is.`
        : `${count(result.skipped.length, 'check')} could not run: see below.`,
    );
  } else {
    const n = result.violations.length;
    setVerdict(
      'fail',
      'The exchange would refuse this order',
      repaired.ok
        ? `${count(n, 'issue')}, fixed by rounding: the repaired order is below.`
        : `${count(n, 'issue')}; rounding cannot fix ${n === 1 ? 'it' : 'them all'}.`,
    );
  }
  renderViolations([...inputFaults, ...result.violations], typed);
  renderOrderLine(repaired);
  renderEstimate(repaired.ok ? repaired.order : undefined, context);
  renderSkipped(result.skipped, inputFaults.length > 0);
}

/** A violation's message in the ticket's words: a context field by its label, with what was typed. */
function messageOf(v, typed) {
  const label = CONTEXT_LABELS[v.field];
  if (label === undefined) return v.message;
  return `${label} must be a positive number such as 64000.5, got ${JSON.stringify(String(typed[v.field] ?? ''))}`;
}

function renderViolations(violations, typed) {
  $('violations').replaceChildren(
    ...violations.map((v) => {
      const fixes =
        v.suggestion !== undefined && (v.field === 'price' || v.field === 'quantity')
          ? element(
              'span',
              { className: 'fixes' },
              'Use ',
              ...v.suggestion.flatMap((value, i) => [
                i === 0 ? undefined : ' or ',
                element(
                  'button',
                  {
                    type: 'button',
                    className: 'chip',
                    dataset: { field: v.field, value },
                    'aria-label': `Set ${v.field} to ${value}`,
                  },
                  value,
                ),
              ]),
            )
          : undefined;
      const suggestion = v.suggestion === undefined ? [] : v.suggestion;
      return element(
        'li',
        { dataset: { code: v.code, field: v.field, suggestion: suggestion.join(' ') } },
        element('code', { className: 'code' }, v.code),
        element('span', { className: 'message' }, messageOf(v, typed)),
        fixes,
      );
    }),
  );
}

/** The body of `POST /api/v3/order`, compact, with the fields the library judges in its order. */
function orderBody(order) {
  const body = {};
  for (const field of ORDER_FIELDS) if (order[field] !== undefined) body[field] = String(order[field]);
  return JSON.stringify(body);
}

function renderOrderLine(repaired) {
  const line = $('order-line');
  line.hidden = false;
  const changes = $('changes');
  if (!repaired.ok) {
    line.dataset.state = 'blocked';
    $('order-line-title').textContent = 'No order to send';
    changes.replaceChildren(
      element(
        'li',
        { className: 'blocked', dataset: { codes: repaired.violations.map((v) => v.code).join(' ') } },
        'No rounding makes this order pass: see the issues above.',
      ),
    );
    $('order-json').textContent = '';
    $('order-json').hidden = true;
    $('apply-order').hidden = true;
    $('copy-order').hidden = true;
    return;
  }
  const changed = repaired.changes.length > 0;
  line.dataset.state = changed ? 'repaired' : 'ready';
  $('order-line-title').textContent = changed ? 'Repaired order to send' : 'Order to send';
  changes.replaceChildren(
    ...repaired.changes.map((c) =>
      element(
        'li',
        { dataset: { field: c.field, code: c.code, from: c.from, to: c.to } },
        `${c.field} `,
        element('del', {}, c.from),
        ' → ',
        element('ins', {}, c.to),
      ),
    ),
  );
  const json = $('order-json');
  json.hidden = false;
  orderLine = orderBody(repaired.order);
  // Line breaks only between fields (<wbr> adds no text): a value is never split across lines.
  json.replaceChildren(...orderLine.split(/(?<=,)(?=")/).flatMap((piece) => [piece, element('wbr')]));
  $('apply-order').hidden = !changed;
  $('copy-order').hidden = false;
  resetCopyButton();
  repairedOrder = repaired.order;
}

function renderEstimate(order, context) {
  const box = $('estimate');
  if (order === undefined) return;
  box.hidden = false;
  const estimate = estimateOrder(book, order, context);
  const note = $('estimate-note');
  const market = order.type === 'MARKET';
  const figures = $('estimate-figures');
  if (!estimate.estimated) {
    box.dataset.state = 'unknown';
    figures.hidden = true;
    const needsReference = estimate.violations.some((v) => v.field === 'referencePrice');
    box.dataset.reason = needsReference ? 'NO_REFERENCE_PRICE' : 'UNKNOWN';
    note.textContent = needsReference
      ? "Enter the last price to bound a MARKET order's cost."
      : (estimate.reason ?? 'The cost of this order cannot be worked out.');
    return;
  }
  box.dataset.state = 'estimated';
  delete box.dataset.reason;
  figures.hidden = false;
  const unit = estimate.feeAsset ?? '';
  $('worst-price-row').hidden = !market;
  $('worst-price').textContent = `${formatDecimal(estimate.worstCasePrice)} ${unit}`;
  $('worst-price').dataset.value = estimate.worstCasePrice;
  $('notional-label').textContent = market ? 'Notional, at most' : 'Notional';
  Object.assign($('notional').dataset, { value: estimate.notional, unit });
  $('notional').textContent = formatAmount(estimate.notional, unit);
  const fee = $('fee');
  const liquidity = estimate.liquidity.toLowerCase();
  if (estimate.feeRate === undefined) {
    $('fee-label').textContent = 'Fee';
    Object.assign(fee.dataset, { liquidity: estimate.liquidity, rate: '', value: '', unit });
    fee.textContent = `No ${liquidity} rate published`;
    fee.className = 'unknown';
  } else {
    const rebate = isNegative(estimate.expectedFee);
    $('fee-label').textContent =
      `${rebate ? 'Rebate' : 'Fee'} · ${liquidity} ${percent(magnitude(estimate.feeRate))} %`;
    Object.assign(fee.dataset, {
      liquidity: estimate.liquidity,
      rate: estimate.feeRate,
      value: estimate.expectedFee,
      unit,
    });
    fee.textContent = formatAmount(magnitude(estimate.expectedFee), unit);
    fee.className = '';
  }
  note.textContent = market
    ? 'A MARKET order fills at the market; the bound is the worst price it may reach.'
    : context.referencePrice === undefined
      ? 'Assumes the order rests on the book (maker); enter the last price to tell.'
      : estimate.liquidity === 'TAKER'
        ? 'The price crosses the last price, so the order takes liquidity (taker).'
        : 'The order rests on the book (maker).';
}

/**
 * A skipped check in the ticket's words: for want of a reference price, the Last price field
 * (empty, or not a number); a rule field the exchange did not send, as the library says it.
 */
function skipMessage(s, lastPriceInvalid) {
  if (s.reason !== 'NO_REFERENCE_PRICE') return s.message;
  return `${s.check} not checked: ${lastPriceInvalid ? 'the Last price is not a number' : 'enter the Last price to check it'}`;
}

function renderSkipped(skipped, lastPriceInvalid) {
  $('skipped-box').hidden = skipped.length === 0;
  $('skipped-title').textContent = `${count(skipped.length, 'check')} not run`;
  $('skipped').replaceChildren(
    ...skipped.map((s) =>
      element('li', { dataset: { check: s.check, reason: s.reason } }, skipMessage(s, lastPriceInvalid)),
    ),
  );
}

// ---- actions ------------------------------------------------------------------------------------

function applyRepairedOrder() {
  if (repairedOrder === undefined) return;
  if (repairedOrder.price !== undefined) $('price').value = String(repairedOrder.price);
  $('quantity').value = String(repairedOrder.quantity);
  render();
  $('quantity').focus();
}

function resetCopyButton() {
  const button = $('copy-order');
  button.textContent = 'Copy';
  delete button.dataset.copied;
}

async function copyOrderLine() {
  const text = orderLine;
  const button = $('copy-order');
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard permission (an old browser, a page not served over http(s)): select the text
    // so that the user's own copy takes it.
    const range = document.createRange();
    range.selectNodeContents($('order-json'));
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    button.textContent = 'Selected: press Ctrl+C';
    button.dataset.copied = 'selected';
    return;
  }
  button.textContent = 'Copied';
  button.dataset.copied = 'true';
}

$('load-sample').addEventListener('click', () => {
  $('payload').value = '';
  loadBook(SAMPLE_EXCHANGE_INFO_JSON, 'sample');
});
$('load-pasted').addEventListener('click', () => loadBook($('payload').value, 'pasted'));
$('symbol').addEventListener('change', pairChanged);
for (const radio of document.querySelectorAll('input[name="type"]'))
  radio.addEventListener('change', typeChanged);
for (const radio of document.querySelectorAll('input[name="side"]')) radio.addEventListener('change', render);
for (const id of INPUTS) $(id).addEventListener('input', render);
$('tif').addEventListener('change', tifChanged);
$('violations').addEventListener('click', (event) => {
  const chip = event.target.closest('button.chip');
  if (chip === null) return;
  $(chip.dataset.field).value = chip.dataset.value;
  render();
});
$('apply-order').addEventListener('click', applyRepairedOrder);
$('copy-order').addEventListener('click', copyOrderLine);
$('ticket').addEventListener('submit', (event) => event.preventDefault());

// Offline from the first second: the sample embedded in the library is the starting rule book.
loadBook(SAMPLE_EXCHANGE_INFO_JSON, 'sample');
document.body.dataset.ready = 'true';
