import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ICruiseOptions } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { ConfigError } from '../check/config-error.js';
import { shownPath } from '../check/shown-path.js';
import type { Workspace } from '../check/workspace.js';

/** Shared with the kit's own `.dependency-cruiser.cjs`, hence CommonJS. */
const entryPointPatterns = createRequire(import.meta.url)('./entry-points.cjs') as (manifest: Readonly<Record<string, unknown>>, dir?: string) => string[];

/** The names dependency-cruiser itself looks for, in its own order of preference. */
const CONFIG_NAMES = ['.dependency-cruiser.json', '.dependency-cruiser.js', '.dependency-cruiser.cjs', '.dependency-cruiser.mjs'];

/** The kit's preset, used for a repository without a dependency-cruiser config of its own. */
export const PRESET_FILE = fileURLToPath(new URL('./preset.cjs', import.meta.url));

/** The rules and options the graph gate cruises a repository with, and where they came from. */
export interface GraphConfig {
  /** The config file as shown to the user: relative to the root, or `(kit preset)`. */
  readonly source: string;
  readonly options: ICruiseOptions;
}

/**
 * Reads `file` (absolute) if given, else the repository's own `.dependency-cruiser.*`, else the
 * kit's preset. Relative file names inside the config (its tsconfig) are taken relative to `root`,
 * as dependency-cruiser's CLI does when run from there. The entry points of every package of
 * `workspace` become roots of the config's `no-orphans` rule, if it has one. Throws a
 * {@link ConfigError} naming the config file when it is missing or does not load.
 */
export async function loadGraphConfig(root: string, workspace: Workspace, file?: string): Promise<GraphConfig> {
  const found = file ?? CONFIG_NAMES.map((name) => join(root, name)).find((path) => existsSync(path));
  const path = found ?? PRESET_FILE;
  const source = found === undefined ? '(kit preset)' : shownPath(root, found);
  if (!existsSync(path)) throw new ConfigError(source, 'dependency-cruiser config not found');
  let options: ICruiseOptions;
  try {
    options = await extractDepcruiseOptions(path);
  } catch (error) {
    throw new ConfigError(source, `dependency-cruiser config does not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  options = withEntryPointRoots(workspace, options);
  const tsConfigFile = options.tsConfig?.fileName;
  if (tsConfigFile !== undefined && !isAbsolute(tsConfigFile)) {
    options = { ...options, tsConfig: { ...options.tsConfig, fileName: join(root, tsConfigFile) } };
  }
  return { source, options };
}

/**
 * No config can know every package's entry points (`main`, `bin`, `exports`, …, and where their
 * sources are): they are added as roots of the `no-orphans` rule here.
 */
function withEntryPointRoots(workspace: Workspace, options: ICruiseOptions): ICruiseOptions {
  const roots = workspace.packages.flatMap((pkg) => entryPointPatterns(pkg.manifest, pkg.dir));
  const forbidden = options.ruleSet?.forbidden?.map((rule) => {
    if (rule.name !== 'no-orphans') return rule;
    const pathNot = rule.from.pathNot ?? [];
    return { ...rule, from: { ...rule.from, pathNot: [...(Array.isArray(pathNot) ? pathNot : [pathNot]), ...roots] } };
  });
  return forbidden === undefined ? options : { ...options, ruleSet: { ...options.ruleSet, forbidden } };
}
