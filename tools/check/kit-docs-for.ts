import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import type { KitDocsOptions } from '../docs/kit-docs-options.js';

/** The package name that marks a repository as the kit itself. */
const KIT_NAME = 'agent-identity-kit';

/** Help is compared as `--help` prints it into a pipe: 80 columns, no colour. */
const HELP_WIDTH = 80;

/**
 * The kit-only doc checks when `root` is the kit's own repository (its package.json is named
 * `agent-identity-kit`), else `undefined`. Help texts are those of every command of `program`,
 * the CLI being run; the rules whose pages are checked come from {@link lintRuleIds}, which the
 * process that runs the docs gate adds (the lint's modules are large: `check`'s own process does
 * not load them).
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
  const helpTexts = new Map<string, string>();
  addHelpTexts(helpTexts, program, []);
  return { helpTexts };
}

/** The identity lint's rule ids: in the kit, each needs its page `docs/rules/<id>.md`, and each page a rule. */
export async function lintRuleIds(): Promise<readonly string[]> {
  return (await import('../lint/index.js')).RULES.map((rule) => rule.id);
}

/** Adds the help text of `command` (at `path`) and of every command below it; of two commands with one name, the first (as `--help` finds them). */
function addHelpTexts(helpTexts: Map<string, string>, command: Command, path: readonly string[]): void {
  const key = path.join(' ');
  if (helpTexts.has(key)) return;
  const help = command.createHelp();
  help.prepareContext({ helpWidth: HELP_WIDTH, outputHasColors: false });
  helpTexts.set(key, help.formatHelp(command, help));
  for (const sub of command.commands) addHelpTexts(helpTexts, sub, [...path, sub.name()]);
}
