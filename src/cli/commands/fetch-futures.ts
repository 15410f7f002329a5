import { ContractBook } from '../../futures.js';
import { isExchangeInfoSchemaError, isPreflightError } from '../../index.js';
import { CONTRACT_INFO_PATH } from '../../node.js';
import { CommandFailure } from '../command-failure.js';
import { type CliIo, EXIT_OK, outputClosed, write } from '../io.js';
import { clip, count, oneLine, printable } from '../text.js';
import type { ContractRequest } from './fetch-futures-flags.js';
import { payloadOutput } from './fetch-output.js';
import { describeFetchFailure, setAsideLines, startFetch } from './fetch-report.js';

/**
 * `fetch --market futures`: asks the contract host for its definitions, reads them as `check
 * --market futures` will (so an answer that is not a contract payload is refused, not saved),
 * and saves the body as it came (every digit as the exchange wrote it) to `--out FILE`
 * (atomically) or standard output; what was fetched is told on stderr.
 */
export async function fetchContracts(
  io: CliIo,
  request: ContractRequest,
  out: string | undefined,
): Promise<number> {
  const { client, output } = await startFetch(io, request, CONTRACT_INFO_PATH, async () =>
    out === undefined ? undefined : await payloadOutput(out),
  );
  try {
    let text: string;
    try {
      text = await client.fetchContractInfoText(request.query);
    } catch (error) {
      if (isPreflightError(error)) throw new CommandFailure(describeFetchFailure(error, client.requestsSent));
      throw error;
    }
    const book = readContracts(text);
    if (output !== undefined) await output.write(text);
    else {
      await write(io.stdout, text.endsWith('\n') ? text : `${text}\n`);
      if (outputClosed(io.stdout) !== undefined)
        throw new CommandFailure('standard output was closed before the whole payload was written');
    }
    const lines = [
      `fetched ${count(book.symbols.length, 'contract')}, ${book.rejected.length} set aside; request weight spent: ${client.requestWeightSpent}`,
      ...setAsideLines(book.rejected),
    ];
    if (out !== undefined) lines.push(`wrote the contract payload to ${printable(out)}`);
    await write(io.stderr, `${lines.join('\n')}\n`);
    return EXIT_OK;
  } finally {
    await client.close();
  }
}

/** The answer read as contracts; one that is not a contract payload fails the command. */
function readContracts(text: string): ContractBook {
  try {
    return ContractBook.fromContractInfoText(text);
  } catch (error) {
    if (!isExchangeInfoSchemaError(error)) throw error;
    throw new CommandFailure(
      `the answer is not a contract payload, so it was not saved: ${clip(oneLine(error.message), 400)}`,
    );
  }
}
