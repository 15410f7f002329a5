import { diffRuleBooks, formatRuleBookDiff } from '../../index.js';
import { type Command, PROGRAM, runCommand } from '../command.js';
import { flaggedCommand, flagTable, switchFlag } from '../flag-schema.js';
import { builtOnce } from '../flag-schema-parts.js';
import { type CliIo, EXIT_FAILURE, EXIT_OK, write } from '../io.js';
import { loadRulesFile, MAX_RULES_FILE_BYTES } from '../rules-file.js';
import { printable } from '../text.js';
import { UsageError } from '../usage-error.js';

const HELP = `Usage: ${PROGRAM} diff [--json] OLD NEW

Shows what changed between two rule books, one line per change. Each of OLD and NEW
is a rule-book snapshot (as '${PROGRAM} fetch' writes it) or a raw exchangeInfo
payload (the body of GET /api/v3/exchangeInfo as saved by curl), told apart by
content; a payload is read losslessly and compiled as a book fetched live is (a
missing tick taken from displayDigitMerge), so a payload and the snapshot fetched
from it show no changes:

  + NEWUSDT (added)                 - OLDUSDT (removed)
  ~ BTCUSDT tickSize 0.01 -> 0.1    ~ timezone UTC -> Asia/Singapore
  ! BADUSDT (set aside: ...)        ! FIXUSDT (no longer set aside)

or 'no changes'. Decimals compare by value ('0.10' is '0.1'); fetch times are not
compared (server times are not either).

Options:
  --json       The diff as a JSON object: isEmpty, added, removed, changed (per
               symbol, each field's before and after), rejected, timezone.
  --debug      Show the stack trace of an unexpected error.
  -h, --help   Show this help.

OLD and NEW are regular files (not pipes) of at most ${MAX_RULES_FILE_BYTES / (1024 * 1024)} MiB each.

Exit status (as diff(1)): 0 no changes; 1 changes; 2 a usage error or a file that
cannot be read, is not a regular file, is over the size limit, or is neither a
snapshot nor a payload or does not hold.`;

/** Every flag of `diff`. */
export const DIFF_FLAGS = builtOnce(() => flagTable({ json: switchFlag() }));

export const diffCommand: Command = flaggedCommand(
  'diff',
  HELP,
  DIFF_FLAGS,
  2,
  async ({ flags, positionals }, io) => {
    const [oldPath, newPath] = positionals;
    if (oldPath === undefined || newPath === undefined)
      throw new UsageError('needs two files, OLD and NEW (each a snapshot or an exchangeInfo payload)');
    const { book: before } = await loadRulesFile(oldPath, 'OLD', 'snapshot or payload');
    const { book: after } = await loadRulesFile(newPath, 'NEW', 'snapshot or payload');
    const diff = diffRuleBooks(before, after);
    const text = flags.json ? JSON.stringify(diff, null, 2) : printable(formatRuleBookDiff(diff));
    await write(io.stdout, `${text}\n`);
    return diff.isEmpty ? EXIT_OK : EXIT_FAILURE;
  },
);

/** `order-preflight diff OLD NEW`; resolves to the exit status. */
export function diff(io: CliIo): Promise<number> {
  return runCommand(diffCommand, io);
}
