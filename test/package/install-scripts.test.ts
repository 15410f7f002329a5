/**
 * Installing the package runs nothing of ours: npm warns about (and some installers refuse)
 * packages with install scripts, and the tarball ships dist/ built already. The build runs before
 * packing (`prepack`), and `npm test` builds a fresh clone's dist/ when it is stale.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const scripts = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

describe('package.json scripts', () => {
  it.each(['preinstall', 'install', 'postinstall', 'prepare'])('has no %s script', (name) => {
    expect(scripts[name]).toBeUndefined();
  });

  it('builds before packing', () => {
    expect(scripts.prepack).toBe('npm run build');
  });

  it('npm test builds dist/ when it is stale (a fresh clone has none)', () => {
    expect(scripts.test).toContain('scripts/test.ts');
    expect(readFileSync(join(ROOT, 'scripts/test.ts'), 'utf8')).toContain("scripts: ['build:if-stale']");
  });
});
