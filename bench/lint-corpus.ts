/**
 * The identity lint on real agent codebases (issue 14): given local checkouts of the repositories
 * listed in `bench/lint-corpus/labels.json` (each extracted at its pinned commit under
 * `<corpus>/<name>`), lints each one and scores the findings against the hand labels. Prints one
 * row per repository: files, kLOC, findings, true and false positives, unlabelled findings,
 * precision, recall of the labelled smells, findings per kLOC and wall time, then the totals.
 * Precision is given over all findings and over the confirmed ones (severity `error`: the type
 * checker confirmed them, or the rule is syntactic); unconfirmed findings are warnings.
 *
 * A finding is matched to a label by file, line and shape (rule id; see `SHAPE_OF_RULE`). A label may name the same
 * construct's other lines (`alsoLines`) and the other rule ids that would name it (`alsoShapes`):
 * a finding at any of them matches the construct, and the table's "recall" counts a smell reported
 * at its own line and shape, "recall (construct)" one reported anywhere on it. A second finding of
 * one labelled construct counts as a false positive (one finding per construct). Built-in checks
 * (`syntax-error`, …) are counted apart: they are not identity findings.
 *
 * Scopes: a labels file may list `scopes` (paths to lint inside each checkout, default `["."]`);
 * each repository is linted once per scope, one row each, and a scope scores only the labels under
 * it. Missed smells are listed by the §6 sentence they fall under (the label's `sentence`, else
 * its shape's sentence).
 *
 * Usage: `tsx bench/lint-corpus.ts --corpus /work/corpus [--labels FILE] [--syntactic] [--repo NAME]
 * [--list] [--unconfirmed off|warning|error]` (`--labels`: another round's labels in the same
 * format, e.g. a held-out round read before linting; default `bench/lint-corpus/labels.json`) (`--list` prints every finding with its verdict;
 * `--unconfirmed` sets `lint.unconfirmed`, whose default `off` leaves candidates the checker
 * could not settle out of the findings — the "left out" column counts them). Exits 2 when a
 * checkout is missing.
 *
 * Speed: `tsx bench/lint-corpus.ts --corpus /work/corpus --speed NAME [--runs N]` measures, in
 * one run and each in a fresh process, a bare parse of the files the lint reads with parent
 * pointers (`ts.createSourceFile(…, setParentNodes: true)`, discovery excluded), `lint()` in the
 * default mode and `lint({ syntactic: true })` (discovery included), alternating the three, and
 * prints the median wall and CPU times (user + system of the measured part), the ratios to the
 * parse and each child's peak memory (max RSS).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ts } from 'ts-morph';
import { discoverFiles } from '../tools/lint/_internals/discover-files.js';
import { lint } from '../tools/lint/index.js';
import type { Finding } from '../tools/lint/index.js';
import { cpuMsSince, maxRssMb, median } from './_support/measure.js';

interface Label {
  readonly repo: string;
  readonly file: string;
  readonly line: number;
  readonly shape: string;
  readonly verdict: 'smell' | 'look-alike';
  readonly reason: string;
  /** The §6 sentence the construct falls under (quoted); default: its shape's. */
  readonly sentence?: string;
  /** The same construct's other lines (the type beside its member, the other mint). */
  readonly alsoLines?: readonly number[];
  /** Other rule ids that would name the same construct. */
  readonly alsoShapes?: readonly string[];
}

interface Labels {
  readonly repos: ReadonlyArray<{ readonly name: string; readonly repository: string; readonly commit: string }>;
  readonly labels: readonly Label[];
  readonly scopes?: readonly string[];
}

/** The §6 sentence (CONTRACT.md, 2026-12-05) each rule's shape comes from. */
const SHAPE_SENTENCE: Readonly<Record<string, string>> = {
  'two-id-members': 'an input type (interface, type literal, class options) with both an agent-id and a session-id member',
  'two-id-parameters': 'a function, method or constructor taking both as separate parameters',
  'id-translation-map': 'a translation map between them',
  'duplicate-identity': 'a class holding the same identity twice',
  'double-mint': 'one creation minting two independent ids',
  'agent-id-type': 'a distinct agent-id brand/alias type for objects that are keyed by `SessionId`',
  'id-text-parsing': "ownership or locality derived from the id's text",
  'derived-id': 'one id derived from the other, and one id standing in for the other',
};

const BUILT_IN = new Set(['syntax-error', 'invalid-suppression', 'unused-suppression', 'stale-baseline-entry']);
const SOURCE = /\.(?:ts|tsx|mts|cts)$/;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** Lines of the TypeScript sources the lint reads (no `node_modules`, no `.d.ts`). */
function countLines(root: string): number {
  let lines = 0;
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const { name } = entry;
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(folder, name);
      // Symbolic links are not followed (a checkout may hold links to files its snapshot lacks).
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && SOURCE.test(name) && !name.endsWith('.d.ts')) lines += readFileSync(path, 'utf8').split('\n').length;
    }
  };
  walk(root);
  return lines;
}

/**
 * The §6 shape a rule reports, where a rule reports part of another's: `agent-by-session-id` is the
 * stand-in half of `derived-id`'s sentence ("one id standing in for the other"), so a label of
 * either shape is matched by a finding of either rule.
 */
const SHAPE_OF_RULE: Readonly<Record<string, string>> = { 'agent-by-session-id': 'derived-id' };
const key = (file: string, line: number, shape: string): string => `${file}:${line}:${SHAPE_OF_RULE[shape] ?? shape}`;
/** Every file:line:shape at which a finding names the label's construct. */
const constructKeys = (label: Label): string[] =>
  [label.line, ...(label.alsoLines ?? [])].flatMap((line) => [label.shape, ...(label.alsoShapes ?? [])].map((shape) => key(label.file, line, shape)));
/** Whether `file` is inside the linted `scope` (a path relative to the checkout). */
const inScope = (file: string, scope: string): boolean => scope === '.' || file === scope || file.startsWith(`${scope.replace(/\/$/, '')}/`);
const percent = (part: number, whole: number): string => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(0)} %`);

/** One measurement in this process, printed as a JSON line: `{ ms, maxRssMb, files }`. */
async function child(mode: string, root: string): Promise<void> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let files = 0;
  if (mode === 'parse') {
    const discovered = discoverFiles({ cwd: root, paths: ['.'], project: undefined, ignores: [], ignoreBase: root, includeDeclarationFiles: false });
    const parseStarted = performance.now();
    const parseCpu = process.cpuUsage();
    for (const file of discovered.files) {
      const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    }
    files = discovered.files.length;
    process.stdout.write(`${JSON.stringify({ ms: performance.now() - parseStarted, cpuMs: cpuMsSince(parseCpu), maxRssMb: maxRssMb(), files })}\n`);
    return;
  }
  const result = await lint({ cwd: root, config: {}, ...(mode === 'syntactic' ? { syntactic: true } : {}) });
  files = result.files;
  process.stdout.write(`${JSON.stringify({ ms: performance.now() - started, cpuMs: cpuMsSince(cpu), maxRssMb: maxRssMb(), files, findings: result.findings.length })}\n`);
}

function speed(root: string, runs: number): void {
  const modes = ['parse', 'default', 'syntactic'];
  const samples = new Map<string, Array<{ ms: number; cpuMs: number; maxRssMb: number; files: number }>>(modes.map((mode) => [mode, []]));
  for (let run = 0; run < runs; run += 1) {
    for (const mode of modes) {
      const spawned = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', mode, root], { encoding: 'utf8' });
      if (spawned.status !== 0) throw new Error(`${mode} failed: ${spawned.stderr}`);
      samples.get(mode)?.push(JSON.parse(spawned.stdout.trim().split('\n').pop() ?? '{}'));
    }
  }
  const parse = median((samples.get('parse') ?? []).map((sample) => sample.ms));
  const parseCpu = median((samples.get('parse') ?? []).map((sample) => sample.cpuMs));
  process.stdout.write(`| measurement | files | median wall | × parse (wall) | median CPU | × parse (CPU) | max RSS (median) |\n|---|---:|---:|---:|---:|---:|---:|\n`);
  for (const mode of modes) {
    const list = samples.get(mode) ?? [];
    const ms = median(list.map((sample) => sample.ms));
    const cpuMs = median(list.map((sample) => sample.cpuMs));
    const label = mode === 'parse' ? 'bare parse, parent pointers' : mode === 'default' ? 'lint (default: type-aware confirmation)' : 'lint --syntactic';
    process.stdout.write(`| ${label} | ${list[0]?.files ?? 0} | ${(ms / 1000).toFixed(2)} s | ${(ms / parse).toFixed(2)}× | ${(cpuMs / 1000).toFixed(2)} s | ${(cpuMs / parseCpu).toFixed(2)}× | ${median(list.map((sample) => sample.maxRssMb)).toFixed(0)} MB |\n`);
  }
}

async function main(): Promise<void> {
  const childMode = option('--child');
  if (childMode !== undefined) {
    await child(childMode, process.argv[process.argv.indexOf('--child') + 2] ?? '.');
    return;
  }
  const corpus = option('--corpus');
  if (corpus === undefined) {
    process.stderr.write('usage: tsx bench/lint-corpus.ts --corpus <folder with one checkout per repo> [--syntactic] [--repo NAME] [--list]\n');
    process.exitCode = 2;
    return;
  }
  const speedRepo = option('--speed');
  if (speedRepo !== undefined) {
    speed(join(corpus, speedRepo), Number(option('--runs') ?? 3));
    return;
  }
  const syntactic = process.argv.includes('--syntactic');
  const list = process.argv.includes('--list');
  const only = option('--repo');
  const unconfirmedOption = option('--unconfirmed');
  if (unconfirmedOption !== undefined && !['off', 'warning', 'error'].includes(unconfirmedOption)) {
    process.stderr.write(`lint-corpus: --unconfirmed must be off, warning or error, not '${unconfirmedOption}'\n`);
    process.exitCode = 2;
    return;
  }
  const unconfirmed = unconfirmedOption as 'off' | 'warning' | 'error' | undefined;
  // `--labels file`: a held-out round's labels, written before its repositories were linted.
  const labels = JSON.parse(readFileSync(option('--labels') ?? join(dirname(fileURLToPath(import.meta.url)), 'lint-corpus/labels.json'), 'utf8')) as Labels;
  const repos = labels.repos.filter((repo) => only === undefined || repo.name === only);
  const scopes = labels.scopes ?? ['.'];
  for (const repo of repos) {
    try {
      statSync(join(corpus, repo.name));
    } catch {
      process.stderr.write(`lint-corpus: ${join(corpus, repo.name)} is missing: extract ${repo.repository} at ${repo.commit} there\n`);
      process.exitCode = 2;
      return;
    }
  }

  const total = { files: 0, lines: 0, leftOut: 0, findings: 0, tp: 0, fp: 0, unlabelled: 0, smells: 0, found: 0, foundConstruct: 0, builtIn: 0, ms: 0, errors: 0, errorTp: 0 };
  process.stdout.write(`mode: ${syntactic ? '--syntactic' : 'default'}\n\n`);
  process.stdout.write('| repo | commit | files | kLOC | findings | TP | FP | unlabelled | precision | errors (confirmed) | precision of errors | recall | recall (construct) | left out (unconfirmed) | findings/kLOC | time |\n');
  process.stdout.write('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n');
  const listing: string[] = [];
  const missedBySentence = new Map<string, string[]>();
  for (const repo of repos) for (const scope of scopes) {
    const root = join(corpus, repo.name);
    const name = scope === '.' ? repo.name : `${repo.name} (${scope}/)`;
    const own = labels.labels.filter((label) => label.repo === repo.name && inScope(label.file, scope));
    const byKey = new Map(own.flatMap((label) => constructKeys(label).map((at) => [at, label] as const)));
    const started = performance.now();
    const result = await lint({ cwd: root, paths: [scope], config: unconfirmed === undefined ? {} : { unconfirmed }, ...(syntactic ? { syntactic: true } : {}) });
    const ms = performance.now() - started;
    const lines = countLines(join(root, scope));
    const seen = new Set<Label>();
    const exact = new Set<Label>();
    let tp = 0;
    let fp = 0;
    let unlabelled = 0;
    let builtIn = 0;
    let errors = 0;
    let errorTp = 0;
    const identity: Finding[] = [];
    for (const finding of result.findings) {
      if (BUILT_IN.has(finding.ruleId)) builtIn += 1;
      else identity.push(finding);
    }
    for (const finding of identity) {
      const at = key(finding.file, finding.line, finding.ruleId);
      const label = byKey.get(at);
      let verdict: string;
      if (label === undefined) {
        unlabelled += 1;
        fp += 1;
        verdict = 'UNLABELLED';
      } else if (seen.has(label)) {
        fp += 1;
        verdict = 'duplicate';
      } else if (label.verdict === 'smell') {
        tp += 1;
        if (finding.severity === 'error') errorTp += 1;
        verdict = 'TP';
      } else {
        fp += 1;
        verdict = 'FP';
      }
      if (label !== undefined) {
        seen.add(label);
        if (at === key(label.file, label.line, label.shape)) exact.add(label);
      }
      if (finding.severity === 'error') errors += 1;
      listing.push(`${verdict}\t${finding.severity}\t${name}/${at}\t${finding.message}`);
    }
    const smells = own.filter((label) => label.verdict === 'smell');
    const found = smells.filter((label) => exact.has(label)).length;
    const foundConstruct = smells.filter((label) => seen.has(label)).length;
    for (const smell of smells) {
      if (seen.has(smell)) continue;
      const where = `${name}/${key(smell.file, smell.line, smell.shape)}`;
      listing.push(`MISSED\t${where}\t${smell.reason}`);
      const sentence = smell.sentence ?? SHAPE_SENTENCE[smell.shape] ?? smell.shape;
      missedBySentence.set(sentence, [...(missedBySentence.get(sentence) ?? []), where]);
    }
    const kloc = lines / 1000;
    process.stdout.write(
      `| ${name} | ${repo.commit.slice(0, 7)} | ${result.files} | ${kloc.toFixed(0)} | ${identity.length} | ${tp} | ${fp} | ${unlabelled} | ${percent(tp, tp + fp)} | ${errors} | ${percent(errorTp, errors)} | ${found} of ${smells.length} (${percent(found, smells.length)}) | ${foundConstruct} of ${smells.length} (${percent(foundConstruct, smells.length)}) | ${result.unconfirmedLeftOut} | ${(identity.length / kloc).toFixed(3)} | ${(ms / 1000).toFixed(1)} s |\n`,
    );
    Object.assign(total, {
      files: total.files + result.files,
      leftOut: total.leftOut + result.unconfirmedLeftOut,
      lines: total.lines + lines,
      findings: total.findings + identity.length,
      tp: total.tp + tp,
      fp: total.fp + fp,
      unlabelled: total.unlabelled + unlabelled,
      smells: total.smells + smells.length,
      found: total.found + found,
      foundConstruct: total.foundConstruct + foundConstruct,
      builtIn: total.builtIn + builtIn,
      ms: total.ms + ms,
      errors: total.errors + errors,
      errorTp: total.errorTp + errorTp,
    });
  }
  const kloc = total.lines / 1000;
  process.stdout.write(
    `| **all** | | ${total.files} | ${kloc.toFixed(0)} | ${total.findings} | ${total.tp} | ${total.fp} | ${total.unlabelled} | ${percent(total.tp, total.tp + total.fp)} | ${total.errors} | ${percent(total.errorTp, total.errors)} | ${total.found} of ${total.smells} (${percent(total.found, total.smells)}) | ${total.foundConstruct} of ${total.smells} (${percent(total.foundConstruct, total.smells)}) | ${total.leftOut} | ${(total.findings / kloc).toFixed(3)} | ${(total.ms / 1000).toFixed(1)} s |\n`,
  );
  process.stdout.write(`\nbuilt-in checks (syntax errors in the repos' own broken fixtures, not scored): ${total.builtIn}\n`);
  if (missedBySentence.size > 0) {
    process.stdout.write('\nmissed smells by §6 sentence:\n');
    for (const [sentence, where] of [...missedBySentence].sort((a, b) => b[1].length - a[1].length)) process.stdout.write(`- ${where.length} × ${sentence}: ${where.join(', ')}\n`);
  }
  if (list) process.stdout.write(`\n${listing.join('\n')}\n`);
}

await main();
