/**
 * What a command sees of the world. `main.ts` fills it from `process`; tests pass fake streams,
 * so every command runs in-process and returns its exit status instead of calling `process.exit`.
 */
export interface CliIo {
  /** The arguments after the command name (for {@link main}: after `node cli.js`). */
  readonly argv: readonly string[];
  /** Read only by `check` when the orders come from standard input. */
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** Whether each standard stream is a terminal: decides colours, progress and stdin hints. */
  readonly isTTY: { readonly stdin: boolean; readonly stdout: boolean; readonly stderr: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Exit statuses: 0 success, 1 a verdict or failure worth acting on, 2 a usage error. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/**
 * Writes `text` to `stream`, waiting for `drain` when the stream asks to (a slow pipe must not
 * make a long `check` buffer every verdict in memory).
 */
export async function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (stream.write(text)) return;
  await new Promise<void>((resolve, reject) => {
    const done = (error?: unknown) => {
      stream.removeListener('drain', onDrain);
      stream.removeListener('error', onError);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onDrain = () => done();
    const onError = (error: unknown) => done(error);
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
}

/** Colours on a terminal only, and never when `NO_COLOR` is set (https://no-color.org). */
export function useColour(io: CliIo): boolean {
  const noColour = io.env.NO_COLOR;
  return io.isTTY.stdout && (noColour === undefined || noColour === '') && io.env.TERM !== 'dumb';
}
