/**
 * The risk gateway as the real program (`order-preflight gateway`) in a child process, for
 * the tests that hold it to WEEX V3's interface: started with its command-line flags, its log
 * kept, stopped with SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));

/** A running `order-preflight gateway`. */
export interface GatewayProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything it has written to stdout and stderr so far. */
  log(): string;
  /**
   * Its standard output's lines read as JSON, for `--log-format json` (a line that is not JSON
   * makes it throw: every line must be one object).
   */
  jsonLines(): Record<string, unknown>[];
  /** Resolves once its log has a line matching `pattern` (rejects after `timeoutMs`). */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts ``order-preflight gateway` --upstream URL --port 0 ...flags` and resolves once it listens and its first
 * rule book is ready.
 */
export async function startGatewayProcess(
  upstream: string,
  flags: readonly string[],
): Promise<GatewayProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', MAIN, 'gateway', '--upstream', upstream, '--port', '0', ...flags],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  let stdout = '';
  const listeners = new Set<() => void>();
  const onOutput = (chunk: Buffer) => {
    log += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    onOutput(chunk);
  });
  child.stderr!.on('data', onOutput);

  const waitForLog = (pattern: RegExp, timeoutMs = 20_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(log)) return;
        done();
        resolve();
      };
      const onExit = (code: number | null) => {
        done();
        reject(new Error(`the gateway exited (${code}) before logging ${pattern}:\n${log}`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`the gateway did not log ${pattern} within ${timeoutMs} ms:\n${log}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', onExit);
      };
      listeners.add(check);
      child.once('exit', onExit);
      check();
    });

  await waitForLog(/rule book ready/);
  const port = Number(/risk gateway on http:\/\/127\.0\.0\.1:(\d+)/.exec(log)?.[1]);
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    log: () => log,
    jsonLines: () =>
      stdout
        .split('\n')
        .slice(0, -1) // the last is empty, or a line still being written
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    waitForLog,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
