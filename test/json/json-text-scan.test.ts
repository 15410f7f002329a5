import { describe, expect, it } from 'vitest';
import { jsonSkeletonSteps } from '../../src/json/json-skeleton.js';
import { closingQuote, scanJsonText } from '../../src/json/json-text-scan.js';
import { runSteps } from '../../src/steps/steps.js';

describe('the JSON text scanner', () => {
  it('finds the string and number tokens over the bound, quotes not counted', () => {
    const text = '{"abcd":"abc","x":[12345,"a\\"bcd",-1e10]}';
    expect(scanJsonText(text, 3, 512)).toEqual({
      overLong: [
        { kind: 'string', start: 1, end: 7 },
        { kind: 'number', start: 19, end: 24 },
        { kind: 'string', start: 25, end: 33 },
        { kind: 'number', start: 34, end: 39 },
      ],
      tooDeep: false,
    });
    expect(scanJsonText(text, 6, 512).overLong).toEqual([]);
  });

  it('counts nesting, skipping brackets inside strings, and an over-long token as one more level', () => {
    expect(scanJsonText('[["]]]]"]]', 1024, 2).tooDeep).toBe(false);
    expect(scanJsonText('[[[]]]', 1024, 2).tooDeep).toBe(true);
    expect(scanJsonText('[["abcd"]]', 3, 2).tooDeep).toBe(true);
    expect(scanJsonText('[["abc"]]', 3, 2).tooDeep).toBe(false);
  });

  it('runs an unclosed string to the end of the text, a trailing escaping backslash counting one more', () => {
    expect(scanJsonText('["abc', 2, 512).overLong).toEqual([{ kind: 'string', start: 1, end: 5 }]);
    expect(scanJsonText('"1\\', 2, 512).overLong).toEqual([{ kind: 'string', start: 0, end: 3 }]);
    expect(scanJsonText('"1\\\\', 2, 512).overLong).toEqual([{ kind: 'string', start: 0, end: 4 }]);
    expect(scanJsonText('"1\\\\', 3, 512).overLong).toEqual([]);
    expect(scanJsonText('["[[[', 1024, 1).tooDeep).toBe(false);
  });

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
