// Kept light on purpose: `--version` and `--help` load only this module and what it imports
// statically below (no library, no zod, no undici); a command's module is imported when it runs.
import packageJson from '../../package.json' with { type: 'json' };
import { isDebugEnv, PROGRAM, reportError, runCommand } from './command.js';
import { COMMANDS, type CommandEntry } from './command-list.js';
import { type CliIo, EXIT_OK, EXIT_USAGE, write } from './io.js';
import { clip, printable } from './text.js';
import { UsageError } from './usage-error.js';

export { COMMANDS, type CommandEntry } from './command-list.js';

/** The package version, shown by `--version`. */
export const VERSION: string = packageJson.version;

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const commands = COMMANDS.map((c) => `  ${c.name.padEnd(width)}   ${c.summary}`).join('\n');
  return `Usage: ${PROGRAM} <command> [options]

Checks spot orders locally, before they are sent, against the exchange's own
trading-pair rules (GET /api/v3/exchangeInfo).

Commands:
${commands}

Run '${PROGRAM} <command> --help' for a command's options.

Options:
  -h, --help      Show this help.
  -v, --version   Show the version.
  --debug         Show the stack trace of an unexpected error (also ORDER_PREFLIGHT_DEBUG=1).

Quick start:
  ${PROGRAM} demo
  ${PROGRAM} fetch --base-url https://api.example.com --out rules.json
  ${PROGRAM} check --rules rules.json orders.jsonl
  curl -s https://api.example.com/api/v3/exchangeInfo > info.json
  ${PROGRAM} check --rules info.json orders.jsonl     (a saved payload works too)
  ${PROGRAM} diff yesterday.json rules.json
  ${PROGRAM} fetch --market futures --out contracts.json      (WEEX perpetual contracts)
  ${PROGRAM} check --market futures --rules contracts.json orders.jsonl

Exit status: 0 success; 1 an order refused, a request failed or snapshots differ;
2 a usage error (see each command's help).`;
}

/**
 * The command line: `io.argv` is everything after the program name. Dispatches to a command
 * (`order-preflight check ...` runs `check` with the rest), or prints the help or version.
 * Resolves to the exit status; never throws.
 */
export async function main(io: CliIo): Promise<number> {
  const [first, ...rest] = io.argv;
  try {
    if (first === undefined) {
      await write(io.stderr, `${mainHelp()}\n`);
      return EXIT_USAGE;
    }
    if (first === '--help' || first === '-h') {
      await write(io.stdout, `${mainHelp()}\n`);
      return EXIT_OK;
    }
    if (first === 'help') return await helpFor(rest, io);
    if (first === '--version' || first === '-v') {
      await write(io.stdout, `${VERSION}\n`);
      return EXIT_OK;
    }
    // `--debug` may come before the command too.
    if (first === '--debug')
      return await main({ ...io, argv: rest, env: { ...io.env, ORDER_PREFLIGHT_DEBUG: '1' } });
    const command = await findCommand(first).load();
    return await runCommand(command, { ...io, argv: rest });
  } catch (error) {
    await reportError(io, undefined, error, isDebugEnv(io.env));
    return error instanceof UsageError ? EXIT_USAGE : 1;
  }
}

function findCommand(name: string): CommandEntry {
  const entry = COMMANDS.find((c) => c.name === name);
  if (entry !== undefined) return entry;
  const what = name.startsWith('-') ? 'option' : 'command';
  throw new UsageError(`unknown ${what} '${clip(printable(name), 40)}'`);
}

async function helpFor(args: readonly string[], io: CliIo): Promise<number> {
  const [name] = args;
  if (name === undefined) {
    await write(io.stdout, `${mainHelp()}\n`);
    return EXIT_OK;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (entry === undefined) throw new UsageError(`unknown command '${clip(printable(name), 40)}'`);
  const command = await entry.load();
  await write(io.stdout, `${command.help.trimEnd()}\n`);
  return EXIT_OK;
}
