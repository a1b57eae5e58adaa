/**
 * Standard error without the progress `conform` shows as it runs (its header and its `[12s] …`
 * lines), for tests that assert the rest of it exactly.
 */
export function withoutProgress(stderr: string): string {
  return stderr
    .split(/(?<=\n)/)
    .filter((line) => !/^agent-identity-kit conform · |^\[\d+(?:m\d{2})?s\] /.test(line))
    .join('');
}
