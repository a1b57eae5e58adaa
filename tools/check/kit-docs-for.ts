import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import type { KitDocsOptions } from '../docs/kit-docs-options.js';
import { RULES } from '../lint/index.js';

/** The package name that marks a repository as the kit itself. */
const KIT_NAME = 'agent-identity-kit';

/** Help is compared as `--help` prints it into a pipe: 80 columns, no colour. */
const HELP_WIDTH = 80;

/**
 * The kit-only doc checks when `root` is the kit's own repository (its package.json is named
 * `agent-identity-kit`), else `undefined`. Help texts come from `program`, the CLI being run;
 * the rules whose pages are checked are the identity lint's.
 */
export function kitDocsFor(root: string, program: Command): KitDocsOptions | undefined {
  const manifestPath = join(root, 'package.json');
  if (!existsSync(manifestPath)) return undefined;
  let name: unknown;
  try {
    name = (JSON.parse(readFileSync(manifestPath, 'utf8')) as { name?: unknown }).name;
  } catch {
    return undefined;
  }
  if (name !== KIT_NAME) return undefined;
  return { helpFor: (path) => helpText(program, path), ruleIds: RULES.map((rule) => rule.id) };
}

function helpText(program: Command, path: readonly string[]): string | undefined {
  let command: Command | undefined = program;
  for (const name of path) command = command?.commands.find((candidate) => candidate.name() === name);
  if (command === undefined) return undefined;
  const help = command.createHelp();
  help.prepareContext({ helpWidth: HELP_WIDTH, outputHasColors: false });
  return help.formatHelp(command, help);
}
