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

/** Why a stream stopped taking output: the reader left (`EPIPE`), or it failed. */
export interface OutputClosed {
  /** `EPIPE` when the reading end of a pipe was closed (`| head`), or another errno code. */
  readonly code: string | undefined;
  readonly error: unknown;
}

const closedStreams = new WeakMap<NodeJS.WritableStream, OutputClosed>();
const watchedStreams = new WeakSet<NodeJS.WritableStream>();

/**
 * Starts recording a stream's first error, so {@link outputClosed} can tell later and the error
 * is never unhandled (an unhandled `'error'` would end the process mid-command). Idempotent.
 */
export function watchOutput(stream: NodeJS.WritableStream): void {
  if (watchedStreams.has(stream)) return;
  watchedStreams.add(stream);
  stream.on('error', (error: unknown) => {
    if (closedStreams.has(stream)) return;
    const code = (error as { code?: unknown } | null)?.code;
    closedStreams.set(stream, { code: typeof code === 'string' ? code : undefined, error });
  });
}

/**
 * Whether `stream` no longer takes output, and why; `undefined` while it does. A stream destroyed
 * without an error (its reader gone) counts as closed with code `EPIPE`.
 */
export function outputClosed(stream: NodeJS.WritableStream): OutputClosed | undefined {
  const recorded = closedStreams.get(stream);
  if (recorded !== undefined) return recorded;
  if ((stream as { destroyed?: unknown }).destroyed === true) return { code: 'EPIPE', error: undefined };
  return undefined;
}

/**
 * Writes `text` to `stream`, waiting for `drain` when the stream asks to (a slow pipe must not
 * make a long `check` buffer every verdict in memory).
 *
 * Never rejects: once the stream has failed or closed (`check ... | head -1`), the text is
 * dropped and the caller asks {@link outputClosed} whether that matters. A command must go on to
 * set its exit status from what it did, not crash or hang on a reader that left.
 */
export async function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  watchOutput(stream);
  if (outputClosed(stream) !== undefined) return;
  if (stream.write(text)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.removeListener('drain', done);
      stream.removeListener('error', done);
      stream.removeListener('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('error', done);
    stream.once('close', done);
    // The error may have been emitted before these listeners were added.
    if (outputClosed(stream) !== undefined) done();
  });
}

/** Colours on a terminal only, and never when `NO_COLOR` is set (https://no-color.org). */
export function useColour(io: CliIo): boolean {
  const noColour = io.env.NO_COLOR;
  return io.isTTY.stdout && (noColour === undefined || noColour === '') && io.env.TERM !== 'dumb';
}
