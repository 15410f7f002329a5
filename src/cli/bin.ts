// The executable behind the package's `bin` (built to dist/cli.js with a `#!/usr/bin/env node`
// banner): wires the process's streams into `main` and sets the exit status.
import { isatty } from 'node:tty';
import { type CliIo, watchOutput } from './io.js';
import { main } from './main.js';

// `order-preflight check ... | head` closes the pipe early. The status must still say what was
// checked (a gate under `set -o pipefail` reads it), so a closed pipe does not end the process:
// its error is recorded, later output is dropped, and each command decides what it means
// (`check` goes on checking and reports the closed pipe on stderr).
watchOutput(process.stdout);
watchOutput(process.stderr);

const io: CliIo = {
  argv: process.argv.slice(2),
  // A getter: touching process.stdin opens it, which only `check` reading stdin should do.
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: { stdin: isatty(0), stdout: isatty(1), stderr: isatty(2) },
  env: process.env,
};

// The exit status is set rather than forced with process.exit, so pending output is flushed.
process.exitCode = await main(io);
