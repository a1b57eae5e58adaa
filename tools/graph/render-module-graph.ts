import type { ICruiseResult, IModule } from 'dependency-cruiser';
import { DEFAULT_MODULE_GRAPH_MARKER } from './load-graph-settings.js';

/** Where the module graph lives in a repository, relative to its root, unless `graph.moduleGraph.file` says otherwise. */
export const MODULE_GRAPH_FILE = 'docs/module-graph.md';

/** Test files and folders: left out of the drawing, which shows what the package is made of. */
const TEST_PATH = /(?:^|\/)(?:test|tests|__tests__|__mocks__|spec|e2e)\/|\.(?:test|spec|vitest|e2e|bench|stories)\.[^/]*[jt]sx?$/;

/** The node of files at the repository root (configs, package.json). */
const ROOT_FOLDER = '(root)';

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Renders `docs/module-graph.md` from a cruise result: a Mermaid flowchart of the folders of
 * the repository's own modules (tests, packages and Node built-ins left out), one node per
 * folder, grouped by top-level folder, with an arrow where a module of one folder imports a
 * module of another. Folder granularity keeps the drawing legible and within Mermaid's limits,
 * and the file changes only when the architecture does (a new folder or a new arrow), not with
 * every new module. The same cruise gives the same text byte for byte. The header comment starts
 * with `marker`, by which the kit recognises the file as its own.
 */
export function renderModuleGraph(result: ICruiseResult, marker: string = DEFAULT_MODULE_GRAPH_MARKER): string {
  const own = (module: Pick<IModule, 'source' | 'coreModule' | 'couldNotResolve'>): boolean =>
    module.coreModule !== true && module.couldNotResolve !== true && !module.source.includes('node_modules/') && !TEST_PATH.test(module.source);
  const ownSources = new Set(result.modules.filter(own).map((module) => module.source));
  const folders = new Set<string>();
  const arrows = new Set<string>();
  for (const module of result.modules) {
    if (!ownSources.has(module.source)) continue;
    const from = folderOf(module.source);
    folders.add(from);
    for (const dependency of module.dependencies) {
      if (!ownSources.has(dependency.resolved)) continue;
      const to = folderOf(dependency.resolved);
      if (to !== from) arrows.add(`${nodeId(from)} --> ${nodeId(to)}`);
    }
  }
  const groups = new Map<string, string[]>();
  for (const folder of [...folders].sort(byCodeUnit)) {
    const top = folder.split('/')[0] ?? folder;
    groups.set(top, [...(groups.get(top) ?? []), folder]);
  }
  const lines = ['flowchart LR'];
  for (const [top, members] of groups) {
    if (members.length === 1 && members[0] === top) {
      lines.push(`  ${node(top)}`);
      continue;
    }
    lines.push(`  subgraph g_${top.replace(/[^A-Za-z0-9]/g, '_')}["${top}/"]`, ...members.map((folder) => `    ${node(folder)}`), '  end');
  }
  lines.push(...[...arrows].sort(byCodeUnit).map((arrow) => `  ${arrow}`));
  return [
    '# Module graph',
    '',
    `<!-- ${marker}; \`agent-identity-kit graph --check\` fails when it is stale. Do not edit by hand. -->`,
    '',
    "The folders of the repository's own modules and which import which, grouped by top-level folder (tests, packages and Node built-ins left out).",
    '',
    '```mermaid',
    ...lines,
    '```',
    '',
  ].join('\n');
}

function folderOf(source: string): string {
  const slash = source.lastIndexOf('/');
  return slash < 0 ? ROOT_FOLDER : source.slice(0, slash);
}

/** A Mermaid-safe id: the prefix keeps a folder named like a keyword (`end`) from breaking the chart. */
function nodeId(folder: string): string {
  return `f_${folder.replace(/[^A-Za-z0-9]/g, '_')}`;
}

function node(folder: string): string {
  return `${nodeId(folder)}["${folder}"]`;
}
