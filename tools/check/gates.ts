import type { GateName, GateRun } from './gate.js';
import { lintRuleIds } from './kit-docs-for.js';

/**
 * The run of each gate `check` runs, by name (`GATE_NAMES` gives their order). A gate runs in a
 * process of its own (`gate-process.ts`), which loads this module: each gate's code is loaded only
 * when it runs, so its process holds that gate's modules alone. The module-graph file is checked
 * when the repository has one the kit wrote, and always in the kit itself.
 */
export const GATES: Readonly<Record<GateName, GateRun>> = {
  lint: async ({ root, project }) => (await import('./run-lint-gate.js')).runLintGate(root, project),
  graph: async ({ root, project, kit }) =>
    (await import('../graph/run-graph.js')).runGraph({ root, ...(project === undefined ? {} : { tsconfig: project }), moduleGraph: kit !== undefined ? 'check' : 'check-existing' }),
  docs: async ({ root, project, kit }) =>
    (await import('../docs/run-docs.js')).runDocs({ root, ...(project === undefined ? {} : { tsconfig: project }), ...(kit === undefined ? {} : { kit: { ...kit, ruleIds: await lintRuleIds() } }) }),
};
