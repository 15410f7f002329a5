import { readFile } from 'node:fs/promises';
import * as z from 'zod/mini';
import { DEMO_API_KEY, DEMO_API_SECRET, DEMO_PASSPHRASE, startFakeExchange } from '../../gateway.js';
import { CliError } from '../cli-error.js';
import { type Command, PROGRAM } from '../command.js';
import { flaggedCommand, flagTable, optionalText, valueFlag, wholeNumberIn } from '../flag-schema.js';
import { withDefault } from '../flag-schema-parts.js';
import { EXIT_OK, write } from '../io.js';
import { waitForStopSignal } from '../stop-signal.js';
import { describeError, printable } from '../text.js';

const HELP = `Usage: ${PROGRAM} fake-exchange [--port N] [--host H] [--exchange-info FILE] [--contract-info FILE]

Runs a stand-in for WEEX V3 spot on loopback, for trying the gateway and the
documentation's examples with no network: GET /api/v3/exchangeInfo (the
library's sample pairs with serverTime now, or FILE as it is; narrowed by
symbol, symbols and symbolStatus as the exchange documents them), the contract
host's GET /capi/v3/market/exchangeInfo (recorded BTCUSDT, ETHUSDT and DOGEUSDT
perpetual contracts, or FILE; narrowed by symbol) and its signed
POST /capi/v3/order, last prices
at GET /api/v3/market/ticker/price, GET /api/v3/time, and signed
POST /api/v3/order, whose ACCESS-SIGN it checks over the raw bytes received
(API key "${DEMO_API_KEY}", secret "${DEMO_API_SECRET}", passphrase
"${DEMO_PASSPHRASE}"). It runs until SIGINT or SIGTERM. See docs/gateway.md.
The examples of the README and docs/ name it at http://127.0.0.1:9000.

Options:
  --port N               port to listen on (default 9000; 0 picks a free one)
  --host H               address to listen on (default 127.0.0.1)
  --exchange-info FILE   the exchangeInfo body to serve instead of the sample
  --contract-info FILE   the contract exchangeInfo body to serve instead of the
                         recorded contracts
  -h, --help             Show this help.

Exit status: 0 after SIGINT or SIGTERM, 1 when it cannot start, 2 for a usage error.`;

const FAKE_EXCHANGE_FLAGS = () =>
  flagTable({
    port: valueFlag(withDefault(wholeNumberIn(0, 65_535, 'a port number'), 9000)),
    host: valueFlag(withDefault(z.string(), '127.0.0.1')),
    'exchange-info': valueFlag(optionalText()),
    'contract-info': valueFlag(optionalText()),
  });

export const fakeExchangeCommand: Command = flaggedCommand(
  'fake-exchange',
  HELP,
  FAKE_EXCHANGE_FLAGS,
  0,
  async ({ flags }, io) => {
    const exchangeInfo = await bodyFile(flags['exchange-info'], '--exchange-info');
    const contractInfo = await bodyFile(flags['contract-info'], '--contract-info');
    let exchange: Awaited<ReturnType<typeof startFakeExchange>>;
    try {
      exchange = await startFakeExchange({
        port: flags.port,
        host: flags.host,
        record: false,
        ...(exchangeInfo === undefined ? {} : { exchangeInfo }),
        ...(contractInfo === undefined ? {} : { contractInfo }),
      });
    } catch (error) {
      throw new CliError(`cannot start: ${describeError(error)}`, 1);
    }
    await write(
      io.stdout,
      `fake exchange on ${exchange.url} (API key "${DEMO_API_KEY}", secret "${DEMO_API_SECRET}", passphrase "${DEMO_PASSPHRASE}"); Ctrl-C to stop\n`,
    );
    const stop = waitForStopSignal();
    await stop.signal;
    await exchange.close();
    stop.release();
    return EXIT_OK;
  },
);

/** A body to serve instead of the default one, read from the file `flag` names. */
async function bodyFile(file: string | undefined, flag: string): Promise<string | undefined> {
  if (file === undefined) return undefined;
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new CliError(`${flag} ${printable(file)}: ${describeError(error)}`, 2);
  }
}
