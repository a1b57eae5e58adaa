import { afterEach, describe, expect, it, vi } from 'vitest';
import { KIT_VERSION } from '../../src/contract/kit-version.js';
import type { CliRun } from '../support/run-cli.js';

/** Runs the CLI freshly imported (so a mocked command list takes effect) with its output captured. */
async function run(argv: readonly string[]): Promise<CliRun> {
  const { runCli } = await import('../support/run-cli.js');
  return runCli(argv);
}

afterEach(() => {
  vi.doUnmock('../../src/cli/commands/index.js');
  vi.resetModules();
});

describe('agent-identity-kit', () => {
  it('--version prints the kit version and exits 0', async () => {
    const result = await run(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${KIT_VERSION}\n` });
  });

  it('an unknown command or flag is a usage error (exit 2) with a one-line hint', async () => {
    const command = await run(['conform-all']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("unknown command 'conform-all'");
    expect(command.stderr).toContain('conform');
    const flag = await run(['lint', '--formt', 'json']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("unknown option '--formt'");
  });

  it('a usage error thrown by a command is one line naming the file, exit 2', async () => {
    const result = await run(['trace', 'no-such-history.jsonl']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('no-such-history.jsonl');
  });

  it('loads only the command asked for, and every command for --help or a command that reads every help', async () => {
    const loaded: string[] = [];
    const entry = (name: string, readsEveryHelp?: true) => ({
      name,
      ...(readsEveryHelp === undefined ? {} : { readsEveryHelp }),
      load: async () => {
        loaded.push(name);
        return (program: import('commander').Command) => program.command(name).action(() => undefined);
      },
    });
    vi.doMock('../../src/cli/commands/index.js', () => ({ COMMANDS: [entry('first'), entry('second'), entry('gate', true)] }));
    expect((await run(['--debug', 'second'])).code).toBe(0);
    expect(loaded).toEqual(['second']);
    loaded.length = 0;
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/first[\s\S]*second/);
    expect(loaded).toEqual(['first', 'second', 'gate']);
    loaded.length = 0;
    expect((await run(['gate'])).code).toBe(0);
    expect(loaded).toEqual(['first', 'second', 'gate']);
  });

  it('an unexpected failure is one line and exit 2, with the stack only under --debug', async () => {
    vi.doMock('../../src/cli/commands/index.js', () => ({
      COMMANDS: [
        {
          name: 'explode',
          load: async () => (program: import('commander').Command) =>
            program.command('explode').action(() => {
              throw new TypeError('boom');
            }),
        },
      ],
    }));
    const quiet = await run(['explode']);
    expect(quiet.code).toBe(2);
    expect(quiet.stderr).toBe('agent-identity-kit: boom (rerun with --debug for a stack trace)\n');
    const loud = await run(['--debug', 'explode']);
    expect(loud.code).toBe(2);
    expect(loud.stderr).toMatch(/^agent-identity-kit: TypeError: boom\n\s+at /);
  });
});

describe('output that cannot be written', () => {
  it('a reader that stops early (`… | head -1`, EPIPE): one line on stderr and exit 2, no stack trace', async () => {
    const { spawn } = await import('node:child_process');
    // Replaying the bundled scenarios prints one line per scenario; the reader takes the first and closes the pipe.
    const child = spawn(process.execPath, ['bin/agent-identity-kit.mjs', 'replay', 'scenarios/'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const first = await new Promise<string>((resolve) => child.stdout.setEncoding('utf8').once('data', (chunk: string) => resolve(chunk)));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(first).toMatch(/^PASS {2}/);
    expect(stderr).toBe('agent-identity-kit: cannot write to standard output (EPIPE): the output is incomplete\n');
    expect(code).toBe(2);
  }, 120_000);

  it('a full disk (ENOSPC, /dev/full): one line on stderr and exit 2, no stack trace', async () => {
    const { openSync, closeSync } = await import('node:fs');
    const { spawnSync } = await import('node:child_process');
    const full = openSync('/dev/full', 'w');
    try {
      const run = spawnSync(process.execPath, ['bin/agent-identity-kit.mjs', 'trace', 'test/fixtures/histories/ok/create-prompt-dispose.jsonl'], { stdio: ['ignore', full, 'pipe'], encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr).toBe('agent-identity-kit: cannot write to standard output (ENOSPC): the output is incomplete\n');
      expect(run.status).toBe(2);
    } finally {
      closeSync(full);
    }
  }, 60_000);
});
