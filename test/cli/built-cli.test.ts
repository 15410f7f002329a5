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

// Each test starts node once or more; on a loaded 2-core machine one start took seconds.
describe('the built order-preflight (dist/cli.js)', { timeout: 30_000 }, () => {
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

  it('gates a raw exchangeInfo payload as saved by curl: check, fetch --from-file and diff, every digit kept', async () => {
    const max = '98765432109876543210';
    const info = temp.path('info.json');
    await writeFile(
      info,
      `{"timezone":"UTC","serverTime":1700000000000,"symbols":[{"symbol":"BTCUSDT","status":"TRADING","tickSize":"0.01","stepSize":0.000001,"minTradeAmount":1e-5,"maxTradeAmount":${max}}]}`,
    );
    const orders = jsonLines(
      { ...limit('BTCUSDT', 'BUY', '1', max), newClientOrderId: 'ci-1' },
      limit('BTCUSDT', 'SELL', '1', '98765432109876543211'),
    );
    const checked = run(['check', '--rules', info, '--json'], orders);
    expect(checked.status).toBe(1);
    const verdicts = checked.stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            ok: boolean;
            side: string;
            newClientOrderId?: string;
            violations: { limit?: string }[];
          },
      );
    expect(verdicts.map((v) => [v.ok, v.side, v.newClientOrderId, v.violations[0]?.limit])).toEqual([
      [true, 'BUY', 'ci-1', undefined],
      [false, 'SELL', undefined, max],
    ]);
    const rules = temp.path('rules.json');
    expect(run(['fetch', '--from-file', info, '--out', rules]).status).toBe(0);
    const same = run(['diff', info, rules]);
    expect(same.status).toBe(0);
    expect(same.stdout).toBe('no changes\n');
    await writeFile(temp.path('symbols.json'), '[{"symbol":"BTCUSDT"}]');
    const neither = run(['check', '--rules', temp.path('symbols.json'), '-'], orders);
    expect(neither.status).toBe(2);
    expect(neither.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000); // four child processes, on a machine that may be busy with the rest of the suite

  it('diff exits 0 on identical snapshots', async () => {
    const rules = temp.path('rules.json');
    await writeSampleSnapshot(rules);
    await writeFile(temp.path('copy.json'), await readFile(rules));
    const same = run(['diff', rules, temp.path('copy.json')]);
    expect(same.status).toBe(0);
    expect(same.stdout).toBe('no changes\n');
  });
});
