import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonLines, limit, requireBuiltCli, tempDir, writeSampleSnapshot } from './harness.js';

// End-to-end runs of dist/cli.js (the in-process tests of each command are the main ones). They
// fail, never skip, when it is missing: `npm test` builds before it runs vitest.
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

function run(args: readonly string[], input?: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let temp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.remove();
});

describe('the built order-preflight (dist/cli.js)', () => {
  beforeAll(requireBuiltCli);

  it('is an executable ESM file with a node shebang', async () => {
    expect((await readFile(CLI, 'utf8')).startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(CLI).mode & 0o111).not.toBe(0);
  });

  it('--help and demo exit 0', () => {
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: order-preflight <command>/);
    const demo = run(['demo']);
    expect(demo.status).toBe(0);
    expect(demo.stdout).toContain('BTCUSDT');
  });

  it('check reads orders piped on stdin and exits 1 on a refusal; usage errors exit 2 in one line', async () => {
    const rules = temp.path('rules.json');
    await writeSampleSnapshot(rules);
    const orders = jsonLines(
      limit('BTCUSDT', 'BUY', '63999.99', '0.0015'),
      limit('BTCUSDT', 'BUY', '1.005', '1'),
    );
    const checked = run(['check', '--rules', rules, '--json'], orders);
    expect(checked.status).toBe(1);
    expect(
      checked.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { ok: boolean }).ok),
    ).toEqual([true, false]);
    const missing = run(['check', '-'], orders);
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('diff exits 0 on identical snapshots', async () => {
    const rules = temp.path('rules.json');
    await writeSampleSnapshot(rules);
    await writeFile(temp.path('copy.json'), await readFile(rules));
    const same = run(['diff', rules, temp.path('copy.json')]);
    expect(same.status).toBe(0);
    expect(same.stdout).toBe('no changes\n');
  });
});
