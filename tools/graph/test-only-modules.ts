import { createRequire } from 'node:module';
import type { IModule } from 'dependency-cruiser';

const { TEST_FOLDER, TEST_FILE } = createRequire(import.meta.url)('./test-paths.cjs') as { TEST_FOLDER: string; TEST_FILE: string };
const TEST = [new RegExp(TEST_FOLDER), new RegExp(TEST_FILE)];

/** Whether a module (path relative to the root) is test code by its folder or name (`test/`, `*.spec.ts`, `*.stress.ts`, `test-utils/`). */
export const isTestModule = (path: string): boolean => TEST.some((pattern) => pattern.test(path));

/**
 * The modules that only tests use: test helpers wherever they sit (`src/testing/fake-clock.ts`).
 * Every module that imports one is a test or itself used only by tests, it is no test itself,
 * something imports it, and it is no package entry point (`isEntry`: what users may import).
 * Found as the largest such set, so helpers that import each other count too.
 */
export function testOnlyModules(modules: readonly IModule[], isEntry: (path: string) => boolean): Set<string> {
  const importers = new Map<string, string[]>();
  for (const module of modules) {
    for (const dependency of module.dependencies) importers.set(dependency.resolved, [...(importers.get(dependency.resolved) ?? []), module.source]);
  }
  const candidates = new Set(modules.map((module) => module.source).filter((path) => !isTestModule(path) && !isEntry(path) && (importers.get(path)?.length ?? 0) > 0));
  let changed = true;
  while (changed) {
    changed = false;
    for (const path of candidates) {
      if ((importers.get(path) ?? []).every((importer) => isTestModule(importer) || candidates.has(importer))) continue;
      candidates.delete(path);
      changed = true;
    }
  }
  return candidates;
}
