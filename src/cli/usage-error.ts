/**
 * An expected failure of a command: printed as one line, `order-preflight: COMMAND: MESSAGE`,
 * never with a stack trace, and turned into the exit status `exitCode`.
 */
export class CliError extends Error {
  override readonly name: string = 'CliError';
  readonly exitCode: number;

  constructor(message: string, exitCode: number) {
    super(message);
    this.exitCode = exitCode;
  }
}

/**
 * The command line itself is wrong (an unknown flag, a missing `--rules`) or a file it names
 * cannot be used: exit status 2. With `hint`, the message ends by pointing at the command's help.
 */
export class UsageError extends CliError {
  override readonly name = 'UsageError';
  readonly hint: boolean;

  constructor(message: string, options: { hint?: boolean } = {}) {
    super(message, 2);
    this.hint = options.hint ?? true;
  }
}

/** A failure that is not the user's typing (a network error, an unwritable output): exit status 1. */
export class CommandFailure extends CliError {
  override readonly name = 'CommandFailure';

  constructor(message: string) {
    super(message, 1);
  }
}

/** Whether `error` is an expected failure of a command (a {@link CliError} or subclass). */
export function isCliError(error: unknown): error is CliError {
  return error instanceof CliError;
}
