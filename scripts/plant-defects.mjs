// Plants known defects in the engine one at a time and checks that the rules' tests and the
// property suite catch each one (`npm run plant-defects`). Every file is restored afterwards, whatever happens.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const DEFECTS = [
  {
    name: 'grid check done with floats (general path)',
    file: 'src/decimal/grid.ts',
    from: 'return value.isMultipleOf(grid);',
    to: 'return Number(value.toString()) % Number(grid.toString()) === 0;',
  },
  {
    name: 'grid check done with floats (fast path)',
    file: 'src/decimal/safe-integers.ts',
    from: 'return Math.floor(n / step) * step === n;',
    to: 'return (n / 1e8) % (step / 1e8) === 0;',
  },
  {
    name: 'exclusive maximum in the fast check only',
    file: 'src/rules/quantity-max.ts',
    from: 'return count > pair.maxCount ? FAIL : PASS;',
    to: 'return count >= pair.maxCount ? FAIL : PASS;',
  },
  {
    name: 'exclusive minimum (quantity must exceed minTradeAmount)',
    file: 'src/rules/quantity-min.ts',
    from: '  return quantity.gte(min);',
    to: '  return quantity.gt(min);',
  },
  {
    name: 'exclusive buy band',
    file: 'src/rules/price-band.ts',
    from: 'if (buy ? sign >= 0 : sign <= 0) return undefined;',
    to: 'if (buy ? sign > 0 : sign <= 0) return undefined;',
  },
  {
    name: 'zero fallback ratio taken literally',
    file: 'src/pair/compile-pair.ts',
    from: 'const configured = fallback !== null && !fallback.isZero() ? fallback : null;',
    to: 'const configured = fallback;',
  },
  {
    name: 'two rules swap places in the list',
    file: 'src/rules/pair-rules.ts',
    from: '  quantityMin,\n  quantityMax,',
    to: '  quantityMax,\n  quantityMin,',
  },
  {
    name: 'a fast explanation that rounds the other way',
    file: 'src/rules/price-precision.ts',
    from: 'const fitting = priceAwayFromMarketUnits(pair, order.buy, order.price, order.priceScale);',
    to: 'const fitting = priceAwayFromMarketUnits(pair, !order.buy, order.price, order.priceScale);',
  },
  {
    name: 'a reader that leaves the last value in place',
    file: 'src/order/fast-read.ts',
    from: '    lastRead.units = units;\n    lastRead.scale = scale;\n    lastRead.places = scale;\n',
    to: '    lastRead.scale = scale;\n    lastRead.places = scale;\n',
  },
  {
    name: "a long decimal cut to a bound's decimals ties with it whatever its other digits",
    file: 'src/decimal/dec.ts',
    from: 'return cut < b ? -1 : cut > b ? 1 : this.endsBy(other.scale) ? 0 : 1;',
    to: 'return cut < b ? -1 : cut > b ? 1 : 0;',
  },
  {
    name: 'a long text with a second point taken for a decimal',
    file: 'src/order/fast-read.ts',
    from: '      if (point !== -1 || i === length - 1) return false;',
    to: '      if (i === length - 1) return false;',
  },
  {
    name: "checkOrder's codes in the wrong order",
    file: 'src/book/judge-order.ts',
    from: 'if (failedMask & (1 << place)) codes.push((PAIR_RULES[place] as PairRule).code);',
    to: 'if (failedMask & (1 << place)) codes.unshift((PAIR_RULES[place] as PairRule).code);',
  },
  {
    name: 'a LIMIT order without a time in force read the fast way',
    file: 'src/order/read-order.ts',
    from: "if (tif === undefined ? limit : tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK') return false;",
    to: "if (tif === undefined ? false : tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK') return false;",
  },
  {
    name: "the reading's faults worded out of field order",
    file: 'src/order/read-generally.ts',
    from: 'if (faults.length > 1) faults.sort(',
    to: 'if (faults.length > 1 && Number.NaN) faults.sort(',
  },
  {
    name: 'contracts: exclusive open-market cap (a MARKET order of exactly marketOpenLimitSize refused)',
    file: 'src/rules/market-open-size.ts',
    from: 'if (quantity.value.lte(cap)) return undefined;',
    to: 'if (quantity.value.lt(cap)) return undefined;',
  },
  {
    name: 'contracts: exclusive position cap (a position of exactly maxPositionSize refused)',
    file: 'src/rules/position-size.ts',
    from: 'if (after.lte(max)) return undefined;',
    to: 'if (after.lt(max)) return undefined;',
  },
  {
    name: 'contracts: closing orders classed as opening (SELL+LONG held to the open caps)',
    file: 'src/order/contract-order-fields.ts',
    from: "return (side === 'BUY' && positionSide === 'LONG') || (side === 'SELL' && positionSide === 'SHORT');",
    to: "return (side === 'BUY' && positionSide === 'LONG') || side === 'SELL';",
  },
];

// A signal must not leave a defect planted: it stops the loop, and the planted file is restored
// (without a listener, SIGINT or SIGTERM would end the process before the restore ran).
let stopped = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => (stopped = true));

let missed = 0;
for (const defect of DEFECTS) {
  // Lets a signal's listener run: the runs themselves are synchronous.
  await new Promise((resolve) => setImmediate(resolve));
  if (stopped) break;
  const original = readFileSync(defect.file, 'utf8');
  if (!original.includes(defect.from)) {
    console.error(`cannot plant "${defect.name}": ${defect.file} no longer contains the line`);
    process.exitCode = 2;
    continue;
  }
  try {
    writeFileSync(defect.file, original.replace(defect.from, defect.to));
    const started = Date.now();
    const run = spawnSync('npx', ['vitest', 'run', 'test/rules', 'property-tests'], { encoding: 'utf8' });
    // A run ended by a signal decided nothing, whatever it printed before.
    if (run.status === null) {
      console.log(`stopped  ${defect.name} (the test run was ended by ${run.signal ?? 'a signal'})`);
      stopped = true;
      continue;
    }
    const caught = run.status !== 0;
    if (!caught) missed++;
    const failed = (run.stdout.match(/×[^\n]*/g) ?? []).length;
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `${caught ? 'caught ' : 'MISSED '} ${defect.name} (${caught ? `${failed} failing tests, ` : ''}${seconds} s)`,
    );
  } finally {
    writeFileSync(defect.file, original);
  }
}
if (missed > 0) process.exitCode = 1;
if (stopped) {
  console.error('stopped by a signal; every planted file was restored');
  process.exitCode = 130;
}
