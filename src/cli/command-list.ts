import type { Command } from './command.js';
import { SUMMARIES } from './command-summaries.js';

/** A command as the dispatcher knows it before loading it. */
export interface CommandEntry {
  readonly name: keyof typeof SUMMARIES;
  readonly summary: string;
  /** Imports the command's module: only the command that runs is ever loaded. */
  readonly load: () => Promise<Command>;
}

/** A command's entry: its summary is the one `command-summaries.ts` gives its name. */
function command(name: CommandEntry['name'], load: () => Promise<Command>): CommandEntry {
  return { name, summary: SUMMARIES[name], load };
}

// Each `load` names its module literally, so the bundler sees every import and splits it out.
/** Every command, in the order `--help` lists them. */
export const COMMANDS: readonly CommandEntry[] = [
  command('demo', async () => (await import('./commands/demo.js')).demoCommand),
  command('fetch', async () => (await import('./commands/fetch.js')).fetchCommand),
  command('check', async () => (await import('./commands/check.js')).checkCommand),
  command('diff', async () => (await import('./commands/diff.js')).diffCommand),
  command('gateway', async () => (await import('./commands/gateway.js')).gatewayCommand),
  command('fake-exchange', async () => (await import('./commands/fake-exchange.js')).fakeExchangeCommand),
];
