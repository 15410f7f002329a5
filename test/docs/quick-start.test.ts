/**
 * The README's quick start gives a new clone's two commands, install-and-demo and the whole test
 * run, and both name scripts this package has; the demo runs to the end.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const scripts = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

/** The lines of the first `sh` block of the README's "Quick start" section. */
function quickStartCommands(): string[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Quick start\n'));
  const block = section === undefined ? undefined : /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  return block === undefined ? [] : block.split('\n').filter((line) => line.trim() !== '');
}

describe('README quick start', () => {
  it('gives exactly the two commands: npm ci && npm run demo, then npm test', () => {
    expect(quickStartCommands()).toEqual(['npm ci && npm run demo', 'npm test']);
  });

  it('names scripts the package has', () => {
    expect(scripts.demo).toBeDefined();
    expect(scripts.test).toBeDefined();
  });

  it('npm run demo runs to the end and shows the sample book', { timeout: 60_000 }, async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'demo'], { cwd: ROOT });
    expect(stdout).toMatch(/Sample exchange info: \d+ pairs/);
    expect(stdout).toContain('BTCUSDT');
  });
});
