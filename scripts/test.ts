/**
 * `npm test`: what CI checks but the browser test and the consumer projects of
 * `test:package:full` (`.ci/run` runs both after it), in under a minute on a 2-core machine.
 *
 * 1. The build, only when `dist/` is not the build of the current sources (`build:if-stale`,
 *    scripts/build-stamp.ts): after `npm ci` (which builds nothing: the package has no install
 *    script) the first `npm test` builds, later ones only after an edit. It comes first
 *    because the tests of the built CLI, the smoke test and the package checks read `dist/`.
 * 2. Then four steps at once, each one's output held and printed whole when it ends:
 *    - `typecheck`: `tsc --noEmit`;
 *    - `lint`: Biome and ESLint, a warning counted as an error;
 *    - `test:vitest`: the unit and the property projects;
 *    - `test:smoke` then `test:package`: the built package loaded by name, the packed tarball.
 *
 * Each step runs package.json's scripts by name, as `npm run` would (node_modules/.bin on the
 * PATH) but without starting npm for each. A step fails on a non-zero exit or on a tool's warning
 * in its output (scripts/output-warnings.ts); the run fails if any step does, after all have
 * ended. Each step's time is printed at the end.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { warningLines } from './output-warnings.js';

interface Step {
  readonly name: string;
  /** npm scripts, run one after the other. */
  readonly scripts: readonly string[];
}

interface Outcome {
  readonly name: string;
  readonly ok: boolean;
  readonly seconds: number;
}

const ROOT = resolve(import.meta.dirname, '..');
const started = performance.now();
const seconds = (from: number) => (performance.now() - from) / 1000;

/** package.json's scripts: each step runs them as npm would, without npm's own start-up. */
const SCRIPTS = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;
const PATH = [join(ROOT, 'node_modules', '.bin'), process.env.PATH].join(delimiter);

/** Runs `scripts` in order, stopping at the first failure; prints the output whole at the end. */
async function run(step: Step): Promise<Outcome> {
  const from = performance.now();
  let output = '';
  let exit = 0;
  for (const script of step.scripts) {
    const command = SCRIPTS[script];
    if (command === undefined) throw new Error(`package.json has no script "${script}"`);
    exit = await new Promise<number>((resolve) => {
      const child = spawn('sh', ['-c', command], {
        cwd: ROOT,
        env: { ...process.env, PATH },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.on('error', (error) => {
        output += `${error.message}\n`;
        resolve(1);
      });
      child.on('close', (code) => resolve(code ?? 1));
    });
    if (exit !== 0) break;
  }
  const warnings = warningLines(output);
  const ok = exit === 0 && warnings.length === 0;
  const took = seconds(from);
  const verdict = exit !== 0 ? `FAILED (exit ${exit})` : warnings.length > 0 ? 'FAILED (warnings)' : 'ok';
  let report = `\n── ${step.name}: ${verdict}, ${took.toFixed(1)} s ──\n${output.trimEnd()}\n`;
  if (warnings.length > 0) report += `\n${step.name} printed warnings:\n${warnings.join('\n')}\n`;
  process.stdout.write(report);
  return { name: step.name, ok, seconds: took };
}

const build = await run({ name: 'build (when stale)', scripts: ['build:if-stale'] });
const outcomes = build.ok
  ? [
      build,
      ...(await Promise.all(
        [
          { name: 'vitest', scripts: ['test:vitest'] },
          { name: 'typecheck', scripts: ['typecheck'] },
          { name: 'lint', scripts: ['lint'] },
          { name: 'smoke, package', scripts: ['test:smoke', 'test:package'] },
        ].map(run),
      )),
    ]
  : [build];

const failed = outcomes.filter((outcome) => !outcome.ok);
process.stdout.write(
  `\n${outcomes.map((o) => `${o.ok ? 'ok    ' : 'FAILED'} ${o.name.padEnd(20)} ${o.seconds.toFixed(1).padStart(5)} s`).join('\n')}\n` +
    `npm test: ${failed.length === 0 ? 'ok' : `${failed.length} failed`}, ${seconds(started).toFixed(1)} s\n`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
