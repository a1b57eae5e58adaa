import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minimatch } from 'minimatch';
import ts from 'typescript';
import { compareFindings } from '../check/compare-findings.js';
import type { Finding } from '../check/finding.js';
import type { GateReport } from '../check/gate-report.js';
import { loadProject } from '../check/load-project.js';
import { dependenciesInstalled } from '../check/dependencies-installed.js';
import { readWorkspace } from '../check/workspace.js';
import { ModuleResolver } from '../check/module-resolver.js';
import { writeFileAtomic } from '../check/write-file-atomic.js';
import { checkCliHelp } from './check-cli-help.js';
import { checkFences } from './check-fences.js';
import { checkReferences } from './check-references.js';
import { checkGeneratedDocs } from './check-generated-docs.js';
import { checkRuleDocs } from './check-rule-docs.js';
import { checkVocabulary, DEFAULT_VOCABULARY } from './check-vocabulary.js';
import { declaredNames } from './declared-names.js';
import { docToolOptOuts } from './doc-tool-opt-outs.js';
import { fenceLibraries } from './fence-libraries.js';
import { fenceProgram } from './fence-program.js';
import { DEFAULT_DOCS_EXCLUDE, findMarkdownFiles, translationCopies } from './find-markdown-files.js';
import { headingAnchors } from './heading-anchors.js';
import type { KitDocsOptions } from './kit-docs-options.js';
import { loadDocsConfig } from './load-docs-config.js';
import { isDocument, readMarkdown, type MarkdownDocument } from './markdown-document.js';
import { DEFAULT_FENCE_OPT_OUTS, tsFences, type TsFence } from './ts-fence.js';
import { NO_CHECK_MARKER } from './no-check-marker.js';
import { repositoryPaths } from './repository-paths.js';

/** Options of {@link runDocs}. */
export interface DocsOptions {
  /** Absolute path of the repository root; everything is reported relative to it. */
  readonly root: string;
  /**
   * Absolute path of the tsconfig the fences typecheck against and code names are read from,
   * followed through its project references; default `docs.project`, else `<root>/tsconfig.json`,
   * else every package's tsconfig.json.
   */
  readonly tsconfig?: string;
  /** Identity-vocabulary names checked besides `agentId`, `AgentId` and `agent_id`. */
  readonly vocabulary?: readonly string[];
  /**
   * Globs (relative to the root) of Markdown files to leave out, besides the default folders and
   * the `docs.exclude` of `agent-identity-kit.config.json`.
   */
  readonly exclude?: readonly string[];
  /** The kit's own repository only: the extra checks (generated requirement list and clause coverage, rule pages, README help). */
  readonly kit?: KitDocsOptions;
  /**
   * With `kit`: rewrite `docs/requirements.md`, `docs/clause-coverage.md` and the README's stale CLI help blocks instead of
   * reporting them. Default false.
   */
  readonly update?: boolean;
}

/** The doc-sync gate's report. */
export interface DocsReport extends GateReport {
  readonly gate: 'docs';
  /** Markdown files read. */
  readonly files: number;
  /** TypeScript fences typechecked, and those that opted out with an opt-out label. */
  readonly fences: { readonly checked: number; readonly optedOut: number };
  /** Source files of the project read for the names the code declares. */
  readonly codeFiles: number;
}

/**
 * The doc-sync gate: every TypeScript fence of the repository's Markdown typechecks against the
 * project, relative links and backticked paths resolve, and backticked identity vocabulary is
 * still defined by the code; for the kit itself also the generated and mirrored docs.
 */
export function runDocs(options: DocsOptions): DocsReport {
  const { root } = options;
  const config = loadDocsConfig(root);
  const workspace = readWorkspace(root);
  const project = loadProject(root, options.tsconfig ?? (config.project === undefined ? undefined : join(root, config.project)), workspace.tsconfigs);
  const exclude = [...DEFAULT_DOCS_EXCLUDE, ...(config.exclude ?? []), ...(options.exclude ?? [])];
  let translations = new Set<string>();
  // A file that cannot be read is a finding, never the end of the gate; the others are still checked.
  let unreadable: Finding[] = [];
  const readAll = (): MarkdownDocument[] => {
    const files = findMarkdownFiles(root, exclude);
    translations = config.checkTranslations === true ? new Set() : translationCopies(files);
    const read = files.filter((file) => !translations.has(file)).map((file) => readMarkdown(root, file));
    unreadable = read.filter((entry): entry is Finding => !isDocument(entry));
    return read.filter(isDocument);
  };
  // Every input is read (and so validated) before anything is written.
  let documents = readAll();
  const findings: Finding[] = [...workspace.invalid, ...(project?.invalid ?? [])];
  if (options.kit !== undefined) {
    findings.push(...checkGeneratedDocs(root, options.update === true));
    // The rest of the run reads the regenerated file as it now is.
    if (options.update === true) documents = readAll();
  }
  findings.push(...unreadable);
  const vocabulary = new Set([...DEFAULT_VOCABULARY, ...(config.vocabulary ?? []), ...(options.vocabulary ?? [])]);
  const ignores = config.vocabularyIgnores ?? [];
  const vocabularyIgnored = (file: string): boolean => ignores.some(({ pattern }) => minimatch(file, pattern, { dot: true }));

  const byFile = new Map(documents.map((document) => [document.file, document]));
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = (file: string): Set<string> | undefined => {
    const document = byFile.get(file);
    if (document === undefined) return undefined;
    const known = anchors.get(file) ?? headingAnchors(document);
    anchors.set(file, known);
    return known;
  };
  const learned = docToolOptOuts(workspace);
  const optOuts = new Set([...DEFAULT_FENCE_OPT_OUTS, ...(config.fenceOptOuts ?? []), ...learned.keys()]);
  const fences = documents.map((document) => tsFences(root, document, optOuts));
  const program = fenceProgram(fences.flat(), project?.options, new ModuleResolver(root, workspace), fenceLibraries(root, workspace, project?.libs ?? []));
  const installed = new Map<string, boolean>();
  const codeFiles = project?.fileNames ?? [];
  const codeNames = new Set<string>();
  for (const file of codeFiles) {
    // Most project files were already parsed for the fences' imports: reuse them.
    const source = program?.getSourceFile(file) ?? ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    declaredNames(source, codeNames);
  }
  const fenceCheck = checkFences(program, fences.flat(), (folder) => dependenciesInstalled(root, folder, installed), codeNames);
  findings.push(...fenceCheck.findings);
  let publishedLinks = 0;
  let ignoredPaths = 0;
  let scriptedPaths = 0;
  let heldPaths = 0;
  const heldSomewhere = repositoryPaths(root);
  documents.forEach((document, index) => {
    const defined = new Set(codeNames);
    for (const fence of fences[index] ?? []) declaredNames(ts.createSourceFile(fence.virtualPath, fence.code, ts.ScriptTarget.Latest), defined);
    const references = checkReferences(root, document, anchorsOf, workspace, heldSomewhere);
    findings.push(...references.findings);
    publishedLinks += references.publishedLinks;
    ignoredPaths += references.ignoredPaths;
    scriptedPaths += references.scriptedPaths;
    heldPaths += references.heldPaths;
    // Without any code read, every mention would look stale: the check says so instead of guessing.
    if (codeFiles.length > 0 && !vocabularyIgnored(document.file)) findings.push(...checkVocabulary(document, vocabulary, defined));
  });

  const all = fences.flat();
  const checked = all.filter((fence) => fence.optOut === undefined);
  const optedOut = all.filter((fence) => fence.optOut !== undefined);
  const notes = [
    `${documents.length} Markdown files${notRead(unreadable)}, ${codeFiles.length} code files from ${project === undefined ? 'no tsconfig' : `${project.tsconfigs.length} tsconfig${project.tsconfigs.length === 1 ? '' : 's'} (${abbreviated(project.tsconfigs)})`}, ${checked.length} ts fences typechecked${breakdown(checked, (fence) => fence.kind)}, ${optedOut.length} opted out${breakdown(optedOut, (fence) => fence.optOut ?? '')}`,
  ];
  if (learned.size > 0) notes.push(`fence labels the repository's doc tools typecheck themselves, opted out: ${[...learned].map(([label, tools]) => `${label} (${tools.join(', ')})`).join(', ')}`);
  if (publishedLinks > 0) notes.push(`${publishedLinks} relative links of VS Code extension READMEs resolve only from the repository root, where vsce points them on the Marketplace: not dead`);
  if (ignoredPaths > 0) notes.push(`${ignoredPaths} backticked paths name files git ignores that are not there (written locally, as \`.env\`, or by a build): not checked`);
  if (scriptedPaths > 0) notes.push(`${scriptedPaths} backticked paths are not there but the repository's task scripts name them (Makefile, justfile, package.json scripts: made when needed): not reported`);
  if (heldPaths > 0) notes.push(`${heldPaths} backticked paths are not there from the document, its package or the root, but end a path the repository holds (written relative to a folder the text names in prose): not reported`);
  if (translations.size > 0) notes.push(`${translations.size} translation copies left out (docs.checkTranslations to check them)`);
  if (fenceCheck.fragments > 0) notes.push(`${fenceCheck.fragments} fences are fragments (they use names they never declare or import, properties of a base they never declare or that is not installed or \`this\` outside a class or function, import files of the reader's project, show alternatives (a name declared twice), leave out the type of a declaration (implicit any), list bodiless signatures, or parse only with their elisions and unopened closing brackets at the end removed, or as the body of a function or class, a type or an expression): those errors, and the errors of the fence that follow from them, not reported`);
  if (fenceCheck.notInstalled > 0) notes.push(`dependencies not installed (no node_modules): ${fenceCheck.notInstalled} imports in fences not resolved, not reported`);
  if (fenceCheck.libraryGaps > 0) {
    notes.push(
      `${fenceCheck.libraryGaps} fence errors name globals the typecheck's libraries lack (${abbreviated(fenceCheck.missingGlobals)}): not reported; docs.project naming a tsconfig whose lib or types has them checks them`,
    );
  }
  if (fenceCheck.failing.length > 0) {
    notes.push(
      `${fenceCheck.findings.length} fence findings in ${fenceCheck.failing.length} of ${checked.length} typechecked fences; failing fences by label${breakdown(fenceCheck.failing, (fence) => fence.kind)}: a label whose fences are fragments opts out with docs.fenceOptOuts (one fence with \`ts ${NO_CHECK_MARKER}\`)`,
    );
  }
  const ignored = documents.filter((document) => vocabularyIgnored(document.file)).length;
  if (ignored > 0) notes.push(`${ignored} files exempt from the vocabulary check (docs.vocabularyIgnores)`);
  if (project === undefined) notes.push('no tsconfig.json: fences use default options and no code declarations were read');
  if (codeFiles.length === 0) notes.push('no code read: identity vocabulary not checked (set docs.project or --project)');
  if (options.kit !== undefined) {
    const found = byFile.get('README.md') ?? (existsSync(join(root, 'README.md')) ? readMarkdown(root, 'README.md') : undefined);
    // An unreadable README is already a finding of its own.
    const readme = found !== undefined && isDocument(found) ? found : undefined;
    const help = checkCliHelp(readme, options.kit.helpTexts);
    if (options.update === true && readme !== undefined && help.synced !== readme.text) {
      writeFileAtomic(join(root, readme.file), help.synced);
      const rewritten = readMarkdown(root, readme.file);
      findings.push(...(isDocument(rewritten) ? checkCliHelp(rewritten, options.kit.helpTexts).findings : [rewritten]));
    } else {
      findings.push(...help.findings);
    }
    if (options.kit.ruleIds === undefined) notes.push('lint rule pages not checked: no rule list given');
    else findings.push(...checkRuleDocs(root, options.kit.ruleIds));
  }
  findings.sort(compareFindings);
  return { gate: 'docs', findings, notes, read: documents.length, files: documents.length, fences: { checked: checked.length, optedOut: optedOut.length }, codeFiles: codeFiles.length };
}

/** ` (plain 3, title 2)`: how many fences of each kind, most first; empty for none. */
function breakdown(fences: readonly TsFence[], kindOf: (fence: TsFence) => string): string {
  if (fences.length === 0) return '';
  const counts = new Map<string, number>();
  for (const fence of fences) counts.set(kindOf(fence), (counts.get(kindOf(fence)) ?? 0) + 1);
  const sorted = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  return ` (${sorted.map(([kind, count]) => `${kind} ${count}`).join(', ')})`;
}

/** The first three of `names` and how many more. */
function abbreviated(names: readonly string[]): string {
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/** What the summary says of the Markdown files that could not be read: how many, and why the first (a run that read nothing ends on this line). */
function notRead(unreadable: readonly Finding[]): string {
  const [first] = unreadable;
  return first === undefined ? '' : ` (${unreadable.length} not read, first ${first.file}: ${first.message})`;
}
