// How the ticket writes numbers and counts. Decimals arrive from the library as plain strings
// (`64000.01`, `-0.0001`) and are only ever re-spelled here, digit by digit: never parsed into a
// float, so what is shown is exactly what the library computed.

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const MINUS = '\u2212';

/** `1 warning`, `2 warnings`; `plural` for the irregular ones. */
export function count(n, singular, plural = `${singular}s`) {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** Splits a plain decimal into sign, integer digits and fraction digits; undefined otherwise. */
function parts(decimal) {
  const match = PLAIN_DECIMAL.exec(String(decimal));
  if (match === null) return undefined;
  return { negative: match[1] === '-', integer: match[2], fraction: match[3] ?? '' };
}

function groupThousands(integer) {
  let grouped = '';
  for (let end = integer.length; end > 0; end -= 3) {
    const group = integer.slice(Math.max(0, end - 3), end);
    grouped = grouped === '' ? group : `${group},${grouped}`;
  }
  return grouped;
}

/**
 * `1000.5` → `1,000.5`; with `minFractionDigits` 2, `1,000.50`. Only zeros are ever added and
 * nothing is rounded. Text that is not a plain decimal comes back as it is.
 */
export function formatDecimal(decimal, minFractionDigits = 0) {
  const p = parts(decimal);
  if (p === undefined) return String(decimal);
  const fraction = p.fraction.padEnd(minFractionDigits, '0');
  const isZero = /^0*$/.test(p.integer + p.fraction);
  return `${p.negative && !isZero ? MINUS : ''}${groupThousands(p.integer)}${fraction === '' ? '' : `.${fraction}`}`;
}

/** An amount of an asset, money style: `1,000.50 USDT`. */
export function formatAmount(decimal, unit) {
  const text = formatDecimal(decimal, 2);
  return unit ? `${text} ${unit}` : text;
}

/** A rate as a percentage, by moving the decimal point: `0.001` → `0.1`, `-0.0001` → `−0.01`. */
export function percent(rate) {
  const p = parts(rate);
  if (p === undefined) return String(rate);
  const digits = p.integer + p.fraction.padEnd(2, '0');
  const point = p.integer.length + 2;
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(point).replace(/0+$/, '');
  return formatDecimal(`${p.negative ? '-' : ''}${integer}${fraction === '' ? '' : `.${fraction}`}`);
}

/** Whether a decimal string is below zero (a negative fee is a rebate). */
export function isNegative(decimal) {
  const p = parts(decimal);
  return p?.negative === true && !/^0*$/.test(p.integer + p.fraction);
}

/** Drops the sign: the ticket says "rebate" rather than showing a negative fee. */
export function magnitude(decimal) {
  return String(decimal).replace(/^-/, '');
}
