import { type ParseArgsConfig, parseArgs } from 'node:util';
import { isCliError } from './cli-error.js';
import { type CliIo, EXIT_FAILURE, EXIT_OK, write } from './io.js';
import { describeError, oneLine } from './text.js';
import { UsageError } from './usage-error.js';

/** The program's name in messages. */
export const PROGRAM = 'order-preflight';

/** What a command does once its help and `--debug` are handled. */
export type CommandBody = (args: readonly string[], io: CliIo) => Promise<number>;

/**
 * One subcommand: its name, a one-line summary for `order-preflight --help`, its full help text,
 * and its body.
 */
export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly help: string;
  readonly run: CommandBody;
}

/**
 * Runs a command with the behaviour every command shares:
 * - `--help` / `-h` anywhere before `--` prints the help on stdout and exits 0 (even next to
 *   other, possibly wrong, arguments);
 * - `--debug` (or `ORDER_PREFLIGHT_DEBUG=1`) is taken out of the arguments and makes an
 *   unexpected exception print its stack;
 * - a {@link CliError} becomes one line on stderr and its exit status; anything else thrown is
 *   unexpected: one line (plus the stack with `--debug`) and exit status 1.
 */
export async function runCommand(command: Command, io: CliIo): Promise<number> {
  const { args, help, debug } = preScan(io.argv, io.env);
  if (help) {
    await write(io.stdout, `${command.help.trimEnd()}\n`);
    return EXIT_OK;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    await reportError(io, command.name, error, debug);
    return isCliError(error) ? error.exitCode : EXIT_FAILURE;
  }
}

/** Prints an error as `order-preflight: COMMAND: message` (one line, unless debugging). */
export async function reportError(
  io: CliIo,
  commandName: string | undefined,
  error: unknown,
  debug: boolean,
): Promise<void> {
  const prefix = commandName === undefined ? `${PROGRAM}: ` : `${PROGRAM}: ${commandName}: `;
  if (isCliError(error)) {
    const hint =
      error instanceof UsageError && error.hint
        ? ` (see ${PROGRAM}${commandName === undefined ? '' : ` ${commandName}`} --help)`
        : '';
    await write(io.stderr, `${prefix}${oneLine(error.message)}${hint}\n`);
    return;
  }
  const stack = debug && error instanceof Error && error.stack !== undefined ? `\n${error.stack}` : '';
  const advice = debug ? '' : ' (run again with --debug for the stack trace)';
  await write(io.stderr, `${prefix}unexpected error: ${describeError(error)}${advice}${stack}\n`);
}

/** Arguments with `--debug` removed, and whether help was asked for. Stops at `--`. */
function preScan(
  argv: readonly string[],
  env: CliIo['env'],
): { args: string[]; help: boolean; debug: boolean } {
  const args: string[] = [];
  let help = false;
  let debug = isDebugEnv(env);
  let ended = false;
  for (const arg of argv) {
    if (!ended && arg === '--') ended = true;
    else if (!ended && (arg === '--help' || arg === '-h')) help = true;
    else if (!ended && arg === '--debug') {
      debug = true;
      continue;
    }
    args.push(arg);
  }
  return { args, help, debug };
}

/** Whether `ORDER_PREFLIGHT_DEBUG` asks for stack traces (set, and neither empty nor `0`). */
export function isDebugEnv(env: CliIo['env']): boolean {
  const value = env.ORDER_PREFLIGHT_DEBUG;
  return value !== undefined && value !== '' && value !== '0';
}

/**
 * `util.parseArgs` in strict mode, with its errors turned into {@link UsageError}s of one line.
 * `maxPositionals` refuses extra operands by name.
 */
export function parseCommandArgs<const T extends NonNullable<ParseArgsConfig['options']>>(
  args: readonly string[],
  options: T,
  maxPositionals: number,
) {
  let parsed: ReturnType<typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) {
      const message = oneLine(error instanceof Error ? error.message : String(error));
      // Node adds advice on '--' to an unknown option; the option's name is what matters.
      const unknown =
        code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /^Unknown option '[^']*'/.exec(message) : null;
      throw new UsageError(lowerFirst(unknown?.[0] ?? message));
    }
    throw error;
  }
  if (parsed.positionals.length > maxPositionals) {
    const extra = parsed.positionals[maxPositionals] ?? '';
    throw new UsageError(`unexpected argument '${extra}'`);
  }
  return parsed;
}

function lowerFirst(text: string): string {
  return text.length === 0 ? text : `${text[0]?.toLowerCase()}${text.slice(1)}`;
}
