import type { Command } from 'commander';
import { registerCheck } from './check.js';
import { registerConform } from './conform.js';
import { registerDocs } from './docs.js';
import { registerGraph } from './graph.js';
import { registerInit } from './init.js';
import { registerLint } from './lint.js';
import { registerMerge } from './merge.js';
import { registerReplay } from './replay.js';
import { registerSimulate } from './simulate.js';
import { registerTrace } from './trace.js';

/**
 * A command module registers itself on the program. `setExitCode` records the exit code of a
 * run that completed (0 pass, 1 findings); usage errors are thrown as `UsageError`.
 */
export type RegisterCommand = (program: Command, setExitCode: (code: number) => void) => void;

/** Every command of the CLI, in the order `--help` lists them. */
export const COMMANDS: readonly RegisterCommand[] = [registerInit, registerConform, registerMerge, registerLint, registerCheck, registerGraph, registerDocs, registerReplay, registerSimulate, registerTrace];
