import type fc from 'fast-check';

/**
 * Whether two values hold the same plain data: primitives by `Object.is` (so `NaN` equals
 * `NaN`), arrays element by element, plain objects by their own enumerable keys in any order.
 *
 * @example `sameData({ a: [1, 'x'] }, { a: [1, 'x'] }) // true`
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameData(item, b[index]));
  const protoA = Object.getPrototypeOf(a);
  const protoB = Object.getPrototypeOf(b);
  const plain = (proto: unknown) => proto === Object.prototype || proto === null;
  if (!plain(protoA) || !plain(protoB)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keysA.every((key) => Object.hasOwn(recordB, key) && sameData(recordA[key], recordB[key]));
}

/**
 * `arb.map(build)` with an unmapper, so that fast-check can shrink a value it did not make
 * itself (one given in `examples`, or met again without its context). `unbuild` may be a
 * best guess: its answer is used only when `build` makes exactly the given value from it, so a
 * value outside what `arb` can make is refused (fast-check then leaves it unshrunk) rather than
 * shrunk into something else.
 *
 * @example
 * ```ts
 * const evens = mapInvertibly(fc.nat(), (n) => 2 * n, (v) => Number(v) / 2);
 * evens.canShrinkWithoutContext(8); // true
 * evens.canShrinkWithoutContext(7); // false
 * ```
 */
export function mapInvertibly<A, B>(
  arb: fc.Arbitrary<A>,
  build: (source: A) => B,
  unbuild: (value: unknown) => A,
): fc.Arbitrary<B> {
  return arb.map(build, (value) => {
    const source = unbuild(value);
    if (!sameData(build(source), value)) throw new TypeError('not a value this arbitrary makes');
    return source;
  });
}
