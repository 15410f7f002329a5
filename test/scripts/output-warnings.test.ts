// `npm test` fails a step that prints a tool's warning (scripts/output-warnings.ts): each tool's
// warning shape is caught, and ordinary output (test names that speak of warnings) is not.
import { describe, expect, it } from 'vitest';
import { warningLines } from '../../scripts/output-warnings.js';

describe('warningLines', () => {
  it.each([
    ['Node deprecation', '(node:4242) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.'],
    ['Node warning', '(node:4242) Warning: Setting the NODE_TLS_REJECT_UNAUTHORIZED environment variable'],
    ['Node experimental', '(node:4242) ExperimentalWarning: VM Modules is an experimental feature'],
    [
      'Node listeners',
      '(node:4242) MaxListenersExceededWarning: Possible EventEmitter memory leak detected.',
    ],
    ['vitest deprecation', ' DEPRECATED  `test.poolOptions` was removed in Vitest 4.'],
    ['vitest warning', ' WARNING  Some tests are still running when given timeout'],
    ['Vite', '[vite] warning: The above dynamic import cannot be analyzed by Vite.'],
    ['esbuild', '▲ [WARNING] Duplicate key "a" in object literal [duplicate-object-key]'],
    ['tsup', 'CLI WARN Unknown option "foo"'],
    ['Biome summary', 'Found 2 warnings.'],
    ['Biome diagnostic', '  ⚠ This variable is unused.'],
    ['ESLint summary', '✖ 3 problems (0 errors, 3 warnings)'],
    ['coloured', '\u001b[33m(node:1) Warning: coloured\u001b[39m'],
  ])('catches a %s', (_tool, line) => {
    expect(warningLines(`before\n${line}\nafter\n`)).toHaveLength(1);
  });

  it('lets ordinary output through', () => {
    const output = [
      ' ✓ test/exchange-info/real-payloads.test.ts (6 tests) 40ms',
      '     ✓ a 17-digit market size that arrived as a JavaScript number carries a warning 312ms',
      'Checked 243 files in 736ms. No fixes applied.',
      '✖ 2 problems (2 errors, 0 warnings)',
      'ok  attw (node10, node16 CJS and ESM, bundler) (5702 ms)',
      'CLI Building entry: {"cli":"src/cli/bin.ts"}',
    ].join('\n');
    expect(warningLines(output)).toEqual([]);
  });
});
