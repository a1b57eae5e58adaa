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

/**
 * A reader that stops early (`… | head`) closes the pipe: what is left to print has nowhere to go,
 * and the command ends with its own exit code instead of an uncaught EPIPE stack trace.
 */
function quietOnClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
}

/** Runs the CLI with `argv` (without the node and script entries) and returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  if (!process.stdout.listeners('error').includes(quietOnClosedPipe)) process.stdout.on('error', quietOnClosedPipe);
  const program = new Command('agent-identity-kit')
    .description('Conformance kit for the one-identity contract: a live agent’s registry id is its session id.')
    .version(KIT_VERSION, '-V, --version', 'print the kit version')
    .option('--debug', 'print stack traces for errors')
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
      process.stderr.write(`agent-identity-kit: ${error.message}\n`);
      return 2;
    }
    const debug = program.opts()['debug'] === true;
    const detail = error instanceof Error ? (debug ? (error.stack ?? error.message) : error.message) : String(error);
    process.stderr.write(`agent-identity-kit: ${detail}${debug ? '' : ' (rerun with --debug for a stack trace)'}\n`);
    return 2;
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  process.exitCode = await main(process.argv.slice(2));
}
