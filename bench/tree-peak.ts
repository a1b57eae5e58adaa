/**
 * Peak memory of a command and every process it starts (BENCHMARKS.md, "Gates round 3"):
 * `npx tsx bench/tree-peak.ts -- <command> [args…]` runs the command (its output passed through)
 * and prints to stderr the peak of the summed resident set of its whole process tree, sampled every
 * 20 ms from /proc (Linux), and each process's own peak (VmHWM, as last read before it ended: a
 * process's growth in its last 20 ms can be missed). Exits with the command's exit code.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const separator = process.argv.indexOf('--');
const [command, ...args] = process.argv.slice(separator + 1);
if (separator === -1 || command === undefined) {
  process.stderr.write('usage: tsx bench/tree-peak.ts -- <command> [args…]\n');
  process.exit(2);
}

/** A /proc file's text, or undefined once its process is gone. */
function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The kB figure of a field of /proc/<pid>/status. */
const field = (status: string, name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);

const child = spawn(command, args, { stdio: 'inherit' });
const root = child.pid ?? 0;
const peaks = new Map<number, { name: string; hwmKb: number }>();
let treePeakKb = 0;
let samples = 0;

function sample(): void {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    // The parent pid is the second field after the parenthesised command name.
    const parent = stat === undefined ? undefined : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent !== undefined) parents.set(Number(entry), parent);
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) if (at === root) return true;
    return false;
  };
  let sumKb = 0;
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue;
    const status = read(`/proc/${pid}/status`);
    if (status === undefined) continue;
    sumKb += field(status, 'VmRSS');
    const name = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter((part) => part !== '').join(' ').slice(0, 100);
    // A zombie's status has no memory fields: keep what was read while it ran.
    if (field(status, 'VmHWM') > 0) peaks.set(pid, { name, hwmKb: field(status, 'VmHWM') });
  }
  treePeakKb = Math.max(treePeakKb, sumKb);
  samples += 1;
}

const timer = setInterval(sample, 20);
child.on('exit', (code, signal) => {
  clearInterval(timer);
  const mb = (kb: number): string => `${Math.round(kb / 1024)} MB`;
  const lines = [...peaks].map(([pid, peak]) => `  pid ${pid} ${mb(peak.hwmKb)}  ${peak.name}`);
  process.stderr.write(`tree peak (summed RSS): ${mb(treePeakKb)} (${samples} samples)\nprocess peaks (VmHWM):\n${lines.join('\n')}\n`);
  process.exitCode = code ?? (signal === null ? 1 : 128);
});
