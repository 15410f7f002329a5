/**
 * `npm run size`: what the portable core weighs and how fast it loads. Prints, asserts nothing
 * (the size budget is held by test/package/portable-core.test.ts; timings are only measured).
 *
 * - The core bundled for a browser by esbuild (parse, RuleBook, validate, normalize, estimate,
 *   snapshots, diffs): minified and gzipped bytes.
 * - `import('order-preflight')` in a fresh Node process, from the built package: median and p90 of
 *   the import time over several runs, and the modules it loads. Run `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

async function bundleSize(entry: string, platform: 'browser' | 'node') {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform,
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'silent',
    external: platform === 'node' ? ['node:*', 'undici'] : [],
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const core = await bundleSize('src/index.ts', 'browser');
const nodeEntry = await bundleSize('src/node.ts', 'node');
console.log('bundled with esbuild, minified');
console.table({
  'order-preflight (core, browser)': { minified: kb(core.minified), gzipped: kb(core.gzipped) },
  'order-preflight/node (undici external)': {
    minified: kb(nodeEntry.minified),
    gzipped: kb(nodeEntry.gzipped),
  },
});

// Import time in a fresh process each run: what a CLI, a lambda or a test worker pays at start.
const PROBE = `
const before = performance.now();
const rss = process.memoryUsage().rss;
await import(process.argv[1]);
const ms = performance.now() - before;
console.log(JSON.stringify({ ms, rssMiB: (process.memoryUsage().rss - rss) / 2 ** 20 }));
`;
function importTimes(specifier: string, runs: number) {
  const times: number[] = [];
  let rss = 0;
  for (let i = 0; i < runs; i++) {
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', PROBE, specifier], {
      encoding: 'utf8',
    });
    if (out.status !== 0)
      throw new Error(`import ${specifier} failed (run npm run build first):\n${out.stderr}`);
    const { ms, rssMiB } = JSON.parse(out.stdout) as { ms: number; rssMiB: number };
    times.push(ms);
    rss = rssMiB;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return {
    median: `${at(0.5).toFixed(1)} ms`,
    p90: `${at(0.9).toFixed(1)} ms`,
    'RSS growth': `${rss.toFixed(1)} MiB`,
  };
}

const RUNS = 15;
console.log(`\nimport time in a fresh Node ${process.version} process, ${RUNS} runs each (built package)`);
console.table({
  "import('order-preflight')": importTimes('order-preflight', RUNS),
  "import('order-preflight/node')": importTimes('order-preflight/node', RUNS),
});
