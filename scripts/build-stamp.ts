/**
 * Whether `dist/` is the build of the sources as they are now, so that `npm test` builds only when
 * it has to (the first run after `npm ci`, which builds nothing, and after an edit).
 *
 * A build records a stamp: a digest of everything it reads (`src/`, the build configuration, the
 * package and lock files, this script and `scripts/build.ts`) and a digest of everything it wrote
 * (every file in `dist/`, with its executable bit). `dist/` counts as fresh only while both still
 * match: an edited source, a changed dependency, a deleted or edited output file, or no stamp at all
 * means a build. The stamp lives in `node_modules/.cache/`, out of the package and out of git.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** What the build reads, besides everything under `src/`. */
export const BUILD_INPUTS = [
  'tsup.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build.ts',
  'scripts/build-stamp.ts',
] as const;

/** Where a build of `root` records its stamp. */
export function stampPath(root: string): string {
  return join(root, 'node_modules', '.cache', 'order-preflight', 'build-stamp.json');
}

/** Every file under `dir`, as paths relative to `root`, sorted; none when `dir` does not exist. */
function filesUnder(root: string, dir: string): string[] {
  const start = join(root, dir);
  if (!existsSync(start)) return [];
  return readdirSync(start, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** A digest of `files` (relative to `root`): each one's path, executable bit and bytes. */
function digest(root: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    const path = join(root, file);
    if (!existsSync(path)) {
      hash.update(`${file}\0missing\0`);
      continue;
    }
    const executable = (statSync(path).mode & 0o111) !== 0;
    const bytes = readFileSync(path);
    hash.update(`${file}\0${executable ? 'x' : '-'}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/** The digest of what a build of `root` reads. */
export function inputsDigest(root: string): string {
  return digest(root, [...filesUnder(root, 'src'), ...BUILD_INPUTS]);
}

/** The digest of what a build of `root` wrote. */
export function outputsDigest(root: string): string {
  return digest(root, filesUnder(root, 'dist'));
}

interface Stamp {
  readonly inputs: string;
  readonly outputs: string;
}

/** Records that `dist/` is the build of the current inputs (called right after a build). */
export function writeStamp(root: string): void {
  const path = stampPath(root);
  mkdirSync(dirname(path), { recursive: true });
  const stamp: Stamp = { inputs: inputsDigest(root), outputs: outputsDigest(root) };
  writeFileSync(path, `${JSON.stringify(stamp)}\n`);
}

/**
 * `undefined` when `dist/` is the build of the current inputs, else why it is not.
 *
 * @example
 * ```ts
 * const stale = staleBuild(process.cwd()); // 'the sources changed since the last build'
 * ```
 */
export function staleBuild(root: string): string | undefined {
  if (filesUnder(root, 'dist').length === 0) return 'there is no build';
  let stamp: Partial<Stamp>;
  try {
    stamp = JSON.parse(readFileSync(stampPath(root), 'utf8')) as Partial<Stamp>;
  } catch {
    return 'the build has no stamp';
  }
  if (stamp.inputs !== inputsDigest(root)) return 'the sources changed since the last build';
  if (stamp.outputs !== outputsDigest(root)) return 'dist/ changed since the last build';
  return undefined;
}
