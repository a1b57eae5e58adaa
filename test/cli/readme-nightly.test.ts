import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../support/run-cli.js';

interface Step {
  readonly run?: string;
  readonly uses?: string;
  readonly with?: Record<string, unknown>;
}
interface Workflow {
  readonly jobs: Record<string, { readonly needs?: string; readonly strategy?: { readonly matrix: { readonly shard: number[] } }; readonly steps: Step[] }>;
}

/** The README's nightly deep-run workflow, as YAML. */
function nightly(): Workflow {
  const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1] ?? '').find((yaml) => yaml.startsWith('name: identity-nightly'));
  if (block === undefined) throw new Error('README.md has no identity-nightly workflow');
  return parse(block) as Workflow;
}

/** The `agent-identity-kit` command of a `run:` line, with GitHub's expressions filled in and the run count made small. */
function command(run: string, shard: number): string[] {
  const line = run.replace(/\$\{\{ matrix\.shard \}\}/g, String(shard)).replace(/\$\{\{ github\.run_number \}\}/g, '7').replace('--runs 20000', '--runs 200');
  const argv = line.slice(line.indexOf('npx agent-identity-kit ') + 'npx agent-identity-kit '.length).split('>')[0]?.trim().split(/\s+/) ?? [];
  return argv;
}

describe("README's nightly deep-run workflow", () => {
  it('shards as matrix jobs, and one merge job that needs them all and uploads the markdown report', () => {
    const { jobs } = nightly();
    const shards = jobs['shard']?.strategy?.matrix.shard ?? [];
    expect(shards).toEqual([1, 2, 3, 4]);
    expect(jobs['merge']?.needs).toBe('shard');
    const merge = jobs['merge']?.steps.find((step) => step.run?.includes('agent-identity-kit merge'))?.run ?? '';
    // The merge job names every shard's part, and nothing else.
    expect(merge.match(/part-\d\.json/g)).toEqual(shards.map((shard) => `part-${shard}.json`));
    const upload = jobs['merge']?.steps.find((step) => step.uses?.startsWith('actions/upload-artifact'));
    expect(String(upload?.with?.['path'])).toContain('identity-nightly.md');
  });

  it('runs as written: each shard prints its part, merge gives the unsharded verdict', async () => {
    const { jobs } = nightly();
    const dir = mkdtempSync(join(tmpdir(), 'aik-nightly-'));
    const shardRun = jobs['shard']?.steps.find((step) => step.run?.includes('agent-identity-kit conform'))?.run ?? '';
    expect(shardRun).toMatch(/--shard \$\{\{ matrix\.shard \}\}\/4 > part-\$\{\{ matrix\.shard \}\}\.json$/);
    for (const shard of [1, 2, 3, 4]) {
      const { code, stdout } = await runCli(command(shardRun, shard), { cwd: dir });
      expect(code).toBe(0);
      writeFileSync(join(dir, `part-${shard}.json`), stdout);
    }
    const mergeRun = jobs['merge']?.steps.find((step) => step.run?.includes('agent-identity-kit merge'))?.run ?? '';
    const merged = await runCli(command(mergeRun, 0), { cwd: dir });
    expect(merged.code).toBe(0);
    expect(merged.stdout).toMatch(/CONFORMANT/);
    expect(merged.stdout).toMatch(/seed `7`, 200 generated runs/);
    const whole = await runCli(['conform', '--runs', '200', '--seed', '7', '--format', 'markdown'], { cwd: dir });
    const timeless = (text: string) => text.replace(/\d+(?:\.\d+)? ?m?s\b/g, '<time>');
    expect(timeless(merged.stdout)).toBe(timeless(whole.stdout));
  }, 240_000);
});
