/**
 * A fleet sharing one snapshot file, as containers sharing a volume do: eight members, each in
 * its own PID namespace (so each is pid 1), each restarted after 1-3 s of rewriting the file
 * with a book stamped at that moment, while a reader samples the file's `serverTime` every 10 ms.
 *
 *   node --import tsx bench/snapshot-fleet.ts [--seconds 60] [--members 8]
 *
 * Reports the writes made, kept (the file already held a later book) and failed (with their
 * causes: ENOENT is a live writer's temporary file removed by another member's clean-up), and
 * how often the file went back to an earlier book between two reads. Needs `unshare` and root
 * (Linux); without them the members run as plain processes, and it says so.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const SECONDS = option('seconds', 60);
const MEMBERS = option('members', 8);
const MEMBER = fileURLToPath(new URL('./snapshot-fleet-member.ts', import.meta.url));
const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));

const namespaces =
  spawnSync(
    'unshare',
    ['--pid', '--fork', process.execPath, '-e', 'process.stdout.write(String(process.pid))'],
    {
      encoding: 'utf8',
    },
  ).stdout === '1';
if (!namespaces)
  console.warn(
    '!!! unshare --pid does not work here: the members run as plain processes, each with its own pid',
  );
const command = (file: string, life: number): [string, string[]] => {
  const member = [process.execPath, '--import', 'tsx', MEMBER, file, String(life)];
  return namespaces
    ? ['unshare', ['--pid', '--fork', '--kill-child', ...member]]
    : [member[0]!, member.slice(1)];
};

const directory = mkdtempSync(join(tmpdir(), 'snapshot-fleet-'));
const file = join(directory, 'rules.json');
const totals = {
  runs: 0,
  written: 0,
  kept: 0,
  failed: 0,
  causes: {} as Record<string, number>,
  pids: new Set<number>(),
};
const deadline = Date.now() + SECONDS * 1_000;
let running = 0;

function startMember(): void {
  if (Date.now() > deadline) return;
  running++;
  const [program, programArgs] = command(file, 1_000 + Math.floor(Math.random() * 2_000));
  const child = spawn(program, programArgs, { cwd: REPOSITORY, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.on('exit', () => {
    running--;
    try {
      const run = JSON.parse(out) as {
        pid: number;
        written: number;
        kept: number;
        failed: number;
        causes: Record<string, number>;
      };
      totals.runs++;
      totals.written += run.written;
      totals.kept += run.kept;
      totals.failed += run.failed;
      totals.pids.add(run.pid);
      for (const [cause, count] of Object.entries(run.causes))
        totals.causes[cause] = (totals.causes[cause] ?? 0) + count;
    } catch {
      // a member that printed nothing (killed, or failed to start) counts for nothing
    }
    startMember();
  });
}

for (let i = 0; i < MEMBERS; i++) startMember();
const sample = { reads: 0, stepsBack: 0, previous: 0 };
const buffer = Buffer.alloc(256);
const reader = setInterval(() => {
  try {
    const fd = openSync(file, 'r');
    const bytes = readSync(fd, buffer, 0, buffer.length, 0);
    closeSync(fd);
    const match = /"serverTime":(\d+)/.exec(buffer.subarray(0, bytes).toString());
    if (match === null) return;
    const serverTime = Number(match[1]);
    sample.reads++;
    if (serverTime < sample.previous) sample.stepsBack++;
    sample.previous = serverTime;
  } catch {
    // no file yet
  }
}, 10);
while (Date.now() <= deadline || running > 0) await new Promise((resolve) => setTimeout(resolve, 100));
clearInterval(reader);
rmSync(directory, { recursive: true, force: true });
console.log(
  JSON.stringify({
    seconds: SECONDS,
    members: MEMBERS,
    pidNamespaces: namespaces,
    memberPids: [...totals.pids],
    runs: totals.runs,
    written: totals.written,
    kept: totals.kept,
    failed: totals.failed,
    causes: totals.causes,
    reads: sample.reads,
    stepsBack: sample.stepsBack,
  }),
);
