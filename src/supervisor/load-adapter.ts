import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AdapterFactory } from '../contract/adapter.js';
import { UsageError } from './usage-error.js';

/** An `--adapter <module>[#export]` argument, checked to exist. */
export interface AdapterSpec {
  /** The module's path as the user wrote it (for messages). */
  readonly file: string;
  readonly url: string;
  /** The export holding the factory: `default` unless `#name` was given. */
  readonly exportName: string;
}

/**
 * Parses `--adapter <module>[#export]`: a path resolved against `base` (default: the working
 * directory), or a `file:` URL whose fragment names the export. A missing file is a usage error
 * naming it (as given, or relative to the working directory when resolved against another base).
 */
export function adapterSpec(spec: string | URL, base = process.cwd()): AdapterSpec {
  const hash = spec instanceof URL ? -1 : spec.lastIndexOf('#');
  const written = spec instanceof URL ? undefined : hash < 0 ? spec : spec.slice(0, hash);
  if (spec instanceof URL && spec.protocol !== 'file:') throw new UsageError(`${spec.href}: an adapter module is a file (a file: URL or a path)`);
  const path = written === undefined ? fileURLToPath(new URL(spec.toString().replace(/#.*$/, ''))) : resolve(base, written);
  const exportName = spec instanceof URL ? (spec.hash.length > 1 ? decodeURIComponent(spec.hash.slice(1)) : 'default') : hash < 0 ? 'default' : spec.slice(hash + 1);
  // Named as written when that is where it is; else relative to the working directory (whole when outside it).
  const inside = relative(process.cwd(), path);
  const file = written !== undefined && resolve(written) === path ? written : inside.startsWith('..') || isAbsolute(inside) ? path : inside;
  if (!existsSync(path)) throw new UsageError(`${file}: adapter module not found`);
  return { file, url: pathToFileURL(path).href, exportName };
}

/** How a worker loads an adapter module: `--import` preloads and `--tsconfig`, as the worker takes them. */
export interface AdapterLoading {
  /** The preloads in order: a path that exists as its file URL, anything else (a package name) as given. */
  readonly preloads: readonly string[];
  /** The tsconfig tsx loads TypeScript with, absolute. */
  readonly tsconfig?: string;
}

/**
 * Checks `--import` and `--tsconfig` as `conform` and `replay` take them (they load an `--adapter`
 * module; the tsconfig must exist) and resolves them against the working directory.
 */
export function adapterLoading(adapter: AdapterSpec | undefined, imports: readonly string[], tsconfig: string | undefined): AdapterLoading {
  if (tsconfig !== undefined && !existsSync(tsconfig)) throw new UsageError(`${tsconfig}: tsconfig not found`);
  if (adapter === undefined && (imports.length > 0 || tsconfig !== undefined)) throw new UsageError('--import and --tsconfig load an --adapter module: name one');
  return {
    preloads: imports.map((module) => (existsSync(module) ? pathToFileURL(resolve(module)).href : module)),
    ...(tsconfig === undefined ? {} : { tsconfig: resolve(tsconfig) }),
  };
}

/** The `"type"` of the package.json nearest to `file` (`commonjs` when none says `module`). */
function packageType(file: string): 'module' | 'commonjs' {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type === 'module' ? 'module' : 'commonjs';
      } catch {
        return 'commonjs';
      }
    }
    if (dirname(dir) === dir) return 'commonjs';
  }
}

/**
 * How Node treats the module: `.mjs`/`.mts` are ES modules, `.cjs`/`.cts` CommonJS, and any
 * other extension follows the nearest package.json (no `"type"`, as `npm init -y` writes, is
 * CommonJS).
 */
export function moduleFormat(file: string): 'esm' | 'cjs' {
  if (/\.m[jt]sx?$/.test(file)) return 'esm';
  if (/\.c[jt]sx?$/.test(file)) return 'cjs';
  return packageType(resolve(file)) === 'module' ? 'esm' : 'cjs';
}

/**
 * Loads the module of `spec` in this process (the worker: tsx is registered for both module
 * systems there). A CommonJS module is required rather than imported: importing it through the
 * ESM loader would make Node (20.19+) `require()` the kit's ES modules from inside an ESM
 * import, which Node refuses as "a cycle involving require(esm)".
 */
async function importModule(spec: AdapterSpec): Promise<Record<string, unknown>> {
  const path = fileURLToPath(spec.url);
  if (moduleFormat(path) === 'esm') return (await import(spec.url)) as Record<string, unknown>;
  const exported = createRequire(path)(path) as unknown;
  // `module.exports = factory` is the default export of a CommonJS module, as `import` sees it.
  return (typeof exported === 'function' ? { default: exported } : (exported ?? {})) as Record<string, unknown>;
}

/** The factory `name` of a loaded module; a transpiled module may hold its exports one level down (`default.name`). */
function factoryOf(module: Record<string, unknown>, name: string): unknown {
  if (typeof module[name] === 'function') return module[name];
  const inner = module['default'];
  if (typeof inner === 'object' && inner !== null && typeof (inner as Record<string, unknown>)[name] === 'function') return (inner as Record<string, unknown>)[name];
  return module[name];
}

/** `file:line:column` of where loading `spec` failed, when the error tells (a transform error, a syntax error, a throw at load). */
async function failedAt(spec: AdapterSpec, error: unknown): Promise<string | undefined> {
  const name = (path: string) => {
    if (resolve(path) === resolve(spec.file)) return spec.file;
    const inside = relative(process.cwd(), path);
    return inside === '' || inside.startsWith('..') || isAbsolute(inside) ? path : inside;
  };
  const shown = (path: string, line: string, column: string) => `${name(path)}:${line}:${column}`;
  const text = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : '';
  // esbuild (through tsx): "Transform failed with 1 error:\n/abs/file.ts:2:6: ERROR: …".
  const transform = /^(\/[^\n:]+|[A-Za-z]:\\[^\n:]+):(\d+):(\d+): ERROR/m.exec(text);
  // esbuild counts columns from 0.
  // (A matched group of these patterns is always present: `!` states it.)
  if (transform !== null) return shown(transform[1]!, transform[2]!, String(Number(transform[3]) + 1));
  if (error instanceof SyntaxError) {
    // Node names the file and line of a CommonJS syntax error first in the stack; an ES module's, nowhere: parse it.
    const cjs = /^(\/[^\n:]+|[A-Za-z]:\\[^\n:]+):(\d+)\n/.exec(error.stack ?? '');
    const file = cjs?.[1] ?? fileURLToPath(spec.url);
    const { default: ts } = await import('typescript');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, /\.[cm]?tsx?$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS);
    const [first] = (source as unknown as { parseDiagnostics: readonly { start?: number }[] }).parseDiagnostics;
    if (first?.start !== undefined) {
      const { line, character } = source.getLineAndCharacterOfPosition(first.start);
      return shown(file, String(line + 1), String(character + 1));
    }
    return cjs === null ? undefined : shown(file, cjs[2]!, '1');
  }
  // A throw at load: the first frame in the user's code (not Node's, not a dependency's).
  for (const frame of (error instanceof Error ? (error.stack ?? '') : '').split('\n').slice(1)) {
    // The path starts the frame's location (after `at ` or `(`): `node:internal/modules/…` is Node's, not a path.
    const at = /(?:^at |\()((?:file:\/\/)?\/[^():]+|[A-Za-z]:\\[^():]+):(\d+):(\d+)\)?$/.exec(frame.trim());
    if (at === null || /[\\/]node_modules[\\/]/.test(at[1]!)) continue;
    const path = at[1]!.startsWith('file://') ? fileURLToPath(at[1]!) : at[1]!;
    return shown(path, at[2]!, at[3]!);
  }
  return undefined;
}

/** The one-line cause of a load failure: the error's first line without esbuild's "Transform failed" preamble. */
function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const lines = error.message.split('\n');
  const located = lines.find((line) => / ERROR: /.test(line));
  if (located !== undefined) return `SyntaxError: ${located.slice(located.indexOf(' ERROR: ') + 8)}`;
  return `${error instanceof SyntaxError ? 'SyntaxError: ' : ''}${lines[0]!}`;
}

/**
 * Loads the adapter factory of `spec` (in the worker). A load failure is a usage error naming
 * `file:line:column` where the location is known, and one line of the cause.
 */
export async function loadAdapter(spec: AdapterSpec): Promise<AdapterFactory> {
  let module: Record<string, unknown>;
  try {
    module = await importModule(spec);
  } catch (error) {
    const where = (await failedAt(spec, error).catch(() => undefined)) ?? spec.file;
    throw new UsageError(`${where}: cannot load the adapter module (${causeOf(error)})`);
  }
  const factory = factoryOf(module, spec.exportName);
  if (typeof factory !== 'function') throw new UsageError(`${spec.file}: exports no adapter factory named "${spec.exportName}"`);
  return factory as AdapterFactory;
}
