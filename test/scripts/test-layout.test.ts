// "Property" means properties: the property project runs `property-tests/**/*.property.test.ts`
// and nothing else, the unit project `test/**/*.test.ts` (vitest.config.ts). A test file under
// property-tests/ named otherwise would run in neither; a property under test/ would run as a unit.
// What tests, properties and the benchmark share lives in test-support/ (docs/development.md):
// the test folders import from it and never from each other.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const filesUnder = (dir: string, pattern: RegExp) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file))
    .map((file) => join(dir, file));

const testFiles = (dir: string) => filesUnder(dir, /\.test\.[cm]?[jt]sx?$/);

/** The relative modules a file imports (static, dynamic and type-only), as paths from the root. */
function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.[^']*)'/g)];
  return specifiers.map((match) => relative('.', join(dirname(file), match[1]!)));
}

/** `file → module` for each import of a TypeScript file under `dirs` that leads into `into`. */
function importsInto(dirs: readonly string[], into: string): string[] {
  return dirs
    .flatMap((dir) => filesUnder(dir, /\.[cm]?ts$/))
    .flatMap((file) =>
      relativeImports(file)
        .filter((module) => module === into || module.startsWith(`${into}/`))
        .map((module) => `${file} → ${module}`),
    );
}

describe('test layout', () => {
  it('every test file under property-tests/ is a *.property.test.ts', () => {
    const files = testFiles('property-tests');
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((file) => !file.endsWith('.property.test.ts'))).toEqual([]);
  });

  it('no *.property.test.ts under test/', () => {
    expect(testFiles('test').filter((file) => file.endsWith('.property.test.ts'))).toEqual([]);
  });

  it('test-support/ holds no test file: it is shared code, run by neither project', () => {
    expect(filesUnder('test-support', /\.ts$/).length).toBeGreaterThan(5);
    expect(testFiles('test-support')).toEqual([]);
  });

  it('sees the imports it looks for (a check that would find nothing proves nothing)', () => {
    expect(importsInto(['test'], 'test-support').length).toBeGreaterThan(20);
    expect(importsInto(['property-tests'], 'test-support').length).toBeGreaterThan(20);
    expect(importsInto(['bench'], 'test-support').length).toBeGreaterThan(0);
  });

  it('test/ and bench/ import nothing from property-tests/', () => {
    expect(importsInto(['test', 'bench'], 'property-tests')).toEqual([]);
  });

  it('property-tests/ and bench/ import nothing from test/', () => {
    expect(importsInto(['property-tests', 'bench'], 'test')).toEqual([]);
  });

  it('test-support/ imports nothing from test/, property-tests/ or bench/', () => {
    expect([
      ...importsInto(['test-support'], 'test'),
      ...importsInto(['test-support'], 'property-tests'),
      ...importsInto(['test-support'], 'bench'),
    ]).toEqual([]);
  });
});
