/**
 * Temporary copies of the gate fixture repositories: `test/fixtures/gates/repo`, a small clean
 * package that passes every gate, for tests that inject one defect and expect one gate to fail;
 * `test/fixtures/gates/monorepo`, a workspace monorepo with nothing installed and a planted
 * problem of each kind among the shapes that used to be reported falsely; `test/fixtures/gates/declared`,
 * a monorepo whose packages declare what resolves (wildcard `exports`, `imports`, `engines`,
 * `.gitignore`, bundler and test-runner configuration), with one planted problem per shape;
 * `test/fixtures/gates/resolution/<mechanism>`, one small workspace per way a repository declares
 * its modules (`paths`, `exports`, `imports`, conditions, `typesVersions`, `.ts` extensions). Tests inside fixtures
 * are named `*.spec.ts`: the kit's own vitest run collects `*.test.ts` under `test/`.
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';

const here = dirname(fileURLToPath(import.meta.url));
/** The kit's repository root. */
export const KIT_ROOT = join(here, '..', '..');
const FIXTURES = join(KIT_ROOT, 'test', 'fixtures', 'gates');
const created: string[] = [];

/**
 * A fresh copy of a fixture repository (`repo` unless `name` says otherwise); `linkNodeModules`
 * makes the kit's packages resolvable in it.
 */
export function fixtureRepo(options: { name?: 'repo' | 'monorepo' | 'declared' | `resolution/${string}`; linkNodeModules?: boolean } = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'aik-gates-'));
  created.push(root);
  cpSync(join(FIXTURES, options.name ?? 'repo'), root, { recursive: true });
  if (options.linkNodeModules === true) symlinkSync(join(KIT_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

/** Writes `text` to `<root>/<file>`, creating folders. */
export function write(root: string, file: string, text: string | Uint8Array): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

/** Removes every copy made so far (call from `afterAll`). */
export function removeFixtureRepos(): void {
  for (const root of created.splice(0)) rmSync(root, { recursive: true, force: true });
}
