/** A malformed scenario file: its message names the file, the JSON pointer (or line) and the problem, on one line. */
export class ScenarioFormatError extends Error {
  override readonly name = 'ScenarioFormatError';
}
