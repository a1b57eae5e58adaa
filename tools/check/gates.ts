import { runDocs } from '../docs/run-docs.js';
import { runGraph } from '../graph/run-graph.js';
import type { Gate } from './gate.js';
import { runLintGate } from './run-lint-gate.js';

/**
 * The gates `check` runs, in summary order. The module-graph file is checked when the
 * repository has one the kit wrote, and always in the kit itself.
 */
export const GATES: readonly Gate[] = [
  { name: 'lint', run: ({ root, project }) => runLintGate(root, project) },
  {
    name: 'graph',
    run: ({ root, project, kit }) => runGraph({ root, ...(project === undefined ? {} : { tsconfig: project }), moduleGraph: kit !== undefined ? 'check' : 'check-existing' }),
  },
  { name: 'docs', run: async ({ root, project, kit }) => runDocs({ root, ...(project === undefined ? {} : { tsconfig: project }), ...(kit === undefined ? {} : { kit }) }) },
];
