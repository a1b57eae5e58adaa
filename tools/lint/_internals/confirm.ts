/**
 * The identity lint's second stage: the TypeScript type checker confirms the candidates that the
 * syntactic pass proposed, and is asked only about them. Programs are built only when there are
 * candidates: one per tsconfig of the files that hold them (keeping its `paths` and module
 * settings), over those files and whatever they import — never a file under `node_modules`, and
 * without the default library: only the project's own declarations matter (and the little of the
 * library that indexing a list needs). Source files are shared between the programs. Workspace
 * packages of a monorepo resolve to their sources even before dependencies are installed. Two
 * kinds of candidate are settled without a program, because a program holds a candidate file's
 * whole import graph (3,045 files for 25 candidates on a 9,500-file app): inherited-pair
 * candidates whose bases, read by name through what their types are built of, never name the
 * missing side; and candidates whose every question is about an id declared `string` or
 * `number`, which the annotation answers as the checker would.
 *
 * Each {@link Question} is answered from the declared type of one declaration: does an "agent"
 * carry an id of its own (a lifecycle object) or not (a persona, definition, factory)? is a
 * session the agent's session or another kind (a terminal, sandbox, browser, vendor session)?
 * is an id typed by an identity type, or a plain string the checker cannot tell about? The
 * answers, with the package's lifecycle evidence, are the candidate's facts; `decide()`
 * (`decide.ts`) gives its level from them: dropped when the code refutes it, an error when it
 * proves the shape, a warning — saying why — when the checker cannot tell.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ts } from 'ts-morph';
import { USUAL_PAIR, type Question, type RawFinding } from '../rules/rule.js';
import { classifyName, classifyTypeName, isIdList, normalizeName, OTHER_AGENT_WORDS, OTHER_SESSION_WORDS, splitWords, WIRE_HOLDER_WORDS, type ResolvedVocabulary } from './identity-names.js';
import { confirmationOf, decide, type LifecycleFacts, type Refutation, type Shape } from './decide.js';
import { mintsWithin } from './id-sources.js';
import { packageFiles, packageOf, readLifecycleEvidence, verdicts, type LifecycleSite } from './lifecycle-evidence.js';
import { parseSource } from './parse-source.js';
import { inNodeModules, type Repositories } from './repository-root.js';
import { isAliased, workspaceAliases, type ResolveAlias } from '../../check/workspace-aliases.js';

type Answer =
  | { readonly status: 'confirmed'; readonly id?: string }
  | { readonly status: 'plain' }
  | { readonly status: 'refuted'; readonly because: Refutation }
  | { readonly status: 'unknown'; readonly reason: string };

const ID_PROPERTIES = ['id', 'sessionId', 'session_id', 'agentId', 'agent_id'];
const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'build', 'out', 'coverage']);
/**
 * The programs load no default library (reading it costs more than the project's own files),
 * but without `Array` the checker cannot index a list: `(typeof KINDS)[number]` over an
 * `as const` list would be `any`, and without `Exclude` neither could a kind be taken out of such
 * a union. This much of the library is declared instead.
 */
const LIBRARY = '/__agent-identity-kit__/library.d.ts';
/** The default library's utility types: not declared in {@link LIBRARY_TEXT}, so the checker reads no member through them. */
const UTILITY_TYPES = new Set(['Pick', 'Omit', 'Partial', 'Required', 'Readonly', 'Record', 'ReturnType', 'Parameters', 'InstanceType', 'Awaited', 'NonNullable', 'Extract']);
const LIBRARY_TEXT = [
  'interface Array<T> { length: number; [n: number]: T }',
  'interface ReadonlyArray<T> { readonly length: number; readonly [n: number]: T }',
  'type Exclude<T, U> = T extends U ? never : T;',
  ...['Boolean', 'Function', 'CallableFunction', 'NewableFunction', 'IArguments', 'Number', 'Object', 'RegExp', 'String'].map((name) => `interface ${name} {}`),
].join('\n');


function words(names: readonly (string | undefined)[]): Set<string> {
  return new Set(names.flatMap((name) => (name === undefined ? [] : splitWords(name))));
}

function intersects(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const word of a) if (b.has(word)) return true;
  return false;
}

/**
 * Compiler options for the files of one tsconfig: its module settings, no emit, no library.
 * Imports are resolved by the gates' one resolver (`ModuleResolver`), not with these options.
 */
function compilerOptions(tsconfig: string | undefined): ts.CompilerOptions {
  let options: ts.CompilerOptions = {};
  if (tsconfig !== undefined) {
    const read = ts.readConfigFile(tsconfig, ts.sys.readFile);
    if (read.error === undefined) options = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(tsconfig), undefined, tsconfig).options;
  }
  const moduleResolution =
    options.moduleResolution === undefined || options.moduleResolution === ts.ModuleResolutionKind.Classic ? ts.ModuleResolutionKind.Bundler : options.moduleResolution;
  return {
    ...options,
    moduleResolution,
    ...(moduleResolution === ts.ModuleResolutionKind.Bundler ? { module: ts.ModuleKind.ESNext } : {}),
    noLib: true,
    types: [],
    noEmit: true,
    skipLibCheck: true,
    allowJs: false,
    composite: false,
    incremental: false,
    declaration: false,
  };
}

/** The checker of one group of candidate files. */
interface Checked {
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;
}

/** Answers the questions of candidate findings; builds its programs on the first question. */
export class Confirmer {
  private readonly aliases = new Map<string, readonly ResolveAlias[]>();
  private readonly bareResolutions = new Map<string, ts.ResolvedModuleFull | undefined>();
  private readonly scopes = new Map<string, string>();
  private readonly programs = new Map<string, Checked>();
  private readonly packageTexts = new Map<string, 'typed' | 'named' | undefined>();
  private readonly sourceFiles = new Map<string, ts.SourceFile>();
  private readonly texts = new Map<string, string | undefined>();
  private readonly tsconfigs = new Map<string, string | undefined>();
  private readonly options = new Map<string, ts.CompilerOptions>();
  private readonly evidence = new Map<string, LifecycleSite[]>();
  private readonly packageFileLists = new Map<string, readonly string[]>();

  constructor(
    private readonly cwd: string,
    private readonly vocabulary: ResolvedVocabulary,
    /** The id generators `double-mint` knows (its defaults and configured `mintFunctions`). */
    private readonly mintFunctions: ReadonlySet<string>,
    /** The run's repositories, shared with the walk. */
    private readonly repositories: Repositories,
  ) {}

  /** Confirms every candidate of `findings` (others pass through); refuted candidates are dropped. */
  confirmAll(findings: readonly RawFinding[]): RawFinding[] {
    // A type can inherit the side it lacks only from a module whose text (or that of a module it
    // imports from) names that side: the others are settled without building a program.
    const hopeless = new Set(findings.filter((finding) => this.cannotInherit(finding)));
    // Claims whose every question its declaration's keyword type answers need no program either.
    const candidates = findings.filter((finding) => finding.questions !== undefined && !hopeless.has(finding) && !this.keywordAnswers(finding));
    this.build([...new Set(candidates.map((finding) => resolve(this.cwd, finding.file)))]);
    const kept: RawFinding[] = [];
    for (const finding of findings) {
      if (finding.questions === undefined) {
        // A syntactic rule's own judgement: unconfirmed where only names show the shape, saying why.
        const decision = decide({ shape: 'objects', typed: false, names: [], ...(finding.confirmation === undefined ? {} : { settled: finding.confirmation }), lifecycle: () => ({}) });
        kept.push(decision.level === 'warning' && decision.reason !== undefined ? { ...finding, message: `${finding.message} (Unconfirmed: ${decision.reason}.)` } : finding);
        continue;
      }
      const judged = this.judge(finding, hopeless.has(finding));
      if (judged !== undefined) kept.push(judged);
    }
    return kept;
  }

  /**
   * True when an `inherited` candidate's missing side cannot come from its bases: each base is
   * imported by name, and neither its declaration nor a declaration it names — in its module or,
   * through the imports and re-exports that bring those names, in another — mentions the side's
   * word; a local base is read the same way in its own module, and the library's utility types
   * (`Pick`, `Omit`, …), which the programs do not load, give the checker no members at all. Any
   * other base (a global, a namespace's member, a default import) keeps the candidate.
   */
  private cannotInherit(finding: RawFinding): boolean {
    const question = finding.questions?.find((entry) => entry.role === 'inherited');
    if (question?.missing === undefined || question.bases === undefined) return false;
    const file = resolve(this.cwd, finding.file);
    const text = this.text(file);
    if (text === undefined) return false;
    const word = new RegExp(question.missing, 'i');
    const { imports, locals } = moduleScope(this.parsed(file, text));
    return question.bases.every((base) => {
      const link = imports.get(base);
      if (link === undefined) {
        if (locals.has(base)) return !this.declarationMayName(file, base, word, new Set());
        return UTILITY_TYPES.has(base) && new RegExp(`(?<![\\w$.])${base}\\s*<`).test(text);
      }
      if (link.name === '*' || link.name === 'default') return false;
      return !this.declarationMayName(this.resolveImport(link.specifier, file), link.name, word, new Set());
    });
  }

  /**
   * Whether the type exported as `name` from the module at `file` may have a member whose name,
   * or the name of whose annotated type, mentions `word` — what `inheritedPair` reads of a base.
   * Read from the syntax: its members' names and annotation names, and — followed through the
   * module's declarations, imports and re-exports — the types its own bases, intersections and
   * unions name (`deep`: anything else a type is built from, such as a type argument, `typeof` or
   * an indexed access, where every name and literal counts). A class's method, constructor and
   * accessor bodies add no member. A namespace import asks the whole module; an `import()` type
   * keeps the answer yes.
   */
  private declarationMayName(file: string | undefined, name: string, word: RegExp, seen: Set<string>, deep = false): boolean {
    const key = `${file ?? ''}\0${name}\0${deep}`;
    if (file === undefined || seen.has(key)) return false;
    seen.add(key);
    const text = this.text(file);
    if (text === undefined) return false;
    const sourceFile = this.parsed(file, text);
    const scope = moduleScope(sourceFile);
    const follow = (link: ModuleLink, deeply: boolean): boolean =>
      link.name === '*'
        ? this.mayName(this.resolveImport(link.specifier, file), word, new Set())
        : this.declarationMayName(this.resolveImport(link.specifier, file), link.name, word, seen, deeply);
    const local = scope.aliases.get(name) ?? name;
    const pending: Array<readonly [ts.Statement, boolean]> = (scope.locals.get(local) ?? []).map((statement) => [statement, deep] as const);
    if (pending.length === 0) {
      const link = scope.imports.get(local) ?? scope.reExports.get(name);
      if (link !== undefined) return follow(link, deep);
      return scope.exportStars.some((specifier) => this.declarationMayName(this.resolveImport(specifier, file), name, word, seen, deep));
    }
    let found = false;
    const named = (identifier: string, deeply: boolean): void => {
      pending.push(...(scope.locals.get(identifier) ?? []).map((statement) => [statement, deeply] as const));
      const link = scope.imports.get(identifier);
      found ||= link !== undefined && follow(link, deeply);
    };
    const visitDeep = (node: ts.Node): void => {
      if (found) return;
      if (ts.isImportTypeNode(node)) found = true;
      else if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || ts.isStringLiteral(node) || ts.isTemplateLiteralToken(node)) {
        found = word.test(node.text);
        if (!found && ts.isIdentifier(node)) named(node.text, true);
      } else if (ts.isClassElement(node) && 'body' in node) {
        const body = (node as { body?: ts.Node }).body;
        ts.forEachChild(node, (child) => (child === body ? undefined : visitDeep(child)));
      } else ts.forEachChild(node, visitDeep);
    };
    const member = (node: ts.Node): void => {
      if (ts.isConstructorDeclaration(node)) {
        for (const parameter of node.parameters) if (ts.getModifiers(parameter)?.length) member(parameter);
        return;
      }
      const memberName = (node as { name?: ts.Node }).name;
      if (memberName === undefined || ts.isIndexSignatureDeclaration(node)) return;
      if (ts.isComputedPropertyName(memberName)) visitDeep(memberName);
      else found ||= word.test(memberName.getText(sourceFile));
      const type = (node as { type?: ts.TypeNode }).type;
      if (type !== undefined && ts.isTypeReferenceNode(type)) found ||= word.test(type.typeName.getText(sourceFile));
    };
    const shallowType = (type: ts.TypeNode): void => {
      if (found) return;
      if (ts.isIntersectionTypeNode(type) || ts.isUnionTypeNode(type)) type.types.forEach(shallowType);
      else if (ts.isParenthesizedTypeNode(type)) shallowType(type.type);
      else if (ts.isTypeLiteralNode(type)) type.members.forEach(member);
      else if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
        named(type.typeName.text, false);
        type.typeArguments?.forEach(visitDeep);
      } else visitDeep(type);
    };
    const visitShallow = (statement: ts.Statement): void => {
      if (ts.isInterfaceDeclaration(statement) || ts.isClassDeclaration(statement)) {
        statement.typeParameters?.forEach(visitDeep);
        for (const clause of statement.heritageClauses ?? []) {
          for (const base of clause.types) {
            if (ts.isIdentifier(base.expression)) named(base.expression.text, false);
            else visitDeep(base.expression);
            base.typeArguments?.forEach(visitDeep);
          }
        }
        (statement.members as ts.NodeArray<ts.Node>).forEach(member);
      } else if (ts.isTypeAliasDeclaration(statement)) {
        statement.typeParameters?.forEach(visitDeep);
        shallowType(statement.type);
      } else visitDeep(statement);
    };
    const done = new Set<string>();
    for (let next = pending.pop(); next !== undefined && !found; next = pending.pop()) {
      const [statement, deeply] = next;
      const id = `${statement.pos}\0${deeply}`;
      if (done.has(id)) continue;
      done.add(id);
      if (deeply) visitDeep(statement);
      else visitShallow(statement);
    }
    return found;
  }

  /** Whether `file`, or a module it imports or re-exports from, mentions `word`. */
  private mayName(file: string | undefined, word: RegExp, seen: Set<string>): boolean {
    if (file === undefined || seen.has(file)) return false;
    seen.add(file);
    const text = this.text(file);
    if (text === undefined) return false;
    if (word.test(text)) return true;
    for (const match of text.matchAll(/\bfrom\s*['"]([^'"]+)['"]/g)) {
      if (this.mayName(this.resolveImport(match[1] as string, file), word, seen)) return true;
    }
    return false;
  }

  private resolveImport(specifier: string, from: string): string | undefined {
    const resolved = this.repositories.resolverOf(this.repositories.rootOf(from)).resolve(specifier, from);
    return resolved !== undefined && !inNodeModules(resolved.resolvedFileName) ? resolved.resolvedFileName : undefined;
  }

  private text(file: string): string | undefined {
    if (this.texts.has(file)) return this.texts.get(file);
    let text: string | undefined;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      text = undefined;
    }
    this.texts.set(file, text);
    return text;
  }

  /** `file` parsed once, whether a program or the lifecycle evidence asks first. */
  private parsed(file: string, text: string): ts.SourceFile {
    let sourceFile = this.sourceFiles.get(file);
    if (sourceFile === undefined) {
      sourceFile = parseSource(file, text);
      this.sourceFiles.set(file, sourceFile);
    }
    return sourceFile;
  }

  private tsconfigOf(file: string): string | undefined {
    const folder = dirname(file);
    if (!this.tsconfigs.has(folder)) this.tsconfigs.set(folder, ts.findConfigFile(folder, ts.sys.fileExists));
    return this.tsconfigs.get(folder);
  }

  /** The options for `file`'s tsconfig. */
  private optionsOf(tsconfig: string | undefined, file: string): ts.CompilerOptions {
    const root = this.repositories.rootOf(file);
    const key = `${root}\0${tsconfig ?? ''}`;
    let options = this.options.get(key);
    if (options === undefined) {
      options = compilerOptions(tsconfig);
      this.options.set(key, options);
    }
    return options;
  }

  /** The aliases of the repository's own packages, as the gates read them. */
  private aliasesOf(root: string): readonly ResolveAlias[] {
    let aliases = this.aliases.get(root);
    if (aliases === undefined) {
      aliases = workspaceAliases(root, this.repositories.workspaceOf(root));
      this.aliases.set(root, aliases);
    }
    return aliases;
  }

  /** One program per tsconfig of the candidate files, each over those files and their imports. */
  private build(files: readonly string[]): void {
    const groups = new Map<string, { tsconfig: string | undefined; roots: string[] }>();
    for (const file of files) {
      const tsconfig = this.tsconfigOf(file);
      const key = `${this.repositories.rootOf(file)}\0${tsconfig ?? ''}`;
      const group = groups.get(key) ?? { tsconfig, roots: [] };
      group.roots.push(file);
      groups.set(key, group);
    }
    for (const { tsconfig, roots } of groups.values()) {
      const options = this.optionsOf(tsconfig, roots[0] as string);
      const host = ts.createCompilerHost(options, false);
      // A file imported by several groups is parsed (and bound) once, as a language service's
      // document registry shares it between programs.
      host.getSourceFile = (fileName) => {
        if (fileName === LIBRARY) return this.parsed(LIBRARY, LIBRARY_TEXT);
        if (inNodeModules(fileName)) return undefined;
        const text = this.sourceFiles.has(fileName) ? '' : this.text(fileName);
        return text === undefined ? undefined : this.parsed(fileName, text);
      };
      host.fileExists = (fileName) => !inNodeModules(fileName) && ts.sys.fileExists(fileName);
      host.directoryExists = (folder) => !inNodeModules(`${folder}/`) && ts.sys.directoryExists(folder);
      // The gates' resolver sends the repository's own packages to their sources; what resolves into node_modules is not read.
      const root = this.repositories.rootOf(roots[0] as string);
      host.resolveModuleNameLiterals = (literals, containingFile) => literals.map((literal) => ({ resolvedModule: this.resolveOwn(root, literal.text, containingFile) }));
      const program = ts.createProgram({ rootNames: [...roots, LIBRARY], options, host });
      const checked = { program, checker: program.getTypeChecker() };
      for (const root of roots) this.programs.set(root, checked);
    }
  }

  /**
   * The repository's own module `specifier` names from `containingFile`, by the resolver of the
   * repository at `root`; `undefined` when it is missing or a dependency's (never read). A bare
   * specifier resolves alike from every folder of one package under one tsconfig, down to the
   * nearest folder holding a `node_modules` (`paths`, `baseUrl`, the workspace's links and a
   * package's `imports` do not depend on the importing folder; the module format does only by
   * extension and package.json): it is resolved once per such scope — most of them, a
   * dependency's, are looked for in every ancestor's `node_modules` and not found.
   */
  private resolveOwn(root: string, specifier: string, containingFile: string): ts.ResolvedModuleFull | undefined {
    const resolver = this.repositories.resolverOf(root);
    const own = (): ts.ResolvedModuleFull | undefined => {
      const resolved = resolver.resolve(specifier, containingFile);
      return resolved !== undefined && !inNodeModules(resolved.resolvedFileName) ? resolved : undefined;
    };
    if (specifier.startsWith('.') || specifier.startsWith('/')) return own();
    const folder = dirname(containingFile);
    const format = /\.[cm]ts$/.exec(containingFile)?.[0] ?? '';
    const key = [root, this.scopeOf(folder, root), resolver.tsconfigOf(folder) ?? '', format, specifier].join('\0');
    if (!this.bareResolutions.has(key)) this.bareResolutions.set(key, own());
    return this.bareResolutions.get(key);
  }

  /** The nearest folder at or above `folder` (and at or below `root`) holding a `package.json` or a `node_modules`. */
  private scopeOf(folder: string, root: string): string {
    let scope = this.scopes.get(folder);
    if (scope === undefined) {
      const parent = dirname(folder);
      scope =
        folder === root || parent === folder || !folder.startsWith(`${root}/`) || existsSync(join(folder, 'package.json')) || existsSync(join(folder, 'node_modules'))
          ? folder
          : this.scopeOf(parent, root);
      this.scopes.set(folder, scope);
    }
    return scope;
  }

  /**
   * The facts stage for one claim: what the checker answers about its declarations, what they
   * prove, and — read only when the decision asks — the package's lifecycle evidence; then
   * {@link decide} gives its level. A dropped claim returns `undefined`.
   */
  private judge(candidate: RawFinding, cannotInherit: boolean): RawFinding | undefined {
    const absolute = resolve(this.cwd, candidate.file);
    const checked = this.programs.get(absolute);
    const sourceFile = checked?.program.getSourceFile(absolute);
    const inherited = candidate.questions?.find((question) => question.role === 'inherited');
    let finding = candidate;
    let answers: Answer[];
    let names = (candidate.questions ?? []).map((question) => question.name);
    let roles = (candidate.questions ?? []).map((question) => question.role).join();
    if (inherited !== undefined) {
      const completed =
        checked === undefined || sourceFile === undefined || cannotInherit ? undefined : this.inheritedPair(candidate, inherited, sourceFile, checked.checker, absolute);
      if (completed === undefined) answers = [{ status: 'refuted', because: 'not-inherited' }];
      else ({ finding, answers, names, roles } = completed);
    } else {
      answers =
        this.keywordAnswers(finding) ??
        (checked === undefined || sourceFile === undefined
          ? [{ status: 'unknown', reason: 'the type checker could not load the file' }]
          : (finding.questions ?? []).map((question) => this.answer(question, sourceFile, checked, absolute)));
    }
    const refuting = answers.find((answer): answer is Extract<Answer, { status: 'refuted' }> => answer.status === 'refuted');
    const refuted =
      refuting?.because ??
      (answers.length > 1 && intersects(words([finding.symbol]), WIRE_HOLDER_WORDS)
        ? 'wire-context'
        : heldByOtherSession(finding.symbol, roles)
          ? 'other-session'
          : undefined);
    const unknown = answers.find((answer): answer is Extract<Answer, { status: 'unknown' }> => answer.status === 'unknown');
    // A function's parameters are also decided at its call sites, matched by its name.
    const [agentQuestion, sessionQuestion] = finding.questions ?? [];
    const callee = calleeOf(finding.symbol);
    const call =
      agentQuestion?.index !== undefined && sessionQuestion?.index !== undefined && callee !== undefined
        ? { callee, agentIndex: agentQuestion.index, sessionIndex: sessionQuestion.index }
        : undefined;
    const [named, sessionName] = names;
    const typed = answers.length > 0 && answers.every((answer) => answer.status === 'confirmed');
    const shape: Shape = roles === 'agent-id,session-id' ? 'id-pair' : roles === 'agent-id,session-object' ? 'id-beside-session' : roles === 'id-type' ? 'id-type' : 'objects';
    // An agent's own `id` beside its session object is the package's agent id, by whatever name.
    const pair: readonly [string, string] | undefined =
      finding.pair ??
      (shape === 'id-pair' && named !== undefined && sessionName !== undefined
        ? [named, sessionName]
        : shape === 'id-beside-session' && named !== undefined
          ? [named === 'id' ? USUAL_PAIR[0] : named, USUAL_PAIR[1]]
          : undefined);
    let lifecycle: LifecycleFacts | undefined;
    const decision = decide({
      shape,
      ...(refuted === undefined ? {} : { refuted }),
      ...(finding.confirmation === undefined ? {} : { settled: finding.confirmation }),
      ...(unknown === undefined ? {} : { unresolved: unknown.reason }),
      ...(finding.proof === undefined ? {} : { proof: finding.proof }),
      typed,
      names,
      ...(pair === undefined ? {} : { pair }),
      lifecycle: () => (lifecycle ??= pair === undefined ? {} : this.byLifecycle(absolute, pair, call, finding.members)),
    });
    if (decision.level === 'dropped') return undefined;
    const confirmation = confirmationOf(decision);
    const id = answers.find((answer): answer is { status: 'confirmed'; id: string } => answer.status === 'confirmed' && answer.id !== undefined)?.id;
    let message = finding.message;
    if (finding.fix !== undefined && id !== undefined) message += ` ${finding.fix.replace(/\{id\}/g, id)}`;
    if (confirmation.status === 'unknown') message += ` (Unconfirmed: ${confirmation.reason}.)`;
    else if (confirmation.reason !== undefined) message += ` (Confirmed: ${confirmation.reason}.)`;
    const { questions: _questions, fix: _fix, only: _only, pair: _pair, proof: _proof, members: _members, ...rest } = finding;
    return { ...rest, message, confirmation };
  }

  /**
   * What the package's code says of a pair of ids (see `lifecycle-evidence.ts`): where it mints
   * both or builds one from the other or lets one stand in for the other (`together`: one
   * lifecycle), and where it mints the session id for an agent id taken from elsewhere (`apart`:
   * the agent may be a persona with many sessions). Each is described with its site, or absent.
   */
  private byLifecycle(
    file: string,
    [agent, session]: readonly [string, string],
    call?: { callee: string; agentIndex: number; sessionIndex: number },
    members?: readonly string[],
  ): LifecycleFacts {
    const root = packageOf(file);
    let files = this.packageFileLists.get(root ?? file);
    if (files === undefined) {
      files = root === undefined ? [file] : packageFiles(root);
      this.packageFileLists.set(root ?? file, files);
    }
    const agentName = agent.split('.').pop() ?? agent;
    const sessionName = session.split('.').pop() ?? session;
    const key = [root ?? file, normalizeName(agentName), normalizeName(sessionName), call?.callee ?? ''].join('\0');
    let sites = this.evidence.get(key);
    if (sites === undefined) {
      const wanted = { agent: agentName, session: sessionName, ...(call === undefined ? {} : { callee: call.callee }) };
      sites = readLifecycleEvidence(files, (path) => this.text(path), (path, text) => this.parsed(path, text), wanted, this.cwd, this.vocabulary, this.mintFunctions, this.repositories);
      this.evidence.set(key, sites);
    }
    const { together, apart } = verdicts(sites, agentName, sessionName, call, members);
    const where = (found: { site: LifecycleSite; what: string }): string => `'${found.site.symbol}' (${found.site.file}:${found.site.line}) ${found.what}`;
    return { ...(together === undefined ? {} : { together: where(together) }), ...(apart === undefined ? {} : { apart: where(apart) }) };
  }

  /**
   * The answers to a claim's questions when each asks about an id declared with a keyword type
   * (`sessionId: string`, `agentId?: number`) — or it asks none: read from the annotation, without
   * a program. Such a type names no identity, so the id is plain unless its name refutes it: what
   * the checker answers of it too. `undefined` when a question needs the checker.
   */
  private keywordAnswers(finding: RawFinding): Answer[] | undefined {
    const answers: Answer[] = [];
    for (const question of finding.questions ?? []) {
      if (question.role !== 'agent-id' && question.role !== 'session-id') return undefined;
      const path = resolve(this.cwd, question.file ?? finding.file);
      const text = this.text(path);
      if (text === undefined || !keywordTyped(this.parsed(path, text), question.at)) return undefined;
      if (question.role === 'agent-id' && intersects(words([question.name]), OTHER_AGENT_WORDS)) answers.push({ status: 'refuted', because: 'other-agent' });
      else if (question.role === 'session-id' && intersects(words([question.name]), OTHER_SESSION_WORDS)) answers.push({ status: 'refuted', because: 'other-session' });
      else answers.push({ status: 'plain' });
    }
    return answers;
  }

  private answer(question: Question, findingFile: ts.SourceFile, checked: Checked, file: string): Answer {
    const { checker } = checked;
    if (question.role === 'id-type') {
      const alias = nameAt(findingFile, question.at)?.parent;
      if (alias !== undefined && ts.isTypeAliasDeclaration(alias) && namesKinds(checker.getTypeAtLocation(alias.name))) return { status: 'refuted', because: 'kinds' };
      // Beside a `SessionId` type the declarations prove it; beside session ids named only, names do.
      const beside = this.usedBesideSessionId(file, question.name);
      return beside === 'typed' ? { status: 'confirmed' } : beside === 'named' ? { status: 'plain' } : { status: 'refuted', because: 'no-session-type' };
    }
    const sourceFile = question.file === undefined ? findingFile : checked.program.getSourceFile(resolve(this.cwd, question.file));
    if (sourceFile === undefined) return { status: 'unknown', reason: `the type checker did not load '${question.file ?? ''}', where '${question.name}' is declared` };
    const name = nameAt(sourceFile, question.at);
    if (name === undefined) return { status: 'unknown', reason: `the type checker found no declaration of '${question.name}'` };
    return this.answerFor(question, name, checker, file);
  }

  /** The answer about the declaration named by `name` (which may sit in another file than the finding). */
  private answerFor(question: Question, name: ts.Identifier, checker: ts.TypeChecker, file: string): Answer {
    if (question.role === 'agent-id' && intersects(words([question.name]), OTHER_AGENT_WORDS)) return { status: 'refuted', because: 'other-agent' };
    if (question.role !== 'agent-id' && question.role !== 'agent-object' && intersects(words([question.name]), OTHER_SESSION_WORDS)) return { status: 'refuted', because: 'other-session' };
    const declaration = name.parent;
    const declared = checker.getTypeAtLocation(name);
    const optional =
      (declaration !== undefined && 'questionToken' in declaration && declaration.questionToken !== undefined) ||
      (declared.isUnion() && declared.types.some((part) => (part.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) !== 0));
    const type = checker.getNonNullableType(declared);
    if ((type.flags & ts.TypeFlags.Any) !== 0) return this.unresolved(question, declaration, checker, file);
    const typeNames = namesOf(type, checker);
    const typeWords = words(typeNames);
    switch (question.role) {
      case 'agent-id':
      case 'session-id': {
        // `type SessionId = string` leaves no alias on the type: the annotation's name tells.
        const annotation = declaration !== undefined && 'type' in declaration ? (declaration.type as ts.TypeNode | undefined) : undefined;
        if (annotation !== undefined && ts.isTypeReferenceNode(annotation)) typeNames.push(annotation.typeName.getText().split('.').pop() ?? '');
        if (question.role === 'session-id' && intersects(words(typeNames), OTHER_SESSION_WORDS)) return { status: 'refuted', because: 'other-session' };
        if (question.role === 'agent-id' && namesKinds(type)) return { status: 'refuted', because: 'kinds' };
        return isIdentityType(typeNames) ? { status: 'confirmed' } : { status: 'plain' };
      }
      case 'id-type':
      case 'inherited':
        return { status: 'unknown', reason: `'${question.name}' cannot be asked about this way` };
      case 'agent-with-own-id': {
        const own = type.getProperty('id') ?? type.getProperty('agentId');
        if (own === undefined || (own.flags & ts.SymbolFlags.Method) !== 0) return { status: 'refuted', because: 'no-own-id' };
        const ownDeclaration = own.valueDeclaration ?? own.declarations?.[0];
        const ownAnnotation = ownDeclaration !== undefined && 'type' in ownDeclaration ? (ownDeclaration.type as ts.TypeNode | undefined) : undefined;
        const ownNames = namesOf(checker.getTypeOfSymbolAtLocation(own, name), checker);
        if (ownAnnotation !== undefined && ts.isTypeReferenceNode(ownAnnotation)) ownNames.push(ownAnnotation.typeName.getText().split('.').pop() ?? '');
        return ownNames.some((typeName) => classifyTypeName(typeName, this.vocabulary) === 'agent-id') ? { status: 'confirmed', id: own.name } : { status: 'refuted', because: 'one-identity' };
      }
      case 'agent-object':
      case 'session-object':
      case 'home': {
        if (question.role !== 'agent-object' && intersects(typeWords, OTHER_SESSION_WORDS)) return { status: 'refuted', because: 'other-session' };
        if (question.role !== 'agent-object' && intersects(typeWords, WIRE_HOLDER_WORDS)) return { status: 'refuted', because: 'wire' };
        if (question.role === 'home' && optional) return { status: 'refuted', because: 'optional-home' };
        if (question.role === 'session-object' && this.hostsAgents(type, checker)) return { status: 'refuted', because: 'hosts-agents' };
        if (question.flow !== undefined) return { status: 'confirmed', id: question.flow };
        const id = ID_PROPERTIES.find((property) => {
          const symbol = type.getProperty(property);
          return symbol !== undefined && (symbol.flags & ts.SymbolFlags.Method) === 0;
        });
        if (id === undefined) return { status: 'refuted', because: 'no-own-id' };
        if (question.role === 'agent-object' && id === 'id' && this.keyedByName(type)) return { status: 'refuted', because: 'keyed-by-name' };
        return { status: 'confirmed', id };
      }
    }
  }

  /**
   * True when every value an agent class stores in its `id` is made from a name and mints nothing
   * (`this.id = this.keyFromName(options.name)`): the agent is a definition keyed by its name — a
   * label (§6) many sessions run — not a lifecycle whose id a session id could be.
   */
  private keyedByName(agent: ts.Type): boolean {
    const declaration = agent.getProperty('id')?.valueDeclaration;
    if (declaration === undefined || !ts.isPropertyDeclaration(declaration) || !ts.isClassLike(declaration.parent)) return false;
    const values: ts.Expression[] = declaration.initializer === undefined ? [] : [declaration.initializer];
    const collect = (node: ts.Node): void => {
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isPropertyAccessExpression(node.left) &&
        node.left.expression.kind === ts.SyntaxKind.ThisKeyword &&
        node.left.name.text === 'id'
      )
        values.push(node.right);
      ts.forEachChild(node, collect);
    };
    for (const member of declaration.parent.members) if (ts.isConstructorDeclaration(member) && member.body !== undefined) collect(member.body);
    const named = (node: ts.Node): boolean => (ts.isIdentifier(node) && /^(?:name|\w+Name)$/.test(node.text)) || (ts.forEachChild(node, named) ?? false);
    return values.length > 0 && values.every((value) => named(value) && !mintsWithin(value, this.mintFunctions));
  }

  /**
   * True when a session type holds a collection (`Map`, array, record) of objects carrying an
   * agent id of their own (`workers: Map<string, Worker>` with `Worker.agentId`), or of agent ids
   * (`agentIds: string[]`): the session hosts several agents, so an agent id beside it is not its
   * second name (§6: many agents, one session).
   */
  private hostsAgents(session: ts.Type, checker: ts.TypeChecker): boolean {
    const carriesAgentId = (type: ts.Type): boolean =>
      (type.isUnion() ? type.types : [type]).some((part) => part.getProperties().some((property) => classifyName(property.name, this.vocabulary) === 'agent-id'));
    // The programs load no default library, so `Map` and arrays are read from the annotation: its
    // element type (`Worker[]`, the last argument of `Map<K, V>`, `Record<K, V>`, `Set<V>`).
    return session.getProperties().some((property) => {
      // A collection of agent ids by name (`agentIds: string[]`, `agent_ids: Set<AgentId>`).
      if (isIdList(property.name) && classifyName(property.name, this.vocabulary) === 'agent-id') return true;
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      const annotation = declaration !== undefined && 'type' in declaration ? (declaration.type as ts.TypeNode | undefined) : undefined;
      const element =
        annotation === undefined
          ? undefined
          : ts.isArrayTypeNode(annotation)
            ? annotation.elementType
            : ts.isTypeReferenceNode(annotation)
              ? annotation.typeArguments?.[annotation.typeArguments.length - 1]
              : undefined;
      return element !== undefined && carriesAgentId(checker.getTypeFromTypeNode(element));
    });
  }

  /**
   * For `inherited`: the pair a type gets from its bases in other files, through the checker —
   * so a type is judged alike whether or not its bases' package is in the run. `undefined` when
   * the type does not carry both ids, or a base already does (it is reported there). The finding
   * returned names the pair in its message; the answers are about its two members.
   */
  private inheritedPair(finding: RawFinding, question: Question, sourceFile: ts.SourceFile, checker: ts.TypeChecker, file: string): { finding: RawFinding; answers: Answer[]; names: string[]; roles: string } | undefined {
    const name = nameAt(sourceFile, question.at);
    const symbol = name === undefined ? undefined : checker.getSymbolAtLocation(name);
    if (name === undefined || symbol === undefined) return undefined;
    const sides = (type: ts.Type): { agent?: ts.Symbol; session?: ts.Symbol; sessionObject?: boolean } => {
      const found: { agent?: ts.Symbol; session?: ts.Symbol; sessionObject?: boolean } = {};
      for (const property of type.getProperties()) {
        const declaration = property.valueDeclaration ?? property.declarations?.[0];
        const typeNode = declaration !== undefined && 'type' in declaration ? (declaration.type as ts.TypeNode | undefined) : undefined;
        const typeName = typeNode !== undefined && ts.isTypeReferenceNode(typeNode) ? typeNode.typeName.getText().split('.').pop() : undefined;
        const kind = classifyName(property.name, this.vocabulary) ?? (typeName === undefined ? undefined : classifyTypeName(typeName, this.vocabulary));
        if (kind === 'agent-id') found.agent ??= property;
        if ((kind === 'session-id' || kind === 'session-object') && found.session === undefined) {
          found.session = property;
          found.sessionObject = kind === 'session-object';
        }
      }
      return found;
    };
    const own = sides(checker.getDeclaredTypeOfSymbol(symbol));
    if (own.agent === undefined || own.session === undefined) return undefined;
    const declaration = name.parent;
    const baseNodes: ts.Node[] = [];
    if (ts.isInterfaceDeclaration(declaration) || ts.isClassLike(declaration)) {
      for (const clause of declaration.heritageClauses ?? []) if (clause.token === ts.SyntaxKind.ExtendsKeyword) baseNodes.push(...clause.types);
    } else if (ts.isTypeAliasDeclaration(declaration) && ts.isIntersectionTypeNode(declaration.type)) baseNodes.push(...declaration.type.types);
    for (const base of baseNodes) {
      const inheritedSides = sides(checker.getTypeAtLocation(base));
      if (inheritedSides.agent !== undefined && inheritedSides.session !== undefined) return undefined;
    }
    const describe = (property: ts.Symbol): { text: string; name: ts.Identifier | undefined } => {
      const member = property.valueDeclaration ?? property.declarations?.[0];
      const memberName = member !== undefined ? (member as ts.NamedDeclaration).name : undefined;
      const owner = member?.parent;
      const ownerName = owner !== undefined && owner !== declaration ? (owner as ts.NamedDeclaration).name?.getText() : undefined;
      return { text: ownerName === undefined ? `'${property.name}'` : `'${property.name}' (from '${ownerName}')`, name: memberName !== undefined && ts.isIdentifier(memberName) ? memberName : undefined };
    };
    const agent = describe(own.agent);
    const session = describe(own.session);
    const answers: Answer[] = [];
    if (agent.name !== undefined) answers.push(this.answerFor({ at: 0, name: own.agent.name, role: 'agent-id' }, agent.name, checker, file));
    if (session.name !== undefined) {
      const role = own.sessionObject === true ? 'session-object' : 'session-id';
      answers.push(this.answerFor({ at: 0, name: own.session.name, role }, session.name, checker, file));
    }
    return {
      finding: { ...finding, message: finding.message.replace('{pair}', `${agent.text} and ${session.text}`).replace('{agent}', `'${own.agent.name}'`) },
      answers,
      names: [own.agent.name, own.session.name],
      // Judged as the pair it completes: two ids, or an agent id beside a session object.
      roles: own.sessionObject === true ? 'agent-id,session-object' : 'agent-id,session-id',
    };
  }

  /** An `any`: explicit, or a type the checker could not resolve (and why). */
  private unresolved(question: Question, declaration: ts.Node | undefined, checker: ts.TypeChecker, file: string): Answer {
    const typeNode = declaration !== undefined && 'type' in declaration ? (declaration.type as ts.TypeNode | undefined) : undefined;
    if (question.flow !== undefined && question.role === 'home') {
      const optional = declaration !== undefined && 'questionToken' in declaration && declaration.questionToken !== undefined;
      return optional ? { status: 'refuted', because: 'optional-home' } : { status: 'confirmed', id: question.flow };
    }
    if (typeNode === undefined) return { status: 'unknown', reason: `'${question.name}' has no declared type the checker could read` };
    if (typeNode.kind === ts.SyntaxKind.AnyKeyword) return { status: 'unknown', reason: `'${question.name}' is typed 'any'` };
    // `Agent | undefined`: the reference inside the optional union.
    const parts = ts.isUnionTypeNode(typeNode) ? typeNode.types.filter((part) => !isNullishNode(part)) : [typeNode];
    const only = parts.length === 1 ? parts[0] : undefined;
    const reference = only !== undefined && ts.isTypeReferenceNode(only) ? only : undefined;
    const typeName = reference === undefined ? typeNode.getText() : reference.typeName.getText();
    const origin = reference === undefined ? undefined : importedFrom(reference.typeName, checker);
    if (origin !== undefined && !origin.startsWith('.') && !isAliased(this.aliasesOf(this.repositories.rootOf(file)), origin)) {
      // A type from a dependency: a vendor's agent is a persona, a vendor's session another kind.
      if (question.role === 'agent-object' || question.role === 'session-object') return { status: 'refuted', because: 'vendor-type' };
      return { status: 'unknown', reason: `'${typeName}' comes from '${origin}', which is not installed here` };
    }
    return { status: 'unknown', reason: `the type checker could not resolve '${typeName}'${origin === undefined ? '' : ` (imported from '${origin}')`}` };
  }

  /**
   * For `id-type`: are the type's (or its constructor's) objects ones a session id could key?
   * Read from the files of the package of `file` on disk, so the answer does not depend on what
   * else is linted. Yes when a module naming `name` also names a session id (`SessionId`,
   * `sessionId`, `session_id`); no when `name` is used (named more than once) but never in a
   * module naming a session — a composite agent key such as a swarm's `AgentId { id, swarmId }`
   * is then the agents' only id; and, for a type only declared, when the package names a session
   * id anywhere (an `AgentId` in a code generator's fixture with no session at all is not this shape).
   * `typed` when that session id is the `SessionId` type (the declarations prove the shape),
   * `named` when it is only a name.
   */
  private usedBesideSessionId(absolute: string, name: string): 'typed' | 'named' | undefined {
    let folder = dirname(absolute);
    while (!existsSync(join(folder, 'package.json')) && dirname(folder) !== folder) folder = dirname(folder);
    if (!existsSync(join(folder, 'package.json'))) folder = dirname(absolute);
    const key = `${folder}\0${name}`;
    if (this.packageTexts.has(key)) return this.packageTexts.get(key);
    const named = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g');
    const seen = { uses: 0, beside: false, typedBeside: false, session: false, sessionType: false };
    const walk = (current: string): void => {
      for (const entry of readdirSync(current, { withFileTypes: true })) {
        if (seen.typedBeside) return;
        const path = join(current, entry.name);
        if (entry.isDirectory()) {
          if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.')) walk(path);
        } else if (SOURCE.test(entry.name) && statSync(path).size < 2_000_000) {
          const text = readFileSync(path, 'utf8');
          const uses = text.match(named)?.length ?? 0;
          const session = /\bsession_?id\b/i.test(text);
          const sessionType = /\bSessionId\b/.test(text);
          seen.uses += uses;
          seen.session ||= session;
          seen.sessionType ||= sessionType;
          seen.beside ||= uses > 0 && session;
          seen.typedBeside ||= uses > 0 && sessionType;
        }
      }
    };
    walk(folder);
    const found = seen.typedBeside || (seen.uses <= 1 && seen.sessionType) ? 'typed' : seen.beside || (seen.uses <= 1 && seen.session) ? 'named' : undefined;
    this.packageTexts.set(key, found);
    return found;
  }
}

/**
 * True when the declaration named at offset `at` (a property, parameter or variable) is annotated
 * with `string` or `number`, alone or with `undefined` / `null`.
 */
function keywordTyped(sourceFile: ts.SourceFile, at: number): boolean {
  const keyword = (node: ts.TypeNode): boolean => node.kind === ts.SyntaxKind.StringKeyword || node.kind === ts.SyntaxKind.NumberKeyword;
  let found: ts.TypeNode | undefined;
  let done = false;
  const visit = (node: ts.Node): void => {
    if (done || at < node.pos || at >= node.end) return;
    if (ts.isPropertySignature(node) || ts.isPropertyDeclaration(node) || ts.isParameter(node) || ts.isVariableDeclaration(node)) {
      if (ts.isIdentifier(node.name) && node.name.getStart(sourceFile) === at) {
        found = node.type;
        done = true;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  const type: ts.TypeNode | undefined = found;
  if (type === undefined) return false;
  if (keyword(type)) return true;
  return ts.isUnionTypeNode(type) && type.types.some(keyword) && type.types.every((part) => keyword(part) || isNullishNode(part));
}

/** A name a module takes from another: the module's specifier and the name exported there (`*`: the module itself). */
interface ModuleLink {
  readonly specifier: string;
  readonly name: string;
}

/** The top-level names of a module: its declarations, what it imports and re-exports. */
interface ModuleScope {
  /** The statements declaring each name (`default` for a default export). */
  readonly locals: ReadonlyMap<string, readonly ts.Statement[]>;
  /** Local names imported from another module. */
  readonly imports: ReadonlyMap<string, ModuleLink>;
  /** Names exported from another module without a local binding (`export { A as B } from './a'`). */
  readonly reExports: ReadonlyMap<string, ModuleLink>;
  /** Exported names bound to another local name (`export { A as B }`). */
  readonly aliases: ReadonlyMap<string, string>;
  /** The modules of `export * from …`. */
  readonly exportStars: readonly string[];
}

const scopes = new WeakMap<ts.SourceFile, ModuleScope>();

/** The top-level names of `sourceFile` (read once per parsed file). */
function moduleScope(sourceFile: ts.SourceFile): ModuleScope {
  const known = scopes.get(sourceFile);
  if (known !== undefined) return known;
  const locals = new Map<string, ts.Statement[]>();
  const imports = new Map<string, ModuleLink>();
  const reExports = new Map<string, ModuleLink>();
  const aliases = new Map<string, string>();
  const exportStars: string[] = [];
  const declare = (name: string, statement: ts.Statement): void => {
    locals.set(name, [...(locals.get(name) ?? []), statement]);
  };
  const bindingNames = (name: ts.BindingName): string[] =>
    ts.isIdentifier(name) ? [name.text] : name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (clause?.name !== undefined) imports.set(clause.name.text, { specifier, name: 'default' });
      const bindings = clause?.namedBindings;
      if (bindings !== undefined && ts.isNamespaceImport(bindings)) imports.set(bindings.name.text, { specifier, name: '*' });
      if (bindings !== undefined && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) imports.set(element.name.text, { specifier, name: (element.propertyName ?? element.name).text });
      }
    } else if (ts.isExportDeclaration(statement)) {
      const specifier = statement.moduleSpecifier !== undefined && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      const clause = statement.exportClause;
      if (clause === undefined) {
        if (specifier !== undefined) exportStars.push(specifier);
      } else if (ts.isNamespaceExport(clause)) {
        if (specifier !== undefined) reExports.set(clause.name.text, { specifier, name: '*' });
      } else {
        for (const element of clause.elements) {
          const from = (element.propertyName ?? element.name).text;
          if (specifier !== undefined) reExports.set(element.name.text, { specifier, name: from });
          else if (from !== element.name.text) aliases.set(element.name.text, from);
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      declare('default', statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) for (const name of bindingNames(declaration.name)) declare(name, statement);
    } else {
      const name = (statement as { name?: ts.Node }).name;
      if (name !== undefined && ts.isIdentifier(name)) declare(name.text, statement);
      if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)) declare('default', statement);
    }
  }
  const scope = { locals, imports, reExports, aliases, exportStars };
  scopes.set(sourceFile, scope);
  return scope;
}

/**
 * True when the type holding a claim's session id is named for another kind of session
 * (`McpHttpClient.sessionId`, `TerminalSession`): §6 — the kind of a session shows in its
 * holder's name. The holder is the type a member pair sits in, or the class of a method or
 * constructor taking the pair; a plain function has none.
 */
function heldByOtherSession(symbol: string, roles: string): boolean {
  if (!roles.endsWith('session-id')) return false;
  const holder = symbol.split('.')[0] ?? '';
  return !holder.startsWith('<') && /^[A-Z]/.test(holder) && intersects(words([holder]), OTHER_SESSION_WORDS);
}

/** The name a function is called by, from its symbol (`Store.open` → `open`, `Host.constructor` → `Host`). */
function calleeOf(symbol: string): string | undefined {
  const parts = symbol.split('.');
  const last = parts[parts.length - 1];
  if (last === 'constructor') return parts[parts.length - 2];
  return last === undefined || last.startsWith('<') ? undefined : last;
}

function isNullishNode(node: ts.TypeNode): boolean {
  return node.kind === ts.SyntaxKind.UndefinedKeyword || (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword);
}

/**
 * True when a type is a fixed list of literals (`'claude' | 'codex'`, however it is spelled: an
 * alias of an imported union, `(typeof KINDS)[number]` over an `as const` list, an enum): it
 * names kinds of agent, not minted identities.
 */
function namesKinds(type: ts.Type): boolean {
  const parts = type.isUnion() ? type.types : [type];
  return parts.every((part) => (part.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.EnumLiteral)) !== 0);
}

/** The identifier starting at offset `at` (a declaration's name). */
function nameAt(sourceFile: ts.SourceFile, at: number): ts.Identifier | undefined {
  let found: ts.Identifier | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined || at < node.pos || at >= node.end) return;
    if (ts.isIdentifier(node) && node.getStart(sourceFile) === at) {
      found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  return found;
}

/** The module a type name was imported from, if it was. */
function importedFrom(name: ts.EntityName, checker: ts.TypeChecker): string | undefined {
  const first = ts.isIdentifier(name) ? name : name.left;
  const symbol = checker.getSymbolAtLocation(ts.isIdentifier(first) ? first : name);
  for (const declaration of symbol?.declarations ?? []) {
    let node: ts.Node | undefined = declaration;
    while (node !== undefined && !ts.isImportDeclaration(node)) node = node.parent;
    if (node !== undefined && ts.isStringLiteral(node.moduleSpecifier)) return node.moduleSpecifier.text;
  }
  return undefined;
}

/** Names a type is known by: its alias, its symbol, its constituents', and brand literals. */
function namesOf(type: ts.Type, checker: ts.TypeChecker): string[] {
  const names: string[] = [];
  const visit = (current: ts.Type, depth: number): void => {
    if (current.aliasSymbol !== undefined) names.push(current.aliasSymbol.name);
    const symbol = current.getSymbol();
    if (symbol !== undefined && !symbol.name.startsWith('__')) names.push(symbol.name);
    if (depth > 2) return;
    if (current.isUnionOrIntersection()) for (const part of current.types) visit(part, depth + 1);
    if (current.isIntersection()) {
      for (const part of current.types) {
        for (const property of part.getProperties()) {
          const value = checker.getTypeOfSymbol(property);
          if (value.isStringLiteral()) names.push(value.value);
        }
      }
    }
  };
  visit(type, 0);
  return names;
}

/** An id typed by an identity type: an alias or brand naming an agent or session id. */
function isIdentityType(names: readonly string[]): boolean {
  return names.some((name) => {
    const kind = classifyTypeName(name);
    return kind === 'agent-id' || kind === 'session-id';
  });
}
