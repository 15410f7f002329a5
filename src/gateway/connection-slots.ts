import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { rawGatewayAnswer } from './answers.js';

/** How long a connection past the cap may take to send the request that gets its 503. */
const OVERFLOW_GRACE_MS = 1_000;

/**
 * A connection closed at the cap to make room for a new one. `head`: it had not finished a
 * request head; `body`: it had sent a head and its body was still arriving, the slowest of those
 * that could go (`bodyBytes` received in the `bodyMs` since its head), and was answered 408
 * `body-too-slow`. Either way nothing of it had been judged or forwarded.
 *
 * @example
 * ```ts
 * onEvicted: (e) => log(`${e.peer} evicted (${e.stage})`),
 * ```
 */
export type Eviction =
  | { readonly peer: string; readonly stage: 'head' }
  | { readonly peer: string; readonly stage: 'body'; readonly bodyBytes: number; readonly bodyMs: number };

/**
 * The gateway's connection slots: which connections are served, which are past the cap (only
 * answered 503, then closed), and, at the cap, which one makes room for a newcomer.
 *
 * A connection holds its slot, and counts against its address's share, from the moment it is
 * accepted. Until it has handed over a whole request (head AND body), nothing of it has been
 * judged or forwarded, so at the cap it is evictable once it has had `evictableAfterMs` to send:
 * - a connection without a whole request head, the oldest first (open for the grace);
 * - else a connection whose only request has its head in and its body still arriving, the
 *   slowest first: fewest body bytes per second since its head arrived (in for the grace).
 *   It is answered 408 `body-too-slow` (not sent) and closed.
 * A connection with a request being answered or forwarded, or an idle keep-alive one that has
 * completed its requests, is never evicted. So clients trickling heads or dripping bodies over
 * many connections cannot hold every slot until their timeouts run out.
 *
 * @example
 * ```ts
 * const slots = createConnectionSlots({ maxConnections: 1024, maxConnectionsPerPeer: 768, evictableAfterMs: 1_000, onEvicted });
 * server.on('connection', (socket) => slots.admit(socket));
 * ```
 */
export interface ConnectionSlots {
  /**
   * Takes a newly accepted connection: served if there is a slot (making room at the cap if a
   * connection may be evicted), else past the cap: answered 503 by the caller and closed after a
   * second in any case. Forgets it when it closes.
   */
  admit(socket: Socket): 'served' | 'overflow';
  /** A request's head arrived on `socket`: its body is being read, then it is answered. */
  requestArrived(socket: Socket, req: IncomingMessage, res: ServerResponse): void;
  /** A request on `socket` was answered (or abandoned). */
  requestFinished(socket: Socket): void;
  /** Whether `socket` is past the cap (its requests get 503 `too-many-connections`). */
  isOverflow(socket: Socket): boolean;
  /** Connections open now, served and past the cap. */
  readonly open: number;
}

/**
 * Options of {@link createConnectionSlots}.
 *
 * @example
 * ```ts
 * const options: ConnectionSlotsOptions = { maxConnections: 64, maxConnectionsPerPeer: 48, evictableAfterMs: 1_000, onEvicted: () => {} };
 * ```
 */
export interface ConnectionSlotsOptions {
  readonly maxConnections: number;
  readonly maxConnectionsPerPeer: number;
  /** How long a connection (for a body: since its head) may send before it is evictable. */
  readonly evictableAfterMs: number;
  /** Called once per eviction, after the connection was answered (body) and destroyed. */
  readonly onEvicted: (eviction: Eviction) => void;
}

/** A request whose head arrived, its body perhaps still arriving. */
interface Arrival {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly headAt: number;
  /** The connection's bytes read when the head arrived: what arrives since is body. */
  readonly bytesAtHead: number;
}

/**
 * Admission and eviction for the gateway's client connections (see {@link ConnectionSlots}).
 *
 * @example
 * ```ts
 * const slots = createConnectionSlots({ maxConnections, maxConnectionsPerPeer, evictableAfterMs, onEvicted });
 * ```
 */
export function createConnectionSlots(options: ConnectionSlotsOptions): ConnectionSlots {
  const { maxConnections, maxConnectionsPerPeer, evictableAfterMs, onEvicted } = options;
  /** Connections being served (in order of arrival), and those past the cap that only get a 503. */
  const served = new Set<Socket>();
  const overflow = new Set<Socket>();
  /** Open connections per peer address. */
  const perPeer = new Map<string, number>();
  /** Each open connection's peer address (until it is released). */
  const peerOf = new Map<Socket, string>();
  /** Requests handed over per connection and not yet answered. */
  const inHand = new Map<Socket, number>();
  /** When each served connection opened, while it has not yet sent a whole request head. */
  const headless = new Map<Socket, number>();
  /** Each served connection's latest request, while its body may still be arriving. */
  const arrivals = new Map<Socket, Arrival>();

  /** Forgets a connection (closed or evicted); counted once, whichever comes first. */
  const release = (socket: Socket): void => {
    served.delete(socket);
    overflow.delete(socket);
    headless.delete(socket);
    arrivals.delete(socket);
    inHand.delete(socket);
    const peer = peerOf.get(socket);
    if (peer === undefined) return;
    peerOf.delete(socket);
    const left = (perPeer.get(peer) ?? 1) - 1;
    if (left === 0) perPeer.delete(peer);
    else perPeer.set(peer, left);
  };

  /**
   * The arrival whose body may be cut: its head is in, its body is not, nothing is being written
   * back, and no earlier request on the connection is still being answered. (A request's body is
   * read before it is judged or forwarded, so until it is whole nothing has left the gateway.)
   */
  const bodyInProgress = (socket: Socket, arrival: Arrival): boolean =>
    !arrival.req.complete && !arrival.res.headersSent && inHand.get(socket) === 1;

  /**
   * Closes the connection that makes room (of `peer`, if given); false when none may go. `grace`
   * is how long a connection may send before it is evictable.
   */
  const evictFor = (peer: string | undefined, grace = evictableAfterMs): boolean => {
    const now = performance.now();
    for (const [socket, openedAt] of headless) {
      // Oldest first (a Map keeps insertion order): the first too young means all are.
      if (now - openedAt < grace) break;
      if (peer !== undefined && peerOf.get(socket) !== peer) continue;
      const evictedPeer = peerOf.get(socket) ?? '';
      release(socket);
      socket.destroy();
      onEvicted({ peer: evictedPeer, stage: 'head' });
      return true;
    }
    let slowest: { socket: Socket; bytes: number; ms: number } | undefined;
    for (const [socket, arrival] of arrivals) {
      if (arrival.req.complete) {
        arrivals.delete(socket); // handed over whole: never evictable again
        continue;
      }
      const ms = now - arrival.headAt;
      if (ms < grace || !bodyInProgress(socket, arrival)) continue;
      if (peer !== undefined && peerOf.get(socket) !== peer) continue;
      const bytes = socket.bytesRead - arrival.bytesAtHead;
      // bytes / ms < slowest.bytes / slowest.ms, without dividing.
      if (slowest === undefined || bytes * slowest.ms < slowest.bytes * ms) slowest = { socket, bytes, ms };
    }
    if (slowest === undefined) return false;
    const { socket, bytes, ms } = slowest;
    const evictedPeer = peerOf.get(socket) ?? '';
    release(socket);
    // Like Node's own 408 for a request timeout: written whole, then the connection is closed.
    if (socket.writable)
      socket.write(
        rawGatewayAnswer(408, 'body-too-slow', {
          code: -1000,
          msg: 'the request body arrived too slowly while the gateway was at its connection cap; it was not sent',
        }),
      );
    socket.destroy();
    onEvicted({ peer: evictedPeer, stage: 'body', bodyBytes: bytes, bodyMs: Math.round(ms) });
    return true;
  };

  /**
   * At the cap with nothing past its grace, a newcomer still gets a slot from the address holding
   * the most, when that address holds more than the newcomer's own: its unfinished connection
   * goes, however young (nothing of it was judged or forwarded; it may send again). Without this,
   * addresses that reconnect as fast as they are evicted keep every slot younger than the grace,
   * and a third address waits for as long as they keep it up.
   */
  const evictFromHeaviest = (newcomer: string): boolean => {
    let heaviest: string | undefined;
    let most = perPeer.get(newcomer) ?? 0;
    for (const [peer, count] of perPeer) {
      if (count > most) {
        heaviest = peer;
        most = count;
      }
    }
    return heaviest !== undefined && evictFor(heaviest, 0);
  };

  return {
    admit(socket) {
      const peer = socket.remoteAddress ?? '';
      peerOf.set(socket, peer);
      perPeer.set(peer, (perPeer.get(peer) ?? 0) + 1);
      socket.once('close', () => release(socket));
      const admitted =
        ((perPeer.get(peer) ?? 0) <= maxConnectionsPerPeer || evictFor(peer)) &&
        (served.size < maxConnections || evictFor(undefined) || evictFromHeaviest(peer));
      if (admitted) {
        served.add(socket);
        headless.set(socket, performance.now());
        return 'served';
      }
      overflow.add(socket);
      const timer = setTimeout(() => socket.destroy(), OVERFLOW_GRACE_MS);
      timer.unref();
      socket.once('close', () => clearTimeout(timer));
      return 'overflow';
    },
    requestArrived(socket, req, res) {
      headless.delete(socket);
      if (!served.has(socket)) return;
      inHand.set(socket, (inHand.get(socket) ?? 0) + 1);
      arrivals.set(socket, { req, res, headAt: performance.now(), bytesAtHead: socket.bytesRead });
    },
    requestFinished(socket) {
      if (!served.has(socket)) return;
      const left = (inHand.get(socket) ?? 1) - 1;
      inHand.set(socket, left);
      if (left === 0) arrivals.delete(socket);
    },
    isOverflow: (socket) => overflow.has(socket),
    get open() {
      return served.size + overflow.size;
    },
  };
}
