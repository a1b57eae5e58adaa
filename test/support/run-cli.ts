import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';

/** What one in-process run of the CLI returned and printed. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the CLI in this process (so coverage sees it), optionally in `cwd`, and returns its exit
 * code and what it wrote to standard output and error.
 */
export async function runCli(argv: readonly string[], options: { readonly cwd?: string } = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  const home = process.cwd();
  if (options.cwd !== undefined) process.chdir(options.cwd);
  try {
    return { code: await main(argv), stdout, stderr };
  } finally {
    if (options.cwd !== undefined) process.chdir(home);
    out.mockRestore();
    err.mockRestore();
  }
}
