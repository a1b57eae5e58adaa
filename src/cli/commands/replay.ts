import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RegisterCommand } from './index.js';
import { adapterLoading, adapterSpec } from '../../supervisor/load-adapter.js';
import { UsageError } from '../../supervisor/usage-error.js';
import { helpExamples } from '../help-examples.js';
import { Option } from 'commander';
import { KIT_VERSION } from '../../contract/kit-version.js';
import { printable } from '../../contract/printable.js';
import { ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP, refuseEmpty } from '../nothing-to-check.js';
import { adapterFiles, checkOutputPath, HTML_FLAG, HTML_HELP } from '../output-path.js';
import { adapterFlags } from '../adapter-flags.js';
import type { ReplayDetail, ReplayedScenario } from '../../../scenarios/replay/replay-html-report.js';

/**
 * `replay <files|dirs…> [--adapter <module> [--import <module>…] [--tsconfig <file>]] [--record <path>]`:
 * runs scenarios, by default on the reference runtime (following each scenario's profile), and
 * prints PASS / FAIL / SKIP per scenario with the first diverging step. An adapter loads as
 * `conform` loads it (the same `--import` preloads and `--tsconfig`), so a counterexample `conform`
 * wrote replays with the flags that found it. Exit 0 when nothing failed, 1 otherwise, 2 for a
 * malformed scenario or a `--record` path that cannot be written (nothing runs then), and for a
 * replay that checked nothing (no scenario, or every one not applicable) unless `--allow-empty`.
 * `--format json` prints `{ tool, version, scenarios: [{ file, id, status, text }], summary }`
 * once every scenario ran, `text` being what the text format prints for it; `--format html` (or
 * `--html <file>` beside another format) one self-contained page with each failure's run drawn.
 */
export const registerReplay: RegisterCommand = (program, setExitCode) => {
  program
    .command('replay')
    .description('replay scenario files against the reference runtime or an adapter')
    .addHelpText('after', helpExamples('replay node_modules/agent-identity-kit/scenarios/', 'replay node_modules/agent-identity-kit/scenarios/collision --adapter ./conformance/adapter.ts', 'replay counterexample.json --adapter harness/adapter.ts --import ./polyfills.js --tsconfig harness/tsconfig.json', 'replay counterexample.json --record history.jsonl'))
    .argument('<paths...>', 'scenario files or directories (searched recursively for *.json)')
    .option('--adapter <module>', 'adapter module (file.ts or file.ts#name); default: the reference runtime')
    .option('--adapter-cmd <command>', 'replay against an adapter process in any language, over stdio (docs/stdio-adapter.md)')
    .option('--import <module>', 'preload this module before the adapter (repeatable)', (value: string, previous: string[] | undefined) => [...(previous ?? []), value])
    .option('--tsconfig <file>', 'load a .ts adapter with this tsconfig')
    .option('--record <path>', 'write the history of each replay (a file for one scenario, else a directory of <id>.jsonl)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'html']).default('text'))
    .option(HTML_FLAG, HTML_HELP)
    .option(ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP)
    .action(async (paths: string[], options: { adapter?: string; adapterCmd?: string; import?: string[]; tsconfig?: string; record?: string; html?: string; allowEmpty?: boolean; format: 'text' | 'json' | 'html' }) => {
      // Flags first: a bad one is refused before any scenario is read.
      if (options.adapterCmd !== undefined && (options.adapter !== undefined || options.import !== undefined || options.tsconfig !== undefined)) throw new UsageError('--adapter-cmd drives an adapter process: it takes no --adapter, --import or --tsconfig');
      if (options.adapterCmd !== undefined && options.adapterCmd.trim() === '') throw new UsageError('--adapter-cmd needs a command, got an empty one');
      const adapter = options.adapter === undefined ? undefined : adapterSpec(options.adapter);
      const loading = adapterLoading(adapter, options.import ?? [], options.tsconfig);
      // Loaded on use: the runtime, the supervisor and the scenario schema would slow every other command's start.
      const [{ loadScenarios }, { ScenarioFormatError }, { referenceAdapter }, { HistoryRecorder }, { formatResult }, { replayScenario }, { superviseReplay }, { writeFileAtomic }, { replayDetail, replayHtmlReport }] = await Promise.all([
        import('../../../scenarios/load/load-scenarios.js'),
        import('../../../scenarios/load/scenario-format-error.js'),
        import('../../../properties/reference-adapter.js'),
        import('../../../scenarios/history/history-recorder.js'),
        import('../../../scenarios/replay/format-result.js'),
        import('../../../scenarios/replay/replay-scenario.js'),
        import('../../supervisor/supervise-replay.js'),
        import('../../../tools/check/write-file-atomic.js'),
        import('../../../scenarios/replay/replay-html-report.js'),
      ]);
      let loaded;
      try {
        loaded = loadScenarios(paths);
      } catch (error) {
        throw error instanceof ScenarioFormatError ? new UsageError(error.message) : error;
      }
      if (loaded.length === 0) refuseEmpty(`replay ${paths.join(' ')}: no scenario file`, options.allowEmpty);
      // The record path is checked before any scenario runs; it must not replace a scenario or a file the adapter run reads.
      const several = loaded.length > 1;
      const reads = adapterFiles(adapter, loading);
      const scenarioFiles = new Map([...(reads.reads ?? []), ...loaded.map(({ file }): [string, string] => [file, `the scenario ${file}`])]);
      checkOutputPath(options.record, { flag: '--record', kind: several ? 'folder' : 'file', createFolders: several, ...reads, reads: scenarioFiles });
      checkOutputPath(options.html, { flag: '--html', ...reads, reads: scenarioFiles, ...(options.record === undefined ? {} : { writes: new Map([[options.record, 'the --record path']]) }) });
      if (options.record !== undefined && several) mkdirSync(options.record, { recursive: true });
      const counts = { PASS: 0, FAIL: 0, SKIP: 0 };
      let outside: readonly string[] = [];
      const results: ReplayedScenario[] = [];
      const write = (index: number, status: 'PASS' | 'FAIL' | 'SKIP', text: string, history: readonly string[] | undefined, detail: ReplayDetail | undefined) => {
        counts[status] += 1;
        results.push({ file: loaded[index]?.file ?? '', id: loaded[index]?.scenario.id ?? '', status, text, ...(detail === undefined ? {} : { detail }) });
        if (options.format === 'text') process.stdout.write(printable(text));
        const scenario = loaded[index]?.scenario;
        if (options.record !== undefined && history !== undefined && scenario !== undefined) {
          writeFileAtomic(loaded.length > 1 ? join(options.record, `${scenario.id}.jsonl`) : options.record, history.map((line) => `${line}\n`).join(''));
        }
      };
      if (adapter === undefined && options.adapterCmd === undefined) {
        // The reference runtime is the kit's own code: it replays in this process.
        for (const [index, { file, scenario }] of loaded.entries()) {
          const lines: string[] = [];
          const record = options.record === undefined ? undefined : new HistoryRecorder((line) => lines.push(line));
          const result = await replayScenario(scenario, referenceAdapter({ ...(scenario.profiles === undefined ? {} : { profiles: scenario.profiles }) }), record === undefined ? {} : { record });
          write(index, result.status, formatResult(file, scenario, result), record === undefined || result.status === 'SKIP' ? undefined : lines, replayDetail(scenario, result));
        }
      } else {
        // Adapter code never runs in this process: a supervised worker replays, and a lost worker fails its scenario.
        outside = await superviseReplay({ adapter: adapter ?? { command: options.adapterCmd! }, loading, scenarios: loaded, record: options.record !== undefined, log: (text) => process.stderr.write(printable(text)), onResult: (result) => write(result.index, result.status, result.text, result.history, result.detail) });
      }
      // An error that escaped adapter code between scenarios fails the run, as it fails a conformance run.
      if (outside.length > 0 && options.format === 'text') process.stdout.write(printable(outside.map((line) => `FAIL  outside any scenario: ${line}\n`).join('')));
      const html = () => replayHtmlReport({ results, outside, adapter: adapter?.file ?? (options.adapterCmd === undefined ? 'the reference runtime' : `--adapter-cmd ${options.adapterCmd}`), replay: ['npx', 'agent-identity-kit', 'replay', ...adapterFlags(options)] });
      if (options.format === 'json') process.stdout.write(`${JSON.stringify({ tool: 'agent-identity-kit', version: KIT_VERSION, scenarios: results.map(({ detail: _detail, ...shown }) => shown), summary: counts, ...(outside.length === 0 ? {} : { escaped: outside }) }, null, 2)}\n`);
      else if (options.format === 'html') process.stdout.write(html());
      else process.stdout.write(`${loaded.length} scenario${loaded.length === 1 ? '' : 's'}: ${counts.PASS} passed, ${counts.FAIL} failed, ${counts.SKIP} not applicable\n`);
      if (options.html !== undefined) {
        writeFileAtomic(options.html, html());
        process.stderr.write(`agent-identity-kit: wrote the HTML report to ${printable(options.html)}\n`);
      }
      if (loaded.length > 0 && counts.SKIP === loaded.length) refuseEmpty(`replay ${paths.join(' ')}: every scenario was not applicable`, options.allowEmpty);
      setExitCode(counts.FAIL > 0 || outside.length > 0 ? 1 : 0);
    });
};
