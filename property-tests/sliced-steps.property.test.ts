import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RuleBook, ruleBookSteps, snapshotContentsOf } from '../src/book/rule-book.js';
import { parseResponseJson } from '../src/client/json-body.js';
import { diffRuleBooks, diffRuleBooksSteps } from '../src/diff/diff-rule-books.js';
import { parseJsonLosslesslySteps } from '../src/exchange-info/lossless-json.js';
import { parseExchangeInfo } from '../src/exchange-info/parse-exchange-info.js';
import { snapshotTextSteps } from '../src/snapshot/write-snapshot.js';
import { scanExchangeInfoText } from '../src/source/exchange-info-body.js';
import { Slicer } from '../src/source/slicer.js';
import { runSteps } from '../src/steps/steps.js';
import { exchangeInfoArb } from '../src/testing/index.js';
import { propertyParameters } from '../test-support/runs.js';

/**
 * Each long operation is written once, as steps, and run either whole (the one-call functions)
 * or a slice at a time (the rule-book source). These properties hold the two runs to the same
 * result, with a slicer that pauses after every step (the most cuts, so a wrong resume point
 * shows) and with JSON read in parts far smaller than the default (so a body of a few pairs is
 * cut as a 20,000-pair body is).
 */

/** A slicer that yields after every step. */
const eager = () => new Slicer({ budgetMs: 0 });

/** What a run gives: its value, or the class of what it threw. */
function outcome(run: () => unknown): { value: unknown } | { threw: string } {
  try {
    return { value: run() };
  } catch (error) {
    return { threw: error instanceof Error ? error.name : typeof error };
  }
}

/** A payload written as a body could be: compact or indented, members in either order. */
const bodyArb = fc
  .tuple(exchangeInfoArb({ maxPairs: 10 }), fc.constantFrom(undefined, 1, '\t'), fc.boolean())
  .map(([payload, indent, reversed]) => {
    const members = Object.entries(payload);
    return JSON.stringify(Object.fromEntries(reversed ? members.reverse() : members), null, indent);
  });

/** A JSON object whose members hold arrays (cut into parts) and other values, as text. */
const jsonObjectTextArb = fc
  .tuple(
    fc.dictionary(
      fc.string({ maxLength: 6 }),
      fc.oneof(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })),
      { maxKeys: 5 },
    ),
    fc.nat(),
    fc.constantFrom('', '}', ',', '"', '['),
  )
  .map(([object, at, damage]) => {
    const text = JSON.stringify(object, null, 1);
    if (damage === '') return text;
    const cut = at % (text.length + 1);
    return `${text.slice(0, cut)}${damage}${text.slice(cut)}`;
  });

describe('JSON read in parts reads as the whole text', () => {
  it('gives the same value, or refuses, as one parse of the whole text', () => {
    fc.assert(
      fc.property(jsonObjectTextArb, fc.integer({ min: 1, max: 64 }), (text, partLength) => {
        const whole = outcome(() => runSteps(parseJsonLosslesslySteps(text, 0, undefined, Infinity)));
        const parts = outcome(() => runSteps(parseJsonLosslesslySteps(text, 0, undefined, partLength)));
        expect(parts).toEqual(whole);
      }),
      propertyParameters(300),
    );
  });

  it('reads a generated exchange-info body to the same value in parts of any size', () => {
    fc.assert(
      fc.property(bodyArb, fc.integer({ min: 1, max: 2_000 }), (text, partLength) => {
        expect(runSteps(parseJsonLosslesslySteps(text, 0, undefined, partLength))).toEqual(
          runSteps(parseJsonLosslesslySteps(text, 0, undefined, Infinity)),
        );
      }),
      propertyParameters(100),
    );
  });
});

describe('a sliced refresh gives what the one-call functions give', () => {
  it('the same exchange info, rule book, snapshot text and diff', async () => {
    await fc.assert(
      fc.asyncProperty(bodyArb, bodyArb, fc.nat({ max: 4 }), async (text, otherText, kept) => {
        // The body, as the client reads it whole and as the source reads it in slices.
        const info = parseExchangeInfo(parseResponseJson(text, { text }));
        expect(await (await scanExchangeInfoText(text, eager())).parse(eager())).toEqual(info);

        const whole = RuleBook.fromExchangeInfo(info, { fetchedAt: 1_000 });
        const sliced = await eager().run(ruleBookSteps(info, { fetchedAt: 1_000 }));
        const wholeText = JSON.stringify(whole.toJSON());
        expect(JSON.stringify(sliced.toJSON())).toBe(wholeText);
        expect(sliced.rejected).toEqual(whole.rejected);
        expect(await eager().run(snapshotTextSteps(snapshotContentsOf(sliced)))).toBe(wholeText);

        // A next book sharing some pairs (a shared symbol may be defined twice: set aside).
        const other = parseExchangeInfo(parseResponseJson(otherText, { text: otherText }));
        const next = RuleBook.fromExchangeInfo(
          { ...other, symbols: [...info.symbols.slice(0, kept), ...other.symbols] },
          { fetchedAt: 2_000 },
        );
        expect(await eager().run(diffRuleBooksSteps(whole, next))).toEqual(diffRuleBooks(whole, next));
        expect(await eager().run(diffRuleBooksSteps(next, sliced))).toEqual(diffRuleBooks(next, whole));
      }),
      propertyParameters(60),
    );
  });
});
