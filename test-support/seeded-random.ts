/**
 * A seeded generator (mulberry32) for data that must be the same on every run and machine without
 * being stored: the realistic corpus (`corpus/`) and the benchmark's order mixes. Its steps are
 * 32-bit integer operations only, so a seed gives the same numbers everywhere. Properties draw
 * from fast-check instead, which shrinks and replays; this is for fixed data sets.
 */

/**
 * Rows of a weighted table: a value and its weight. Only the ratios of the weights matter.
 *
 * @example
 * ```ts
 * const sides: Weighted<string> = [['BUY', 3], ['SELL', 1]];
 * ```
 */
export type Weighted<T> = readonly (readonly [T, number])[];

/**
 * A deterministic stream of numbers from a seed.
 *
 * @example
 * ```ts
 * const random = new SeededRandom(42);
 * random.below(6); // the same whole number in [0, 6) on every run
 * ```
 */
export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** The next whole number in [0, 2^32). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** The next number in [0, 1), from the same step as {@link next}. */
  fraction(): number {
    return this.next() / 4_294_967_296;
  }

  /** A whole number in [0, n). */
  below(n: number): number {
    // Whole numbers below 2^32 on both sides, so exact; the corpus and the mixes are these very draws.
    return this.next() % n;
  }

  /** True `perMille` times in a thousand. */
  chance(perMille: number): boolean {
    return this.below(1000) < perMille;
  }

  /** A value from a weighted table, each as often as its weight says. */
  pick<T>(table: Weighted<T>): T {
    // Index loops: destructuring each row would make an iterator per row, and this runs often.
    let total = 0;
    for (let i = 0; i < table.length; i++) total += table[i]![1];
    let roll = this.below(total);
    for (let i = 0; i < table.length; i++) {
      const row = table[i]!;
      if (roll < row[1]) return row[0];
      roll -= row[1];
    }
    throw new Error('empty table');
  }

  /** `count` random decimal digits, the first not zero (`'4071'`). */
  digits(count: number): string {
    let text = String(1 + this.below(9));
    for (let i = 1; i < count; i++) text += String(this.below(10));
    return text;
  }

  /** Shuffles `items` in place and returns them. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const a = items[i]!;
      items[i] = items[j]!;
      items[j] = a;
    }
    return items;
  }
}
