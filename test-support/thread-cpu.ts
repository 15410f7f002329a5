import { readFileSync } from 'node:fs';

/** The calling thread's CPU time in ms on Linux (the first field of its schedstat, in ns). */
function fromSchedstat(): number | undefined {
  try {
    const ns = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms) used so far by the calling thread where Linux tells it, else by the whole
 * process. Unlike the wall clock it does not count the time the OS ran something else, so a
 * bound on it holds on a busy machine (`npm test` runs its steps side by side) and still fails
 * on work that really takes long.
 *
 * @example
 * ```ts
 * const start = threadCpuMs();
 * work();
 * const ms = threadCpuMs() - start;
 * ```
 */
export const threadCpuMs: () => number =
  fromSchedstat() === undefined
    ? () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1_000;
      }
    : () => fromSchedstat()!;
