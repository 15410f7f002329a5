import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diff } from '../../src/cli/commands/diff.js';
import { fakeIo, tempDir, writeSampleSnapshot } from './harness.js';

let temp: Awaited<ReturnType<typeof tempDir>>;
let before: string;
let after: string;

beforeEach(async () => {
  temp = await tempDir();
  before = temp.path('before.json');
  after = temp.path('after.json');
  await writeSampleSnapshot(before);
  await writeSampleSnapshot(after, (snapshot) => {
    const symbols = snapshot.symbols as Record<string, unknown>[];
    symbols[0]!.tickSize = '0.1';
    snapshot.symbols = symbols.filter((d) => d.symbol !== 'LUNAUSDT');
  });
});
afterEach(async () => {
  await temp.remove();
});

describe('order-preflight diff', () => {
  it('lists a changed tickSize and a removed pair; exit 1 (there are differences)', async () => {
    const { io, stdout, stderr } = fakeIo([before, after]);
    expect(await diff(io)).toBe(1);
    expect(stdout.lines).toContain('~ BTCUSDT tickSize 0.01 -> 0.1');
    expect(stdout.lines).toContain('- LUNAUSDT (removed)');
    expect(stderr.text).toBe('');
  });

  it('says no changes for identical snapshots; exit 0', async () => {
    const { io, stdout } = fakeIo([before, before]);
    expect(await diff(io)).toBe(0);
    expect(stdout.text).toBe('no changes\n');
  });

  it('--json gives the diff object', async () => {
    const { io, stdout } = fakeIo(['--json', before, after]);
    expect(await diff(io)).toBe(1);
    const parsed = JSON.parse(stdout.text) as {
      isEmpty: boolean;
      changed: { symbol: string; changes: { field: string; before: unknown; after: unknown }[] }[];
      removed: { symbol: string }[];
    };
    expect(parsed.isEmpty).toBe(false);
    expect(parsed.changed).toEqual([
      { symbol: 'BTCUSDT', changes: [{ field: 'tickSize', before: '0.01', after: '0.1' }] },
    ]);
    expect(parsed.removed.map((d) => d.symbol)).toEqual(['LUNAUSDT']);
  });

  it.each([[[]], [['one.json']], [['a', 'b', 'c']]])('needs exactly two files (%j): exit 2', async (argv) => {
    const { io, stderr } = fakeIo(argv);
    expect(await diff(io)).toBe(2);
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toMatch(/^order-preflight: diff: /);
  });

  it('an unreadable or malformed snapshot is exit 2 with one line naming the file', async () => {
    const broken = temp.path('broken.json');
    await writeFile(broken, '{"format":"order-preflight/rule-book","version":1,"symbols":"x"}');
    for (const argv of [
      [before, temp.path('missing.json')],
      [broken, after],
    ]) {
      const { io, stdout, stderr } = fakeIo(argv);
      expect(await diff(io)).toBe(2);
      expect(stdout.text).toBe('');
      expect(stderr.lines).toHaveLength(1);
      expect(stderr.text).toMatch(/^order-preflight: diff: (cannot read NEW .*ENOENT|OLD .*broken\.json)/);
    }
  });
});
