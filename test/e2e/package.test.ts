/**
 * The first five minutes of a new user, end to end: the kit is packed as npm would publish it,
 * installed from the tarball into an empty project (dependencies from the local npm cache), and
 * every command is run there through `npx agent-identity-kit`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonTests, runVitest } from '../support/run-vitest.js';
import { withoutProgress } from '../support/without-progress.js';

const repo = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'aik-e2e-'));
const project = join(work, 'project');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** What the tarball holds, as `npm pack --dry-run --json` lists it (set once packed). */
let shipped: ReadonlySet<string> = new Set();
/** Every target package.json names (main, types, bin, each condition of each export): the module graph's own reading. */
const { entryPointTargets } = createRequire(import.meta.url)('../../tools/graph/entry-points.cjs') as { entryPointTargets: (manifest: Readonly<Record<string, unknown>>) => string[] };

/**
 * Runs the installed CLI in the project through its `node_modules/.bin` link (what `npx` runs,
 * without npx's start-up cost); never throws, so exit codes can be asserted.
 */
function kit(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(project, 'node_modules', '.bin', 'agent-identity-kit'), ...args], { cwd: project, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * Runs the installed CLI in `cwd` without blocking (so hostile runs can overlap); never rejects.
 * `how` runs another entry (the checkout's CLI) or Node with flags and environment of its own.
 */
function kitIn(cwd: string, args: readonly string[], how: { readonly entry?: string; readonly node?: readonly string[]; readonly env?: Readonly<Record<string, string>> } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const entry = how.entry ?? join(project, 'node_modules', '.bin', 'agent-identity-kit');
    const child = spawn(process.execPath, [...(how.node ?? []), entry, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...how.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // Far past the watchdog: a run still going by then is a hang of the kit itself (reported as code null).
    const limit = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs `tasks` at most `width` at a time, results in order. */
async function pooled<T>(tasks: readonly (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}

/** Worker processes of this project still alive (the kit's own, by their entry module's path). */
function leftoverWorkers(): string[] {
  const table = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).stdout;
  return table.split('\n').filter((line) => line.includes(project) && line.includes('adapter-worker.mjs'));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function write(path: string, text: string): void {
  mkdirSync(join(project, path, '..'), { recursive: true });
  writeFileSync(join(project, path), text);
}

beforeAll(() => {
  // Pack from a copy of the tree, so building dist/ never races with the other test files.
  const source = join(work, 'source');
  const packed = ['package.json', 'package-lock.json', 'README.md', 'graph-preset.cjs', 'tsconfig.json', 'tsconfig.build.json', 'bin', 'src', 'properties', 'scenarios', 'tools', 'docs', 'scripts', 'examples'];
  for (const entry of packed) cpSync(join(repo, entry), join(source, entry), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(source, 'node_modules'), 'dir');
  execFileSync(npm, ['pack', '--silent', '--pack-destination', work], { cwd: source, stdio: ['ignore', 'ignore', 'inherit'] });
  // The build is in place now: the listing names what the tarball holds.
  const listing = JSON.parse(execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: source, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })) as { files: { path: string }[] }[];
  shipped = new Set(listing[0]?.files.map((file) => file.path));
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack wrote no tarball');
  mkdirSync(project);
  write('package.json', JSON.stringify({ name: 'first-five-minutes', private: true, type: 'module', exports: './src/index.ts' }, null, 2));
  execFileSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', join(work, tarball)], { cwd: project, stdio: ['ignore', 'ignore', 'inherit'] });
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }), 120_000);

// Each test starts the installed CLI several times: generous timeouts, as a loaded 2-core CI machine is slow to start processes.
describe('the packed kit, installed from its tarball', { timeout: 120_000 }, () => {
  it('ships compiled JavaScript and declarations, and no TypeScript sources', () => {
    const installed = join(project, 'node_modules', 'agent-identity-kit');
    const top = readdirSync(installed).sort();
    expect(top).toEqual(expect.arrayContaining(['bin', 'dist', 'package.json', 'README.md', 'scenarios']));
    expect(top).not.toContain('src');
    expect(readdirSync(join(installed, 'dist', 'src'))).toEqual(expect.arrayContaining(['index.js', 'index.d.ts']));
    // The examples ship as TypeScript sources, written against the package's own exports.
    for (const example of ['minimal', 'independent', 'legacy', 'skeleton']) expect(existsSync(join(installed, 'examples', example, 'adapter.ts')), example).toBe(true);
  });

  it('every target of package.json (each export condition, bin, main) is a file the tarball ships: npm pack --dry-run --json', () => {
    const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as Record<string, unknown>;
    const targets = entryPointTargets(manifest).map((target) => target.replace(/^\.\//, ''));
    expect(targets).toEqual(expect.arrayContaining(['dist/src/adapter/index.js', 'dist/src/adapter/index.d.ts', 'bin/agent-identity-kit.mjs']));
    expect(targets.filter((target) => !shipped.has(target))).toEqual([]);
  });

  it('an adapter importing the installed agent-identity-kit/adapter runs from the tarball CLI, from a checkout CLI and under node --conditions=source, in an untyped and an ESM project', async () => {
    const adapter = [
      "import { UnsupportedOperation, type AdapterFactory } from 'agent-identity-kit/adapter';",
      "import { referenceAdapter } from 'agent-identity-kit/reference-adapter';",
      '',
      'const base = referenceAdapter();',
      "const factory: AdapterFactory = (env, options) => (UnsupportedOperation.is(new UnsupportedOperation('resume')) ? base(env, options) : Promise.reject(new Error('the toolkit did not load')));",
      'export default factory;',
      '',
    ].join('\n');
    const ways = {
      tarball: {},
      checkout: { entry: join(repo, 'bin', 'agent-identity-kit.mjs') },
      // A monorepo toolchain's condition, in the CLI's Node and (through NODE_OPTIONS) in its workers.
      'node --conditions=source': { node: ['--conditions=source'], env: { NODE_OPTIONS: '--conditions=source' } },
    };
    const tasks: (() => Promise<{ name: string; code: number | null; stdout: string; stderr: string }>)[] = [];
    for (const kind of ['untyped', 'esm']) {
      const dir = join(project, `${kind}-toolkit`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify(kind === 'esm' ? { name: 'esm', type: 'module' } : { name: 'untyped', version: '1.0.0' }));
      writeFileSync(join(dir, 'adapter.ts'), adapter);
      for (const [way, how] of Object.entries(ways)) tasks.push(async () => ({ name: `${kind} project, ${way}`, ...(await kitIn(dir, ['conform', '--adapter', 'adapter.ts', '--runs', '1', '--requirements', 'AIK-ID-001'], how)) }));
    }
    const runs = await pooled(tasks, 3);
    expect(runs.filter((run) => run.code !== 0 || !/^CONFORMANT/m.test(run.stdout)).map((run) => `${run.name}: ${run.code} ${run.stderr}`)).toEqual([]);
  });

  it('npx agent-identity-kit --help lists every command, --version prints the version, an unknown flag is a usage error', () => {
    const npx = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--no-install', 'agent-identity-kit', '--help'], { cwd: project, encoding: 'utf8', timeout: 120_000 });
    const help = kit('--help');
    expect(npx.status).toBe(0);
    expect(npx.stdout).toBe(help.stdout);
    expect(help.code).toBe(0);
    for (const command of ['init', 'conform', 'lint', 'check', 'graph', 'docs', 'replay', 'simulate', 'trace']) expect(help.stdout).toContain(`  ${command}`);
    const version = kit('--version');
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const bad = kit('conform', '--no-such-flag');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown option '--no-such-flag'");
  });

  it('conform with no adapter reaches a verdict on the bundled reference runtime', () => {
    const run = kit('conform');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^CONFORMANT/m);
  });

  it('conform loads a TypeScript adapter file with no configuration, and reports a missing one as a usage error', () => {
    write(
      'conformance/adapter.ts',
      [
        "import type { AdapterFactory } from 'agent-identity-kit';",
        "import { referenceAdapter } from 'agent-identity-kit/reference-adapter';",
        '',
        "const factory: AdapterFactory = referenceAdapter({ profiles: { teardown: 'scope-first' } });",
        'export default factory;',
        '',
      ].join('\n'),
    );
    const run = kit('conform', '--adapter', 'conformance/adapter.ts', '--format', 'json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ tool: 'agent-identity-kit', verdict: 'CONFORMANT' });
    const missing = kit('conform', '--adapter', 'conformance/missing.ts');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('conformance/missing.ts');
    expect(withoutProgress(missing.stderr).trim().split('\n')).toHaveLength(1);
  });

  it('lint finds a two-id API (a warning while only names relate the ids, an error once a caller mints both), and passes once it takes one id (exit 0)', () => {
    write('src/index.ts', "import { open } from './open.js';\nexport const opened = open('a', 's');\n");
    write('src/open.ts', 'export function open(agentId: string, sessionId: string): string {\n  return agentId + sessionId;\n}\n');
    // Plain-string ids and no code that mints them: only names relate them, a warning (exit 0);
    // `--level error` lists errors only, `--unconfirmed off` leaves the candidate out and counts it.
    const named = kit('lint', '--format', 'json', 'src');
    expect(named.code).toBe(0);
    expect(JSON.parse(named.stdout)).toMatchObject({ findings: [expect.objectContaining({ ruleId: 'two-id-parameters', severity: 'warning' })] });
    expect(JSON.parse(kit('lint', '--format', 'json', '--level', 'error', 'src').stdout)).toMatchObject({ findings: [], summary: { belowLevel: 1 } });
    expect(JSON.parse(kit('lint', '--format', 'json', '--unconfirmed', 'off', 'src').stdout)).toMatchObject({ findings: [], summary: { unconfirmedLeftOut: 1 } });
    // A typed session id is still only a name; a caller minting both ids for one call shows one lifecycle.
    write('src/open.ts', "type SessionId = string & { readonly __brand: 'SessionId' };\nexport function open(agentId: string, sessionId: SessionId): string {\n  return agentId + sessionId;\n}\n");
    expect(kit('lint', 'src').code).toBe(0);
    write('src/index.ts', "import { randomUUID } from 'node:crypto';\nimport { open } from './open.js';\nexport const opened = open(randomUUID(), randomUUID());\n");
    const findings = kit('lint', '--format', 'json', 'src');
    expect(findings.code).toBe(1);
    expect(JSON.parse(findings.stdout).findings).toEqual([expect.objectContaining({ file: 'src/open.ts', line: 2, symbol: 'open' })]);
    write('src/index.ts', "import { open } from './open.js';\nexport const opened = open('s');\n");
    write('src/open.ts', 'export function open(sessionId: string): string {\n  return sessionId;\n}\n');
    expect(kit('lint', 'src').code).toBe(0);
  });

  it('graph, docs and check pass on a small clean project', () => {
    write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', strict: true, noEmit: true }, include: ['src'] }));
    write('README.md', '# Demo\n\nStart at `src/index.ts`.\n\n```ts\nimport { open } from "./src/open.js";\nopen("s");\n```\n');
    expect(kit('graph').code).toBe(0);
    expect(kit('docs').code).toBe(0);
    const check = kit('check');
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/PASSED/);
  });

  it('replay and simulate run a shipped scenario; trace checks the history replay recorded', () => {
    const scenario = 'node_modules/agent-identity-kit/scenarios/identity/id-is-opaque.json';
    const replay = kit('replay', scenario, '--record', 'history.jsonl');
    expect(replay.code).toBe(0);
    expect(replay.stdout).toContain('PASS');
    const simulate = kit('simulate', scenario, '--format', 'mermaid');
    expect(simulate.code).toBe(0);
    expect(simulate.stdout).toContain('sequenceDiagram');
    const trace = kit('trace', 'history.jsonl');
    expect(trace.code).toBe(0);
    expect(trace.stdout).toContain('OK');
    write('broken.jsonl', '{"seq":0,"kind":"invoke"\n');
    const malformed = kit('trace', 'broken.jsonl');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('broken.jsonl');
  });

  // Fewer generated runs than the default keep these starts short; the directed checks decide the verdicts.
  it('the shipped examples run from node_modules as the README shows: independent CONFORMANT, legacy NOT CONFORMANT', () => {
    const examples = 'node_modules/agent-identity-kit/examples';
    const independent = kit('conform', '--adapter', `${examples}/independent/adapter.ts`, '--runs', '20');
    expect(independent.stdout).toMatch(/^CONFORMANT/m);
    expect(independent.code).toBe(0);
    const legacy = kit('conform', '--adapter', `${examples}/legacy/adapter.ts`, '--timeout', '200', '--runs', '20', '--format', 'json');
    expect(legacy.code).toBe(1);
    expect(JSON.parse(legacy.stdout).failures[0]).toMatchObject({ requirement: 'AIK-ID-001' });
  });

  it('every command line of the shipped README names a real command, and every installed path it names exists', () => {
    const installed = join(project, 'node_modules', 'agent-identity-kit');
    const readme = readFileSync(join(installed, 'README.md'), 'utf8');
    const commands = kit('--help').stdout.match(/^ {2}([a-z]+)/gm)?.map((line) => line.trim()) ?? [];
    const lines = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) => (block[1] ?? '').split('\n')).filter((line) => line.includes('npx agent-identity-kit'));
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      const command = /npx agent-identity-kit ([a-z]+)/.exec(line)?.[1];
      expect(commands, line).toContain(command);
      for (const [path] of line.matchAll(/node_modules\/agent-identity-kit\/[^\s)]+/g)) expect(existsSync(join(project, path)), path).toBe(true);
    }
  });

  it('the README and the adapter guide as shipped pass the doc-sync gate: their links, paths and code fences hold', () => {
    // The fences run in a browser-free Node project: DOM's lib gives them AbortController and console without @types/node.
    write('docs-tsconfig.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', target: 'ES2022', lib: ['ES2022', 'DOM'], strict: true, exactOptionalPropertyTypes: true, skipLibCheck: true, noEmit: true } }));
    // The contract, the rule pages and the examples' README quote the two-id vocabulary on purpose (the kit's own configuration exempts them).
    const docs = kit('docs', '--root', 'node_modules/agent-identity-kit', '--project', 'docs-tsconfig.json', '--exclude', 'docs/contract.md', 'docs/rules/**', 'examples/**');
    expect(docs.stdout).toContain('PASSED');
    expect(docs.code).toBe(0);
  });

  it('init writes a skeleton that typechecks and runs; filled in with the minimal example’s translation, conform reaches a verdict', { timeout: 240_000 }, () => {
    write('init/package.json', JSON.stringify({ name: 'init-project', private: true, type: 'module' }));
    // A TypeScript project (its tsconfig.json): init writes the TypeScript skeleton.
    write('init/tsconfig.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', target: 'ES2022', lib: ['ES2022', 'DOM'], strict: true, exactOptionalPropertyTypes: true, noUnusedLocals: true, noEmit: true, skipLibCheck: true }, include: ['conformance'] }));
    const inProject = (dir: string, ...args: string[]) => {
      const run = spawnSync(process.execPath, [join(project, 'node_modules', '.bin', 'agent-identity-kit'), ...args], { cwd: join(project, dir), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 });
      return { code: run.status, stdout: run.stdout, stderr: run.stderr };
    };
    const init = inProject('init', 'init');
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('wrote conformance/adapter.ts');
    expect(JSON.parse(readFileSync(join(project, 'init', 'agent-identity-kit.config.json'), 'utf8'))).toEqual({ conform: { adapter: 'conformance/adapter.ts' } });
    expect(readFileSync(join(project, 'init', '.github', 'workflows', 'agent-identity-kit.yml'), 'utf8')).toContain('npx agent-identity-kit conform');
    // A second init refuses to overwrite: one line naming the file, exit 2, nothing touched.
    const again = inProject('init', 'init');
    expect(again.code).toBe(2);
    expect(again.stderr.trim().split('\n')).toEqual([expect.stringContaining('conformance/adapter.ts: already exists')]);

    const tsc = (dir: string) => spawnSync(process.execPath, [join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(project, dir, 'tsconfig.json')], { encoding: 'utf8', timeout: 120_000 });
    const skeletonTypes = tsc('init');
    expect(skeletonTypes.stdout).toBe('');
    expect(skeletonTypes.status).toBe(0);
    const skeleton = inProject('init', 'conform', '--runs', '20');
    expect(skeleton.code).toBe(1);
    expect(skeleton.stdout).toMatch(/NOT-TESTED +AIK-CREATE-001 .*needs create; the adapter reports it unsupported/);

    // The translation of the minimal host, as its author would fill in the skeleton.
    const shipped = join(project, 'node_modules', 'agent-identity-kit', 'examples', 'minimal');
    cpSync(join(shipped, 'agents.ts'), join(project, 'init', 'conformance', 'agents.ts'));
    cpSync(join(shipped, 'adapter.ts'), join(project, 'init', 'conformance', 'adapter.ts'));
    const filledTypes = tsc('init');
    expect(filledTypes.stdout).toBe('');
    // The shipped minimal example, run from the project: its own NOT-TESTED lines name what the host lacks.
    // A short limit: the minimal host hangs where it lacks what a check needs, and each hang is confirmed with 10× the limit.
    const filled = inProject('init', 'conform', '--runs', '20', '--timeout', '200', '--format', 'json');
    expect(filled.code).toBe(1);
    const report = JSON.parse(filled.stdout) as { verdict: string; requirements: { id: string; status: string; note?: string }[] };
    expect(report.verdict).toBe('NOT CONFORMANT');
    expect(report.requirements.find((requirement) => requirement.id === 'AIK-CREATE-001')?.status).toBe('PASS');
    expect(report.requirements.find((requirement) => requirement.id === 'AIK-TXN-005')).toMatchObject({ status: 'NOT-TESTED', note: 'needs abort signal; the adapter reports it unsupported' });
    expect(report.requirements.find((requirement) => requirement.id === 'AIK-QUIESCE-001')).toMatchObject({ status: 'NOT-TESTED', note: 'needs owners; the adapter reports it unsupported' });
  });
});

/**
 * Adapters that attack the kit rather than implement the contract, as source text. Each wraps the
 * bundled reference runtime (which is conformant), so whatever the run reports comes from the
 * hostile part alone.
 */
const WRAP = [
  "import { referenceAdapter } from 'agent-identity-kit/reference-adapter';",
  'const base = referenceAdapter();',
  '/** The reference system with `name` replaced. */',
  'function replacing(name: string, make: (real: (...args: any[]) => any) => (...args: any[]) => any) {',
  '  return async (env: any, options: any) => {',
  '    const system: any = await base(env, options);',
  '    return new Proxy(system, { get: (target, key) => (key === name ? make(target[key].bind(target)) : typeof target[key] === "function" ? target[key].bind(target) : target[key]) });',
  '  };',
  '}',
  '',
].join('\n');

const HOSTILE: Record<string, string> = {
  'exit-at-load': `${WRAP}process.exit(0);\nexport default base;\n`,
  'exit-in-factory': `${WRAP}export default () => process.exit(0);\n`,
  'exit-in-operation': `${WRAP}export default replacing('create', () => () => process.exit(0));\n`,
  'loop-at-load': `${WRAP}for (;;) {}\nexport default base;\n`,
  // Blocks the first two workers (a marker file counts them): the first in its first check, the second in the run of that
  // check that confirms the hang; the fresh worker after them shows the run going on.
  'loop-in-observation': `${WRAP}import { existsSync, readFileSync, writeFileSync } from 'node:fs';\nconst blocked = existsSync('looped') ? Number(readFileSync('looped', 'utf8')) : 0;\nexport default replacing('agents', (real) => () => { if (blocked < 2) { writeFileSync('looped', String(blocked + 1)); for (;;) {} } return real(); });\n`,
  leaks: [
    WRAP,
    "import { spawn } from 'node:child_process';",
    "import { writeFileSync } from 'node:fs';",
    "import { createServer } from 'node:net';",
    'setInterval(() => undefined, 1000);',
    'createServer().listen(0);',
    "const child = spawn(process.execPath, ['-e', 'setInterval(() => undefined, 1000)'], { stdio: 'inherit' });",
    "writeFileSync('leaked.pid', String(child.pid));",
    'export default base;',
    '',
  ].join('\n'),
  noisy: `${WRAP}console.log('{ "not": "the report" }');\nconsole.error('adapter warning');\nexport default replacing('create', (real) => (input: any) => { console.log('<creating>', input.sessionId); return real(input); });\n`,
  strays: `${WRAP}Promise.reject(new Error('stray at load'));\nexport default replacing('create', (real) => (input: any) => { setTimeout(() => { throw new Error('thrown from a timer'); }, 1); return real(input); });\n`,
  'syntax-error': 'export default function (\n  let broken = ;\n',
  'throws-at-load': `${WRAP}throw new Error('no database configured');\n`,
};

/** The hostile shapes each project runs: every one in the untyped project, where most users start; the ones that differ by module system in the ESM one. */
const SHAPES = { untyped: Object.keys(HOSTILE), esm: ['exit-in-operation', 'loop-in-observation', 'leaks', 'noisy', 'strays', 'syntax-error'] };

describe('hostile adapters against the packed kit', { timeout: 240_000 }, () => {
  for (const kind of ['untyped', 'esm'] as const) {
    it(`${kind} project: none exits 0 unless conformant, none hangs, --format json parses, no stack trace, nothing left running`, async () => {
      const dir = join(project, kind === 'untyped' ? 'untyped' : 'esm-hostile');
      mkdirSync(dir, { recursive: true });
      // `npm init -y` writes no "type": CommonJS. The ESM project is the installed one itself.
      if (kind === 'untyped') writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'untyped', version: '1.0.0', main: 'index.js', license: 'ISC' }, null, 2));
      for (const shape of SHAPES[kind]) writeFileSync(join(dir, `${shape}.ts`), HOSTILE[shape] ?? '');
      const runs = await pooled(
        SHAPES[kind].map((shape) => async () => ({ shape, ...(await kitIn(dir, ['conform', '--adapter', `${shape}.ts`, '--runs', '2', '--requirements', shape === 'loop-in-observation' ? 'AIK-ID' : 'AIK-ID-001', '--format', 'json'])) })),
        3,
      );
      const by = Object.fromEntries(runs.map((run) => [run.shape, run]));
      for (const run of runs) {
        expect(run.code, `${run.shape}: ${run.stderr}`).not.toBeNull();
        expect(run.stderr, run.shape).not.toMatch(/\n\s+at /);
        if (run.code === 2) {
          // No verdict: one line naming the module and why (after what the supervisor said as it went, e.g. confirming a hang).
          expect(run.stdout, run.shape).toBe('');
          expect(run.stderr.trim().split('\n').at(-1), run.shape).toMatch(new RegExp(`^agent-identity-kit: ${run.shape}\\.ts(:\\d+:\\d+)?: `));
        } else {
          expect(() => JSON.parse(run.stdout), `${run.shape}: ${run.stdout.slice(0, 200)}`).not.toThrow();
        }
      }
      const report = (shape: string) => JSON.parse(by[shape]?.stdout ?? '') as { verdict: string; adapter: { error?: string }; failures: { check: string; message: string }[]; strays?: { origin: string; message: string }[]; adapterOutput?: { stdout: string; stderr: string } };
      if (kind === 'untyped') {
        // An adapter that cannot be used reaches no verdict: exit 2, not the NOT CONFORMANT 1.
        expect(by['exit-at-load']?.code).toBe(2);
        expect(withoutProgress(by['exit-at-load']?.stderr ?? '')).toMatch(/^agent-identity-kit: exit-at-load\.ts: the worker process exited with code 0 .* while loading the adapter module\n$/);
        expect(by['exit-in-factory']?.code).toBe(2);
        expect(withoutProgress(by['exit-in-factory']?.stderr ?? '')).toMatch(/^agent-identity-kit: exit-in-factory\.ts: the worker process exited with code 0 .* while opening a first system/);
        expect(by['loop-at-load']?.code).toBe(2);
        expect(by['loop-at-load']?.stderr).toMatch(/\nagent-identity-kit: loop-at-load\.ts: hung: the worker showed no sign of life for \d+ ms .* while loading the adapter module\n$/);
        expect(withoutProgress(by['throws-at-load']?.stderr ?? '')).toBe('agent-identity-kit: throws-at-load.ts:10:7: cannot load the adapter module (no database configured)\n');
      }
      expect(by['exit-in-operation']?.code).toBe(1);
      expect(report('exit-in-operation').failures[0]?.message).toMatch(/^adapter: the worker process exited with code 0 .*\(the last step started: create\(/);
      expect(by['loop-in-observation']?.code).toBe(1);
      const hung = report('loop-in-observation') as ReturnType<typeof report> & { requirements: { id: string; status: string }[] };
      expect(hung.failures.map((failure) => [failure.check, failure.message])).toEqual([['AIK-ID-001/one-key-everywhere', expect.stringMatching(/^adapter: hung: the worker showed no sign of life for \d+ ms .*\(the last step started: spawn\(h1\)\)/)]]);
      // The checks after it ran in a fresh worker, and passed.
      expect(hung.requirements.slice(1, 3).map((result) => result.status)).toEqual(['PASS', 'PASS']);
      expect(by.leaks?.code).toBe(0);
      const leaked = Number(readFileSync(join(dir, 'leaked.pid'), 'utf8'));
      expect(alive(leaked)).toBe(false);
      expect(by.noisy?.code).toBe(0);
      expect(report('noisy').adapterOutput?.stdout).toContain('{ "not": "the report" }\n<creating>');
      expect(by.noisy?.stderr).toContain('adapter stdout | { "not": "the report" }');
      expect(by.noisy?.stderr).toContain('adapter stderr | adapter warning');
      // Errors escaping adapter code fail the run (issue 34).
      expect(by.strays?.code).toBe(1);
      expect(report('strays').strays).toEqual(expect.arrayContaining([expect.objectContaining({ origin: 'unhandled rejection', message: 'Error: stray at load' }), expect.objectContaining({ origin: 'uncaught exception', message: 'Error: thrown from a timer' })]));
      expect(by['syntax-error']?.code).toBe(2);
      expect(withoutProgress(by['syntax-error']?.stderr ?? '')).toMatch(/^agent-identity-kit: syntax-error\.ts:2:7: cannot load the adapter module \(SyntaxError: .+\)\n$/);
      expect(leftoverWorkers()).toEqual([]);
    });
  }

  it('agent-identity-kit/vitest in the installed project: a factory and a module path pass, a module that exits fails its test, nothing left running', async () => {
    // The project's own vitest (the kit's peer dependency): the repository's, linked in.
    symlinkSync(join(repo, 'node_modules', 'vitest'), join(project, 'node_modules', 'vitest'), 'dir');
    write('vitest-user/adapter.ts', "import { referenceAdapter } from 'agent-identity-kit/reference-adapter';\nexport default referenceAdapter();\n");
    write('vitest-user/exit-in-operation.ts', HOSTILE['exit-in-operation'] ?? '');
    write(
      'vitest-user/conformance.test.ts',
      [
        "import { conformanceSuite } from 'agent-identity-kit/vitest';",
        "import { referenceAdapter } from 'agent-identity-kit/reference-adapter';",
        '',
        "conformanceSuite(referenceAdapter(), { name: 'factory', requirements: ['AIK-ID'], runs: 10 });",
        "conformanceSuite('./adapter.ts', { name: 'path', requirements: ['AIK-ID'], runs: 10 });",
        "conformanceSuite('./exit-in-operation.ts', { name: 'exits', requirements: ['AIK-ID-003'], runs: 0 });",
        '',
      ].join('\n'),
    );
    const report = join(work, 'vitest-user.json');
    const run = await runVitest(['run', 'vitest-user/', '--reporter=json', `--outputFile=${report}`], {}, project);
    expect(run.code, run.output).toBe(1);
    const tests = jsonTests(report);
    const outcome = (suite: string) => tests.filter((test) => test.fullName.startsWith(suite) && /^AIK-/.test(test.title)).map((test) => `${test.title.split(' ')[0]} ${test.status}`);
    expect(outcome('factory')).toEqual(['AIK-ID-001 passed', 'AIK-ID-002 passed', 'AIK-ID-003 passed', 'AIK-ID-004 skipped']);
    expect(outcome('path')).toEqual(outcome('factory'));
    expect(outcome('exits')).toEqual(['AIK-ID-003 failed']);
    expect(tests.find((test) => test.fullName.startsWith('exits') && test.status === 'failed')?.failureMessages.join('\n')).toMatch(/adapter: the worker process exited with code 0 .*\(the last step started: create\(a\)\)/);
    expect(leftoverWorkers()).toEqual([]);
  });

  it('machine-readable formats stay valid whatever the adapter prints', async () => {
    const dir = join(project, 'untyped');
    const [junit, markdown] = await Promise.all(['junit', 'markdown'].map((format) => kitIn(dir, ['conform', '--adapter', 'noisy.ts', '--runs', '2', '--requirements', 'AIK-ID-001', '--format', format])));
    expect(junit?.stdout).toMatch(/^<\?xml [^\n]*\?>\n<testsuites/);
    expect(junit?.stdout).not.toContain('<creating>');
    expect(markdown?.stdout).not.toContain('not": "the report');
  });

  it('loads .ts, .mts, .cts, .js, .mjs and .cjs adapters in an untyped and an ESM project, also with --tsconfig and --import', async () => {
    const esmSource = "import { referenceAdapter } from 'agent-identity-kit/reference-adapter';\nexport default referenceAdapter();\n";
    const cjsSource = "const { referenceAdapter } = require('agent-identity-kit/reference-adapter');\nmodule.exports = referenceAdapter();\n";
    const tasks: (() => Promise<{ name: string; code: number | null; stderr: string }>)[] = [];
    for (const kind of ['untyped', 'esm']) {
      const dir = join(project, `${kind}-formats`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify(kind === 'esm' ? { name: 'esm', type: 'module' } : { name: 'untyped', version: '1.0.0' }));
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true } }));
      writeFileSync(join(dir, 'preload.mjs'), 'globalThis.preloaded = true;\n');
      const files: Record<string, string> = { 'adapter.ts': esmSource, 'adapter.mts': esmSource, 'adapter.cts': cjsSource, 'adapter.js': kind === 'esm' ? esmSource : cjsSource, 'adapter.mjs': esmSource, 'adapter.cjs': cjsSource };
      for (const [file, text] of Object.entries(files)) {
        writeFileSync(join(dir, file), text);
        tasks.push(async () => ({ name: `${kind} ${file}`, ...(await kitIn(dir, ['conform', '--adapter', file, '--runs', '1', '--requirements', 'AIK-ID-001'])) }));
      }
      tasks.push(async () => ({ name: `${kind} adapter.ts --tsconfig --import`, ...(await kitIn(dir, ['conform', '--adapter', 'adapter.ts', '--tsconfig', 'tsconfig.json', '--import', './preload.mjs', '--runs', '1', '--requirements', 'AIK-ID-001'])) }));
    }
    const runs = await pooled(tasks, 3);
    expect(runs.filter((run) => run.code !== 0).map((run) => `${run.name}: ${run.stderr}`)).toEqual([]);
    // replay loads adapters the same way.
    const replay = await kitIn(join(project, 'untyped-formats'), ['replay', '../node_modules/agent-identity-kit/scenarios/identity', '--adapter', 'adapter.ts']);
    expect(replay.code).toBe(0);
    expect(existsSync(join(project, 'untyped-formats', 'adapter.ts'))).toBe(true);
  });
});
