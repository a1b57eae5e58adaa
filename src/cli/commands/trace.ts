import { checkHistoryFile, type HistoryFileCheck } from '../../../scenarios/history/check-history-file.js';
import { formatVerdict } from '../../../scenarios/history/format-verdict.js';
import { HistoryFormatError } from '../../../scenarios/history/history-format-error.js';
import type { RegisterCommand } from './index.js';
import { printable } from '../../contract/printable.js';
import { UsageError } from '../../supervisor/usage-error.js';
import { ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP, refuseEmpty } from '../nothing-to-check.js';
import { helpExamples } from '../help-examples.js';
import { Option } from 'commander';
import { KIT_VERSION } from '../../contract/kit-version.js';

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
    .argument('<file>', 'history file, one JSON record per line')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option(ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP)
    .action(async (file: string, flags: { allowEmpty?: boolean; format: 'text' | 'json' }) => {
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
