import { CliError } from './cli-error.js';

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
