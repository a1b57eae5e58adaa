/**
 * Identity-lint benchmark (issue 3). Generates a synthetic monorepo in a temp folder (5,000+
 * files of realistic sizes in 50 workspace packages, each with its tsconfig, identity look-alikes
 * in about one file in six, and a few planted findings) — and a worst-case tree where every file
 * deals with agents and sessions — then measures in the same run, each in a
 * fresh child process so both start equally cold:
 *   - `parse`: read every file and parse it with the TypeScript compiler API (the same parser
 *     and settings the lint uses: ts-morph's bundled `ts`, no JSDoc, no parent pointers);
 *   - `parse-default`: the same with the compiler's default settings (JSDoc parsed);
 *   - `lint`: `lint()` with JSON output over the same tree (discovery included);
 *   - `lint-cache`: the same with the lint cache, once writing it, then on the unchanged tree;
 *   - the CLI end to end: `agent-identity-kit lint --format json` (process start included).
 * It checks that the lint found exactly the planted findings, prints the median of the runs and
 * the peak memory (max RSS) of each child, and exits non-zero if the lint was wrong.
 *
 * Usage: `npm run bench -- lint` (or `tsx bench/lint.bench.ts [--files N] [--runs N] [--keep DIR]`;
 * `--keep` generates into DIR, an empty folder outside the repo, and leaves the tree there).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMsSince, maxRssMb, median, numericOption } from './_support/measure.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------------------------------------
// Child mode: one measurement in this fresh process, printed as one JSON line.
// ---------------------------------------------------------------------------------------------
interface Measurement {
  readonly mode: string;
  readonly ms: number;
  /** User + system CPU time of the measured part: steadier than wall time on a shared machine. */
  readonly cpuMs: number;
  readonly files: number;
  readonly maxRssMb: number;
  readonly findings?: ReadonlyArray<{ readonly file: string; readonly ruleId: string }>;
}

async function measure(mode: string, root: string): Promise<Measurement> {
  const { lint } = await import('../tools/lint/lint.js');
  const { parseSource } = await import('../tools/lint/_internals/parse-source.js');
  const { FORMATTERS } = await import('../tools/lint/report/index.js');
  const { ts } = await import('ts-morph');
  if (mode.startsWith('lint')) {
    // `lint-cache`: with the lint cache (the first such run writes it, later ones reuse it).
    const cache = mode === 'lint-cache' ? { cache: '.aik-cache/lint.json' } : {};
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await lint({ cwd: root, ...cache });
    const json = FORMATTERS.json(result);
    const ms = performance.now() - started;
    const cpuMs = cpuMsSince(cpu);
    const findings = (JSON.parse(json) as { findings: Array<{ file: string; ruleId: string }> }).findings.map(({ file, ruleId }) => ({ file, ruleId }));
    return { mode, ms, cpuMs, files: result.files, maxRssMb: maxRssMb(), findings };
  }
  // The raw parse reads the list of files written by the generator (no discovery cost).
  const files = (JSON.parse(readFileSync(join(root, 'files.json'), 'utf8')) as string[]).map((file) => join(root, file));
  const started = performance.now();
  const cpu = process.cpuUsage();
  let nodes = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const sourceFile =
      mode === 'parse' ? parseSource(file, text) : ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    nodes += sourceFile.statements.length;
  }
  const ms = performance.now() - started;
  const cpuMs = cpuMsSince(cpu);
  if (nodes === 0) throw new Error('nothing parsed');
  return { mode, ms, cpuMs, files: files.length, maxRssMb: maxRssMb() };
}

// ---------------------------------------------------------------------------------------------
// The synthetic monorepo: deterministic for a seed.
// ---------------------------------------------------------------------------------------------
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['order', 'invoice', 'customer', 'widget', 'route', 'cache', 'token', 'report', 'metric', 'queue', 'user', 'account', 'payment', 'ticket', 'document', 'build', 'job', 'event', 'record', 'tenant'];

interface Generator {
  readonly next: () => number;
  pick<T>(list: readonly T[]): T;
  int(min: number, max: number): number;
}

function generator(seed: number): Generator {
  const next = random(seed);
  return {
    next,
    pick: (list) => list[Math.floor(next() * list.length)] as (typeof list)[number],
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
  };
}

const pascal = (word: string): string => word[0]?.toUpperCase() + word.slice(1);

function interfaceBlock(g: Generator, name: string): string {
  const members = Array.from({ length: g.int(3, 10) }, (_, index) => {
    const word = g.pick(WORDS);
    const type = g.pick(['string', 'number', 'boolean', `${pascal(word)}Ref`, 'readonly string[]', `Record<string, ${pascal(word)}Ref>`, 'Date | undefined']);
    return `  ${g.next() < 0.3 ? 'readonly ' : ''}${word}${index}${g.next() < 0.3 ? '?' : ''}: ${type};`;
  });
  return `/** The ${name} as stored by the ${g.pick(WORDS)} service. */\nexport interface ${name} {\n${members.join('\n')}\n}\n`;
}

function functionBlock(g: Generator, name: string): string {
  const word = g.pick(WORDS);
  const body: string[] = [];
  for (let index = 0; index < g.int(3, 14); index += 1) {
    switch (g.int(0, 4)) {
      case 0:
        body.push(`  const ${word}${index} = input.${g.pick(WORDS)}${index} ?? ${g.int(0, 99)};`);
        break;
      case 1:
        body.push(`  if (input.${g.pick(WORDS)} !== undefined && total > ${g.int(1, 500)}) {\n    total += Math.max(total, ${g.int(1, 9)}) * 2;\n  }`);
        break;
      case 2:
        body.push(`  for (const item of input.items ?? []) {\n    total += item.${g.pick(WORDS)}Count ?? 0;\n  }`);
        break;
      case 3:
        body.push(`  const label = \`\${input.name ?? '${word}'}-\${total.toFixed(${g.int(0, 3)})}\`;\n  log(label);`);
        break;
      default:
        body.push(`  total = [${g.int(1, 9)}, ${g.int(1, 9)}, ${g.int(1, 9)}].map((value) => value * total).reduce((a, b) => a + b, 0);`);
    }
  }
  return `export function ${name}(input: ${pascal(word)}Input, log: (line: string) => void): number {\n  let total = 0;\n${body.join('\n')}\n  return total;\n}\n`;
}

function classBlock(g: Generator, name: string): string {
  const word = g.pick(WORDS);
  const methods = Array.from({ length: g.int(2, 6) }, (_, index) => {
    const method = `${g.pick(['load', 'save', 'find', 'update', 'remove', 'count'])}${pascal(g.pick(WORDS))}${index}`;
    return `  async ${method}(key: string, options: { readonly limit?: number } = {}): Promise<${pascal(word)}Ref | undefined> {\n    const hit = this.items.get(key);\n    if (hit !== undefined) return hit;\n    const rows = await this.store.query('${word}', { key, limit: options.limit ?? ${g.int(1, 100)} });\n    return rows[0];\n  }`;
  });
  return `export class ${name} {\n  private readonly items = new Map<string, ${pascal(word)}Ref>();\n\n  constructor(private readonly store: Store, readonly name: string) {}\n\n${methods.join('\n\n')}\n}\n`;
}

function componentBlock(g: Generator, name: string): string {
  const word = g.pick(WORDS);
  return `export function ${name}(props: { readonly ${word}: ${pascal(word)}Ref; readonly onSelect: (key: string) => void }) {\n  return (\n    <section className="${word}">\n      <h2>{props.${word}.title}</h2>\n      <ul>\n        {props.${word}.items.map((item) => (\n          <li key={item.key} onClick={() => props.onSelect(item.key)}>{item.label}</li>\n        ))}\n      </ul>\n    </section>\n  );\n}\n`;
}

// Identity code that is correct under the contract: the look-alikes the lint must not flag.
function identityBlock(g: Generator, index: number): string {
  switch (g.int(0, 3)) {
    case 0:
      return `export interface AgentEntry${index} {\n  id: string;\n  sessionId?: SessionId;\n  resumeSessionId?: SessionId;\n  cwd?: string;\n}\n`;
    case 1:
      return `export class Registry${index} {\n  private readonly agents = new Map<SessionId, Agent>();\n\n  file(agent: Agent): void {\n    this.agents.set(agent.id, agent);\n  }\n\n  get(id: SessionId): Agent | undefined {\n    return this.agents.get(id);\n  }\n}\n`;
    case 2:
      return `export interface Header${index} {\n  readonly id: SessionId;\n  readonly createdAt: number;\n  readonly parentSession?: SessionId;\n}\n\nexport function sameAgent${index}(a: Agent, b: Agent): boolean {\n  return a.id === b.id;\n}\n`;
    default:
      return `export function create${index}(sessionId: SessionId, meta?: { readonly cwd?: string }): Promise<Handle> {\n  return runtime.create({ sessionId, ...(meta === undefined ? {} : { meta }) });\n}\n`;
  }
}

/** The planted findings: one snippet per shape, each expected once. */
const PLANTED: ReadonlyArray<{ readonly ruleId: string; readonly code: string }> = [
  // Typed session ids: the type checker confirms these (plain-string pairs are unconfirmed warnings, exit 0).
  { ruleId: 'two-id-members', code: "type SessionId = string & { readonly __brand: 'SessionId' };\nexport interface LegacyCreateOptions {\n  agentId: string;\n  sessionId: SessionId;\n}\n" },
  {
    ruleId: 'two-id-parameters',
    code: "type SessionId = string & { readonly __brand: 'SessionId' };\nexport function legacyOpen(agent_id: string, session_id: SessionId): void {\n  void agent_id;\n  void session_id;\n}\n",
  },
  { ruleId: 'id-translation-map', code: 'export const labelBySession = new Map<string, string>();\n' },
  { ruleId: 'duplicate-identity', code: 'export class LegacySession {\n  readonly id: string;\n  constructor(readonly header: { readonly id: string }) {\n    this.id = header.id;\n  }\n}\n' },
  { ruleId: 'double-mint', code: 'export function legacyCreate() {\n  const agentId = randomUUID();\n  const sessionId = randomUUID();\n  return { agentId, sessionId };\n}\n' },
  { ruleId: 'agent-id-type', code: "export type AgentId = string & { readonly __brand: 'AgentId' };\n" },
  { ruleId: 'id-text-parsing', code: "export function isRemote(agent: Agent): boolean {\n  return agent.id.startsWith('acp:');\n}\n" },
];

interface Generated {
  readonly files: number;
  readonly bytes: number;
  readonly lines: number;
  readonly planted: ReadonlyArray<{ readonly file: string; readonly ruleId: string }>;
}

/**
 * Writes the synthetic monorepo. `identityShare` is the share of files that deal with agents and
 * sessions at all (importing `SessionId`, holding look-alikes); the rest is ordinary product code.
 */
function generate(root: string, fileCount: number, seed: number, identityShare: number): Generated {
  mkdirSync(root, { recursive: true });
  const g = generator(seed);
  const packages = 50;
  const perPackage = Math.ceil(fileCount / packages);
  const files: string[] = [];
  const planted: Array<{ file: string; ruleId: string }> = [];
  let bytes = 0;
  let lines = 0;
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'synthetic', private: true, workspaces: ['packages/*'] }, null, 2));
  const references: Array<{ path: string }> = [];
  for (let p = 0; p < packages; p += 1) {
    const name = `pkg-${String(p).padStart(2, '0')}`;
    const base = join(root, 'packages', name);
    references.push({ path: `./packages/${name}` });
    mkdirSync(join(base, 'src'), { recursive: true });
    writeFileSync(join(base, 'package.json'), JSON.stringify({ name: `@synthetic/${name}`, version: '1.0.0' }, null, 2));
    writeFileSync(join(base, 'tsconfig.json'), JSON.stringify({ compilerOptions: { composite: true, outDir: 'dist', jsx: 'react-jsx', strict: true }, include: ['src'] }, null, 2));
    for (let f = 0; f < perPackage && files.length < fileCount; f += 1) {
      const tsx = g.next() < 0.1;
      const folder = join('packages', name, 'src', g.pick(['', 'model', 'service', 'util', 'view']));
      const file = join(folder, `${g.pick(WORDS)}-${g.pick(WORDS)}-${f}.${tsx ? 'tsx' : 'ts'}`);
      // One planted shape every 700 files, starting in the middle of the first 700.
      const plant = files.length % 700 === 350 ? PLANTED[Math.floor(files.length / 700) % PLANTED.length] : undefined;
      const identity = plant !== undefined || g.next() < identityShare;
      const imports = identity ? 'Store, SessionId, Agent, Handle' : 'Store';
      const parts = [`import type { ${imports} } from '@synthetic/core';\nimport { log } from '../log.js';\n`];
      for (let b = 0; b < g.int(3, 14); b += 1) {
        const blockName = `${pascal(g.pick(WORDS))}${pascal(g.pick(WORDS))}${b}`;
        const kind = g.int(0, tsx ? 3 : 2);
        parts.push(kind === 0 ? interfaceBlock(g, blockName) : kind === 1 ? functionBlock(g, `compute${blockName}`) : kind === 2 ? classBlock(g, blockName) : componentBlock(g, blockName));
      }
      if (identity) parts.push(identityBlock(g, f));
      if (plant !== undefined) {
        parts.push(plant.code);
        planted.push({ file: file.split('\\').join('/'), ruleId: plant.ruleId });
      }
      const text = parts.join('\n');
      mkdirSync(join(root, folder), { recursive: true });
      writeFileSync(join(root, file), text);
      files.push(file);
      bytes += text.length;
      lines += text.split('\n').length;
    }
  }
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ files: [], references }, null, 2));
  writeFileSync(join(root, 'files.json'), JSON.stringify(files));
  return { files: files.length, bytes, lines, planted };
}

// ---------------------------------------------------------------------------------------------
// Parent mode: generate, run the children, report.
// ---------------------------------------------------------------------------------------------
function child(mode: string, root: string): Measurement {
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', mode, root], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`${mode} child failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Measurement;
}

function cli(root: string): { ms: number; exit: number | null } {
  const started = performance.now();
  const run = spawnSync(process.execPath, [join(repo, 'bin/agent-identity-kit.mjs'), 'lint', '--format', 'json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ms: performance.now() - started, exit: run.status };
}


interface TreeReport {
  readonly text: string;
  readonly correct: boolean;
}

/** Generates one tree and measures parse, parse-default, lint and the CLI on it, `runs` times each. */
function benchTree(title: string, root: string, fileCount: number, identityShare: number, runs: number, withCli: boolean): TreeReport {
  const generated = generate(root, fileCount, 20261130, identityShare);
  const results: Record<string, Measurement[]> = { parse: [], 'parse-default': [], lint: [] };
  const cliRuns: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    for (const mode of ['parse', 'parse-default', 'lint']) results[mode]?.push(child(mode, root));
    if (withCli) {
      const end = cli(root);
      if (end.exit !== 1) throw new Error(`CLI exit ${end.exit}, expected 1 (planted findings)`);
      cliRuns.push(end.ms);
    }
  }
  if (withCli) {
    // The lint cache: one run writes it, then the unchanged tree is linted again with it.
    results['lint-cache'] = [child('lint-cache', root), ...Array.from({ length: runs }, () => child('lint-cache', root))];
  }
  const found = (results['lint']?.[0]?.findings ?? []).map(({ file, ruleId }) => `${file} ${ruleId}`).sort();
  const wanted = generated.planted.map(({ file, ruleId }) => `${file} ${ruleId}`).sort();
  const cachedFound = (results['lint-cache']?.[1]?.findings ?? results['lint']?.[0]?.findings ?? []).map(({ file, ruleId }) => `${file} ${ruleId}`).sort();
  const correct = JSON.stringify(found) === JSON.stringify(wanted) && JSON.stringify(cachedFound) === JSON.stringify(wanted);
  const of = (mode: string, key: 'ms' | 'cpuMs' | 'maxRssMb'): number => median((results[mode] ?? []).map((m) => m[key]));
  const row = (mode: string): string => `| ${mode} | ${of(mode, 'ms').toFixed(0)} | ${of(mode, 'cpuMs').toFixed(0)} | ${of(mode, 'maxRssMb').toFixed(0)} |`;
  const lines = [
    `### ${title}`,
    '',
    `${generated.files} files in 50 packages (50 tsconfigs + a solution tsconfig), ${(generated.bytes / 1e6).toFixed(1)} MB, ${generated.lines} lines (avg ${Math.round(generated.lines / generated.files)} lines/file); ${Math.round(identityShare * 100)}% of files deal with agents/sessions; ${generated.planted.length} planted findings. Median of ${runs} runs, each in a fresh process.`,
    '',
    '| measurement | wall ms | CPU ms | peak RSS MB |',
    '|---|---|---|---|',
    row('parse'),
    row('parse-default'),
    row('lint'),
    ...(withCli
      ? [
          `| lint, cache written (first run with \`--cache\`) | ${results['lint-cache']?.[0]?.ms.toFixed(0)} | ${results['lint-cache']?.[0]?.cpuMs.toFixed(0)} | ${results['lint-cache']?.[0]?.maxRssMb.toFixed(0)} |`,
          `| lint, unchanged tree with the cache | ${median((results['lint-cache'] ?? []).slice(1).map((m) => m.ms)).toFixed(0)} | ${median((results['lint-cache'] ?? []).slice(1).map((m) => m.cpuMs)).toFixed(0)} | ${median((results['lint-cache'] ?? []).slice(1).map((m) => m.maxRssMb)).toFixed(0)} |`,
          `| CLI \`lint --format json\` (process start included) | ${median(cliRuns).toFixed(0)} | – | – |`,
        ]
      : []),
    '',
    `- lint / raw parse, same parser settings: **${(of('lint', 'ms') / of('parse', 'ms')).toFixed(2)}× wall, ${(of('lint', 'cpuMs') / of('parse', 'cpuMs')).toFixed(2)}× CPU** (target ≤ 1.5×)`,
    `- lint / raw parse, compiler defaults: ${(of('lint', 'ms') / of('parse-default', 'ms')).toFixed(2)}× wall, ${(of('lint', 'cpuMs') / of('parse-default', 'cpuMs')).toFixed(2)}× CPU`,
    `- planted findings found exactly: ${correct ? 'yes' : `NO\n  found:  ${found.join(', ')}\n  wanted: ${wanted.join(', ')}`}`,
    '',
  ];
  return { text: lines.join('\n'), correct };
}

async function main(): Promise<void> {
  const childAt = process.argv.indexOf('--child');
  if (childAt >= 0) {
    const mode = process.argv[childAt + 1] as string;
    const root = process.argv[childAt + 2] as string;
    process.stdout.write(JSON.stringify(await measure(mode, root)));
    return;
  }
  const fileCount = numericOption('--files', 5000);
  const runs = numericOption('--runs', 5);
  const keepAt = process.argv.indexOf('--keep');
  const kept = keepAt >= 0 ? process.argv[keepAt + 1] : undefined;
  const base = kept ?? mkdtempSync(join(tmpdir(), 'aik-lint-bench-'));
  try {
    process.stdout.write(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}\n\n`);
    const realistic = benchTree('Realistic monorepo', join(base, 'realistic'), fileCount, 0.16, runs, true);
    process.stdout.write(realistic.text);
    const worst = benchTree('Worst case: every file deals with agents and sessions', join(base, 'identity-everywhere'), fileCount, 1, Math.max(1, Math.ceil(runs / 2)), false);
    process.stdout.write(`\n${worst.text}`);
    process.stdout.write(`\nload average after: ${loadavg().map((value) => value.toFixed(1)).join(' ')}\n`);
    if (!realistic.correct || !worst.correct) process.exitCode = 1;
  } finally {
    if (kept === undefined) rmSync(base, { recursive: true, force: true });
  }
}

await main();
