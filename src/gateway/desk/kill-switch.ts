import type { Route } from '../route.js';
import { bearerChecker } from './admin-token.js';
import type { DeskAnswer, DeskRefusalCounts } from './desk-answers.js';

// The kill switch (docs/gateway.md, "Desk controls"): two admin endpoints, the gateway's own
// routes (never forwarded), and while halted a 503 for every order.

/**
 * The kill switch: `POST` here with `Authorization: Bearer <adminToken>` halts every order (503
 * `halted`, not sent) until {@link RESUME_PATH}; cancels still go through. Never forwarded.
 *
 * @example
 * ```ts
 * await fetch(gateway.url + HALT_PATH, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
 * ```
 */
export const HALT_PATH = '/preflight/halt';
/**
 * Lifts a halt (`POST`, with the admin token as for {@link HALT_PATH}). Never forwarded.
 *
 * @example
 * ```ts
 * await fetch(gateway.url + RESUME_PATH, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
 * ```
 */
export const RESUME_PATH = '/preflight/resume';
/**
 * Methods that could place an order on a route the operator opened (`forward`): refused while
 * halted, as the judged order route is. Reads and cancels go through.
 */
const PLACING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** An admin request as the kill switch reads it. */
export interface SwitchRequest {
  readonly url?: string | undefined;
  readonly rawHeaders: readonly string[];
  readonly socket: { readonly remoteAddress?: string | undefined };
}

/** The kill switch of one gateway. */
export interface KillSwitch {
  /** The answer to `POST /preflight/halt` or `POST /preflight/resume`. */
  admin(req: SwitchRequest): DeskAnswer;
  /**
   * While halted, the 503 for a routed request that places an order: the judged order route,
   * and a route the operator opened with POST, PUT or PATCH. `undefined`: it goes on as usual.
   */
  haltRefusal(method: string, route: Exclude<Route, { readonly kind: 'refuse' }>): DeskAnswer | undefined;
  /** True when it changed. */
  halt(): boolean;
  /** True when it changed. */
  resume(): boolean;
  /** When the current halt began (ms since the epoch), while halted. */
  readonly haltedSince: number | undefined;
  /** Whether the admin endpoints are enabled (an admin token is set). */
  readonly adminEndpoints: boolean;
}

/**
 * The kill switch; `refusals.halted` counts the requests it refuses.
 *
 * @example
 * ```ts
 * const killSwitch = createKillSwitch('desk-admin-token-0123', noRefusals());
 * killSwitch.haltRefusal('POST', route); // while halted: the 503 to write for an order
 * ```
 */
export function createKillSwitch(adminToken: string | undefined, refusals: DeskRefusalCounts): KillSwitch {
  const authorized = adminToken === undefined ? undefined : bearerChecker(adminToken);
  let haltedSince: number | undefined;

  const change = (halt: boolean): boolean => {
    if ((haltedSince !== undefined) === halt) return false;
    haltedSince = halt ? Date.now() : undefined;
    return true;
  };

  const admin = (req: SwitchRequest): DeskAnswer => {
    const path = req.url === RESUME_PATH ? RESUME_PATH : HALT_PATH;
    if (authorized === undefined) {
      return {
        status: 404,
        reason: 'admin-disabled',
        body: {
          code: -1000,
          msg: `${path} is off: start the gateway with --admin-token-file (the adminToken option) to enable it; nothing was forwarded`,
        },
      };
    }
    const peer = req.socket.remoteAddress ?? 'an unknown address';
    if (!authorized(req.rawHeaders)) {
      return {
        status: 401,
        reason: 'admin-unauthorized',
        body: {
          code: -1000,
          msg: `${path} from ${peer}: missing or wrong "Authorization: Bearer <token>"; nothing changed`,
        },
      };
    }
    const halting = path === HALT_PATH;
    const changed = change(halting);
    const since = haltedSince === undefined ? undefined : new Date(haltedSince).toISOString();
    return {
      status: 200,
      reason: halting ? 'admin-halted' : 'admin-resumed',
      body: {
        code: 0,
        msg: halting
          ? `${changed ? 'halted' : 'already halted'} by POST ${path} from ${peer}: every order is refused (503 halted) until POST ${RESUME_PATH}; cancels still go through`
          : `${changed ? 'resumed' : 'not halted'} by POST ${path} from ${peer}: orders are judged again`,
        halted: halting,
        changed,
        ...(since === undefined ? {} : { haltedSince: since }),
      },
    };
  };

  return {
    admin,
    haltRefusal(method, route) {
      if (haltedSince === undefined) return undefined;
      if (route.kind === 'forward' && (route.route.kind !== 'opened' || !PLACING_METHODS.has(method)))
        return undefined;
      const since = new Date(haltedSince).toISOString();
      refusals.halted++;
      return {
        status: 503,
        reason: 'halted',
        body: {
          code: -1001,
          msg: `the desk halted orders at ${since} (POST ${HALT_PATH}); the order was not sent. Cancels still go through; POST ${RESUME_PATH} restores the flow`,
          control: 'halted',
          haltedSince: since,
        },
        refusal: { control: 'halted' },
      };
    },
    halt: () => change(true),
    resume: () => change(false),
    get haltedSince() {
      return haltedSince;
    },
    adminEndpoints: authorized !== undefined,
  };
}
