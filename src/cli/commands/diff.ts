import { diffRuleBooks, formatRuleBookDiff } from '../../index.js';
import { type Command, PROGRAM, parseCommandArgs, runCommand } from '../command.js';
import { SUMMARIES } from '../command-summaries.js';
import { type CliIo, EXIT_FAILURE, EXIT_OK, write } from '../io.js';
import { loadSnapshotFile, MAX_SNAPSHOT_FILE_BYTES } from '../load-files.js';
import { printable } from '../text.js';
import { UsageError } from '../usage-error.js';

const HELP = `Usage: ${PROGRAM} diff [--json] OLD NEW

Shows what changed between two rule-book snapshots (as '${PROGRAM} fetch' writes
them), one line per change:

  + NEWUSDT (added)                 - OLDUSDT (removed)
  ~ BTCUSDT tickSize 0.01 -> 0.1    ~ timezone UTC -> Asia/Singapore
  ! BADUSDT (set aside: ...)        ! FIXUSDT (no longer set aside)

or 'no changes'. Decimals compare by value ('0.10' is '0.1'); fetch times are not
compared.

Options:
  --json       The diff as a JSON object: isEmpty, added, removed, changed (per
               symbol, each field's before and after), rejected, timezone.
  --debug      Show the stack trace of an unexpected error.
  -h, --help   Show this help.

OLD and NEW are regular files (not pipes) of at most ${MAX_SNAPSHOT_FILE_BYTES / (1024 * 1024)} MiB each.

Exit status (as diff(1)): 0 no changes; 1 changes; 2 a usage error or a file that
cannot be read, is not a regular file, is over the size limit or is not a snapshot.`;

const OPTIONS = { json: { type: 'boolean' } } as const;

export const diffCommand: Command = {
  name: 'diff',
  summary: SUMMARIES.diff,
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OPTIONS, 2);
    const [oldPath, newPath] = positionals;
    if (oldPath === undefined || newPath === undefined)
      throw new UsageError('needs two snapshot files, OLD and NEW');
    const before = await loadSnapshotFile(oldPath, 'OLD');
    const after = await loadSnapshotFile(newPath, 'NEW');
    const diff = diffRuleBooks(before, after);
    const text = values.json === true ? JSON.stringify(diff, null, 2) : printable(formatRuleBookDiff(diff));
    await write(io.stdout, `${text}\n`);
    return diff.isEmpty ? EXIT_OK : EXIT_FAILURE;
  },
};

/** `order-preflight diff OLD NEW`; resolves to the exit status. */
export function diff(io: CliIo): Promise<number> {
  return runCommand(diffCommand, io);
}
