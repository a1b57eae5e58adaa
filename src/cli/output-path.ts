import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unwritable } from '../../tools/check/write-file-atomic.js';
import type { AdapterLoading, AdapterSpec } from '../supervisor/load-adapter.js';
import { UsageError } from '../supervisor/usage-error.js';

/** What an output flag names: a file, or (`replay --record` of several scenarios) a folder of files. */
export interface OutputPath {
  /** The flag, for the message (`--out`). */
  readonly flag: string;
  readonly kind?: 'file' | 'folder';
  /** Whether missing folders on the way are created (else a missing folder is refused, a likely typo). */
  readonly createFolders?: boolean;
  /** Files the command reads, by what they are (`the adapter module`): the output must not replace one. */
  readonly reads?: ReadonlyMap<string, string>;
  /** Other files the command writes (`--out` beside `--html`), by what they are: the output must not be one of them. */
  readonly writes?: ReadonlyMap<string, string>;
  /** A folder holding the implementation's sources: the output must not replace a source file in it. */
  readonly sources?: string;
}

/** Source files by extension: what the run may have loaded (a counterexample is JSON, so never one of these). */
const SOURCE_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs', '.jsx']);

/** `path` with symbolic links resolved, as far as it exists. */
function real(path: string): string {
  const absolute = resolve(path);
  if (existsSync(absolute)) return realpathSync(absolute);
  return existsSync(dirname(absolute)) ? join(realpathSync(dirname(absolute)), basename(absolute)) : absolute;
}

/**
 * Checks an output path before the command's work (not after minutes of it): it can be written
 * (see {@link unwritable}) and replaces no file the command reads. A usage error (exit 2) names
 * the path, the flag and the problem.
 */
export function checkOutputPath(path: string | undefined, output: OutputPath): void {
  if (path === undefined) return;
  const problem = unwritable(path, { kind: output.kind ?? 'file', createFolders: output.createFolders ?? false });
  if (problem !== undefined) throw new UsageError(`${path}: ${output.flag} ${problem}`);
  const target = real(path);
  for (const [file, what] of output.reads ?? []) {
    if (real(file) === target) throw new UsageError(`${path}: ${output.flag} names ${what}, which this run reads; write to another file`);
  }
  for (const [file, what] of output.writes ?? []) {
    if (real(file) === target) throw new UsageError(`${path}: ${output.flag} names ${what}, which this run writes too; write to another file`);
  }
  if (output.sources !== undefined && existsSync(target) && SOURCE_EXTENSIONS.has(extname(target))) {
    const inside = relative(real(output.sources), target);
    if (!inside.startsWith(`..${sep}`) && inside !== '..' && !isAbsolute(inside)) throw new UsageError(`${path}: ${output.flag} names a source file beside the adapter module; write to another file`);
  }
}

/** The files an adapter run reads (the module, its `--import` preloads, its tsconfig) and its folder, for {@link checkOutputPath}. */
export function adapterFiles(spec: AdapterSpec | undefined, loading: AdapterLoading): Pick<OutputPath, 'reads' | 'sources'> {
  if (spec === undefined) return {};
  const module = fileURLToPath(spec.url);
  const reads = new Map([[module, 'the adapter module']]);
  for (const preload of loading.preloads) if (preload.startsWith('file:')) reads.set(fileURLToPath(preload), 'an --import preload');
  if (loading.tsconfig !== undefined) reads.set(loading.tsconfig, 'the --tsconfig');
  return { reads, sources: dirname(module) };
}

/** `--html <file>` of `conform`, `merge` and `replay`: the HTML report written beside the format printed. */
export const HTML_FLAG = '--html <file>';
/** The help of {@link HTML_FLAG}. */
export const HTML_HELP = 'also write the report as one self-contained HTML page to this file (the format chosen is still printed)';
