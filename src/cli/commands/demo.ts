import { type Command, PROGRAM, parseCommandArgs, runCommand } from '../command.js';
import { SUMMARIES } from '../command-summaries.js';
import { type CliIo, EXIT_OK, write } from '../io.js';
import { runDemo } from '../run-demo.js';

const HELP = `Usage: ${PROGRAM} demo

Shows the library's main job on an embedded sample, with no network: a sample
exchange-info payload (its pairs and the definition it sets aside), realistic orders,
and each order's verdict with the violations and the nearest passing values.

Options:
  -h, --help   Show this help.

Exit status: 0.`;

export const demoCommand: Command = {
  name: 'demo',
  summary: SUMMARIES.demo,
  help: HELP,
  async run(args, io) {
    parseCommandArgs(args, {}, 0);
    const lines: string[] = [];
    runDemo((line) => lines.push(line));
    await write(io.stdout, `${lines.join('\n')}\n`);
    return EXIT_OK;
  },
};

/** `order-preflight demo`: the demo on `io.stdout`; resolves to the exit status. */
export function demo(io: CliIo): Promise<number> {
  return runCommand(demoCommand, io);
}
