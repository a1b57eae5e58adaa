import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, posix } from 'node:path';
import type { Definition, Image, Link, Nodes } from 'mdast';
import type { Finding } from '../check/finding.js';
import { shownPath } from '../check/shown-path.js';
import { ownerOf, type Workspace } from '../check/workspace.js';
import type { MarkdownDocument } from './markdown-document.js';
import type { HeldSomewhere } from './repository-paths.js';

/** A URL with a scheme (`https:`, `mailto:`) or protocol-relative: not a file of the repository. */
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;
/** Backticked text that is a pattern, a placeholder, a command or prose rather than a path. */
const NOT_A_PATH = /[\s<>*?{}[\]()$|:,;"'`=!^~\\]/;

/** The anchors of a Markdown file of the repository (relative path), or `undefined` for a file that was not read. */
export type AnchorLookup = (file: string) => ReadonlySet<string> | undefined;

/**
 * Reports relative links and images whose target does not exist (rule `dead-link`), links whose
 * `#fragment` names no heading or anchor of the Markdown file they point to (rule `dead-anchor`,
 * also for `#fragment` links within the document), and backticked repository paths that do not
 * exist (rule `dead-path`). A backticked text counts as a path when it reads as one: a `/`, a
 * file name with an extension or a trailing `/`, no build output or placeholder segment, a first
 * segment that is not a dot-folder (`.claude/settings.json` is a tool's config location), and a
 * first segment that exists beside the document, at its package's root or at the repository root
 * (so `src/contract/` and `docs/guide.md` are checked, while an event name like
 * `user/message`, a package like `agent-identity-kit/lint` or `dist/index.js` are not). It
 * resolves if it exists relative to any of those three. A backticked path that an external link
 * beside it points to (`` `src/x.ts` [upstream](https://github.com/o/r/blob/main/src/x.ts) ``)
 * names a file of that other repository: not checked. Links starting with `/` are taken from the
 * repository root; so are the relative links of a document published from there (a VS Code
 * extension's README, see {@link publishedFromRoot}) that do not resolve from its folder —
 * counted in `publishedLinks`, not reported. A backticked path that is not there but that git
 * ignores (`ui/.env`, a file each user writes; a build's output) names what the repository never
 * holds, so the gate cannot check it: counted in `ignoredPaths`, not reported, as the graph counts
 * imports of such files; so is one that the repository's task scripts name (its root Makefile or
 * justfile, the `scripts` of the root package and of the document's package: `tests/integration_tests/`
 * that `make integration_tests` runs when it exists, an empty folder git cannot hold), counted in
 * `scriptedPaths`: the document agrees with the code; and so is one that ends a path the
 * repository holds (`heldSomewhere`: `scripts/run-suite.mjs` of a package whose folder the text
 * names in prose), counted in `heldPaths` — a path with no such file anywhere is stale. A
 * document's package is the one of `workspace` that holds it.
 */
export function checkReferences(root: string, document: MarkdownDocument, anchorsOf: AnchorLookup, workspace: Workspace, heldSomewhere: HeldSomewhere): ReferenceCheck {
  const folder = dirname(join(root, document.file));
  const bases = [...new Set([folder, join(root, ownerOf(workspace, document.file)?.dir ?? ''), root])];
  const fromRoot = publishedFromRoot(workspace, document.file);
  const findings: Finding[] = [];
  let publishedLinks = 0;
  const at = (node: Nodes): { line?: number; column?: number } =>
    node.position === undefined ? {} : { line: node.position.start.line, column: node.position.start.column };
  const checkLink = (node: Link | Image | Definition): void => {
    if (node.url === '' || EXTERNAL.test(node.url)) return;
    const hash = node.url.indexOf('#');
    const path = decoded((hash < 0 ? node.url : node.url.slice(0, hash)).replace(/\?.*$/, ''));
    const fragment = hash < 0 ? '' : decoded(node.url.slice(hash + 1));
    let target = path === '' ? join(root, document.file) : path.startsWith('/') ? join(root, path) : join(folder, path);
    if (!existsSync(target) && fromRoot && existsSync(join(root, path))) {
      publishedLinks += 1;
      target = join(root, path);
    }
    if (!existsSync(target)) {
      findings.push({ rule: 'dead-link', file: document.file, ...at(node), message: `relative link ${node.url} does not resolve` });
      return;
    }
    const targetFile = shownPath(root, target);
    const anchors = fragment === '' ? undefined : anchorsOf(targetFile);
    if (anchors !== undefined && !anchors.has(fragment)) {
      findings.push({ rule: 'dead-anchor', file: document.file, ...at(node), message: `link ${node.url}: ${targetFile} has no heading or anchor #${fragment}` });
    }
  };
  // One finding per dead path and document, at its first mention, counting the others: one fix mends them all.
  const deadPaths = new Map<string, { finding: Finding; mentions: number }>();
  const ignoredPaths = new Set<string>();
  const scriptedPaths = new Set<string>();
  const heldPaths = new Set<string>();
  let scripts: string | undefined;
  const visit = (node: Nodes, inLink: boolean, upstream: readonly string[]): void => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') checkLink(node);
    // A backticked path that is a link's text is checked as the link.
    else if (node.type === 'inlineCode' && !inLink && !namedUpstream(upstream, node.value)) {
      const paths = repositoryPath(bases, folder, node.value);
      const known = deadPaths.get(node.value.trim());
      if (known !== undefined) known.mentions += 1;
      else if (paths !== undefined && !paths.some((path) => existsSync(path))) {
        const folderSuffix = node.value.trim().endsWith('/') ? '/' : '';
        const inside = paths.map((path) => shownPath(root, path)).filter((path) => !isAbsolute(path));
        scripts ??= scriptsText(root, workspace, document.file);
        if (inside.some((path) => workspace.isIgnored(`${path}${folderSuffix}`))) ignoredPaths.add(node.value.trim());
        else if (scripts.includes(node.value.trim().replace(/^\.\//, '').replace(/\/$/, ''))) scriptedPaths.add(node.value.trim());
        else if (!node.value.trim().startsWith('../') && heldSomewhere(node.value.trim())) heldPaths.add(node.value.trim());
        else deadPaths.set(node.value.trim(), { finding: { rule: 'dead-path', file: document.file, ...at(node), message: `\`${node.value}\` names a path that does not exist` }, mentions: 1 });
      }
    }
    if ('children' in node) {
      const besides = node.children.flatMap((child) => (child.type === 'link' && EXTERNAL.test(child.url) ? [urlPath(child.url)] : []));
      for (const child of node.children) visit(child, inLink || node.type === 'link', besides);
    }
  };
  visit(document.tree, false, []);
  for (const { finding, mentions } of deadPaths.values()) {
    findings.push(mentions === 1 ? finding : { ...finding, message: `${finding.message} (mentioned ${mentions} times in this file)` });
  }
  return { findings, publishedLinks, ignoredPaths: ignoredPaths.size, scriptedPaths: scriptedPaths.size, heldPaths: heldPaths.size };
}

/** Build files a repository runs its tasks from, at its root. */
const TASK_FILES = ['Makefile', 'makefile', 'GNUmakefile', 'justfile', 'Justfile'];

/**
 * The text of the repository's task scripts that `file` (relative to the root) is documented
 * with: the root's Makefile or justfile, and the `scripts` of the root package and of the
 * package holding `file`.
 */
function scriptsText(root: string, workspace: Workspace, file: string): string {
  const texts = TASK_FILES.map((name) => join(root, name)).filter((path) => existsSync(path)).map((path) => readFileSync(path, 'utf8'));
  for (const pkg of new Set([workspace.packages.find((candidate) => candidate.dir === ''), ownerOf(workspace, file)])) {
    const scripts = pkg?.manifest['scripts'];
    if (typeof scripts === 'object' && scripts !== null) texts.push(...Object.values(scripts).filter((script): script is string => typeof script === 'string'));
  }
  return texts.join('\n');
}

/** What {@link checkReferences} found in one document. */
export interface ReferenceCheck {
  readonly findings: Finding[];
  /** Relative links that resolve only from the repository root, where the document is published from. */
  readonly publishedLinks: number;
  /** Backticked paths that are not there and that git ignores (written locally or by a build), each once: not checked. */
  readonly ignoredPaths: number;
  /** Backticked paths that are not there but that the repository's task scripts name (made when needed), each once: not reported. */
  readonly scriptedPaths: number;
  /**
   * Backticked paths not there from the document, its package or the root, but that end a path
   * the repository holds (`experimental/memory/session/provider.ts` of
   * `packages/agents/src/experimental/…`): written relative to a folder the text names in prose,
   * which the gate cannot read. Counted, not reported.
   */
  readonly heldPaths: number;
}

/**
 * Whether `file` (relative to the root) is published with its relative links pointing at the
 * repository root rather than its own folder: the README of a VS Code extension (a package that
 * declares `engines.vscode`) on GitHub or GitLab, which `vsce` rewrites against
 * `<repository>/blob/HEAD/` for the Marketplace page, whatever folder the extension sits in.
 */
function publishedFromRoot(workspace: Workspace, file: string): boolean {
  const pkg = ownerOf(workspace, file);
  if (pkg === undefined || posix.dirname(file) !== (pkg.dir === '' ? '.' : pkg.dir) || posix.basename(file).toLowerCase() !== 'readme.md') return false;
  const engines = pkg.manifest['engines'] as Record<string, unknown> | undefined;
  const repository = pkg.manifest['repository'];
  const url = typeof repository === 'string' ? repository : (repository as { url?: unknown } | undefined)?.url;
  return typeof engines?.['vscode'] === 'string' && typeof url === 'string' && /(?:github|gitlab)(?:\.com\/|:)/.test(url);
}

/** Whether an external link beside a backticked `text` points to a file at that path: it names the other repository's file. */
function namedUpstream(upstream: readonly string[], text: string): boolean {
  const path = text.trim().replace(/^\.\//, '');
  return path.includes('/') && upstream.some((url) => url.endsWith(`/${path}`));
}

/** The path of an external URL, without query and fragment, decoded. */
function urlPath(url: string): string {
  return decoded(url.replace(/[?#].*$/s, ''));
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The last segment of a file path: a name with an extension (`session.ts`, `README.md`). */
const FILE_NAME = /\.[A-Za-z][A-Za-z0-9]{0,7}$/;
/** Segments that make a path a build output (absent until built) or a placeholder (`path/to/x.ts`). */
const NOT_CHECKED_SEGMENT = /^(?:dist|build|out|coverage|node_modules|[.]next|\.{2,}|path|to|your[-_].*|my[-_].*|xxx|foo|bar)$/i;

/**
 * The places backticked `text` may name, when it reads as a repository path: it contains a `/`,
 * ends in a file name with an extension or in a `/` (a folder), names no build output or
 * placeholder, and its first segment exists beside the document, at its package's root or at the
 * repository root. `undefined` for anything else (an event name such as `user/message`, a
 * package such as `@acme/ui`, a command).
 */
function repositoryPath(bases: readonly string[], folder: string, text: string): string[] | undefined {
  const value = text.trim();
  if (!value.includes('/') || /^[/@-]/.test(value) || NOT_A_PATH.test(value)) return undefined;
  const relativePath = value.replace(/^\.\//, '');
  const segments = relativePath.split('/').filter((segment) => segment !== '');
  const last = segments[segments.length - 1] ?? '';
  if (!value.endsWith('/') && !FILE_NAME.test(last)) return undefined;
  if (segments.some((segment) => segment !== '..' && NOT_CHECKED_SEGMENT.test(segment))) return undefined;
  const first = segments[0];
  // A dot-folder (`.continue/`, `.claude/settings.json`) names a tool's config location in a user's home or project as
  // often as a folder of this repository: not checked.
  if (first === undefined || (first.startsWith('.') && first !== '..')) return undefined;
  if (first === '..') return [join(folder, relativePath)];
  const found = bases.filter((base) => existsSync(join(base, first)));
  return found.length === 0 ? undefined : found.map((base) => join(base, relativePath));
}
