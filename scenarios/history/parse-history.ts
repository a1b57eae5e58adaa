import { Ajv } from 'ajv';
import type { HistoryLine, HistoryRecord, OperationRecord, Token } from './history-format.js';
import { HistoryFormatError } from './history-format-error.js';
import { HISTORY_RECORD_SCHEMA } from './_internals/history-record-schema.js';

const validateRecord = new Ajv({ allErrors: false, verbose: true }).compile<HistoryRecord>(HISTORY_RECORD_SCHEMA);

/**
 * Parses a JSON-lines history. Blank lines are skipped. Throws {@link HistoryFormatError} naming
 * `file`, the line and the problem for: a line that is not JSON, a record that breaks the format
 * (with the JSON pointer), a `seq` not greater than the previous one, an invoke reusing a pending
 * `call`, and a completion with no pending invoke of the same `call` and `op`.
 */
export function parseHistory(text: string, file: string): HistoryLine[] {
  const parser = new HistoryParser(file);
  const lines: HistoryLine[] = [];
  for (const raw of text.split('\n')) {
    const line = parser.next(raw);
    if (line !== undefined) lines.push(line);
  }
  return lines;
}

/**
 * {@link parseHistory} one line at a time, for a history read as a stream: only the pending
 * invokes are kept, never the lines read.
 */
export class HistoryParser {
  private readonly pending = new Map<Token, OperationRecord>();
  private previousSeq = -1;
  private lineNumber = 0;

  constructor(private readonly file: string) {}

  /** Parses the next line (without its `\n`): its record, undefined for a blank line; throws {@link HistoryFormatError} as {@link parseHistory} does. */
  next(raw: string): HistoryLine | undefined {
    const line = (this.lineNumber += 1);
    const fail = (problem: string): never => {
      throw new HistoryFormatError(`${this.file}:${line}: ${problem}`);
    };
    if (raw.trim() === '') return undefined;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      fail(`not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    if (!validateRecord(value)) {
      const [first] = validateRecord.errors ?? [];
      const pointer = first?.instancePath === '' || first === undefined ? '/' : first.instancePath;
      const detail =
        first?.keyword === 'additionalProperties'
          ? `unknown field "${String(first.params['additionalProperty'])}"`
          : first?.keyword === 'enum'
            ? `${JSON.stringify(first.data)} is not one of ${(first.params['allowedValues'] as unknown[]).join(', ')}`
            : (first?.message ?? 'is invalid');
      return fail(`${pointer} ${detail}`);
    }
    const record = value;
    if (record.seq <= this.previousSeq) fail(`seq ${record.seq} is out of order (the previous record has seq ${this.previousSeq})`);
    this.previousSeq = record.seq;
    if (record.kind === 'invoke') {
      if (this.pending.has(record.call)) fail(`call ${JSON.stringify(record.call)} is invoked again while still pending`);
      this.pending.set(record.call, record);
    } else if (record.kind !== 'event') {
      const invoke = this.pending.get(record.call);
      if (invoke === undefined) fail(`unmatched completion: call ${JSON.stringify(record.call)} has no pending invoke`);
      else if (invoke.op !== record.op) fail(`completion of call ${JSON.stringify(record.call)} names op "${record.op}" but its invoke is "${invoke.op}"`);
      this.pending.delete(record.call);
    }
    return { line, text: raw.trim(), record };
  }
}
