/** A usage or configuration error: printed as one line naming the file and the problem, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
