// "Property" means properties: the property project runs `property-tests/**/*.property.test.ts`
// and nothing else, the unit project `test/**/*.test.ts` (vitest.config.ts). A test file under
// property-tests/ named otherwise would run in neither; a property under test/ would run as a unit.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const testFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.[cm]?[jt]sx?$/.test(file))
    .map((file) => `${dir}/${file}`);

describe('test layout', () => {
  it('every test file under property-tests/ is a *.property.test.ts', () => {
    const files = testFiles('property-tests');
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((file) => !file.endsWith('.property.test.ts'))).toEqual([]);
  });

  it('no *.property.test.ts under test/', () => {
    expect(testFiles('test').filter((file) => file.endsWith('.property.test.ts'))).toEqual([]);
  });
});
