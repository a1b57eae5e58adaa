import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_FILE_NAME } from '../contract/config-file.js';
import { UsageError } from '../supervisor/usage-error.js';
import { writeNewFiles } from '../../tools/check/write-file-atomic.js';
import ts from 'typescript';

/** The CI workflow `init` writes: the conformance run on every push, its report as the step summary. */
const WORKFLOW = `name: identity conformance
on: [push, pull_request]
jobs:
  conformance:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm ci
      # The adapter and the options come from ${CONFIG_FILE_NAME}; exit code 0 means CONFORMANT.
      - run: npx agent-identity-kit conform --format markdown >> "$GITHUB_STEP_SUMMARY"
`;

/** The folder of the kit's own package (its package.json), from this module in src/ or dist/src/. */
function kitRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) || (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name !== 'agent-identity-kit') {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the agent-identity-kit package folder');
    dir = parent;
  }
  return dir;
}

/** Whether the project in `cwd` is an ES module package (its package.json says `"type": "module"`). */
function isModuleProject(cwd: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { type?: unknown }).type === 'module';
  } catch {
    return false;
  }
}

/** Whether the project in `cwd` uses TypeScript: a tsconfig.json, or typescript among its package.json's dependencies. */
function isTypeScriptProject(cwd: string): boolean {
  if (existsSync(join(cwd, 'tsconfig.json'))) return true;
  try {
    const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    return ['dependencies', 'devDependencies', 'peerDependencies'].some((key) => manifest[key]?.['typescript'] !== undefined);
  } catch {
    return false;
  }
}

/**
 * The skeleton for a project without TypeScript: the TypeScript skeleton with its types stripped
 * (TypeScript's own transpiler, comments kept), checked by the editor through JSDoc types.
 */
function javaScriptSkeleton(source: string): string {
  // The file's opening comment sits on the type import, which the transpiler drops with it.
  const opening = /^\/\*\*[\s\S]*?\*\/\n/.exec(source)?.[0] ?? '';
  const typed = source.slice(opening.length).replace(/^const adapter: AdapterFactory = /m, "/** @type {import('agent-identity-kit/adapter').AdapterFactory} */\nconst adapter = ");
  const { outputText } = ts.transpileModule(typed, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
  return `// @ts-check\n${opening}${outputText}`;
}

/** The refusal of a file that is already there. */
function alreadyExists(file: string): string {
  return `${file}: already exists; init writes nothing over an existing file (move it away or edit it by hand)`;
}

/**
 * Writes what `init` writes into `cwd` and returns the paths written, the adapter first: the
 * adapter skeleton (JavaScript in a project without TypeScript) (every operation a TODO reporting itself unsupported, every optional
 * capability absent), the configuration file naming it, and a CI workflow. All or nothing: when
 * any of them exists or cannot be written, nothing is (a usage error naming it).
 */
export function writeInitFiles(cwd: string, adapter: string | undefined, language: 'typescript' | 'python' = 'typescript'): readonly string[] {
  // A Python adapter is a process the kit drives over stdio (docs/stdio-adapter.md).
  if (language === 'python') {
    const file = adapter ?? 'conformance/adapter.py';
    return writeAll(cwd, new Map([
      [file, readFileSync(join(kitRoot(), 'examples', 'skeleton', 'adapter.py'), 'utf8')],
      [CONFIG_FILE_NAME, `${JSON.stringify({ conform: { adapterCmd: `python3 ${file}` } }, null, 2)}\n`],
      ['.github/workflows/agent-identity-kit.yml', WORKFLOW],
    ]));
  }
  // A CommonJS project loads a `.ts` (`.js`) file as CommonJS, which cannot import the kit's ES modules: `.mts` (`.mjs`) is ESM everywhere.
  const typescript = adapter === undefined ? isTypeScriptProject(cwd) : /\.[mc]?tsx?$/.test(adapter);
  const file = adapter ?? `conformance/adapter.${isModuleProject(cwd) ? '' : 'm'}${typescript ? 'ts' : 'js'}`;
  const skeleton = readFileSync(join(kitRoot(), 'examples', 'skeleton', 'adapter.ts'), 'utf8');
  return writeAll(cwd, new Map([
    [file, typescript ? skeleton : javaScriptSkeleton(skeleton)],
    [CONFIG_FILE_NAME, `${JSON.stringify({ conform: { adapter: file } }, null, 2)}\n`],
    ['.github/workflows/agent-identity-kit.yml', WORKFLOW],
  ]));
}

/** Writes every file of `files` (paths relative to `cwd`), all or nothing; returns their paths. */
function writeAll(cwd: string, files: ReadonlyMap<string, string>): readonly string[] {
  const existing = [...files.keys()].find((path) => existsSync(join(cwd, path)));
  if (existing !== undefined) throw new UsageError(alreadyExists(existing));
  try {
    writeNewFiles(new Map([...files].map(([path, text]) => [join(cwd, path), text])));
  } catch (error) {
    // A link error names the staged file (path) and its target (dest); a write error the file or a folder on its way.
    const failed = error as NodeJS.ErrnoException & { readonly dest?: string };
    const file = [...files.keys()].find((path) => [failed.dest, failed.path].some((named) => named !== undefined && (named === join(cwd, path) || join(cwd, path).startsWith(`${named}/`))));
    if (failed.code === 'EEXIST' && failed.dest !== undefined && file !== undefined) throw new UsageError(alreadyExists(file));
    throw new UsageError(`${file ?? cwd}: cannot be written (${failed.message}); init wrote nothing`);
  }
  return [...files.keys()];
}

