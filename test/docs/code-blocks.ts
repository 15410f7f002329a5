/**
 * The TypeScript blocks of the README and of docs/, as tests: each is type-checked against the
 * built package (imports of `order-preflight`, `order-preflight/node` and `order-preflight/testing`
 * resolve to `dist/` by the package's own name) under the strictest settings a user may have, and a
 * block followed by its printed output is run and its output compared.
 *
 * Fence info strings:
 * - ` ```ts ` a whole module;
 * - ` ```ts continued ` a block that goes on from the block before it in the same file (checked,
 *   and run, with everything before it back to the last whole module): a deliberately partial
 *   block says so, and is still checked;
 * - ` ```text output ` right after a TypeScript block: what running it prints, compared line for
 *   line (the block, with what it continues, is run under `tsx` against the built package).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One TypeScript block, with the text it is checked and run as. */
export interface CodeBlock {
  /** `README.md:120`: the file and the line of the opening fence. */
  readonly where: string;
  /** A file name for it: `README.md-120.ts`. */
  readonly name: string;
  /** The module checked: the block, after what it continues. */
  readonly source: string;
  /** The output a following `text output` block says it prints, if any. */
  readonly output?: string;
  /** Where each line of `source` came from: `README.md:124`. */
  readonly lineOrigins: readonly string[];
}

/** The Markdown files whose TypeScript blocks are tests: README.md and every .md under docs/ but the generated reference. */
export function documentationFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md') && !file.startsWith('api/'))
    .map((file) => join(root, 'docs', file));
  return [join(root, 'README.md'), ...docs];
}

interface Fence {
  readonly info: string;
  readonly line: number;
  readonly lines: readonly string[];
}

function fencesOf(text: string): Fence[] {
  const fences: Fence[] = [];
  let open: { info: string; line: number; lines: string[]; marker: string } | undefined;
  text.split('\n').forEach((line, index) => {
    const fence = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(line);
    if (open === undefined) {
      if (fence !== null) open = { info: fence[3]!.trim(), line: index + 1, lines: [], marker: fence[2]! };
      return;
    }
    if (fence !== null && fence[2]!.startsWith(open.marker) && fence[3]!.trim() === '') {
      fences.push({ info: open.info, line: open.line, lines: open.lines });
      open = undefined;
      return;
    }
    open.lines.push(line);
  });
  return fences;
}

const TYPESCRIPT = new Set(['ts', 'typescript', 'tsx']);

/** The TypeScript blocks of one Markdown file, each with what it continues and its output. */
export function codeBlocksOf(root: string, file: string): CodeBlock[] {
  const fences = fencesOf(readFileSync(file, 'utf8'));
  const shortName = relative(root, file);
  const blocks: CodeBlock[] = [];
  let chain: { source: string[]; origins: string[] } | undefined;
  fences.forEach((fence, i) => {
    const [language = '', ...flags] = fence.info.split(/\s+/);
    if (!TYPESCRIPT.has(language)) return;
    const continued = flags.includes('continued');
    if (!continued || chain === undefined) chain = { source: [], origins: [] };
    chain.source.push(...fence.lines);
    chain.origins.push(...fence.lines.map((_, k) => `${shortName}:${fence.line + 1 + k}`));
    const next = fences[i + 1];
    const output = next?.info.split(/\s+/).includes('output') ? next.lines.join('\n') : undefined;
    blocks.push({
      where: `${shortName}:${fence.line}`,
      name: `${shortName.replaceAll('/', '_')}-${fence.line}.ts`,
      source: chain.source.join('\n'),
      ...(output === undefined ? {} : { output }),
      lineOrigins: [...chain.origins],
    });
  });
  return blocks;
}
