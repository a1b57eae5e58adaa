import type { HistoryFileCheck } from '../../../scenarios/history/check-history-file.js';
import type { RegisterCommand } from './index.js';
import { printable } from '../../contract/printable.js';
import { UsageError } from '../../supervisor/usage-error.js';
import { ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP, refuseEmpty } from '../nothing-to-check.js';
import { helpExamples } from '../help-examples.js';
import { Option } from 'commander';
import { KIT_VERSION } from '../../contract/kit-version.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `trace --adapter-cmd "<command>" <scenario files|dirs…>`: records the history of each scenario
 * replayed against the adapter process (as `replay --record` does) and checks it offline, one
 * verdict per scenario. Exit 0 when every history is OK.
 */
async function traceAdapterProcess(command: string, paths: readonly string[], allowEmpty: boolean | undefined): Promise<number> {
  const [{ loadScenarios }, { superviseReplay }, { checkHistoryFile }, { formatVerdict }] = await Promise.all([
    import('../../../scenarios/load/load-scenarios.js'),
    import('../../supervisor/supervise-replay.js'),
    import('../../../scenarios/history/check-history-file.js'),
    import('../../../scenarios/history/format-verdict.js'),
  ]);
  let loaded;
  try {
    loaded = loadScenarios(paths);
  } catch (error) {
    throw error instanceof Error && error.name === 'ScenarioFormatError' ? new UsageError(error.message) : error;
  }
  if (loaded.length === 0) refuseEmpty(`trace ${paths.join(' ')}: no scenario file`, allowEmpty);
  const histories: (readonly string[] | undefined)[] = [];
  const outside = await superviseReplay({ adapter: { command }, scenarios: loaded, record: true, log: (text) => process.stderr.write(printable(text)), onResult: (result) => (histories[result.index] = result.status === 'SKIP' ? undefined : (result.history ?? [])) });
  const dir = mkdtempSync(join(tmpdir(), 'aik-trace-'));
  let ok = 0;
  let checked = 0;
  try {
    for (const [index, { file, scenario }] of loaded.entries()) {
      const history = histories[index];
      if (history === undefined || history.length === 0) {
        process.stdout.write(`SKIP  ${scenario.id}: not applicable to this adapter, or no history recorded (${file})\n`);
        continue;
      }
      const path = join(dir, `${scenario.id}.jsonl`);
      writeFileSync(path, history.map((line) => `${line}\n`).join(''));
      const result = await checkHistoryFile(path);
      checked += 1;
      if (result.verdict.verdict === 'OK') ok += 1;
      process.stdout.write(printable(formatVerdict(`${file} (history of ${command})`, result.records, result.verdict)));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const line of outside) process.stdout.write(printable(`FAIL  outside any scenario: ${line}\n`));
  if (checked === 0) refuseEmpty(`trace ${paths.join(' ')}: no history was recorded`, allowEmpty);
  return ok === checked && outside.length === 0 ? 0 : 1;
}

/**
 * `trace <file.jsonl>`: the offline history check. Exit 0 OK, 1 ILLEGAL or UNKNOWN, 2 malformed.
 * `--format json` prints `{ tool, version, file, records, verdict }`, the verdict as the checker
 * gives it (its violation or witness included).
 */
export const registerTrace: RegisterCommand = (program, setExitCode) => {
  program
    .command('trace')
    .description('check a recorded lifecycle history (JSON lines) offline: OK, ILLEGAL with a witness, or UNKNOWN')
    .addHelpText('after', helpExamples('trace events.jsonl', 'replay node_modules/agent-identity-kit/scenarios/identity/id-is-opaque.json --record h.jsonl && npx agent-identity-kit trace h.jsonl'))
    .argument('<file...>', 'history file, one JSON record per line (with --adapter-cmd: scenario files or directories)')
    .option('--adapter-cmd <command>', 'record the history of each scenario replayed against this adapter process over stdio (docs/stdio-adapter.md), and check it')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option(ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP)
    .action(async (files: string[], flags: { allowEmpty?: boolean; adapterCmd?: string; format: 'text' | 'json' }) => {
      if (flags.adapterCmd !== undefined) {
        if (flags.adapterCmd.trim() === '') throw new UsageError('--adapter-cmd needs a command, got an empty one');
        if (flags.format !== 'text') throw new UsageError('trace --adapter-cmd prints text only; --format json takes one history file');
        setExitCode(await traceAdapterProcess(flags.adapterCmd, files, flags.allowEmpty));
        return;
      }
      if (files.length !== 1) throw new UsageError(`trace checks one history file, got ${files.length} (several scenario files need --adapter-cmd)`);
      const file = files[0]!;
      // Loaded on use: the history checker would slow every other command's start.
      const [{ checkHistoryFile }, { formatVerdict }, { HistoryFormatError }] = await Promise.all([
        import('../../../scenarios/history/check-history-file.js'),
        import('../../../scenarios/history/format-verdict.js'),
        import('../../../scenarios/history/history-format-error.js'),
      ]);
      let checked: HistoryFileCheck;
      try {
        checked = await checkHistoryFile(file);
      } catch (error) {
        if (error instanceof HistoryFormatError) throw new UsageError(error.message);
        const code = (error as NodeJS.ErrnoException).code;
        if (typeof code === 'string') throw new UsageError(`${file}: cannot read (${code})`);
        throw error;
      }
      if (checked.records === 0) refuseEmpty(`${file}: the history has no records`, flags.allowEmpty);
      // Tokens and ids of the history are its own strings, and may hold anything (JSON escapes them itself).
      process.stdout.write(flags.format === 'json' ? `${JSON.stringify({ tool: 'agent-identity-kit', version: KIT_VERSION, file, records: checked.records, verdict: checked.verdict }, null, 2)}\n` : printable(formatVerdict(file, checked.records, checked.verdict)));
      setExitCode(checked.verdict.verdict === 'OK' ? 0 : 1);
    });
};
