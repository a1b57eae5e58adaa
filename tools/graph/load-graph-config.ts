import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ICruiseOptions } from 'dependency-cruiser';
import { ConfigError } from '../check/config-error.js';
import { shownPath } from '../check/shown-path.js';
import type { Workspace } from '../check/workspace.js';

/** Shared with the kit's own `.dependency-cruiser.cjs`, hence CommonJS. */
const entryPointPatterns = createRequire(import.meta.url)('./entry-points.cjs') as (manifest: Readonly<Record<string, unknown>>, dir?: string) => string[];

/** The names dependency-cruiser itself looks for, in its own order of preference. */
const CONFIG_NAMES = ['.dependency-cruiser.json', '.dependency-cruiser.js', '.dependency-cruiser.cjs', '.dependency-cruiser.mjs'];

/** The kit's preset, used for a repository without a dependency-cruiser config of its own. */
export const PRESET_FILE = fileURLToPath(new URL('./preset.cjs', import.meta.url));

/**
 * How long a dependency-cruiser config may take to load, from when its process is ready. A config
 * is plain data or a few `require`s (the kit's own loads in about 0.1 s); the margin is for a
 * config that requires a large module on a loaded machine: a false configuration error would fail
 * a repository that is fine. One that takes this long is stuck, not slow.
 */
export const CONFIG_LOAD_LIMIT_MS = 30_000;

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
 * {@link ConfigError} naming the config file when it is missing or does not load. The config (the
 * repository's code) is loaded in a child process: one that exits, throws or takes longer than
 * `limitMs` is such an error, and can neither end nor hang this process.
 */
export async function loadGraphConfig(root: string, workspace: Workspace, file?: string, limitMs = CONFIG_LOAD_LIMIT_MS): Promise<GraphConfig> {
  const found = file ?? CONFIG_NAMES.map((name) => join(root, name)).find((path) => existsSync(path));
  const path = found ?? PRESET_FILE;
  const source = found === undefined ? '(kit preset)' : shownPath(root, found);
  if (!existsSync(path)) throw new ConfigError(source, 'dependency-cruiser config not found');
  let options = withEntryPointRoots(workspace, await loadInChild(source, path, limitMs));
  const tsConfigFile = options.tsConfig?.fileName;
  if (tsConfigFile !== undefined && !isAbsolute(tsConfigFile)) {
    options = { ...options, tsConfig: { ...options.tsConfig, fileName: join(root, tsConfigFile) } };
  }
  return { source, options };
}

/** What the config process answers (after its first message, that it is ready): the options as JSON, or (instead) why they could not be loaded. */
interface ChildAnswer {
  readonly options: string;
  readonly error: string;
}

/**
 * Loads the config at `path` (shown as `source`) in a child process of its own
 * (graph-config-child.mjs), ended with everything it started once it answers, exits or runs past
 * `limitMs`.
 */
function loadInChild(source: string, path: string, limitMs: number): Promise<ICruiseOptions> {
  const child = fork(fileURLToPath(new URL('./graph-config-child.mjs', import.meta.url)), [], {
    // Its own process group, so what the config starts is ended with it.
    detached: process.platform !== 'win32',
    // Nothing the config prints reaches the report; none of this process's Node flags (a loader) apply to it.
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    execArgv: [],
  });
  const fail = (problem: string) => new ConfigError(source, `dependency-cruiser config does not load: ${problem}`);
  return new Promise<ICruiseOptions>((resolve, reject) => {
    const end = (outcome: () => void) => {
      clearTimeout(timer);
      child.removeAllListeners();
      child.on('error', () => {});
      try {
        if (child.pid !== undefined) process.kill(process.platform === 'win32' ? child.pid : -child.pid, 'SIGKILL');
      } catch {
        // Already gone, with everything it started.
      }
      outcome();
    };
    let timer: NodeJS.Timeout | undefined;
    child.on('message', (answer: Partial<ChildAnswer> | null) => {
      if (timer === undefined) {
        // The process is ready (dependency-cruiser loaded): the config's time starts now.
        timer = setTimeout(() => end(() => reject(fail(`still loading after ${limitMs / 1000} s (a loop or a wait that never ends)`))), limitMs);
        child.send({ file: path });
        return;
      }
      end(() => {
        if (typeof answer?.options === 'string') resolve(JSON.parse(answer.options) as ICruiseOptions);
        else reject(fail(typeof answer?.error === 'string' ? answer.error : 'its process sent something other than its options'));
      });
    });
    // `close`, not `exit`: an answer sent just before the exit has been read by then.
    child.once('close', (code, signal) => end(() => reject(fail(`it ended the process (${signal ?? `exit code ${code}`}) before its options were read`))));
    child.once('error', (error) => end(() => reject(fail(error.message))));
  });
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
