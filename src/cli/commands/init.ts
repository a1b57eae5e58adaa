import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_FILE_NAME } from '../../contract/config-file.js';
import { Option } from 'commander';
import { helpExamples } from '../help-examples.js';
import { UsageError } from '../../supervisor/usage-error.js';
import { writeNewFiles } from '../../../tools/check/write-file-atomic.js';
import type { RegisterCommand } from './index.js';

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

/** The refusal of a file that is already there. */
function alreadyExists(file: string): string {
  return `${file}: already exists; init writes nothing over an existing file (move it away or edit it by hand)`;
}

/**
 * Writes what `init` writes into `cwd` and returns the paths written, the adapter first: the
 * adapter skeleton (every operation a TODO reporting itself unsupported, every optional
 * capability absent), the configuration file naming it, and a CI workflow. All or nothing: when
 * any of them exists or cannot be written, nothing is (a usage error naming it).
 */
export function writeInitFiles(cwd: string, adapter: string | undefined, language: 'typescript' | 'python' = 'typescript'): readonly string[] {
  // A CommonJS project loads a `.ts` file as CommonJS, which cannot import the kit's ES modules: `.mts` is ESM everywhere.
  const file = adapter ?? (language === 'python' ? 'conformance/adapter.py' : isModuleProject(cwd) ? 'conformance/adapter.ts' : 'conformance/adapter.mts');
  // A Python adapter is a process the kit drives over stdio (docs/stdio-adapter.md).
  const conform = language === 'python' ? { adapterCmd: `python3 ${file}` } : { adapter: file };
  const files = new Map([
    [file, readFileSync(join(kitRoot(), 'examples', 'skeleton', language === 'python' ? 'adapter.py' : 'adapter.ts'), 'utf8')],
    [CONFIG_FILE_NAME, `${JSON.stringify({ conform }, null, 2)}\n`],
    ['.github/workflows/agent-identity-kit.yml', WORKFLOW],
  ]);
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

/** `init`: writes an adapter skeleton, the configuration file and a CI workflow; never overwrites (exit 2, nothing written). */
export const registerInit: RegisterCommand = (program, setExitCode) => {
  program
    .command('init')
    .description('write a typed adapter skeleton, agent-identity-kit.config.json and a CI workflow into the working directory (never overwrites)')
    .addHelpText('after', helpExamples('init', 'init --adapter test/conformance/adapter.ts'))
    .option('--adapter <file>', 'where the adapter skeleton goes (default: conformance/adapter.ts, or .mts outside an ES module package; conformance/adapter.py with --language python)')
    .addOption(new Option('--language <language>', 'the language of the adapter skeleton: a TypeScript module, or a Python process driven over stdio').choices(['typescript', 'python']).default('typescript'))
    .action((options: { adapter?: string; language: 'typescript' | 'python' }) => {
      const written = writeInitFiles(process.cwd(), options.adapter, options.language);
      process.stdout.write(
        [
          ...written.map((path) => `wrote ${path}`),
          '',
          `Next: fill in the TODOs of ${written[0]} (guide: node_modules/agent-identity-kit/docs/${options.language === 'python' ? 'stdio-adapter.md' : 'writing-an-adapter.md'}),`,
          'then run `npx agent-identity-kit conform`: until then every requirement is NOT-TESTED, naming the operation it needs.',
          '',
        ].join('\n'),
      );
      setExitCode(0);
    });
};
