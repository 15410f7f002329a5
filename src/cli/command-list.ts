import type { Command } from './command.js';

/**
 * Each command's one-line summary, for `order-preflight --help`. Kept here, apart from the
 * commands, so the help lists them without loading any (each command's module pulls in the
 * library, zod and undici: hundreds of milliseconds `--version` and `--help` need not pay).
 */
export const SUMMARIES = {
  demo: 'check sample orders against an embedded sample exchange (offline)',
  fetch: 'fetch the exchange rules and save them as a snapshot',
  check: 'check a JSON-lines file of orders against a snapshot',
  diff: 'show what changed between two snapshots',
} as const;

/** A command as the dispatcher knows it before loading it. */
export interface CommandEntry {
  readonly name: keyof typeof SUMMARIES;
  readonly summary: string;
  /** Imports the command's module: only the command that runs is ever loaded. */
  readonly load: () => Promise<Command>;
}

/** Every command, in the order `--help` lists them. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'demo',
    summary: SUMMARIES.demo,
    load: async () => (await import('./commands/demo.js')).demoCommand,
  },
  {
    name: 'fetch',
    summary: SUMMARIES.fetch,
    load: async () => (await import('./commands/fetch.js')).fetchCommand,
  },
  {
    name: 'check',
    summary: SUMMARIES.check,
    load: async () => (await import('./commands/check.js')).checkCommand,
  },
  {
    name: 'diff',
    summary: SUMMARIES.diff,
    load: async () => (await import('./commands/diff.js')).diffCommand,
  },
];
