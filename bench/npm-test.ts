/**
 * `npm run bench:test [-- RUNS]`: how long `npm test` takes on a fresh clone, as CI runs it.
 *
 * Clones the committed HEAD of this repository into a temporary directory, runs `npm ci` there
 * (which builds, through `prepare`), then `npm test` RUNS times (3 by default), and prints the wall
 * time of each run and of each of its steps (scripts/test.ts prints them), with the median.
 * docs/development.md sends readers here for the figure. Nothing is asserted: the time depends on
 * the machine and on what else runs on it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 3);
const work = mkdtempSync(join(tmpdir(), 'order-preflight-npm-test-'));
const clone = join(work, 'order-preflight');

function timed(command: string, args: readonly string[], cwd: string): { seconds: number; output: string } {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}\n${result.stderr}\n${command} ${args.join(' ')} failed\n`);
    rmSync(work, { recursive: true, force: true });
    process.exit(1);
  }
  return { seconds, output: result.stdout };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return (sorted.length & 1) === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

try {
  timed('git', ['clone', '--quiet', root, clone], work);
  timed(
    'git',
    ['checkout', '--quiet', spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root }).stdout.toString().trim()],
    clone,
  );
  const install = timed('npm', ['ci', '--silent'], clone);
  console.log(`npm ci (builds through prepare): ${install.seconds.toFixed(1)} s`);

  const steps = new Map<string, number[]>();
  const totals: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const load = loadavg()[0]?.toFixed(2) ?? '?';
    const run = timed('npm', ['test', '--silent'], clone);
    totals.push(run.seconds);
    for (const match of run.output.matchAll(/^ok +(.+?) +([\d.]+) s$/gm))
      steps.set(match[1]!, [...(steps.get(match[1]!) ?? []), Number(match[2])]);
    console.log(`npm test run ${i}: ${run.seconds.toFixed(1)} s (load average before: ${load})`);
  }
  console.log('\nstep (they run side by side after the build)   median   runs');
  for (const [step, seconds] of steps)
    console.log(
      `${step.padEnd(46)} ${median(seconds).toFixed(1).padStart(6)} s   ${seconds.map((s) => s.toFixed(1)).join(', ')}`,
    );
  console.log(
    `${'npm test'.padEnd(46)} ${median(totals).toFixed(1).padStart(6)} s   ${totals.map((s) => s.toFixed(1)).join(', ')}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
