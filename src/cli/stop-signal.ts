/**
 * Waits for SIGINT or SIGTERM, for the commands that serve until told to stop (`gateway`,
 * `fake-exchange`): one handler for both, so the one that did not come is not left behind. A
 * second signal while the command closes stops the process at once (exit status 1), as an
 * operator pressing Ctrl-C twice expects; `release()` removes the handler once closed.
 *
 * @example
 * ```ts
 * const stop = waitForStopSignal();
 * log(`${await stop.signal}: closing`);
 * await server.close();
 * stop.release();
 * ```
 */
export function waitForStopSignal(): { readonly signal: Promise<string>; release(): void } {
  let received: string | undefined;
  let resolve: (signal: string) => void = () => {};
  const signal = new Promise<string>((settle) => {
    resolve = settle;
  });
  const onSignal = (name: string) => {
    if (received !== undefined) process.exit(1);
    received = name;
    resolve(name);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal,
    release() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
