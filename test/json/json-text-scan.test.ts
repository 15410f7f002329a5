import { describe, expect, it } from 'vitest';
import { jsonSkeletonSteps } from '../../src/json/json-skeleton.js';
import { closingQuote } from '../../src/json/json-text-scan.js';
import { runSteps } from '../../src/steps/steps.js';

describe('the JSON text scanner', () => {
  it('finds where a string closes by the parity of the backslashes before a quote', () => {
    expect(closingQuote('"a\\"b"', 0)).toBe(5);
    expect(closingQuote('"a\\\\"b"', 0)).toBe(4);
    expect(closingQuote('"a\\"', 0)).toBe(-1);
  });

  it('reads the skeleton of an object: its members, and the elements of its arrays', () => {
    const text = ' {"a" : [1, {"b":[2,3]} , "x,y"], "c":"]", "d":{} , "e":[ ]} ';
    const skeleton = runSteps(jsonSkeletonSteps(text));
    const spans = (key: string) =>
      skeleton?.elements.get(key)?.map(({ start, end }) => text.slice(start, end));
    expect([...(skeleton?.members.keys() ?? [])]).toEqual(['a', 'c', 'd', 'e']);
    expect(spans('a')).toEqual(['1', '{"b":[2,3]}', '"x,y"']);
    expect(spans('e')).toEqual([]);
    const c = skeleton?.members.get('c');
    expect(c && text.slice(c.start, c.end)).toBe('"]"');
  });

  it('has no skeleton for what is not an object of distinct members', () => {
    for (const text of ['[1]', '{"a":1,"a":2}', '{"a":[1,,2]}', '{"a":1} x', '{"a":"b', '{"a" 1}', ''])
      expect(runSteps(jsonSkeletonSteps(text))).toBeUndefined();
  });
});
