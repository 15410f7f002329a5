import { describe, expect, it } from 'vitest';
import { isSnapshotError, parseRuleBookSnapshot, type SnapshotError } from '../../src/index.js';

/**
 * What `parseRuleBookSnapshot` says of text it cannot read (found by mutation testing, `npm run
 * mutation`): the issue's place and code, the value it was given, and the JSON fault as the cause.
 */

function faultOf(input: unknown): SnapshotError {
  try {
    parseRuleBookSnapshot(input as string);
  } catch (error) {
    if (isSnapshotError(error)) return error;
    throw error;
  }
  throw new Error('did not throw');
}

describe('parseRuleBookSnapshot refuses what is not JSON text', () => {
  it.each([
    ['an object', { version: 1 }, true],
    ['null', null, false],
    ['a number', 12345, false],
  ])('%s: one issue at the root, naming the value', (_name, input, parsed) => {
    const fault = faultOf(input);
    expect(fault.reason).toBe('json');
    expect(fault.issues).toHaveLength(1);
    expect(fault.issues[0]).toMatchObject({ path: '(root)', code: 'custom' });
    // An object already parsed is told of the loader that takes it.
    expect(fault.issues[0]?.message.includes('RuleBook.fromJSON')).toBe(parsed);
    if (input === 12345) expect(fault.issues[0]?.message).toContain('12345');
  });

  it('text that is not JSON: one issue at the root carrying the reader fault, which is the cause', () => {
    const fault = faultOf('{"version": 1,');
    expect(fault.reason).toBe('json');
    expect(fault.cause).toBeInstanceOf(SyntaxError);
    expect(fault.issues).toHaveLength(1);
    expect(fault.issues[0]).toMatchObject({ path: '(root)', code: 'custom' });
    expect(fault.issues[0]?.message).toContain((fault.cause as SyntaxError).message);
  });
});
