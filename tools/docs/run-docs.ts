import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minimatch } from 'minimatch';
import ts from 'typescript';
import { compareFindings } from '../check/compare-findings.js';
import type { Finding } from '../check/finding.js';
import type { GateReport } from '../check/gate-report.js';
import { loadTsconfig } from '../check/load-tsconfig.js';
import { writeFileAtomic } from '../check/write-file-atomic.js';
import { checkCliHelp } from './check-cli-help.js';
import { checkFences } from './check-fences.js';
import { checkReferences } from './check-references.js';
import { checkGeneratedDocs } from './check-generated-docs.js';
import { checkRuleDocs } from './check-rule-docs.js';
import { checkVocabulary, DEFAULT_VOCABULARY } from './check-vocabulary.js';
import { declaredNames } from './declared-names.js';
import { fenceProgram } from './fence-program.js';
import { DEFAULT_DOCS_EXCLUDE, findMarkdownFiles } from './find-markdown-files.js';
import { headingAnchors } from './heading-anchors.js';
import type { KitDocsOptions } from './kit-docs-options.js';
import { loadDocsConfig } from './load-docs-config.js';
import { readMarkdown, type MarkdownDocument } from './markdown-document.js';
import { NO_CHECK_MARKER, tsFences } from './ts-fence.js';

/** Options of {@link runDocs}. */
export interface DocsOptions {
  /** Absolute path of the repository root; everything is reported relative to it. */
  readonly root: string;
  /** Absolute path of the tsconfig the fences typecheck against; default `<root>/tsconfig.json` if present. */
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
  /** TypeScript fences typechecked, and those that opted out with the `no-check` marker. */
  readonly fences: { readonly checked: number; readonly optedOut: number };
}

/**
 * The doc-sync gate: every TypeScript fence of the repository's Markdown typechecks against the
 * project, relative links and backticked paths resolve, and backticked identity vocabulary is
 * still defined by the code; for the kit itself also the generated and mirrored docs.
 */
export function runDocs(options: DocsOptions): DocsReport {
  const { root } = options;
  const config = loadDocsConfig(root);
  const tsconfig = loadTsconfig(root, options.tsconfig);
  const exclude = [...DEFAULT_DOCS_EXCLUDE, ...(config.exclude ?? []), ...(options.exclude ?? [])];
  const readAll = (): MarkdownDocument[] => findMarkdownFiles(root, exclude).map((file) => readMarkdown(root, file));
  // Every input is read (and so validated) before anything is written.
  let documents = readAll();
  const findings: Finding[] = [];
  if (options.kit !== undefined) {
    findings.push(...checkGeneratedDocs(root, options.update === true));
    // The rest of the run reads the regenerated file as it now is.
    if (options.update === true) documents = readAll();
  }
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
  const fences = documents.map((document) => tsFences(root, document));
  const program = fenceProgram(fences.flat(), tsconfig?.options);
  findings.push(...checkFences(program, fences.flat()));
  const codeNames = new Set<string>();
  for (const file of tsconfig?.fileNames ?? []) {
    // Most project files were already parsed for the fences' imports: reuse them.
    const source = program?.getSourceFile(file) ?? ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    declaredNames(source, codeNames);
  }
  documents.forEach((document, index) => {
    const defined = new Set(codeNames);
    for (const fence of fences[index] ?? []) declaredNames(ts.createSourceFile(fence.virtualPath, fence.code, ts.ScriptTarget.Latest), defined);
    findings.push(...checkReferences(root, document, anchorsOf));
    if (!vocabularyIgnored(document.file)) findings.push(...checkVocabulary(document, vocabulary, defined));
  });

  const checked = fences.flat().filter((fence) => fence.checked).length;
  const optedOut = fences.flat().length - checked;
  const notes = [`${documents.length} Markdown files, ${checked} ts fences typechecked, ${optedOut} opted out (${NO_CHECK_MARKER})`];
  const ignored = documents.filter((document) => vocabularyIgnored(document.file)).length;
  if (ignored > 0) notes.push(`${ignored} files exempt from the vocabulary check (docs.vocabularyIgnores)`);
  if (tsconfig === undefined) notes.push('no tsconfig.json: fences use default options and no code declarations were read');
  if (options.kit !== undefined) {
    const readme = byFile.get('README.md') ?? (existsSync(join(root, 'README.md')) ? readMarkdown(root, 'README.md') : undefined);
    const help = checkCliHelp(readme, options.kit.helpFor);
    if (options.update === true && readme !== undefined && help.synced !== readme.text) {
      writeFileAtomic(join(root, readme.file), help.synced);
      findings.push(...checkCliHelp(readMarkdown(root, readme.file), options.kit.helpFor).findings);
    } else {
      findings.push(...help.findings);
    }
    if (options.kit.ruleIds === undefined) notes.push('lint rule pages not checked: no rule list given');
    else findings.push(...checkRuleDocs(root, options.kit.ruleIds));
  }
  findings.sort(compareFindings);
  return { gate: 'docs', findings, notes, files: documents.length, fences: { checked, optedOut } };
}
