import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFINITION_FIELDS, type DefinitionField } from '../src/diff/compare-definitions.js';
import { diffRuleBooks } from '../src/diff/diff-rule-books.js';
import { type PairDefinition, parseExchangeInfo, RuleBook } from '../src/index.js';
import { Big } from '../src/testing/big.js';
import { pairDefinitionArb } from '../src/testing/index.js';
import { propertyParameters } from '../test-support/runs.js';

/**
 * A book built the public way, from definitions re-sent as the wire would send them. Without
 * tick inference, so that a book holds exactly the definitions it was given.
 */
function bookOf(definitions: readonly PairDefinition[]): RuleBook {
  const symbols = definitions.map(({ tickSizeSource: _derived, ...d }) => ({
    ...d,
    displayDigitMerge: d.displayDigitMerge === null ? null : d.displayDigitMerge.join(','),
  }));
  const book = RuleBook.fromExchangeInfo(parseExchangeInfo({ timezone: 'UTC', serverTime: 0, symbols }), {
    inferTickSize: false,
  });
  if (book.rejected.length > 0)
    throw new Error(`generated definitions set aside: ${JSON.stringify(book.rejected)}`);
  return book;
}

const plusArb = fc.constantFrom('1', '0.001', '0.00000001', '250');
const otherGridArb = (current: string | null) =>
  current === null
    ? fc.constantFrom('0.01', '1', '0.00000005')
    : fc.oneof(
        fc.constant(null),
        plusArb.map((p) => new Big(current).plus(p).toString()),
      );
const otherFlagArb = (current: boolean | null) =>
  fc.constantFrom<boolean | null>(true, false, null).filter((flag) => flag !== current);
const MERGE_LISTS: readonly (readonly string[] | null)[] = [
  null,
  [],
  ['0.01', '0.1'],
  ['1', '10', '100'],
  ['0.5'],
];
const otherMergeArb = (current: readonly string[] | null) =>
  fc
    .constantFrom(...MERGE_LISTS)
    .filter((list) => JSON.stringify(list) !== JSON.stringify(current))
    .map((list) => (list === null ? null : [...list]));
/** Fields a payload sends; `tickSizeSource` is the book's own account of `tickSize`. */
const SENT_FIELDS = DEFINITION_FIELDS.filter((field) => field !== 'tickSizeSource');

/** A value for `field` that parses and differs from `d[field]`. */
function otherValueArb(d: PairDefinition, field: DefinitionField): fc.Arbitrary<unknown> {
  switch (field) {
    case 'status':
      return fc.constantFrom('TRADING', 'HALT', 'BREAK', null).filter((s) => s !== d.status);
    case 'baseAsset':
    case 'quoteAsset':
      return fc.constantFrom('X', 'NEW').map((suffix) => `${d[field] ?? ''}${suffix}`);
    case 'baseAssetPrecision':
    case 'quoteAssetPrecision': {
      const current = d[field];
      return current === null
        ? fc.integer({ min: 0, max: 18 })
        : fc.option(
            fc.integer({ min: 0, max: 255 }).filter((other) => other !== current),
            { nil: null },
          );
    }
    case 'tickSize':
    case 'stepSize':
      return otherGridArb(d[field]);
    case 'tickSizeSource':
      throw new Error('tickSizeSource is not sent');
    case 'enableTrade':
      return fc.constant(d.enableTrade === null ? true : !d.enableTrade);
    case 'enableDisplay':
    case 'displayNew':
    case 'displayHot':
      return otherFlagArb(d[field]);
    case 'displayDigitMerge':
      return otherMergeArb(d.displayDigitMerge);
    default: {
      // Every other field is a decimal; adding keeps a non-negative one non-negative.
      const current = d[field];
      return current === null ? plusArb : plusArb.map((p) => new Big(current).plus(p).toString());
    }
  }
}

/** A definition with a non-empty random subset of its fields changed, and that subset. */
function mutatedArb(d: PairDefinition): fc.Arbitrary<{ after: PairDefinition; fields: DefinitionField[] }> {
  return fc.subarray([...SENT_FIELDS], { minLength: 1 }).chain((fields) =>
    fc.tuple(...fields.map((field) => otherValueArb(d, field))).map((values) => ({
      after: { ...d, ...Object.fromEntries(fields.map((field, i) => [field, values[i]])) } as PairDefinition,
      fields,
    })),
  );
}

/** A generated definition as a book holds it (canonical, its tick source named). */
const heldArb = pairDefinitionArb().map((d) => bookOf([d]).definition(d.symbol) as PairDefinition);

/** Pairs in four roles: kept as they are, changed, removed, and added. */
const scenarioArb = fc
  .uniqueArray(heldArb, { minLength: 0, maxLength: 12, selector: (d) => d.symbol })
  .chain((definitions) =>
    fc
      .tuple(...definitions.map(() => fc.constantFrom('kept', 'changed', 'removed', 'added')))
      .map((roles) => definitions.map((definition, i) => ({ definition, role: roles[i] ?? 'kept' }))),
  )
  .chain((pairs) =>
    fc
      .tuple(
        ...pairs.map(({ definition, role }) =>
          role === 'changed'
            ? mutatedArb(definition).map((m) => ({ definition, role, ...m }))
            : fc.constant({ definition, role, after: definition, fields: [] as DefinitionField[] }),
        ),
      )
      .chain((entries) =>
        fc.shuffledSubarray(entries, { minLength: entries.length }).map((order) => ({ entries, order })),
      ),
  );

const bySymbol = (a: { symbol: string }, b: { symbol: string }) =>
  a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;

describe('diffRuleBooks (property)', () => {
  it('names exactly the pairs and fields that changed, and nothing else', () => {
    fc.assert(
      fc.property(scenarioArb, ({ entries, order }) => {
        const before = bookOf(entries.filter((e) => e.role !== 'added').map((e) => e.definition));
        // The second payload lists its pairs in another order: order is not a change.
        const after = bookOf(order.filter((e) => e.role !== 'removed').map((e) => e.after));
        const diff = diffRuleBooks(before, after);

        const symbolsOf = (role: string) =>
          entries
            .filter((e) => e.role === role)
            .map((e) => e.definition.symbol)
            .sort();
        expect(diff.added.map((d) => d.symbol)).toEqual(symbolsOf('added'));
        expect(diff.removed.map((d) => d.symbol)).toEqual(symbolsOf('removed'));
        for (const d of [...diff.added, ...diff.removed])
          expect(d).toEqual(entries.find((e) => e.definition.symbol === d.symbol)?.definition);

        const expected = entries
          .filter((e) => e.role === 'changed')
          .map((e) => {
            const held = after.definition(e.definition.symbol) as PairDefinition;
            // A grid that appears or goes changes where the tick comes from, too.
            const moved = (field: DefinitionField) =>
              e.fields.includes(field) ||
              (field === 'tickSizeSource' && held.tickSizeSource !== e.definition.tickSizeSource);
            return {
              symbol: e.definition.symbol,
              changes: DEFINITION_FIELDS.filter(moved).map((field) => ({
                field,
                before: e.definition[field],
                after: held[field],
              })),
            };
          })
          .sort(bySymbol);
        expect(diff.changed).toEqual(expected);
        for (const { changes } of diff.changed)
          for (const change of changes)
            expect(Object.keys(change).sort()).toEqual(['after', 'before', 'field']);

        expect(diff.rejected).toEqual({ added: [], removed: [] });
        expect(diff.timezone).toBeNull();
        expect(diff.isEmpty).toBe(entries.every((e) => e.role === 'kept'));
      }),
      propertyParameters(50),
    );
  });

  it('reversed books give the reversed diff', () => {
    fc.assert(
      fc.property(scenarioArb, ({ entries }) => {
        const before = bookOf(entries.filter((e) => e.role !== 'added').map((e) => e.definition));
        const after = bookOf(entries.filter((e) => e.role !== 'removed').map((e) => e.after));
        const forward = diffRuleBooks(before, after);
        const backward = diffRuleBooks(after, before);
        expect(backward.added).toEqual(forward.removed);
        expect(backward.removed).toEqual(forward.added);
        expect(backward.changed).toEqual(
          forward.changed.map(({ symbol, changes }) => ({
            symbol,
            changes: changes.map((c) => ({ field: c.field, before: c.after, after: c.before })),
          })),
        );
        expect(diffRuleBooks(before, before).isEmpty).toBe(true);
        expect(diffRuleBooks(after, after).isEmpty).toBe(true);
      }),
      propertyParameters(30),
    );
  });
});
