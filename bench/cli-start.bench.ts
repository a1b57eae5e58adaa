/**
 * How soon a CI log shows `conform`'s seed (issue 37: "a CI log of `conform --runs 6000` (stdout and
 * stderr piped) shows the seed within a second and never goes 15 s without a line"). Spawns
 * `conform --runs 6000` with both streams piped, in three forms — `node bin/agent-identity-kit.mjs`
 * from the checkout (tsx compiles the sources), `npx tsx src/cli/main.ts`, and the installed
 * package (bin/ beside a built dist/, no sources: run `npm run build` in the kit first, else this
 * form is left out) — stamps each line with its arrival time, and stops the run (its process
 * group, SIGTERM) once the seed line came. `--count` runs per form, idle and beside `--busy` busy
 * loops (`node -e 'for(;;){}'`, this script's children, killed after). With `--full`, one whole run
 * per form gives the longest gap between two lines. Prints Markdown for BENCHMARKS.md.
 *
 * Usage: `npm run bench -- cli-start` (or `tsx bench/cli-start.bench.ts [--kit DIR] [--count N] [--busy N] [--full]`);
 * `--kit` measures another checkout of the kit (a worktree of an older commit, say).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, numericOption } from './_support/measure.js';

const at = process.argv.indexOf('--kit');
const kit = at >= 0 ? resolve(process.argv[at + 1] ?? '.') : join(dirname(fileURLToPath(import.meta.url)), '..');
const count = numericOption('--count', 10);
const busy = numericOption('--busy', 2);
const full = process.argv.includes('--full');
const RUNS = ['conform', '--runs', '6000'];

/** The installed form: bin/ and package.json copied, dist/ and node_modules linked; no src/, so bin/ runs dist/. */
function installedKit(): string | undefined {
  if (!existsSync(join(kit, 'dist', 'src', 'cli', 'main.js'))) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'aik-installed-'));
  cpSync(join(kit, 'bin'), join(dir, 'bin'), { recursive: true });
  cpSync(join(kit, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(kit, 'dist'), join(dir, 'dist'));
  symlinkSync(join(kit, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

const installed = installedKit();
/** Adapter workers left running by stopped runs, killed (see {@link killLeftWorkers}). */
let leftWorkers = 0;
const forms: Record<string, readonly string[]> = {
  'node bin/agent-identity-kit.mjs (checkout, tsx)': [process.execPath, join(kit, 'bin', 'agent-identity-kit.mjs')],
  'npx tsx src/cli/main.ts': ['npx', 'tsx', join(kit, 'src', 'cli', 'main.ts')],
  ...(installed === undefined ? {} : { 'installed package (bin/ + dist/)': [process.execPath, join(installed, 'bin', 'agent-identity-kit.mjs')] }),
};

/** One run: when the seed line came (ms), the longest gap between two lines, and the run's wall time (whole runs only). */
interface Timing {
  readonly seedMs: number | undefined;
  readonly longestGapMs: number;
  readonly wallMs: number;
}

/**
 * Kills the kit's adapter workers a stopped run left (by pid). A run stopped just after its seed
 * line may have forked them: on main at 5e5a459, where the header came after the engine loaded,
 * stopping the group left 19 of them running in 60 runs and they loaded the machine.
 */
function killLeftWorkers(): number {
  const left = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((pid) => {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return args.includes('adapter-worker') && (args.includes(`${kit}/`) || (installed !== undefined && args.includes(`${installed}/`)));
    } catch {
      return false;
    }
  });
  for (const pid of left) process.kill(Number(pid), 'SIGKILL');
  return left.length;
}

/** Spawns `command` in a process group of its own with both streams piped; with `untilSeed`, stops the group once the seed line arrived. */
function timed(command: readonly string[], untilSeed: boolean): Promise<Timing> {
  const started = performance.now();
  const child = spawn(command[0]!, [...command.slice(1), ...RUNS], { cwd: kit, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let seedMs: number | undefined;
  let last = started;
  let longestGapMs = 0;
  const line = (text: string) => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
    if (seedMs === undefined && / · seed -?\d+/.test(text)) {
      seedMs = now - started;
      if (untilSeed) process.kill(-child.pid!, 'SIGTERM');
    }
  };
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(line);
    });
  }
  return new Promise((done) =>
    child.once('close', () => {
      const wallMs = performance.now() - started;
      leftWorkers += killLeftWorkers();
      done({ seedMs, longestGapMs: Math.max(longestGapMs, performance.now() - last), wallMs });
    }),
  );
}

function startBusyLoops(n: number): ChildProcess[] {
  return Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
}

const seconds = (ms: number | undefined) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);
const load = () => loadavg()[0]!.toFixed(1);

const out: string[] = [
  `Kit: ${kit}. \`${RUNS.join(' ')}\`, stdout and stderr piped; ${count} runs per row, each stopped once the seed line came.`,
  '',
  '| form | beside | load (1 min) at start | seed line: median | max | runs without a seed line |',
  '|---|---|---|---|---|---|',
];
try {
  for (const loops of [0, busy]) {
    const children = startBusyLoops(loops);
    try {
      for (const [name, command] of Object.entries(forms)) {
        const loadAtStart = load();
        const times: Timing[] = [];
        for (let index = 0; index < count; index += 1) times.push(await timed(command, true));
        const seeds = times.flatMap((time) => (time.seedMs === undefined ? [] : [time.seedMs]));
        out.push(`| ${name} | ${loops === 0 ? 'nothing' : `${loops} busy loops`} | ${loadAtStart} | ${seconds(seeds.length === 0 ? undefined : median(seeds))} | ${seconds(seeds.length === 0 ? undefined : Math.max(...seeds))} | ${times.length - seeds.length} |`);
      }
    } finally {
      for (const child of children) child.kill('SIGKILL');
    }
  }
  if (full) {
    out.push('', 'Whole runs (idle):', '', '| form | load at start | seed line | longest gap between lines | wall |', '|---|---|---|---|---|');
    for (const [name, command] of Object.entries(forms)) {
      const loadAtStart = load();
      const time = await timed(command, false);
      out.push(`| ${name} | ${loadAtStart} | ${seconds(time.seedMs)} | ${seconds(time.longestGapMs)} | ${seconds(time.wallMs)} |`);
    }
  }
} finally {
  if (installed !== undefined) rmSync(installed, { recursive: true, force: true });
}
out.push('', `Adapter workers left running by a stopped run, killed: ${leftWorkers}.`);
process.stdout.write(`${out.join('\n')}\n`);
