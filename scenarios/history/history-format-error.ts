/** A malformed history: its message names the file, the line and the problem, on one line. */
export class HistoryFormatError extends Error {
  override readonly name = 'HistoryFormatError';
}
