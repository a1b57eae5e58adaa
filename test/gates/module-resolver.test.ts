/**
 * The gates' one resolver against `tsc --traceResolution`: on each fixture of
 * `test/fixtures/gates/resolution` (one way a repository declares its modules each), `tsc` runs on
 * an "installed" copy — its workspace packages linked into `node_modules` as npm, yarn and pnpm
 * link them — and every module it resolves from the fixture's files must be what the resolver
 * finds on a copy where nothing is installed; the module graph of that copy has no unresolvable
 * import and no orphan but the one the fixture plants.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleResolver } from '../../tools/check/module-resolver.js';
import { readWorkspace } from '../../tools/check/workspace.js';
import { runGraph } from '../../tools/graph/run-graph.js';
import { fixtureRepo, KIT_ROOT, removeFixtureRepos } from './_fixture-repo.js';

afterAll(removeFixtureRepos);

const TSC = join(KIT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** Each fixture, with the resolutions it exists for (`from` → `to`, relative to its root) and the orphans it plants. */
const FIXTURES: readonly { name: string; expected: Record<string, string>; orphans: string[] }[] = [
  {
    name: 'paths-exports-wildcard',
    expected: {
      'packages/app/test/locale.test.ts @scope/locale/src/locales/zh.ts': 'packages/locale/src/locales/zh.ts',
      'packages/app/test/locale.test.ts @scope/locale': 'packages/locale/src/index.ts',
      'packages/locale/src/index.ts ./locales/zh.ts': 'packages/locale/src/locales/zh.ts',
    },
    orphans: [],
  },
  {
    // Issue 36's case as it was reported: a pnpm workspace, `paths` for the bare name only (with
    // `baseUrl`), `exports` whose `.` is build output and `./src/*` the sources, and tests — in the
    // package itself and at the root — importing `@scope/locale/src/locales/<file>.ts`.
    name: 'paths-exports-wildcard-pnpm',
    expected: {
      'packages/locale/test/zh.test.ts @scope/locale/src/locales/zh.ts': 'packages/locale/src/locales/zh.ts',
      'packages/locale/test/zh.test.ts @scope/locale': 'packages/locale/src/index.ts',
      'tests/en.test.ts @scope/locale/src/locales/en.ts': 'packages/locale/src/locales/en.ts',
      'tests/en.test.ts @scope/locale': 'packages/locale/src/index.ts',
      'packages/locale/src/index.ts ./locales/zh.ts': 'packages/locale/src/locales/zh.ts',
      'packages/locale/src/index.ts ./locales/en.ts': 'packages/locale/src/locales/en.ts',
    },
    orphans: [],
  },
  {
    name: 'imports',
    expected: { 'packages/core/src/index.ts #internal/ids': 'packages/core/src/internal/ids.ts', 'packages/core/src/index.ts #clock': 'packages/core/src/clock-node.ts' },
    // The `default` condition's clock: under NodeNext the `node` one is taken.
    orphans: ['packages/core/src/clock.ts'],
  },
  {
    name: 'conditions',
    expected: { 'packages/server/src/main.ts @acme/events': 'packages/events/src/index.ts', 'packages/server/src/main.ts @acme/events/wire': 'packages/events/src/wire/encode.ts' },
    orphans: [],
  },
  {
    name: 'types-versions',
    expected: { 'packages/cli/src/main.ts @acme/legacy': 'packages/legacy/src/index.ts', 'packages/cli/src/main.ts @acme/legacy/util/format': 'packages/legacy/src/util/format.ts' },
    orphans: [],
  },
  {
    name: 'ts-extensions',
    expected: { 'src/main.ts ./parse.ts': 'src/parse.ts', 'src/main.ts ./view/render.tsx': 'src/view/render.tsx', 'src/main.ts ./limits.mts': 'src/limits.mts' },
    orphans: [],
  },
];

/** What `tsc --traceResolution` resolves from the fixture's own files, `"<from> <specifier>"` → file, relative to `root`. */
function tscResolutions(root: string): Record<string, string> {
  const trace = execFileSync(process.execPath, [TSC, '-p', join(root, 'tsconfig.json'), '--traceResolution', '--noEmit'], { encoding: 'utf8', cwd: root, maxBuffer: 64 << 20 });
  // tsc exits 0: the fixtures typecheck once installed, so a resolution tsc missed would also fail here.
  const resolved: Record<string, string> = {};
  let current: string | undefined;
  for (const line of trace.split('\n')) {
    const start = /^======== Resolving module '([^']+)' from '([^']+)'\. ========$/.exec(line);
    if (start !== null) current = `${relative(root, start[2] as string)} ${start[1] as string}`;
    const done = /^======== Module name '[^']+' was successfully resolved to '([^']+)'/.exec(line);
    if (done !== null && current !== undefined && !current.startsWith('..') && !current.includes('node_modules')) resolved[current] = relative(root, realpathSync(done[1] as string));
  }
  return resolved;
}

/** Links every workspace package into `<root>/node_modules`, as a workspace install does. */
function install(root: string): void {
  for (const pkg of readWorkspace(root).packages) {
    if (pkg.name === undefined || pkg.dir === '') continue;
    const link = join(root, 'node_modules', pkg.name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(root, pkg.dir), link, 'dir');
  }
}

describe('the gates resolve modules as tsc does after an install', () => {
  for (const { name, expected, orphans } of FIXTURES) {
    it(`${name}: tsc on the installed copy, the resolver and the graph on the uninstalled one agree`, async () => {
      const installed = fixtureRepo({ name: `resolution/${name}` });
      install(installed);
      const byTsc = tscResolutions(installed);
      expect(byTsc).toEqual(expected);

      const bare = fixtureRepo({ name: `resolution/${name}` });
      const resolver = new ModuleResolver(bare, readWorkspace(bare));
      const byResolver: Record<string, string> = {};
      for (const key of Object.keys(byTsc)) {
        const [from = '', specifier = ''] = key.split(' ');
        const found = resolver.resolve(specifier, join(bare, from), 'implementation');
        if (found !== undefined) byResolver[key] = relative(bare, found.resolvedFileName);
      }
      expect(byResolver).toEqual(byTsc);

      const graph = await runGraph({ root: bare });
      expect(graph.findings.map((finding) => `${finding.rule} ${finding.file} ${finding.message}`)).toEqual(orphans.map((file) => `no-orphans ${file} orphan module: nothing imports it and it imports nothing`));
    });
  }
});
