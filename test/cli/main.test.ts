import { describe, expect, it } from 'vitest';
import { COMMANDS, main } from '../../src/cli/main.js';
import { expectNoStack, fakeIo } from './harness.js';

describe('order-preflight (dispatch)', () => {
  it('--help lists every command and exits 0', async () => {
    const { io, stdout, stderr } = fakeIo(['--help']);
    expect(await main(io)).toBe(0);
    for (const name of ['demo', 'fetch', 'check', 'diff'])
      expect(stdout.text).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect(stderr.text).toBe('');
  });

  it.each(COMMANDS.map((c) => c.name))('%s --help prints the usage on stdout and exits 0', async (name) => {
    const { io, stdout, stderr } = fakeIo([name, '--help']);
    expect(await main(io)).toBe(0);
    expect(stdout.text).toMatch(new RegExp(`^Usage: order-preflight ${name}`));
    expect(stdout.text).toMatch(/Exit status/);
    expect(stderr.text).toBe('');
  });

  it('help wins over other, even wrong, arguments; `help CMD` and -h work too', async () => {
    for (const argv of [
      ['check', '--bogus', '-h'],
      ['help', 'diff'],
      ['fetch', '-h'],
    ]) {
      const { io, stdout } = fakeIo(argv);
      expect(await main(io)).toBe(0);
      expect(stdout.text).toMatch(/^Usage: order-preflight /);
    }
  });

  it('--version prints the package version', async () => {
    const { io, stdout } = fakeIo(['--version']);
    expect(await main(io)).toBe(0);
    expect(stdout.text).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('an unknown command is a usage error: one line on stderr, exit 2', async () => {
    const { io, stdout, stderr } = fakeIo(['frobnicate']);
    expect(await main(io)).toBe(2);
    expect(stdout.text).toBe('');
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toMatch(/^order-preflight: unknown command 'frobnicate'/);
    expect(stderr.text).toMatch(/--help/);
  });

  it('an unknown top-level flag is a usage error', async () => {
    const { io, stderr } = fakeIo(['--frobnicate']);
    expect(await main(io)).toBe(2);
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toMatch(/unknown option '--frobnicate'/);
  });

  it('an unknown flag of a command is a usage error naming the command and the flag', async () => {
    const { io, stderr } = fakeIo(['check', '--rules', 'x.json', '--frobnicate']);
    expect(await main(io)).toBe(2);
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toMatch(
      /^order-preflight: check: unknown option '--frobnicate' \(see order-preflight check --help\)$/m,
    );
    expect(expectNoStack(stderr.text)).toBe(true);
  });

  it('a flag missing its value is a usage error', async () => {
    const { io, stderr } = fakeIo(['check', '--rules']);
    expect(await main(io)).toBe(2);
    expect(stderr.lines).toHaveLength(1);
    expect(stderr.text).toMatch(/--rules/);
  });

  it('no command at all prints the help on stderr and exits 2', async () => {
    const { io, stdout, stderr } = fakeIo([]);
    expect(await main(io)).toBe(2);
    expect(stdout.text).toBe('');
    expect(stderr.text).toMatch(/^Usage: order-preflight/);
  });
});
