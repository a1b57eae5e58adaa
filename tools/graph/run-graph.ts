import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, posix, relative } from 'node:path';
import type { ICruiseOptions, ICruiseResult, IResolveOptions, IViolation } from 'dependency-cruiser';
import { cruise } from 'dependency-cruiser';
import { compareFindings } from '../check/compare-findings.js';
import { ConfigError } from '../check/config-error.js';
import type { Finding } from '../check/finding.js';
import type { GateReport } from '../check/gate-report.js';
import { loadTsconfig, readTsconfig } from '../check/load-tsconfig.js';
import { shownPath } from '../check/shown-path.js';
import { dependenciesInstalled } from '../check/dependencies-installed.js';
import { ownerOf, readWorkspace, type Workspace } from '../check/workspace.js';
import { writeFileAtomic } from '../check/write-file-atomic.js';
import { loadGraphConfig } from './load-graph-config.js';
import { DEFAULT_MODULE_GRAPH_MARKER, loadGraphSettings } from './load-graph-settings.js';
import { MODULE_GRAPH_FILE, renderModuleGraph } from './render-module-graph.js';
import { buildOutputFolders, notBuiltYet, workspaceAliases } from '../check/workspace-aliases.js';
import { ModuleResolver } from '../check/module-resolver.js';
import { TypeScriptResolution } from './typescript-resolution.js';
import { nodeBuiltins } from './node-builtins.js';
import { bundledPackages } from './bundled-packages.js';
import { configuredFiles } from './configured-files.js';
import { doNotEditMarked } from './do-not-edit.js';
import { mdxImported } from './mdx-imports.js';
import { outsidePackages } from './outside-packages.js';
import { testOnlyModules } from './test-only-modules.js';
import { tsconfigExcluded } from './tsconfig-excluded.js';

/**
 * What `runGraph` does with the module-graph file: `check` it (missing or stale is a finding),
 * check it only if it exists (`check-existing`), `update` (write) it, or `ignore` it.
 */
export type ModuleGraphMode = 'ignore' | 'check' | 'check-existing' | 'update';

/** Options of {@link runGraph}. */
export interface GraphOptions {
  /** Absolute path of the repository root; everything is reported relative to it. */
  readonly root: string;
  /** Absolute path of a dependency-cruiser config; default: the repository's own, else the kit's preset. */
  readonly config?: string;
  /** Absolute path of the tsconfig imports are resolved with; default `graph.project`, the config's, else `<root>/tsconfig.json`. */
  readonly tsconfig?: string;
  /**
   * What to do with the module-graph file (`docs/module-graph.md`, or `graph.moduleGraph.file`).
   * Default `ignore`. A file that lacks the kit's marker is never flagged or rewritten.
   */
  readonly moduleGraph?: ModuleGraphMode;
}

/** The graph gate's report, with the cruise it came from. */
export interface GraphReport extends GateReport {
  readonly gate: 'graph';
  /** Where the rules came from: the config file relative to the root, or `(kit preset)`. */
  readonly config: string;
  /** Modules and dependencies cruised. */
  readonly modules: number;
  readonly dependencies: number;
  /** The module-graph file as it should read. */
  readonly moduleGraph: string;
}

/**
 * The module-graph gate: cruises the repository at `root` with dependency-cruiser (its own
 * config, else the kit's preset) and reports every `error`-severity violation as a finding.
 * Imports resolve with the gates' one resolver (TypeScript's, the workspace linked, see `ModuleResolver`);
 * imports of packages that cannot be resolved because nothing is installed are counted in one
 * note, not reported one by one. With `moduleGraph: 'check'` also a stale or missing module-graph
 * file (one the kit wrote).
 */
export async function runGraph(options: GraphOptions): Promise<GraphReport> {
  const { root } = options;
  const settings = loadGraphSettings(root);
  const workspace = readWorkspace(root);
  const config = await loadGraphConfig(root, workspace, options.config);
  const named = options.tsconfig ?? (settings.project === undefined ? undefined : join(root, settings.project)) ?? config.options.tsConfig?.fileName;
  const rootTsconfig = join(root, 'tsconfig.json');
  // A root tsconfig found (not named) that is broken is a finding, and the graph is cruised without it.
  const found = named === undefined && existsSync(rootTsconfig) ? readTsconfig(root, rootTsconfig) : undefined;
  const tsconfigFile = named ?? (found?.parsed !== undefined && found.error === undefined ? rootTsconfig : undefined);
  const tsconfig = named === undefined ? (tsconfigFile === undefined ? undefined : found?.parsed) : loadTsconfig(root, named);
  const cruiseOptions = withExclusions(
    {
      // The built-ins of the Node releases the repository declares, unless its own config names them.
      builtInModules: { override: nodeBuiltins(workspace), add: [] },
      ...config.options,
      ...(tsconfigFile === undefined ? {} : { tsConfig: { fileName: tsconfigFile } }),
    },
    [...(settings.exclude ?? []), ...notSource(root, workspace)],
  );
  const resolveOptions = {
    // What TypeScript does not resolve (a stylesheet a package exports, `@acme/ui/styles/dot.css`) goes to the package's file by its `exports`.
    alias: workspaceAliases(root, workspace),
    // The plugin is typed against the part of enhanced-resolve's resolver it uses, not the whole of it.
    plugins: [new TypeScriptResolution(new ModuleResolver(root, workspace))] as unknown as NonNullable<IResolveOptions['plugins']>,
  };
  let result: ICruiseResult;
  try {
    const output = await cruise(['.'], { ...cruiseOptions, baseDir: root }, resolveOptions, tsconfig === undefined ? {} : { tsConfig: tsconfig });
    result = output.output as ICruiseResult;
  } catch (error) {
    throw new ConfigError(config.source, `dependency-cruiser rejects the config: ${error instanceof Error ? error.message : String(error)}`);
  }
  const installed = new Map<string, boolean>();
  const ownPackages = new Set(workspace.packages.map((pkg) => pkg.name));
  const unresolvable = (violation: IViolation): boolean => violation.rule.name === 'not-to-unresolvable';
  const unbuilt = notBuiltYet(root, workspace);
  const isConfigured = configuredFiles(root, workspace);
  const isExcluded = tsconfigExcluded(root, tsconfigFile, workspace);
  const isOutsidePackages = outsidePackages(workspace);
  const isMarked = doNotEditMarked(root);
  const isMdxImported = mdxImported(root);
  const orphan = (violation: IViolation): boolean => violation.rule.name === 'no-orphans';
  // Violations that are not findings, each kind counted in one note; a violation belongs to the first kind that covers it.
  const setAsides: readonly SetAside[] = [
    {
      covers: (violation) =>
        unresolvable(violation) && isPackageName(violation.to) && !ownPackages.has(packageOf(violation.to)) && !dependenciesInstalled(root, dirname(join(root, violation.from)), installed),
      note: (missing) =>
        `dependencies not installed (no node_modules): ${missing.length} imports of ${new Set(missing.map((violation) => packageOf(violation.to))).size} packages not resolved; relative and workspace imports were checked`,
    },
    {
      covers: (violation) => unresolvable(violation) && (GENERATED_OUTPUT.test(violation.to) || unbuilt(violation.to)),
      note: (unbuiltImports) => `${unbuiltImports.length} imports of build or code-generation output that is not there (not built yet): not checked`,
    },
    {
      covers: (violation) => unresolvable(violation) && ignoredTarget(workspace, violation),
      note: (ignoredImports) => `${ignoredImports.length} imports of files git ignores that are not there (generated or written by a build): not checked`,
    },
    {
      covers: (violation) => unresolvable(violation) && isExcluded(violation.from),
      note: (excludedImports) => `${excludedImports.length} imports from files the tsconfig excludes (not compiled with the project): not resolved`,
    },
    {
      covers: (violation) => orphan(violation) && isConfigured(violation.from),
      note: (configured) => `${configured.length} modules that only configuration loads (package.json scripts, tool config files name them): not orphans`,
    },
    {
      covers: (violation) => orphan(violation) && isMdxImported(violation.from),
      note: (imported) => `${imported.length} modules that only MDX pages import (a documentation site's components): not orphans`,
    },
    {
      covers: (violation) => (orphan(violation) && isMarked(violation.from)) || (isCycle(violation) && cycleMembers(violation).every(isMarked)),
      note: (marked) =>
        `${new Set(marked.flatMap(cycleMembers)).size} files marked generated or copied ("DO NOT EDIT", "@generated" in their header) are orphans or on cycles among themselves: the generator's or upstream project's shape, not findings`,
    },
    {
      covers: (violation) => orphan(violation) && isOutsidePackages(violation.from),
      note: (outside) => `${outside.length} modules outside every package (the root holds the packages and declares no entry point of its own): no package's code, not orphans`,
    },
    devDependenciesNotShipped(root, workspace, result),
  ];
  const covered = new Map<SetAside, IViolation[]>();
  const violations: IViolation[] = [];
  for (const violation of result.summary.violations) {
    const kind = setAsides.find((candidate) => candidate.covers(violation));
    const list = kind === undefined ? violations : (covered.get(kind) ?? []);
    list.push(violation);
    if (kind !== undefined) covered.set(kind, list);
  }
  const errors = violations.filter((violation) => violation.rule.severity === 'error');
  const findings = [...workspace.invalid, ...(found?.error === undefined ? [] : [found.error]), ...errors.filter((violation) => !isCycle(violation)).map(toFinding), ...cycleFindings(errors.filter(isCycle))];
  const packages = workspace.packages.length;
  const notes = [
    `${result.summary.totalCruised} modules, ${result.summary.totalDependenciesCruised} dependencies, ${packages} package${packages === 1 ? '' : 's'}${workspace.declared.length > 0 ? ` (workspaces ${workspace.declared.join(', ')})` : ''}, tsconfig ${tsconfigFile === undefined ? '(none)' : shownPath(root, tsconfigFile)}, rules from ${config.source}`,
    ...setAsides.flatMap((kind) => {
      const counted = covered.get(kind);
      return counted === undefined ? [] : [kind.note(counted)];
    }),
  ];
  const warnings = violations.length - errors.length;
  if (warnings > 0) notes.push(`${warnings} violations below error severity (not failing)`);

  const file = settings.moduleGraph?.file ?? MODULE_GRAPH_FILE;
  const marker = settings.moduleGraph?.marker ?? DEFAULT_MODULE_GRAPH_MARKER;
  const moduleGraph = renderModuleGraph(result, marker);
  findings.push(...moduleGraphFindings(root, file, marker, moduleGraph, options.moduleGraph ?? 'ignore', notes));
  findings.sort(compareFindings);
  return {
    gate: 'graph',
    findings,
    notes,
    read: result.summary.totalCruised,
    config: config.source,
    modules: result.summary.totalCruised,
    dependencies: result.summary.totalDependenciesCruised ?? 0,
    moduleGraph,
  };
}

/**
 * Checks or writes the module-graph `file` as `mode` says. A file without `marker` is not the
 * kit's: it is left alone (a note says so), and updating it is a configuration error.
 */
function moduleGraphFindings(root: string, file: string, marker: string, expected: string, mode: ModuleGraphMode, notes: string[]): Finding[] {
  if (mode === 'ignore') return [];
  const path = join(root, file);
  const committed = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (committed !== undefined && !committed.includes(marker)) {
    if (mode === 'update') throw new ConfigError(file, `not written by agent-identity-kit (no marker "${marker}"); left as it is: set graph.moduleGraph.file to write the graph elsewhere`);
    notes.push(`${file} was not written by agent-identity-kit (no marker): left alone`);
    return [];
  }
  if (mode === 'update') {
    if (!insideRoot(root, path)) throw new ConfigError(file, 'outside the repository root (--root), through `..`, an absolute path or a symbolic link: the module graph is written only inside it');
    if (committed !== expected) writeFileAtomic(path, expected);
    notes.push(`wrote ${file}`);
    return [];
  }
  if (committed === expected || (committed === undefined && mode === 'check-existing')) return [];
  return [
    {
      rule: 'module-graph-stale',
      file,
      message: `${committed === undefined ? 'missing' : 'stale: it no longer matches the module graph'}; run \`agent-identity-kit graph --update\``,
    },
  ];
}

/** Whether `path` (absolute) is inside `root` once the symbolic links of its existing part are followed. */
function insideRoot(root: string, path: string): boolean {
  let existing = path;
  while (!existsSync(existing)) existing = dirname(existing);
  const inside = relative(realpathSync(root), join(realpathSync(existing), relative(existing, path)));
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
}

/** A kind of violation that is not a finding: which violations it covers, and the note that counts them. */
interface SetAside {
  readonly covers: (violation: IViolation) => boolean;
  readonly note: (violations: readonly IViolation[]) => string;
}

const { entryPointPatterns } = createRequire(import.meta.url)('./entry-points.cjs') as { entryPointPatterns: (manifest: Readonly<Record<string, unknown>>, dir?: string) => string[] };

/**
 * The `not-to-dev-dep` violations in code that does not ship as written, so users never install
 * what it imports: modules only tests use (test helpers, wherever they sit), and packages whose
 * build bundles their imports into what they ship (the signal read is named in the note).
 */
function devDependenciesNotShipped(root: string, workspace: Workspace, result: ICruiseResult): SetAside {
  const entries = workspace.packages.flatMap((pkg) => entryPointPatterns(pkg.manifest, pkg.dir)).map((pattern) => new RegExp(pattern));
  const testOnly = testOnlyModules(result.modules, (path) => entries.some((pattern) => pattern.test(path)));
  const bundled = bundledPackages(root, workspace);
  const bundledBy = (file: string): string | undefined => {
    const owner = ownerOf(workspace, file);
    return owner === undefined ? undefined : bundled.has(owner.dir) ? owner.dir : undefined;
  };
  const covers = (violation: IViolation): boolean => violation.rule.name === 'not-to-dev-dep' && (testOnly.has(violation.from) || bundledBy(violation.from) !== undefined);
  const note = (violations: readonly IViolation[]): string => {
    const helpers = violations.filter((violation) => testOnly.has(violation.from)).length;
    const packages = [...new Set(violations.filter((violation) => !testOnly.has(violation.from)).map((violation) => bundledBy(violation.from) ?? ''))].sort();
    const parts = [
      ...(helpers > 0 ? [`${helpers} in modules only tests use`] : []),
      ...(packages.length > 0 ? [`${violations.length - helpers} in packages their build bundles (${packages.map((dir) => `${dir === '' ? '(root)' : dir}: ${bundled.get(dir) ?? ''}`).join('; ')})`] : []),
    ];
    return `${violations.length} dev-dependency imports in code that does not ship as written, not findings: ${parts.join(', ')}`;
  };
  return { covers, note };
}

/**
 * What the tree holds that is not the repository's source, as exclusion patterns: the build
 * output folders the packages' own entry points name (`packages/core/lib/`), and what git
 * ignores (a locally built `out/`, a generated `src/proto/`).
 */
function notSource(root: string, workspace: Workspace): string[] {
  const paths = [...buildOutputFolders(root, workspace), ...workspace.ignored];
  return paths.length === 0 ? [] : [`^(?:${paths.map(escapeRegExp).join('|')})(?:/|$)`];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether an unresolved relative import names a file git ignores (`./proto/session_pb.js` in a
 * folder a `.gitignore` lists): code generation or a build writes it; the repository never holds it.
 */
function ignoredTarget(workspace: Workspace, violation: IViolation): boolean {
  if (!violation.to.startsWith('./') && !violation.to.startsWith('../')) return false;
  const path = posix.join(posix.dirname(violation.from), violation.to);
  if (path.startsWith('../')) return false;
  const stem = path.replace(/[.][cm]?[jt]sx?$/, '');
  return [path, ...MODULE_EXTENSIONS.map((extension) => `${stem}${extension}`)].some((candidate) => workspace.isIgnored(candidate));
}

const MODULE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'];

/** `options` with the `graph.exclude` patterns added to what its `exclude` already leaves out. */
function withExclusions(options: ICruiseOptions, patterns: readonly string[]): ICruiseOptions {
  if (patterns.length === 0) return options;
  const current = typeof options.exclude === 'string' || Array.isArray(options.exclude) ? { path: options.exclude } : (options.exclude ?? {});
  const path = current.path === undefined ? [] : Array.isArray(current.path) ? current.path : [current.path];
  return { ...options, exclude: { ...current, path: [...path, ...patterns] } };
}

/**
 * An import into a build or code-generation output folder (`../core/dist`, `./graphql/@generated/x`,
 * React Router's `./+types/root`): there only after a build.
 */
const GENERATED_OUTPUT = /(?:^|\/)(?:dist|build|out|generated|@generated|__generated__|[+]types)(?:\/|$)/;

const isCycle = (violation: IViolation): boolean => violation.cycle !== undefined && violation.cycle.length > 0;
/** The module a violation is reported at, then the modules of its cycle (none for a violation that is not one). */
const cycleMembers = (violation: IViolation): string[] => [violation.from, ...(violation.cycle ?? []).map((step) => step.name)];

/**
 * One finding per tangle: dependency-cruiser reports a cycle for every module on one, so the
 * cycles of a rule that share modules are merged, and the finding names how many modules the
 * tangle has and its shortest cycle, at the first of its modules in path order.
 */
function cycleFindings(violations: readonly IViolation[]): Finding[] {
  const parent = new Map<string, string>();
  const find = (node: string): string => {
    let top = node;
    while (parent.get(top) !== undefined && parent.get(top) !== top) top = parent.get(top) ?? top;
    parent.set(node, top);
    return top;
  };
  const key = (rule: string, module: string): string => `${rule}\u0000${module}`;
  for (const violation of violations) {
    const nodes = cycleMembers(violation).map((module) => key(violation.rule.name, module));
    for (const node of nodes) if (!parent.has(node)) parent.set(node, node);
    for (const node of nodes.slice(1)) parent.set(find(node), find(nodes[0] ?? node));
  }
  const tangles = new Map<string, { modules: Set<string>; example: string[]; rule: string }>();
  for (const violation of violations) {
    const top = find(key(violation.rule.name, violation.from));
    const cycle = cycleMembers(violation);
    const tangle = tangles.get(top) ?? { modules: new Set<string>(), example: cycle, rule: violation.rule.name };
    for (const module of cycle) tangle.modules.add(module);
    const shorter = cycle.length < tangle.example.length || (cycle.length === tangle.example.length && cycle.join('\n') < tangle.example.join('\n'));
    if (shorter) tangle.example = cycle;
    tangles.set(top, tangle);
  }
  return [...tangles.values()].map(({ modules, example, rule }) => {
    const first = [...modules].sort(byCodeUnit)[0] ?? example[0] ?? '';
    const path = example.join(' → ');
    const distinct = new Set(example).size;
    return { rule, file: first, message: modules.size === distinct ? `import cycle: ${path}` : `import cycle among ${modules.size} modules, the shortest: ${path}` };
  });
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** An import of a package (`react`, `@acme/ui/button`), not of a file (`./x`, `/abs`), a package's private `imports` (`#internal/x`) or a Node built-in. */
function isPackageName(specifier: string): boolean {
  return !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.startsWith('#') && !specifier.startsWith('node:');
}

/** The package an import names: `@scope/name` or `name`, without a subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

function toFinding(violation: IViolation): Finding {
  const rule = violation.rule.name;
  switch (violation.type) {
    case 'cycle':
    case undefined:
    case 'dependency': {
      if (violation.cycle !== undefined && violation.cycle.length > 0) {
        const path = [violation.from, ...violation.cycle.map((step) => step.name)].join(' → ');
        return { rule, file: violation.from, message: `import cycle: ${path}` };
      }
      // A package is named as the import wrote it (`vitest`), not by the file it resolved to.
      const target = violation.to.includes('node_modules/') && violation.unresolvedTo !== undefined ? violation.unresolvedTo : violation.to;
      const kinds = violation.dependencyTypes?.filter((kind) => kind.startsWith('npm')) ?? [];
      return { rule, file: violation.from, message: `imports ${target}${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''}` };
    }
    case 'module':
      return { rule, file: violation.from, message: rule.includes('orphan') ? 'orphan module: nothing imports it and it imports nothing' : `module breaks rule ${rule}` };
    default:
      return { rule, file: violation.from, message: `${violation.type} violation of ${rule} (towards ${violation.to})` };
  }
}
