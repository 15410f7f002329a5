import { CliError } from './cli-error.js';

/** A failure that is not the user's typing (a network error, an unwritable output): exit status 1. */
export class CommandFailure extends CliError {
  override readonly name = 'CommandFailure';

  constructor(message: string) {
    super(message, 1);
  }
}
