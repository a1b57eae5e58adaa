#!/usr/bin/env node
/**
 * The composition root of the `agent-identity-kit` command line: builds the program from the
 * command modules and maps failures to exit codes (0 pass, 1 findings or not conformant, 2 usage
 * or configuration error).
 */
import { Command, CommanderError } from 'commander';
import { KIT_VERSION } from '../contract/kit-version.js';
import { COMMANDS } from './commands/index.js';
import { UsageError } from '../supervisor/usage-error.js';
import { printable } from '../contract/printable.js';

/**
 * Output that cannot be written (a reader that stopped early, `… | head`, closed the pipe: EPIPE;
 * a full disk: ENOSPC) is incomplete: one line on standard error, exit 2, rather than an uncaught
 * stack trace or an exit code that says the output was whole.
 */
function failOnUnwritableOutput(error: NodeJS.ErrnoException): void {
  try {
    process.stderr.write(`agent-identity-kit: cannot write to standard output (${error.code ?? error.message}): the output is incomplete\n`);
  } finally {
    process.exit(2);
  }
}

/** Standard error that cannot be written leaves nothing to tell: the exit code says it. */
function exitOnUnwritableErrors(): void {
  process.exit(2);
}

/** Runs the CLI with `argv` (without the node and script entries) and returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  if (!process.stdout.listeners('error').includes(failOnUnwritableOutput)) process.stdout.on('error', failOnUnwritableOutput);
  if (!process.stderr.listeners('error').includes(exitOnUnwritableErrors)) process.stderr.on('error', exitOnUnwritableErrors);
  const program = new Command('agent-identity-kit')
    .description('Conformance kit for the one-identity contract: a live agent’s registry id is its session id.')
    .version(KIT_VERSION, '-V, --version', 'print the kit version')
    .option('--debug', 'print stack traces for errors')
    .option('--color', 'colour text output even when it does not go to a terminal (default: on a TTY, unless NO_COLOR; FORCE_COLOR is read too)')
    .option('--no-color', 'never colour text output')
    .exitOverride()
    .showSuggestionAfterError();
  let exitCode = 0;
  // The command asked for is the first argument that is not a global option (`--debug lint`).
  const asked = COMMANDS.find((entry) => entry.name === argv.find((argument) => !argument.startsWith('-')));
  for (const entry of asked === undefined || asked.readsEveryHelp === true ? COMMANDS : [asked]) {
    (await entry.load())(program, (code) => {
      exitCode = code;
    });
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander already printed its one-line message (or the help text).
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`agent-identity-kit: ${printable(error.message)}\n`);
      return 2;
    }
    const debug = program.opts()['debug'] === true;
    const detail = error instanceof Error ? (debug ? (error.stack ?? error.message) : error.message) : String(error);
    process.stderr.write(`agent-identity-kit: ${printable(detail)}${debug ? '' : ' (rerun with --debug for a stack trace)'}\n`);
    return 2;
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  process.exitCode = await main(process.argv.slice(2));
}
