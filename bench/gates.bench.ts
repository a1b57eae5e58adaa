/**
 * Gates benchmark (issue 15). Generates a synthetic workspace monorepo in a temp folder — about
 * 3,000 modules in 30 packages (each with its package.json, tsconfig and README with a ts fence),
 * a solution tsconfig with references, workspace imports between packages, imports of packages
 * that are not installed, one planted import cycle, one planted orphan and one planted fence
 * error — then measures, each in a fresh child process so all start equally cold:
 *   - `parse`: read every module and parse it with the TypeScript compiler (the baseline);
 *   - `graph`: `runGraph` (dependency-cruiser with the kit's preset, workspace map);
 *   - `docs`: `runDocs` (fences typechecked, links, paths, vocabulary);
 *   - `check`: `runCheck` (lint + graph + docs).
 * It checks that the gates found exactly the planted findings, prints the median wall and CPU
 * time and the peak memory (max RSS) of each, and the ratios to the parse, and exits non-zero if
 * a gate was wrong.
 *
 * Usage: `npm run bench -- gates` (or `tsx bench/gates.bench.ts [--modules N] [--runs N]`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMsSince, maxRssMb, median, numericOption } from './_support/measure.js';


interface Measurement {
  readonly mode: string;
  readonly ms: number;
  /** User + system CPU time of the measured part: steadier than wall time on a shared machine. */
  readonly cpuMs: number;
  readonly maxRssMb: number;
  readonly findings: readonly string[];
  readonly modules?: number;
}

/** One measurement in this fresh process. */
async function measure(mode: string, root: string): Promise<Measurement> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const done = (findings: readonly string[], modules?: number): Measurement => {
    return { mode, ms: performance.now() - started, cpuMs: cpuMsSince(cpu), maxRssMb: maxRssMb(), findings, ...(modules === undefined ? {} : { modules }) };
  };
  const listed = (findings: readonly { rule: string; file: string }[]): string[] => findings.map((finding) => `${finding.rule} ${finding.file}`);
  if (mode === 'parse') {
    const ts = (await import('typescript')).default;
    const files = JSON.parse(readFileSync(join(root, 'modules.json'), 'utf8')) as string[];
    let statements = 0;
    for (const file of files) statements += ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest).statements.length;
    if (statements === 0) throw new Error('nothing parsed');
    return done([], files.length);
  }
  if (mode === 'graph') {
    const { runGraph } = await import('../tools/graph/run-graph.js');
    const report = await runGraph({ root });
    return done(listed(report.findings), report.modules);
  }
  if (mode === 'docs') {
    const { runDocs } = await import('../tools/docs/run-docs.js');
    return done(listed(runDocs({ root }).findings));
  }
  const { runCheck } = await import('../tools/check/run-check.js');
  const report = await runCheck({ root });
  return done(report.outcomes.flatMap((outcome) => listed(outcome.findings)));
}

/** A deterministic pseudo-random sequence in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const write = (root: string, file: string, text: string): void => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};

/** Writes the monorepo; returns the findings planted in it (`rule file`). */
function generate(root: string, moduleCount: number, packageCount: number): string[] {
  const next = random(20261201);
  const perPackage = Math.max(3, Math.floor(moduleCount / packageCount));
  const modules: string[] = [];
  write(root, 'package.json', JSON.stringify({ name: 'bench-monorepo', private: true, type: 'module', workspaces: ['packages/*'] }, null, 2));
  write(root, 'tsconfig.json', JSON.stringify({ files: [], references: Array.from({ length: packageCount }, (_, p) => ({ path: `packages/p${p}` })) }, null, 2));
  for (let p = 0; p < packageCount; p += 1) {
    const dir = `packages/p${p}`;
    const dependencies: Record<string, string> = { zod: '3.25.76' };
    if (p > 0) dependencies[`@bench/p${p - 1}`] = '1.0.0';
    write(root, `${dir}/package.json`, JSON.stringify({ name: `@bench/p${p}`, version: '1.0.0', type: 'module', main: './dist/index.js', types: './dist/index.d.ts', dependencies }, null, 2));
    write(root, `${dir}/tsconfig.json`, JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, composite: true, rootDir: 'src', outDir: 'dist', types: [] }, include: ['src'] }, null, 2));
    const exports: string[] = [];
    for (let m = 0; m < perPackage; m += 1) {
      const name = `p${p}m${m}`;
      const lines: string[] = [];
      if (m % 5 === 0) lines.push("import { z } from 'zod';");
      const earlier = m === 0 ? [] : [...new Set([Math.floor(next() * m), Math.floor(next() * m)])];
      for (const e of earlier) lines.push(`import { p${p}m${e} } from './m${e}.js';`);
      if (m === 0 && p > 0) lines.push(`import { p${p - 1}m0 } from '@bench/p${p - 1}';`);
      lines.push('', `/** Module ${m} of package ${p}. */`, `export function ${name}(input: string): string {`);
      for (let step = 0; step < 8; step += 1) lines.push(`  input = input.length > ${step * 7} ? input.slice(1) : \`\${input}-${step}\`;`);
      for (const e of earlier) lines.push(`  input = p${p}m${e}(input);`);
      if (m === 0 && p > 0) lines.push(`  input = p${p - 1}m0(input);`);
      if (m % 5 === 0) lines.push('  input = z.string().parse(input);');
      lines.push('  return input;', '}', '');
      write(root, `${dir}/src/m${m}.ts`, lines.join('\n'));
      modules.push(`${dir}/src/m${m}.ts`);
      exports.push(`export { ${name} } from './m${m}.js';`);
    }
    write(root, `${dir}/src/index.ts`, `${exports.join('\n')}\n`);
    modules.push(`${dir}/src/index.ts`);
    const fenceCall = p === 0 ? 'p0m0(42)' : `p${p}m1('session')`;
    write(root, `${dir}/README.md`, `# @bench/p${p}\n\nModules live in \`src/m1.ts\` and on; see the [root](../../README.md).\n\n\`\`\`ts\nimport { ${p === 0 ? 'p0m0' : `p${p}m1`} } from '@bench/p${p}';\n\nexport const out: string = ${fenceCall};\n\`\`\`\n`);
  }
  write(root, 'README.md', '# bench-monorepo\n\nPackages live in `packages/`; events are named like `user/message`.\n');
  // Planted: a cycle in p1 (m1 imports m2, which imports m1) and an orphan in p2.
  const cyclic = 'packages/p1/src/m2.ts';
  write(root, 'packages/p1/src/m1.ts', `import { p1m2 } from './m2.js';\nexport const p1m1 = (input: string): string => (input.length > 9 ? input : p1m2(input));\n`);
  write(root, cyclic, `import { p1m1 } from './m1.js';\nexport const p1m2 = (input: string): string => p1m1(\`\${input}!\`);\n`);
  write(root, 'packages/p2/src/orphan.ts', 'export const LEFT_OVER = 1;\n');
  modules.push('packages/p2/src/orphan.ts');
  write(root, 'modules.json', JSON.stringify(modules));
  return ['no-circular packages/p1/src/m1.ts', 'no-orphans packages/p2/src/orphan.ts', 'fence-typecheck packages/p0/README.md'];
}

function child(mode: string, root: string): Measurement {
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', mode, root], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`${mode} child failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Measurement;
}


async function main(): Promise<void> {
  const childAt = process.argv.indexOf('--child');
  if (childAt >= 0) {
    process.stdout.write(JSON.stringify(await measure(process.argv[childAt + 1] as string, process.argv[childAt + 2] as string)));
    return;
  }
  const moduleCount = numericOption('--modules', 3000);
  const runs = numericOption('--runs', 3);
  const root = mkdtempSync(join(tmpdir(), 'aik-gates-bench-'));
  try {
    process.stdout.write(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}\n\n`);
    const planted = generate(root, moduleCount, 30).sort();
    const modes = ['parse', 'graph', 'docs', 'check'];
    const results = new Map<string, Measurement[]>(modes.map((mode) => [mode, []]));
    for (let run = 0; run < runs; run += 1) for (const mode of modes) results.get(mode)?.push(child(mode, root));
    const of = (mode: string, key: 'ms' | 'cpuMs' | 'maxRssMb'): number => median((results.get(mode) ?? []).map((m) => m[key]));
    const modules = results.get('graph')?.[0]?.modules ?? 0;
    const lines = [
      `${results.get('parse')?.[0]?.modules ?? 0} TypeScript modules in 30 packages (a solution tsconfig with 30 references), nothing installed; graph cruised ${modules} modules. Median of ${runs} runs, each in a fresh process.`,
      '',
      '| measurement | wall ms | CPU ms | peak RSS MB | CPU / parse |',
      '|---|---|---|---|---|',
      ...modes.map((mode) => `| ${mode} | ${of(mode, 'ms').toFixed(0)} | ${of(mode, 'cpuMs').toFixed(0)} | ${of(mode, 'maxRssMb').toFixed(0)} | ${(of(mode, 'cpuMs') / of('parse', 'cpuMs')).toFixed(1)}× |`),
      '',
    ];
    const graphFound = [...(results.get('graph')?.[0]?.findings ?? []), ...(results.get('docs')?.[0]?.findings ?? [])].sort();
    const checkFound = [...(results.get('check')?.[0]?.findings ?? [])].sort();
    const correct = JSON.stringify(graphFound) === JSON.stringify(planted) && JSON.stringify(checkFound) === JSON.stringify(planted);
    lines.push(`- planted findings found exactly: ${correct ? 'yes' : `NO\n  found:  ${graphFound.join(', ')} / check: ${checkFound.join(', ')}\n  wanted: ${planted.join(', ')}`}`);
    lines.push(`- load average after: ${loadavg().map((value) => value.toFixed(1)).join(' ')}`, '');
    process.stdout.write(lines.join('\n'));
    if (!correct) process.exitCode = 1;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
