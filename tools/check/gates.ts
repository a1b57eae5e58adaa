import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runDocs } from '../docs/run-docs.js';
import { MODULE_GRAPH_FILE } from '../graph/render-module-graph.js';
import { runGraph } from '../graph/run-graph.js';
import type { Gate } from './gate.js';
import { runLintGate } from './run-lint-gate.js';

/**
 * The gates `check` runs, in summary order. The module graph file is checked when the
 * repository has one, and always for the kit itself.
 */
export const GATES: readonly Gate[] = [
  { name: 'lint', run: ({ root }) => runLintGate(root) },
  {
    name: 'graph',
    run: ({ root, kit }) =>
      runGraph({ root, moduleGraph: kit !== undefined || existsSync(join(root, MODULE_GRAPH_FILE)) ? 'check' : 'ignore' }),
  },
  { name: 'docs', run: async ({ root, kit }) => runDocs(kit === undefined ? { root } : { root, kit }) },
];
