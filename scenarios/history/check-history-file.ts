import { createReadStream } from 'node:fs';
import { HistoryChecker, type TraceVerdict } from './check-history.js';
import { HistoryParser } from './parse-history.js';

/** What {@link checkHistoryFile} read and concluded. */
export interface HistoryFileCheck {
  /** Records read (blank lines aside). */
  readonly records: number;
  readonly verdict: TraceVerdict;
}

/**
 * Reads the JSON-lines history `file` as a stream and checks it as {@link checkHistory} does,
 * one record at a time: time linear in its length, and memory for what later records can refer
 * to (entries and calls), never for the whole text or every line. Throws
 * {@link HistoryFormatError} for a malformed line (as {@link parseHistory}) and the file system's
 * error for a file that cannot be read.
 */
export async function checkHistoryFile(file: string): Promise<HistoryFileCheck> {
  const parser = new HistoryParser(file);
  const checker = new HistoryChecker();
  let records = 0;
  const read = (raw: string) => {
    const line = parser.next(raw);
    if (line === undefined) return;
    records += 1;
    checker.read(line);
  };
  // As `text.split('\n')` would cut it: a line per `\n`, and what follows the last one.
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8' }) as AsyncIterable<string>) {
    const parts = `${rest}${chunk}`.split('\n');
    rest = parts.pop() ?? '';
    for (const raw of parts) read(raw);
  }
  read(rest);
  return { records, verdict: checker.verdict() };
}
