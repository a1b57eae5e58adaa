/** `--format json` for replay and trace (issue 37): one JSON document on stdout, the exit code as in text. */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('--format json', () => {
  it('replay: every scenario with its status and text, and the summary', async () => {
    const run = await runCli(['replay', 'scenarios/identity', '--format', 'json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { tool: string; scenarios: { file: string; id: string; status: string; text: string }[]; summary: Record<string, number> };
    const files = readdirSync('scenarios/identity').filter((name) => name.endsWith('.json'));
    expect(report.tool).toBe('agent-identity-kit');
    expect(report.scenarios).toHaveLength(files.length);
    expect(report.summary).toEqual({ PASS: files.length, FAIL: 0, SKIP: 0 });
    expect(report.scenarios[0]).toMatchObject({ status: 'PASS', file: expect.stringMatching(/^scenarios\/identity\/.+\.json$/), text: expect.stringMatching(/^PASS {2}/) });
  });

  it('trace: the verdict as the checker gives it — OK, and ILLEGAL with its violation (exit 1)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'aik-trace-json-'));
    const history = join(folder, 'h.jsonl');
    expect((await runCli(['replay', 'scenarios/identity/id-is-opaque.json', '--record', history])).code).toBe(0);
    const ok = await runCli(['trace', history, '--format', 'json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ tool: 'agent-identity-kit', file: history, records: expect.any(Number), verdict: { verdict: 'OK' } });
    const illegal = await runCli(['trace', 'test/fixtures/histories/illegal/AIK-CONFLICT-001-two-winners.jsonl', '--format', 'json']);
    expect(illegal.code).toBe(1);
    expect(JSON.parse(illegal.stdout)).toMatchObject({ verdict: { verdict: 'ILLEGAL', violation: expect.any(Object) } });
  });
});
