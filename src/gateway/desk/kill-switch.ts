import { bearerChecker } from './admin-token.js';
import type { DeskAnswer, DeskRefusalCounts } from './desk-answers.js';

// The kill switch (docs/gateway.md, "Desk controls"): two admin endpoints, answered by the gateway
// and never forwarded, and while halted a 503 for every request that could place an order.

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
const ADMIN_PREFIX = '/preflight/';

/** Methods that could place an order: refused while halted. GET and DELETE (queries, cancels) go through. */
const PLACING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** A request as the kill switch reads it. */
export interface SwitchRequest {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly rawHeaders: readonly string[];
  readonly socket: { readonly remoteAddress?: string | undefined };
}

/** The kill switch of one gateway. */
export interface KillSwitch {
  /**
   * The answer to a request before it is routed: the admin endpoints', and while halted a 503
   * for every request that could place an order; `undefined`: the request goes on as usual.
   */
  intercept(req: SwitchRequest): DeskAnswer | undefined;
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
 * killSwitch.intercept(req); // undefined, or the answer to write
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

  const admin = (req: SwitchRequest, path: string, method: string): DeskAnswer => {
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
    if (method !== 'POST') {
      return {
        status: 405,
        reason: 'admin-bad-method',
        body: { code: -1000, msg: `${path} takes POST, not ${method}; nothing changed` },
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
    intercept(req) {
      const url = req.url ?? '';
      const method = req.method ?? 'GET';
      // The common case first: no admin path, and not halted (or not a placing request).
      if (!url.startsWith(ADMIN_PREFIX) && (haltedSince === undefined || !PLACING_METHODS.has(method)))
        return undefined;
      const queryAt = url.indexOf('?');
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      if (path === HALT_PATH || path === RESUME_PATH) return admin(req, path, method);
      if (haltedSince === undefined || !PLACING_METHODS.has(method)) return undefined;
      const since = new Date(haltedSince).toISOString();
      refusals.halted++;
      return {
        status: 503,
        reason: 'halted',
        body: {
          code: -1001,
          msg: `the desk halted orders at ${since} (POST ${HALT_PATH}); ${method} ${path} was not sent. Cancels (DELETE) still go through; POST ${RESUME_PATH} restores the flow`,
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
