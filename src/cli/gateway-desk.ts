import { ADMIN_TOKEN_RULE, isAdminToken } from '../gateway/desk/admin-token.js';
import { type CompiledDeskLimits, describeLimitsFault, readDeskLimits } from '../gateway/desk/desk-limits.js';
import type { DeskLimits, DeskRefusal, RiskGateway } from '../gateway.js';
import type { Violation } from '../index.js';
import { CliError } from './cli-error.js';
import { optionalText, switchFlag, valueFlag } from './flag-schema.js';
import { EXIT_USAGE } from './io.js';
import { readJsonFile } from './load-files.js';
import { readRegularFile } from './read-regular-file.js';
import { describeError, printable } from './text.js';
import { UsageError } from './usage-error.js';

// The desk controls of `order-preflight gateway` (docs/gateway.md, "Desk controls"): the flags,
// the limits file and the admin token read, the rule that the gateway never runs without a
// notional limit by accident, SIGHUP rereading the limits, and the controls' log lines.

/** The desk's flags, for the gateway command's flag table. */
export function deskFlags() {
  return {
    limits: valueFlag(optionalText()),
    'admin-token-file': valueFlag(optionalText()),
    'no-max-notional': switchFlag(),
  };
}

/** The desk's lines of the gateway command's help. */
export const DESK_HELP = `  --limits FILE             the desk's limits per API key and per symbol (JSON; see
                            docs/gateway.md, "Desk controls"); SIGHUP rereads it
  --admin-token-file FILE   enables POST /preflight/halt and /preflight/resume for
                            "Authorization: Bearer <the file's token>"
  --no-max-notional         run without a notional limit on purpose (without it, the gateway
                            needs --max-notional or a "*" maxNotional in --limits)`;

/** The largest limits file read: far more keys and symbols than any desk lists. */
const MAX_LIMITS_FILE_BYTES = 4 * 1024 * 1024;
const MAX_TOKEN_FILE_BYTES = 4 * 1024;

/** The limits file read and checked: as written (for the gateway) and compiled (for the rules here). */
interface LoadedLimits {
  readonly limits: DeskLimits;
  readonly compiled: CompiledDeskLimits;
}

/**
 * Reads the `--limits` file: strict JSON (a key given twice is refused, numbers keep their
 * written digits), checked by the desk's schema.
 *
 * @throws {UsageError} naming the file and the first fault (its path in the file, the value, what
 *   it must be).
 */
export async function loadLimitsFile(path: string): Promise<LoadedLimits> {
  const { value, fail } = await readJsonFile(path, '--limits', MAX_LIMITS_FILE_BYTES);
  const checked = readDeskLimits(value);
  if (!checked.ok) throw fail(describeLimitsFault(checked));
  return { limits: value as DeskLimits, compiled: checked.limits };
}

/**
 * Reads `--admin-token-file`: the token, trailing white space (a final newline) aside. The token
 * is never repeated in a message.
 *
 * @throws {UsageError} when the file cannot be read or the token is too short or has spaces.
 */
async function loadAdminToken(path: string): Promise<string> {
  const what = '--admin-token-file';
  const token = (await readRegularFile(path, what, MAX_TOKEN_FILE_BYTES)).toString('utf8').trimEnd();
  if (!isAdminToken(token))
    throw new UsageError(
      `${what} ${printable(path)}: the token must be ${ADMIN_TOKEN_RULE} (it is not shown)`,
      {
        hint: false,
      },
    );
  return token;
}

/** What the desk's flags give the gateway, and what the command does with them once it runs. */
export interface DeskSetup {
  /** Options for `createRiskGateway`. */
  readonly options: { readonly deskLimits?: DeskLimits; readonly adminToken?: string };
  /** The line logged at start, naming the limits and the admin endpoints. */
  readonly summary: string | undefined;
  /** Makes SIGHUP reread the limits file into `gateway`; returns the undo. */
  reloadOnSighup(gateway: RiskGateway, log: (line: string) => void): () => void;
}

/**
 * Reads the desk's flags: the limits file, the admin token, and the rule that the gateway needs
 * a notional limit (`--max-notional`, or `"*"` in the limits file) unless `--no-max-notional`.
 *
 * @throws {CliError} a usage error (exit status 2) naming the flags at fault.
 */
export async function setUpDesk(flags: {
  readonly limits?: string | undefined;
  readonly 'admin-token-file'?: string | undefined;
  readonly 'no-max-notional': boolean;
  readonly 'max-notional'?: string | undefined;
}): Promise<DeskSetup> {
  const path = flags.limits;
  const noMaxNotional = flags['no-max-notional'];
  const globalCap = flags['max-notional'];
  if (noMaxNotional && globalCap !== undefined)
    throw new UsageError('--no-max-notional and --max-notional contradict each other: give one');
  const loaded = path === undefined ? undefined : await loadLimitsFile(path);
  /** Why `limits` would leave orders without a notional limit, or undefined when they have one. */
  const uncapped = (limits: CompiledDeskLimits | undefined): string | undefined =>
    noMaxNotional || globalCap !== undefined || limits?.capsEveryKey === true
      ? undefined
      : 'no notional limit: give --max-notional N, or a "*" maxNotional in the --limits file ({"keys": {"*": {"maxNotional": "250000"}}}), or --no-max-notional to run without one on purpose';
  const missing = uncapped(loaded?.compiled);
  if (missing !== undefined) throw new CliError(`cannot start: ${missing}`, EXIT_USAGE);
  const token = flags['admin-token-file'];
  const adminToken = token === undefined ? undefined : await loadAdminToken(token);
  const listed = (limits: CompiledDeskLimits) =>
    `${limits.listedKeys} keys and ${limits.listedSymbols} symbols listed, "*" ${limits.capsEveryKey ? 'caps' : 'does not cap'} the notional`;
  const parts = [
    ...(loaded === undefined ? [] : [`desk limits from ${printable(path!)} (${listed(loaded.compiled)})`]),
    ...(adminToken === undefined
      ? []
      : ['admin endpoints POST /preflight/halt and /preflight/resume enabled']),
  ];
  return {
    options: {
      ...(loaded === undefined ? {} : { deskLimits: loaded.limits }),
      ...(adminToken === undefined ? {} : { adminToken }),
    },
    summary: parts.length === 0 ? undefined : parts.join('; '),
    reloadOnSighup(gateway, log) {
      // One reload at a time, in the order the signals came: an older read never lands last.
      let reloading = Promise.resolve();
      const reload = async () => {
        if (path === undefined) {
          log('SIGHUP: no --limits file to reread; nothing changed');
          return;
        }
        const shown = printable(path);
        try {
          const next = await loadLimitsFile(path);
          const refused = uncapped(next.compiled);
          if (refused !== undefined) {
            log(`SIGHUP: the limits in ${shown} were not applied (${refused}); the limits in force are kept`);
            return;
          }
          gateway.setLimits(next.limits);
          log(`SIGHUP: limits reloaded from ${shown} (${listed(next.compiled)})`);
        } catch (error) {
          const why = error instanceof CliError ? error.message : describeError(error);
          log(`SIGHUP: the limits in ${shown} were not applied (${why}); the limits in force are kept`);
        }
      };
      const onHangUp = () => {
        reloading = reloading.then(reload);
      };
      process.on('SIGHUP', onHangUp);
      return () => process.off('SIGHUP', onHangUp);
    },
  };
}

/** A refused order's violations for the log: the notional cap's with its limit and value. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((violation) =>
      violation.code === 'NOTIONAL_ABOVE_MAX'
        ? `${violation.code} (notional-cap: limit ${violation.limit}, value ${violation.value})`
        : violation.code,
    )
    .join(', ');
}

/** A desk control's refusal for the log: the control, its limit and the order's value. */
export function describeDeskRefusal(refusal: DeskRefusal): string {
  const limit = Array.isArray(refusal.limit) ? refusal.limit.join(' ') : refusal.limit;
  return `${refusal.control}${limit === undefined ? '' : ` (limit ${limit}${refusal.value === undefined ? '' : `, value ${printable(refusal.value)}`})`}`;
}

/** The reasons of answers to orders a desk control refused after their verdict (logged with it). */
export const DESK_VERDICT_REASONS: ReadonlySet<string> = new Set([
  'throttled',
  'notional-cap',
  'duplicate-order',
  'quantity-cap',
  'price-collar',
  'symbol-not-allowed',
]);
