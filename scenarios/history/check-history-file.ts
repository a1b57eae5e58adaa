import { createReadStream } from 'node:fs';
import { HistoryChecker, type TraceVerdict } from './check-history.js';
import type { HistoryLine } from './history-format.js';
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
 * to (the objects, ids and open calls it has), never for its text or its lines; the few lines a
 * verdict quotes as its witness are read in a second pass. Throws
 * {@link HistoryFormatError} for a malformed line (as {@link parseHistory}) and the file system's
 * error for a file that cannot be read.
 */
export async function checkHistoryFile(file: string): Promise<HistoryFileCheck> {
  const checker = new HistoryChecker();
  let records = 0;
  await eachLine(file, (line) => {
    records += 1;
    checker.read(line);
  });
  const wanted = new Set(checker.witnessLines());
  // The witness is read again (a second pass, only for a verdict that quotes lines): the first pass kept none of them.
  const witness: HistoryLine[] = [];
  if (wanted.size > 0) {
    await eachLine(file, (line) => {
      if (wanted.has(line.line)) witness.push(line);
    });
  }
  return { records, verdict: checker.verdict((numbers) => numbers.flatMap((number) => witness.find((line) => line.line === number) ?? [])) };
}

/** Reads the JSON-lines history `file` as a stream, parsing each record (blank lines aside) in order for `take`. */
async function eachLine(file: string, take: (line: HistoryLine) => void): Promise<void> {
  const parser = new HistoryParser(file);
  const read = (raw: string) => {
    const line = parser.next(raw);
    if (line !== undefined) take(line);
  };
  // As `text.split('\n')` would cut it: a line per `\n`, and what follows the last one.
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8' }) as AsyncIterable<string>) {
    const parts = `${rest}${chunk}`.split('\n');
    rest = parts.pop() ?? '';
    for (const raw of parts) read(raw);
  }
  read(rest);
}
