import { performance } from 'node:perf_hooks';
import { InvalidArgumentError } from '../../index.js';
import { headerValues } from '../raw-headers.js';
import { type DeskControl, noRefusals } from './desk-answers.js';
import {
  type CompiledDeskLimits,
  type DeskLimits,
  describeLimitsFault,
  readDeskLimits,
} from './desk-limits.js';
import { KeyStates } from './key-states.js';
import { createKillSwitch, type KillSwitch } from './kill-switch.js';
import { type DeskClient, KeyClient, lastDecimal, notionalCapOf } from './order-controls.js';

// The desk's pre-trade controls (docs/gateway.md, "Desk controls"): the kill switch, the per-key
// throttle, notional cap, duplicate guard and allowed symbols, the per-symbol quantity cap and
// price collar. The gateway asks them in its hot path: the kill switch once a request is routed, the key's
// notional cap before the exchange's rules, the rest once they have passed.

/**
 * The desk's state, for the status page and for metrics: whether orders are halted (and since
 * when), the limits in force, and the refusals by control since start.
 *
 * @example
 * ```ts
 * const { halted, refusals } = gateway.desk;
 * metrics.gauge('preflight_halted', halted ? 1 : 0);
 * ```
 */
export interface DeskState {
  readonly halted: boolean;
  /** When the current halt began (ISO 8601), while halted. */
  readonly haltedSince: string | undefined;
  /** Whether `POST /preflight/halt` and `/preflight/resume` are enabled (an admin token is set). */
  readonly adminEndpoints: boolean;
  /** Whether desk limits are in force, and how many keys and symbols they list (`"*"` aside). */
  readonly limits: { readonly keys: number; readonly symbols: number } | undefined;
  /** Orders refused by each control since start. */
  readonly refusals: Readonly<Record<DeskControl, number>>;
}

/** The desk controls of one gateway. */
export interface DeskControls {
  /** The requester of an order (its `ACCESS-KEY`) under the limits in force. */
  clientOf(req: { readonly rawHeaders: readonly string[] }): DeskClient;
  /** The answer to `POST /preflight/halt` or `POST /preflight/resume`. */
  admin: KillSwitch['admin'];
  /** While halted, the 503 for a routed request that places an order. */
  haltRefusal: KillSwitch['haltRefusal'];
  /** Replaces the limits in force (checked first: on a fault, the old ones stay and it throws). */
  setLimits(limits: DeskLimits | undefined): void;
  /** Halts orders (as `POST /preflight/halt` does); true when it was not halted. */
  halt(): boolean;
  /** Resumes them; true when it was halted. */
  resume(): boolean;
  readonly state: DeskState;
}

/**
 * The desk controls, from the gateway's options (checked by then).
 *
 * @example
 * ```ts
 * const desk = createDeskControls(resolved); // resolved: readGatewayOptions(options)
 * const client = desk.clientOf(req);
 * ```
 */
export function createDeskControls(options: {
  /** The limits as `readDeskLimits` compiled them (the gateway's options schema does). */
  readonly deskLimits?: CompiledDeskLimits | undefined;
  readonly adminToken?: string | undefined;
  /** A monotonic clock in ms (tests); default `performance.now`. */
  readonly now?: () => number;
}): DeskControls {
  let limits = options.deskLimits;
  const refusals = noRefusals();
  const killSwitch = createKillSwitch(options.adminToken, refusals);
  const shared = {
    refusals,
    keys: new KeyStates(),
    now: options.now ?? (() => performance.now()),
    globalCapOf: lastDecimal(),
    referenceOf: lastDecimal(),
  };
  /** The desk's side when no limits are set: the global cap as it is, no other control. */
  const unlimited: DeskClient = {
    maxNotional: (_symbol, global) => global,
    notionalCap: (result) => notionalCapOf(result, refusals),
    judge: () => undefined,
    notSent: () => {},
  };

  return {
    clientOf(req) {
      const current = limits;
      if (current === undefined) return unlimited;
      const keys = headerValues(req.rawHeaders, 'access-key');
      // No ACCESS-KEY: the exchange will refuse the order; until then it is judged under "*".
      return new KeyClient(shared, current, keys.at(-1) ?? '', keys.length > 1);
    },
    admin: (req) => killSwitch.admin(req),
    haltRefusal: (method, route) => killSwitch.haltRefusal(method, route),
    setLimits(next) {
      limits = next === undefined ? undefined : compiled(next);
    },
    halt: () => killSwitch.halt(),
    resume: () => killSwitch.resume(),
    get state(): DeskState {
      const since = killSwitch.haltedSince;
      return {
        halted: since !== undefined,
        haltedSince: since === undefined ? undefined : new Date(since).toISOString(),
        adminEndpoints: killSwitch.adminEndpoints,
        limits: limits === undefined ? undefined : { keys: limits.listedKeys, symbols: limits.listedSymbols },
        refusals: { ...refusals },
      };
    },
  };
}

/** The limits checked and compiled, or an {@link InvalidArgumentError} naming the path at fault. */
function compiled(limits: DeskLimits): CompiledDeskLimits {
  const read = readDeskLimits(limits);
  if (read.ok) return read.limits;
  throw new InvalidArgumentError('limits', describeLimitsFault(read));
}
