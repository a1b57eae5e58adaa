import type { Command } from 'commander';

/**
 * A command module registers itself on the program. `setExitCode` records the exit code of a
 * run that completed (0 pass, 1 findings); usage errors are thrown as `UsageError`.
 */
export type RegisterCommand = (program: Command, setExitCode: (code: number) => void) => void;

/**
 * One command of the CLI: its name and how to load its module. A command module holds the
 * command's options and help and loads its implementation (the conformance engine, the compiler,
 * dependency-cruiser) in its action, when it runs; so `--help` and a command that reads every
 * command's help load all of them cheaply. The CLI loads only the command it is asked for, and all
 * of them for `--help`, `--version`, a name it does not know, or a command that reads the others' help.
 */
export interface CommandEntry {
  readonly name: string;
  /** The command reads every command's help (the docs gate checks the README against it). */
  readonly readsEveryHelp?: true;
  load(): Promise<RegisterCommand>;
}

/** Every command of the CLI, in the order `--help` lists them. */
export const COMMANDS: readonly CommandEntry[] = [
  { name: 'init', load: async () => (await import('./init.js')).registerInit },
  { name: 'conform', load: async () => (await import('./conform.js')).registerConform },
  { name: 'merge', load: async () => (await import('./merge.js')).registerMerge },
  { name: 'lint', load: async () => (await import('./lint.js')).registerLint },
  { name: 'check', readsEveryHelp: true, load: async () => (await import('./check.js')).registerCheck },
  { name: 'graph', load: async () => (await import('./graph.js')).registerGraph },
  { name: 'docs', readsEveryHelp: true, load: async () => (await import('./docs.js')).registerDocs },
  { name: 'replay', load: async () => (await import('./replay.js')).registerReplay },
  { name: 'simulate', load: async () => (await import('./simulate.js')).registerSimulate },
  { name: 'trace', load: async () => (await import('./trace.js')).registerTrace },
];
