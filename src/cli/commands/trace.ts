import { readFileSync } from 'node:fs';
import { checkHistory } from '../../../scenarios/history/check-history.js';
import { formatVerdict } from '../../../scenarios/history/format-verdict.js';
import { HistoryFormatError } from '../../../scenarios/history/history-format-error.js';
import { parseHistory } from '../../../scenarios/history/parse-history.js';
import type { RegisterCommand } from './index.js';
import { UsageError } from '../../supervisor/usage-error.js';
import { ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP, refuseEmpty } from '../nothing-to-check.js';
import { helpExamples } from '../help-examples.js';

/** `trace <file.jsonl>`: the offline history check. Exit 0 OK, 1 ILLEGAL or UNKNOWN, 2 malformed. */
export const registerTrace: RegisterCommand = (program, setExitCode) => {
  program
    .command('trace')
    .description('check a recorded lifecycle history (JSON lines) offline: OK, ILLEGAL with a witness, or UNKNOWN')
    .addHelpText('after', helpExamples('trace events.jsonl', 'replay scenarios/identity/id-is-opaque.json --record h.jsonl && agent-identity-kit trace h.jsonl'))
    .argument('<file>', 'history file, one JSON record per line')
    .option(ALLOW_EMPTY_FLAG, ALLOW_EMPTY_HELP)
    .action((file: string, flags: { allowEmpty?: boolean }) => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        throw new UsageError(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
      }
      let lines;
      try {
        lines = parseHistory(text, file);
      } catch (error) {
        throw error instanceof HistoryFormatError ? new UsageError(error.message) : error;
      }
      if (lines.length === 0) refuseEmpty(`${file}: the history has no records`, flags.allowEmpty);
      const verdict = checkHistory(lines);
      process.stdout.write(formatVerdict(file, lines.length, verdict));
      setExitCode(verdict.verdict === 'OK' ? 0 : 1);
    });
};
