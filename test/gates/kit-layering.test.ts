/**
 * The kit's own `.dependency-cruiser.cjs` makes DESIGN.md's layering executable: each layer rule
 * is tried on a miniature of the kit's layout with exactly one forbidden arrow injected.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runGraph } from '../../tools/graph/run-graph.js';
import { KIT_ROOT, removeFixtureRepos, fixtureRepo, write } from './_fixture-repo.js';

afterAll(removeFixtureRepos);

/** A miniature kit: every layer with one module, wired the allowed way. */
function miniatureKit(): string {
  const root = fixtureRepo();
  mkdirSync(join(root, 'tools/graph'), { recursive: true });
  copyFileSync(join(KIT_ROOT, '.dependency-cruiser.cjs'), join(root, '.dependency-cruiser.cjs'));
  for (const file of ['tools/graph/preset.cjs', 'tools/graph/entry-points.cjs', 'tools/graph/non-source-folders.cjs', 'tools/graph/test-paths.cjs']) copyFileSync(join(KIT_ROOT, file), join(root, file));
  write(root, 'package.json', JSON.stringify({ name: 'mini-kit', type: 'module', bin: { mini: 'bin/mini.mjs' }, exports: { '.': './src/index.ts' } }));
  write(root, 'src/index.ts', "export { RUNTIME } from './runtime/runtime.js';\nexport { PROPERTY } from '../properties/property.js';\nexport { SCENARIO } from '../scenarios/scenario.js';\nexport { GATE } from '../tools/gate.js';\n");
  write(root, 'src/contract/contract.ts', "export const CONTRACT = 'contract';\n");
  write(root, 'src/adapter/toolkit.ts', "import { CONTRACT } from '../contract/contract.js';\nexport const TOOLKIT = CONTRACT;\n");
  write(root, 'src/runtime/runtime.ts', "import { CONTRACT } from '../contract/contract.js';\nexport const RUNTIME = CONTRACT;\n");
  write(root, 'properties/property.ts', "import { RUNTIME } from '../src/runtime/runtime.js';\nexport const PROPERTY = RUNTIME;\n");
  write(root, 'scenarios/scenario.ts', "import { PROPERTY } from '../properties/property.js';\nexport const SCENARIO = PROPERTY;\n");
  write(root, 'src/worker/run-worker.ts', "export const WORKER = 'worker';\n");
  write(root, 'tools/gate.ts', "import { CONTRACT } from '../src/contract/contract.js';\nimport { WORKER } from '../src/worker/run-worker.js';\nexport const GATE = CONTRACT + WORKER;\n");
  write(root, 'src/cli/main.ts', "import { GATE } from '../../tools/gate.js';\nimport { SCENARIO } from '../../scenarios/scenario.js';\nexport const MAIN = [GATE, SCENARIO];\n");
  write(root, 'bin/mini.mjs', "await import('../src/cli/main.ts');\n");
  write(root, 'examples/example.ts', "import { TOOLKIT } from '../src/adapter/toolkit.js';\nexport const EXAMPLE = TOOLKIT;\n");
  write(root, 'test/example.test.ts', "import { EXAMPLE } from '../examples/example.js';\nimport { MAIN } from '../src/cli/main.js';\nexport const USED = [EXAMPLE, MAIN];\n");
  return root;
}

const append = (root: string, file: string, line: string): void => write(root, file, `${readFileSync(join(root, file), 'utf8')}${line}\n`);

describe('the kit’s layering rules', () => {
  it('pass the miniature as wired', async () => {
    expect((await runGraph({ root: miniatureKit() })).findings).toEqual([]);
  });

  it.each([
    ['contract-imports-nothing', 'src/contract/contract.ts', "export { RUNTIME as R } from '../runtime/runtime.js';"],
    ['runtime-imports-only-contract', 'src/runtime/runtime.ts', "export { GATE } from '../../tools/gate.js';"],
    ['adapter-toolkit-imports-only-contract', 'src/adapter/toolkit.ts', "export { RUNTIME } from '../runtime/runtime.js';"],
    ['properties-import-contract-and-runtime', 'properties/property.ts', "export { SCENARIO } from '../scenarios/scenario.js';"],
    ['scenarios-import-contract-runtime-properties', 'scenarios/scenario.ts', "export { GATE } from '../tools/gate.js';"],
    ['tools-import-only-contract', 'tools/gate.ts', "export { RUNTIME } from '../src/runtime/runtime.js';"],
    ['worker-imports-nothing', 'src/worker/run-worker.ts', "export { CONTRACT } from '../contract/contract.js';"],
    ['nothing-imports-cli', 'tools/gate.ts', "export type { MAIN } from '../src/cli/main.js';"],
    ['nothing-imports-examples', 'src/runtime/runtime.ts', "export type { EXAMPLE } from '../../examples/example.js';"],
  ])('%s fails on %s importing across its layer', async (rule, file, line) => {
    const root = miniatureKit();
    append(root, file, line);
    const findings = (await runGraph({ root })).findings.filter((finding) => finding.rule === rule);
    expect(findings.map((finding) => finding.file)).toEqual([file]);
  });

  it('gives every rule a comment saying why', () => {
    const config = createRequire(import.meta.url)(join(KIT_ROOT, '.dependency-cruiser.cjs')) as { forbidden: { name: string; comment?: string }[] };
    const preset = createRequire(import.meta.url)(join(KIT_ROOT, 'tools/graph/preset.cjs')) as { forbidden: { name: string; comment?: string }[] };
    for (const rule of [...config.forbidden, ...preset.forbidden]) expect(rule.comment, rule.name).toMatch(/\w{3,}.*\./);
  });
});
