import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { threadCpuMs as cpuMs } from '../../test-support/thread-cpu.js';

/**
 * How much a piece of async work held the event loop, seen two ways:
 *
 * - `maxDelayMs` / `p99Ms`: `monitorEventLoopDelay` (1 ms resolution), what a request waiting on
 *   the loop would have waited at worst. On a loaded machine this includes time the OS did not
 *   run the process at all.
 * - `maxBusyMs`: over each gap between two ticks of a 1 ms interval timer, the CPU time the main
 *   thread spent in it (capped at the gap's length); the longest. A gap the OS caused has little
 *   CPU time in it; a gap the work caused has its length in CPU time. This tells a blocking step
 *   from a descheduled process, which the delay alone cannot. The main thread's own time, read
 *   from Linux's `/proc/thread-self/schedstat`, leaves out V8's and libuv's helper threads, which
 *   run while the main thread waits for a core on a busy machine (`npm test` runs the type-check
 *   and the package checks beside the tests); where that file is missing, the process's CPU time
 *   (all threads) stands in.
 *
 * @example
 * ```ts
 * const { value, maxDelayMs, maxBusyMs } = await measureStall(() => source.refresh());
 * ```
 */
export interface Stall<T> {
  readonly value: T;
  readonly maxDelayMs: number;
  readonly p99Ms: number;
  readonly maxBusyMs: number;
  readonly wallMs: number;
}

export async function measureStall<T>(work: () => Promise<T>): Promise<Stall<T>> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let last = performance.now();
  let lastCpu = cpuMs();
  let maxBusyMs = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = cpuMs();
    const busy = Math.min(now - last, cpu - lastCpu);
    if (busy > maxBusyMs) maxBusyMs = busy;
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(tick, 1);
  histogram.enable();
  // The histogram measures each delay from its previous sample: let it take a few first, or a
  // block at the very start would go unseen.
  await new Promise((resolve) => setTimeout(resolve, 10));
  const started = performance.now();
  try {
    const value = await work();
    const wallMs = performance.now() - started;
    // One more turn, so a block at the very end is seen too.
    await new Promise((resolve) => setTimeout(resolve, 5));
    tick();
    return {
      value,
      maxDelayMs: histogram.max / 1e6,
      p99Ms: histogram.percentile(99) / 1e6,
      maxBusyMs,
      wallMs,
    };
  } finally {
    histogram.disable();
    clearInterval(timer);
  }
}
