/**
 * The README's GitHub Actions workflow: its lint step hands code scanning a SARIF report when the
 * lint ran (exit 0 or 1) and fails instead when the lint could not run (exit 2) or wrote nothing,
 * so an empty report is never uploaded and a configuration error never hidden. The step's script
 * is run as GitHub runs it (`bash -e`), with the lint replaced by a stand-in.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { KIT_ROOT } from './_fixture-repo.js';

const LINT = 'npx agent-identity-kit lint --format sarif';

function lintStep(): string {
  const readme = readFileSync(join(KIT_ROOT, 'README.md'), 'utf8');
  const workflow = /### GitHub Actions\n\n```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
  if (workflow === undefined) throw new Error('README.md has no GitHub Actions workflow');
  const jobs = (parse(workflow) as { jobs: Record<string, { steps: { name?: string; run?: string }[] }> }).jobs;
  const step = Object.values(jobs)
    .flatMap((job) => job.steps)
    .find((candidate) => candidate.run?.includes(LINT) === true);
  if (step?.run === undefined) throw new Error('the workflow has no lint step');
  return step.run;
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Runs the step with a lint that prints `output` and exits `status`; the step's exit code and the report's size. */
function runStep(output: string, status: number): { code: number | null; reportBytes: number } {
  const cwd = mkdtempSync(join(tmpdir(), 'aik-workflow-'));
  folders.push(cwd);
  const script = lintStep().replace(LINT, `{ printf '%s' '${output}'; (exit ${status}); }`);
  const run = spawnSync('bash', ['-e', '-c', script], { cwd, encoding: 'utf8' });
  return { code: run.status, reportBytes: statSync(join(cwd, 'identity.sarif'), { throwIfNoEntry: false })?.size ?? 0 };
}

describe('the README workflow’s lint step', () => {
  const sarif = '{"version":"2.1.0","runs":[]}';

  it('passes a report on to the upload whether or not the lint found something', () => {
    expect(runStep(sarif, 0)).toEqual({ code: 0, reportBytes: sarif.length });
    expect(runStep(sarif, 1)).toEqual({ code: 0, reportBytes: sarif.length });
  });

  it('fails on a configuration error and on an empty report, so nothing empty is uploaded', () => {
    expect(runStep('', 2).code).toBe(2);
    expect(runStep('', 1).code).toBe(2);
    expect(runStep('', 0).code).toBe(2);
  });
});
