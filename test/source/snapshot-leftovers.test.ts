import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { access, mkdir, mkdtemp, readdir, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuleBook } from '../../src/book/rule-book.js';
import { parseExchangeInfo } from '../../src/exchange-info/parse-exchange-info.js';
import { createRuleBookSource, type RuleBookSource } from '../../src/source/rule-book-source.js';
import {
  NODE_SNAPSHOT_FILE_SYSTEM,
  readSnapshotFile,
  removeLeftoverSnapshotFiles,
  SNAPSHOT_LEFTOVER_MIN_AGE_MS,
  SNAPSHOT_WRITE_DEADLINE_MS,
  type SnapshotFileSystem,
  writeSnapshotText,
} from '../../src/source/snapshot-file.js';
import { SnapshotFileError } from '../../src/source/snapshot-file-error.js';
import { rejectionOf } from '../client/harness.js';
import { recorder, type ScriptedExchange, startScriptedExchange, twoPairs } from './scripted-exchange.js';

let directory: string;
let file: string;
let exchange: ScriptedExchange;
let source: RuleBookSource | undefined;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rule-book-leftovers-'));
  file = join(directory, 'rule-book.json');
  exchange = await startScriptedExchange();
});

afterEach(async () => {
  await source?.stop();
  source = undefined;
  await exchange.close();
  await rm(directory, { recursive: true, force: true });
});

const leftover = (base: string, pid: number) => `${base}.${pid}.${randomUUID()}.tmp`;
const snapshotText = (fetchedAt: number) =>
  JSON.stringify(RuleBook.fromExchangeInfo(parseExchangeInfo(twoPairs()), { fetchedAt }).toJSON());

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function age(path: string, ms: number): Promise<void> {
  const then = new Date(Date.now() - ms);
  await utimes(path, then, then);
}

/** A file system whose `rename` waits until `release()`: a writer caught between flush and rename. */
function pausedBeforeRename(): { fs: SnapshotFileSystem; paused: Promise<string>; release: () => void } {
  let release!: () => void;
  let paused!: (temporary: string) => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const reached = new Promise<string>((resolve) => {
    paused = resolve;
  });
  return {
    fs: {
      ...NODE_SNAPSHOT_FILE_SYSTEM,
      rename: async (from, to) => {
        paused(String(from));
        await gate;
        return NODE_SNAPSHOT_FILE_SYSTEM.rename(from, to);
      },
    },
    paused: reached,
    release,
  };
}

describe('which temporary files the clean-up removes', () => {
  it('only old ones, whatever pid their name carries: a fresh file of this pid, of a dead pid or of a live one stays', async () => {
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      const names = {
        oursFresh: leftover('rule-book.json', process.pid),
        deadFresh: leftover('rule-book.json', 999_999_999),
        liveFresh: leftover('rule-book.json', live.pid!),
        oursOld: leftover('rule-book.json', process.pid),
        liveOld: leftover('rule-book.json', live.pid!),
        otherFile: leftover('other.json', 999_999_999),
        notOurShape: 'rule-book.json.123.tmp',
        backup: 'rule-book.json.bak',
      };
      for (const name of Object.values(names)) await writeFile(join(directory, name), 'x'.repeat(1_000));
      for (const name of [names.oursOld, names.liveOld, names.otherFile, names.notOurShape, names.backup])
        await age(join(directory, name), 2 * SNAPSHOT_LEFTOVER_MIN_AGE_MS);

      const errors = recorder<[unknown]>();
      source = createRuleBookSource({
        client: exchange.client,
        intervalMs: 60_000,
        snapshotFile: file,
        onError: errors.fn,
      });
      await source.ready();
      await source.stop();

      expect(errors.calls).toHaveLength(0);
      expect((await readdir(directory)).sort()).toEqual(
        [
          'rule-book.json',
          names.oursFresh,
          names.deadFresh,
          names.liveFresh,
          names.otherFile,
          names.notOurShape,
          names.backup,
        ].sort(),
      );
    } finally {
      live.kill();
    }
  });

  it('the age bound is exact: a file last modified exactly the bound ago stays, one a millisecond older goes', async () => {
    const path = join(directory, leftover('rule-book.json', 1));
    await writeFile(path, 'x');
    const { mtimeMs } = await stat(path);
    const at = (ms: number) => ({ now: () => mtimeMs + ms });
    expect(await removeLeftoverSnapshotFiles(file, at(SNAPSHOT_LEFTOVER_MIN_AGE_MS))).toEqual([]);
    expect(await exists(path)).toBe(true);
    expect(await removeLeftoverSnapshotFiles(file, at(SNAPSHOT_LEFTOVER_MIN_AGE_MS + 1))).toEqual([path]);
    expect(await exists(path)).toBe(false);
  });

  it('the bound leaves fifty minutes beyond the longest a write may take', () => {
    expect(SNAPSHOT_WRITE_DEADLINE_MS).toBe(10 * 60_000);
    expect(SNAPSHOT_LEFTOVER_MIN_AGE_MS - SNAPSHOT_WRITE_DEADLINE_MS).toBe(50 * 60_000);
  });

  it('are looked for beside the file a symbolic link points to', async () => {
    const real = join(directory, 'real');
    await mkdir(real);
    await symlink(join('real', 'rules.json'), file);
    const stale = join(real, leftover('rules.json', 1));
    await writeFile(stale, 'x');
    await age(stale, SNAPSHOT_LEFTOVER_MIN_AGE_MS + 60_000);
    expect(await removeLeftoverSnapshotFiles(file)).toEqual([stale]);
    expect(await readdir(real)).toEqual([]);
  });

  it('a missing directory has nothing to remove', async () => {
    expect(await removeLeftoverSnapshotFiles(join(directory, 'nowhere', 'rules.json'))).toEqual([]);
  });

  it('a source also cleans up after each write, so a leftover does not wait for the next start', async () => {
    source = createRuleBookSource({ client: exchange.client, intervalMs: 60_000, snapshotFile: file });
    await source.ready();
    const stale = join(directory, leftover('rule-book.json', process.pid));
    await writeFile(stale, 'x');
    await age(stale, SNAPSHOT_LEFTOVER_MIN_AGE_MS + 60_000);
    exchange.payload = twoPairs({ tickSize: '0.1' });
    await source.refresh();
    await source.stop();
    expect(await readdir(directory)).toEqual(['rule-book.json']);
  });
});

describe('a live writer whose pid is the same as the cleaner (containers: every member is pid 1)', () => {
  it("keeps its temporary file through another member's start-up clean-up, and its write succeeds", async () => {
    // The writer and the cleaner share this process, so they share a pid, exactly as two
    // containers, each in its own PID namespace, both see themselves as pid 1.
    const writer = pausedBeforeRename();
    const writing = writeSnapshotText(file, snapshotText(5_000), { fs: writer.fs });
    const temporary = await writer.paused;
    expect(temporary).toContain(`.${process.pid}.`);

    const removed = await removeLeftoverSnapshotFiles(file); // what another member runs at start
    expect(removed).toEqual([]);
    expect(await exists(temporary)).toBe(true);

    writer.release();
    expect(await writing).toEqual({ written: true });
    expect((await readSnapshotFile(file))?.fetchedAt).toBe(5_000);
    expect(await readdir(directory)).toEqual(['rule-book.json']);
  });
});

describe('the write deadline', () => {
  /** A monotonic clock that jumps by `stepMs` after the temporary file is flushed. */
  function clockJumpingAtRename(stepMs: number) {
    let now = 1_000;
    const fs: SnapshotFileSystem = {
      ...NODE_SNAPSHOT_FILE_SYSTEM,
      open: (async (...args: Parameters<typeof NODE_SNAPSHOT_FILE_SYSTEM.open>) => {
        const handle = await NODE_SNAPSHOT_FILE_SYSTEM.open(...args);
        if (String(args[0]).endsWith('.tmp')) {
          const close = handle.close.bind(handle);
          handle.close = async () => {
            await close();
            now += stepMs; // the write took this long
          };
        }
        return handle;
      }) as typeof NODE_SNAPSHOT_FILE_SYSTEM.open,
    };
    return { fs, monotonicNow: () => now };
  }

  it('a write that took exactly the deadline renames', async () => {
    const result = await writeSnapshotText(
      file,
      snapshotText(7),
      clockJumpingAtRename(SNAPSHOT_WRITE_DEADLINE_MS),
    );
    expect(result).toEqual({ written: true });
    expect((await readSnapshotFile(file))?.fetchedAt).toBe(7);
  });

  it('a write a millisecond past it is abandoned: its temporary file removed, the previous file in place', async () => {
    await writeFile(file, snapshotText(1));
    const error = await rejectionOf(
      writeSnapshotText(file, snapshotText(2), clockJumpingAtRename(SNAPSHOT_WRITE_DEADLINE_MS + 1)),
    );
    expect(error).toBeInstanceOf(SnapshotFileError);
    expect(error).toMatchObject({
      operation: 'write',
      reason: 'deadline',
      deadlineMs: SNAPSHOT_WRITE_DEADLINE_MS,
      path: file,
    });
    expect((await readSnapshotFile(file))?.fetchedAt).toBe(1);
    expect(await readdir(directory)).toEqual(['rule-book.json']);
  });
});

// Real PID namespaces, as containers have them: needs `unshare` and the right to use it (root).
const MEMBER = fileURLToPath(new URL('./namespace-member.ts', import.meta.url));
const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
// --kill-child: the member dies with `unshare` (which itself ignores SIGTERM, so it is sent SIGKILL).
const inOwnPidNamespace = (args: readonly string[]) => [
  '--pid',
  '--fork',
  '--kill-child',
  process.execPath,
  ...args,
];

function namespacesWork(): boolean {
  if (process.platform !== 'linux') return false;
  const probe = spawnSync('unshare', inOwnPidNamespace(['-e', 'process.stdout.write(String(process.pid))']), {
    encoding: 'utf8',
    timeout: 10_000,
  });
  return probe.status === 0 && probe.stdout === '1';
}

const NAMESPACES = namespacesWork();
if (!NAMESPACES) {
  const bar = '!'.repeat(100);
  console.warn(
    `\n${bar}\n!!! SKIPPED: the PID-namespace variant of the leftover-file test (test/source/snapshot-leftovers.test.ts).\n` +
      `!!! \`unshare --pid --fork\` does not work here (needs Linux and root or user namespaces). The same fault is\n` +
      `!!! still tested in one process, where writer and cleaner share a pid.\n${bar}\n`,
  );
}

interface MemberEvent {
  readonly pid: number;
  readonly event: string;
  readonly temporary?: string;
  readonly removed?: string[];
  readonly result?: unknown;
  readonly causeCode?: unknown;
}

function member(role: 'write' | 'clean', path: string) {
  const child = spawn('unshare', inOwnPidNamespace(['--import', 'tsx', MEMBER, role, path]), {
    cwd: REPOSITORY,
  }) as ChildProcessWithoutNullStreams;
  const events: MemberEvent[] = [];
  const waiters: (() => void)[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    events.push(JSON.parse(line) as MemberEvent);
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const next = async (event: string): Promise<MemberEvent> => {
    for (;;) {
      const found = events.find((e) => e.event === event);
      if (found !== undefined) return found;
      const woke = new Promise<void>((resolve) => waiters.push(resolve));
      const code = await Promise.race([woke.then(() => 'line' as const), exited]);
      if (code !== 'line' && events.every((e) => e.event !== event))
        throw new Error(`member ${role} exited (${code}) without "${event}": ${stderr}`);
    }
  };
  return { child, next, exited };
}

describe.skipIf(!NAMESPACES)('members in their own PID namespaces (containers sharing a volume)', () => {
  it("one member's start-up clean-up leaves the other's live temporary file, and that write succeeds", async () => {
    const writer = member('write', file);
    try {
      const paused = await writer.next('paused');
      expect(paused.pid).toBe(1);
      const cleaner = member('clean', file);
      const cleaned = await cleaner.next('cleaned');
      await cleaner.exited;
      expect(cleaned.pid).toBe(1); // the same pid as the writer's: the fault's condition
      expect(cleaned.removed).toEqual([]);
      expect(await exists(paused.temporary!)).toBe(true);

      writer.child.stdin.write('go\n');
      const outcome = await Promise.race([writer.next('written'), writer.next('failed')]);
      expect(outcome).toMatchObject({ event: 'written', result: { written: true } });
      expect(await readSnapshotFile(file)).toBeInstanceOf(RuleBook);
      expect(await readdir(directory)).toEqual(['rule-book.json']);
    } finally {
      writer.child.stdin.end();
      writer.child.kill('SIGKILL');
      await writer.exited;
    }
  }, 30_000);
});
