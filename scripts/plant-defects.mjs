// Plants known defects in the engine one at a time and checks that the property suite catches
// each one (`npm run plant-defects`). Every file is restored afterwards, whatever happens.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const DEFECTS = [
  {
    name: 'grid check done with floats (general path)',
    file: 'src/decimal/grid.ts',
    from: 'return value.mod(grid).isZero();',
    to: 'return Number(value.toString()) % Number(grid.toString()) === 0;',
  },
  {
    name: 'grid check done with floats (fast path)',
    file: 'src/book/fast-pass.ts',
    from: 'return step === 1 || Math.floor(n / step) * step === n;',
    to: 'return step === 1 || (n / 1e8) % (step / 1e8) === 0;',
  },
  {
    name: 'exclusive maximum on the fast path',
    file: 'src/book/fast-pass.ts',
    from: 'if (count > fast.maxCount) failed |= QUANTITY_ABOVE_MAX;',
    to: 'if (count >= fast.maxCount) failed |= QUANTITY_ABOVE_MAX;',
  },
  {
    name: 'exclusive minimum (quantity must exceed minTradeAmount)',
    file: 'src/rules/quantity-min.ts',
    from: 'quantity.value.gte(pair.minTradeAmount)',
    to: 'quantity.value.gt(pair.minTradeAmount)',
  },
  {
    name: 'exclusive buy band',
    file: 'src/rules/buy-price-band.ts',
    from: 'price.value.lte(limit)',
    to: 'price.value.lt(limit)',
  },
  {
    name: 'zero fallback ratio taken literally',
    file: 'src/book/compiled-pair.ts',
    from: 'Dec.ONE.plus(fallback.eq(Dec.ZERO) ? buyRatio : fallback)',
    to: 'Dec.ONE.plus(fallback)',
  },
];

let missed = 0;
for (const defect of DEFECTS) {
  const original = readFileSync(defect.file, 'utf8');
  if (!original.includes(defect.from)) {
    console.error(`cannot plant "${defect.name}": ${defect.file} no longer contains the line`);
    process.exitCode = 2;
    continue;
  }
  try {
    writeFileSync(defect.file, original.replace(defect.from, defect.to));
    const run = spawnSync('npx', ['vitest', 'run', 'property-tests'], { encoding: 'utf8' });
    const caught = run.status !== 0;
    if (!caught) missed++;
    const failed = (run.stdout.match(/×[^\n]*/g) ?? []).length;
    console.log(
      `${caught ? 'caught ' : 'MISSED '} ${defect.name}${caught ? ` (${failed} failing tests)` : ''}`,
    );
  } finally {
    writeFileSync(defect.file, original);
  }
}
if (missed > 0) process.exitCode = 1;
