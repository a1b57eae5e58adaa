import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ICruiseResult, IViolation } from 'dependency-cruiser';
import { cruise } from 'dependency-cruiser';
import { compareFindings } from '../check/compare-findings.js';
import { ConfigError } from '../check/config-error.js';
import type { Finding } from '../check/finding.js';
import type { GateReport } from '../check/gate-report.js';
import { loadTsconfig } from '../check/load-tsconfig.js';
import { writeFileAtomic } from '../check/write-file-atomic.js';
import { loadGraphConfig } from './load-graph-config.js';
import { MODULE_GRAPH_FILE, renderModuleGraph } from './render-module-graph.js';

/** What `runGraph` does with `docs/module-graph.md`. */
export type ModuleGraphMode = 'ignore' | 'check' | 'update';

/** Options of {@link runGraph}. */
export interface GraphOptions {
  /** Absolute path of the repository root; everything is reported relative to it. */
  readonly root: string;
  /** Absolute path of a dependency-cruiser config; default: the repository's own, else the kit's preset. */
  readonly config?: string;
  /**
   * `check`: a missing or stale `docs/module-graph.md` is a finding; `update`: (re)write it;
   * `ignore` (default): leave it alone.
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
  /** `docs/module-graph.md` as it should read. */
  readonly moduleGraph: string;
}

/**
 * The module-graph gate: cruises the repository at `root` with dependency-cruiser (its own
 * config, else the kit's preset) and reports every `error`-severity violation as a finding;
 * with `moduleGraph: 'check'` also a stale or missing `docs/module-graph.md`.
 */
export async function runGraph(options: GraphOptions): Promise<GraphReport> {
  const { root } = options;
  const config = await loadGraphConfig(root, options.config);
  let cruiseOptions = config.options;
  if (cruiseOptions.tsConfig?.fileName === undefined && existsSync(join(root, 'tsconfig.json'))) {
    cruiseOptions = { ...cruiseOptions, tsConfig: { fileName: join(root, 'tsconfig.json') } };
  }
  const tsconfigFile = cruiseOptions.tsConfig?.fileName;
  const tsconfig = tsconfigFile === undefined ? undefined : loadTsconfig(root, tsconfigFile);
  let result: ICruiseResult;
  try {
    const output = await cruise(['.'], { ...cruiseOptions, baseDir: root }, {}, tsconfig === undefined ? {} : { tsConfig: tsconfig });
    result = output.output as ICruiseResult;
  } catch (error) {
    throw new ConfigError(config.source, `dependency-cruiser rejects the config: ${error instanceof Error ? error.message : String(error)}`);
  }
  const violations = result.summary.violations;
  const findings = violations.filter((violation) => violation.rule.severity === 'error').map(toFinding);
  const notes = [`${result.summary.totalCruised} modules, ${result.summary.totalDependenciesCruised} dependencies, rules from ${config.source}`];
  const warnings = violations.length - findings.length;
  if (warnings > 0) notes.push(`${warnings} violations below error severity (not failing)`);

  const moduleGraph = renderModuleGraph(result);
  const mode = options.moduleGraph ?? 'ignore';
  const graphPath = join(root, MODULE_GRAPH_FILE);
  if (mode === 'update') {
    writeFileAtomic(graphPath, moduleGraph);
    notes.push(`wrote ${MODULE_GRAPH_FILE}`);
  } else if (mode === 'check') {
    const committed = existsSync(graphPath) ? readFileSync(graphPath, 'utf8') : undefined;
    if (committed !== moduleGraph) {
      findings.push({
        rule: 'module-graph-stale',
        file: MODULE_GRAPH_FILE,
        message: `${committed === undefined ? 'missing' : 'stale: it no longer matches the module graph'}; run \`agent-identity-kit graph --update\``,
      });
    }
  }
  findings.sort(compareFindings);
  return {
    gate: 'graph',
    findings,
    notes,
    config: config.source,
    modules: result.summary.totalCruised,
    dependencies: result.summary.totalDependenciesCruised ?? 0,
    moduleGraph,
  };
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
