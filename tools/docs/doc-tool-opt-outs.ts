import type { Workspace } from '../check/workspace.js';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

const TWOSLASH = ['twoslash'];
/**
 * Doc tools that typecheck fences themselves, by package name, and the info-string labels with
 * which they take a fence over: `lint-roller-markdown-ts-check` (`@electron/lint-roller`) skips
 * `@ts-nocheck` fences and checks `@ts-expect-error=[…]` / `@ts-ignore=[…]` ones with the errors
 * they expect on those lines; twoslash renderers typecheck `twoslash` fences with their own
 * `// @errors` annotations. A fence one of them owns is not the kit's to report.
 */
const DOC_TOOLS: Readonly<Record<string, readonly string[]>> = {
  '@electron/lint-roller': ['@ts-nocheck', '@ts-expect-error', '@ts-ignore'],
  twoslash: TWOSLASH,
  '@typescript/twoslash': TWOSLASH,
  '@shikijs/twoslash': TWOSLASH,
  '@shikijs/vitepress-twoslash': TWOSLASH,
  'shiki-twoslash': TWOSLASH,
  'remark-shiki-twoslash': TWOSLASH,
  'docusaurus-preset-shiki-twoslash': TWOSLASH,
};

/**
 * The fence labels the repository's own doc tooling declares: for every doc tool of
 * {@link DOC_TOOLS} a package of the repository depends on, its labels, each with the tools
 * that own it (sorted), so the report can say where a label was learned.
 */
export function docToolOptOuts(workspace: Workspace): Map<string, string[]> {
  const learned = new Map<string, string[]>();
  const tools = new Set<string>();
  for (const { manifest } of workspace.packages) {
    for (const field of DEPENDENCY_FIELDS) {
      const declared = manifest[field];
      if (typeof declared !== 'object' || declared === null) continue;
      for (const name of Object.keys(declared)) if (Object.hasOwn(DOC_TOOLS, name)) tools.add(name);
    }
  }
  for (const tool of [...tools].sort()) for (const label of DOC_TOOLS[tool] ?? []) learned.set(label, [...(learned.get(label) ?? []), tool]);
  return learned;
}
