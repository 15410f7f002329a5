import type { Command } from './command.js';
import { SUMMARIES } from './command-summaries.js';

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
  {
    name: 'gateway',
    summary: SUMMARIES.gateway,
    load: async () => (await import('./commands/gateway.js')).gatewayCommand,
  },
  {
    name: 'fake-exchange',
    summary: SUMMARIES['fake-exchange'],
    load: async () => (await import('./commands/fake-exchange.js')).fakeExchangeCommand,
  },
];
