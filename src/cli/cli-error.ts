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

/** Whether `error` is an expected failure of a command (a {@link CliError} or subclass). */
export function isCliError(error: unknown): error is CliError {
  return error instanceof CliError;
}
