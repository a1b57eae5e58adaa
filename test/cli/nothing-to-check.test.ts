import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('a command with nothing to check', () => {
  it('lint, graph, docs, check and trace exit 2 with one line, and 0 with --allow-empty', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'aik-empty-'));
    writeFileSync(join(empty, 'empty.jsonl'), '');
    const refused = {
      lint: await runCli(['lint', '.'], { cwd: empty }),
      graph: await runCli(['graph'], { cwd: empty }),
      docs: await runCli(['docs'], { cwd: empty }),
      check: await runCli(['check'], { cwd: empty }),
      trace: await runCli(['trace', 'empty.jsonl'], { cwd: empty }),
    };
    expect(Object.fromEntries(Object.entries(refused).map(([name, run]) => [name, [run.code, run.stdout, run.stderr]]))).toEqual({
      lint: [2, '', 'agent-identity-kit: lint .: nothing to check (pass --allow-empty if that is expected)\n'],
      graph: [2, '', 'agent-identity-kit: graph .: nothing to check (pass --allow-empty if that is expected)\n'],
      docs: [2, '', 'agent-identity-kit: docs .: nothing to check (pass --allow-empty if that is expected)\n'],
      check: [2, '', 'agent-identity-kit: check .: nothing to check (pass --allow-empty if that is expected)\n'],
      trace: [2, '', 'agent-identity-kit: empty.jsonl: the history has no records: nothing to check (pass --allow-empty if that is expected)\n'],
    });
    for (const argv of [['lint', '.'], ['graph'], ['docs'], ['check'], ['trace', 'empty.jsonl']]) {
      expect((await runCli([...argv, '--allow-empty'], { cwd: empty })).code, argv.join(' ')).toBe(0);
    }
  });
});
