/**
 * Evidence of how a package builds the values that carry a pair of plain-string ids, for the
 * confirmation step to decide a pair the types cannot settle (`agentId: string` beside
 * `sessionId: string`; docs/contract.md §6: the shapes are about one lifecycle, and a persona or
 * definition has many sessions). Read from the package's own source files on disk — the folder
 * of the nearest `package.json`, without nested packages, or the file alone outside any package —
 * so the answer does not depend on what else is linted; only the files naming the pair's session
 * id or calling its function are parsed. Each place where both ids are put
 * together — an object literal with both keys, a call passing both — says, within the function
 * (the creation) that builds it:
 *
 * - `together`: both ids minted there from two mints (two ids for one lifecycle), or one built
 *   from the other (`` `s-${agentId}` ``) or standing in for it (`sessionId ?? agentId`);
 * - `apart`: the session id minted there while the agent id is taken from elsewhere (a parameter,
 *   a field, a configuration, another object): a new session for an existing agent, so one agent
 *   has many sessions — a persona, not the session's second name;
 * - unless, for an agent id read from a parameter, a caller handing the function that agent files
 *   it under its id in a registry in the same creation (`agents.set(profile.id, profile)` beside
 *   `open(profile)`): the agent's entry is made once per session, so it is `together` after all,
 *   and so is the caller's own literal pairing that agent id with the id of the session it opened.
 *
 * A function that mints both ids (`double-mint`'s shape) says `together` of their names wherever
 * they meet. Anything else (both ids taken from elsewhere) says nothing. Keys, names and callees
 * are matched by name (`session_id` is `sessionId`), as the syntax shows them; a literal declared
 * as a session type (`const session: AgentSession = { id, agentId }`) puts its own `id` beside the
 * agent id under the type's name; and a literal is evidence about a type only when its keys are
 * among the type's members.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { ts } from 'ts-morph';
import type { FileContext, RuleVisitor } from '../rules/rule.js';
import { builtFromKind, CREATION_KINDS, mintsBoth, mintSource, mintTracker, readFromOneObject, unwrap } from './id-sources.js';
import { classifyName, classifyTypeName, normalizeName, splitWords, type ResolvedVocabulary } from './identity-names.js';
import type { Repositories } from './repository-root.js';
import { calledName, nameText, symbolOf } from './syntax.js';
import { buildDispatch, walkFile } from './walk-file.js';

/** What a place where both ids meet says about them. */
export type Lifecycle = 'together' | 'apart';

/** One argument of a call, as far as identity goes. */
export interface CallArgument {
  /** The mint it comes from, numbered within the call (two arguments with one number share a mint). */
  readonly mint?: number;
  readonly fromAgent: boolean;
  readonly fromSession: boolean;
}

/** One place where values with both ids are built: an object literal, or a call with a minted argument. */
export type LifecycleSite = {
  /** Where: the file (relative to the working directory), line and enclosing symbol. */
  readonly file: string;
  readonly line: number;
  readonly symbol: string;
} & (
  | {
      readonly form: 'literal' | 'creation';
      readonly agent: string;
      readonly session: string;
      readonly lifecycle: Lifecycle;
      readonly what: string;
      /** A literal's keys, when all are plain names (no spread, no computed key). */
      readonly keys?: readonly string[];
    }
  | { readonly form: 'call'; readonly callee: string; readonly args: readonly CallArgument[] }
);

/** What a place where an agent id and a session id meet says about them, or `undefined`. */
function pairing(agent: ts.Expression, session: ts.Expression, sources: (value: ts.Expression, file: FileContext) => ts.Node | undefined, file: FileContext): { lifecycle: Lifecycle; what: string } | undefined {
  const agentMint = sources(agent, file);
  const sessionMint = sources(session, file);
  if (agentMint !== undefined && sessionMint !== undefined && agentMint !== sessionMint) return { lifecycle: 'together', what: 'mints both ids' };
  // An agent id made from the minted session id (`AgentId(sessionId)`) is not taken from elsewhere.
  if (builtFromKind(agent, 'session-id', file)) return { lifecycle: 'together', what: 'builds one id from the other' };
  // A session id minted for an agent id from elsewhere is a new session of that agent, also when
  // the agent's id is written into it (`` `${agentId}-${Date.now()}` ``).
  if (sessionMint !== undefined && agentMint === undefined) return { lifecycle: 'apart', what: 'mints the session id for an agent id it takes from elsewhere' };
  if (builtFromKind(session, 'agent-id', file) || builtFromKind(agent, 'session-id', file)) return { lifecycle: 'together', what: 'builds one id from the other' };
  const owner = readFromOneObject(agent, session);
  if (owner !== undefined) return { lifecycle: 'together', what: `reads both ids from '${owner}'` };
  return undefined;
}

/** The agent-id and session-id keys of an object literal, with their values. */
export interface LiteralPair {
  readonly agent: { readonly key: string; readonly value: ts.Expression };
  readonly session: { readonly key: string; readonly value: ts.Expression };
}

/**
 * The agent id and the session id an object literal puts together: two keys named like them, or
 * an agent id beside the own `id` of a literal declared as a session (`const session:
 * AgentSession = { id, agentId }`: its session key is the type's name).
 */
export function literalPair(literal: ts.ObjectLiteralExpression, parent: ts.Node | undefined, vocabulary: ResolvedVocabulary): LiteralPair | undefined {
  let agent: LiteralPair['agent'] | undefined;
  let session: LiteralPair['session'] | undefined;
  let id: ts.Expression | undefined;
  for (const property of literal.properties) {
    const key = ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property) ? nameText(property.name) : undefined;
    if (key === undefined) continue;
    const value = ts.isPropertyAssignment(property) ? property.initializer : (property as ts.ShorthandPropertyAssignment).name;
    const kind = classifyName(key, vocabulary);
    if (kind === 'agent-id') agent ??= { key, value };
    else if (kind === 'session-id') session ??= { key, value };
    else if (key === 'id') id = value;
  }
  if (session === undefined && id !== undefined) {
    const declared = parent !== undefined && (ts.isVariableDeclaration(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) ? parent.type : undefined;
    const type = declared !== undefined && ts.isTypeReferenceNode(declared) && ts.isIdentifier(declared.typeName) ? declared.typeName.text : undefined;
    if (type !== undefined && classifyTypeName(type, vocabulary) === 'session-object') session = { key: type, value: id };
  }
  return agent === undefined || session === undefined ? undefined : { agent, session };
}

/** The keys of a literal whose keys are all plain names, as `{ keys }`; `{}` with a spread or a computed key. */
function keysOf(literal: ts.ObjectLiteralExpression): { keys?: readonly string[] } {
  const keys: string[] = [];
  for (const property of literal.properties) {
    const key = ts.isSpreadAssignment(property) ? undefined : nameText(property.name);
    if (key === undefined) return {};
    keys.push(key);
  }
  return { keys };
}

const CREATIONS = new Set<ts.SyntaxKind>(CREATION_KINDS);

/** A function handed to a call (`retry(() => open(profile))`): it runs as part of the caller's creation. */
function isCallback(node: ts.Node, parent: ts.Node | undefined): boolean {
  return (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && parent !== undefined && (ts.isCallExpression(parent) || ts.isNewExpression(parent)) && (parent.arguments?.includes(node as ts.Expression) ?? false);
}

/** Where the creation holding a node starts among its ancestors: the nearest function that is not a callback (-1 if none). */
function creationAt(ancestors: readonly ts.Node[]): number {
  let at = ancestors.length - 1;
  while (at >= 0 && (!CREATIONS.has((ancestors[at] as ts.Node).kind) || isCallback(ancestors[at] as ts.Node, ancestors[at - 1]))) at -= 1;
  return at;
}

/** The name a function is called by: its own, or the variable or property holding it. */
function functionName(node: ts.Node, parent: ts.Node | undefined): string | undefined {
  const own = nameText((node as { readonly name?: ts.Node }).name);
  if (own !== undefined) return own;
  return parent !== undefined && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) ? nameText(parent.name) : undefined;
}

/** The variable an expression reads from: `profile` for `profile.id`, `session` for `session.id`. */
function rootName(expression: ts.Expression): string | undefined {
  let node = unwrap(expression);
  while (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) node = unwrap(node.expression);
  return ts.isIdentifier(node) ? node.text : undefined;
}

/**
 * True when a session id is read from a variable of the enclosing creation that holds what a call
 * returned (`const session = await open(profile)` … `session.id`): a session opened by a callee.
 */
function openedByCall(session: ts.Expression, ancestors: readonly ts.Node[]): boolean {
  const root = rootName(session);
  const at = creationAt(ancestors);
  const owner = ancestors[at];
  if (root === undefined || owner === undefined) return false;
  let opened = false;
  const hasCall = (node: ts.Node): boolean => ts.isCallExpression(node) || (ts.forEachChild(node, (child) => (hasCall(child) ? true : undefined)) ?? false);
  const visit = (node: ts.Node): void => {
    if (opened) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === root && node.initializer !== undefined && hasCall(node.initializer)) opened = true;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(owner, visit);
  return opened;
}

/** An expression's text without spaces: how a registry key is compared with an agent id. */
function textOf(expression: ts.Expression, sourceFile: ts.SourceFile): string {
  return unwrap(expression).getText(sourceFile).replace(/\s+/g, '');
}

/** An agent id read from a parameter of the function holding a site: `createSession(profile)` reading `profile.id`. */
interface ViaParameter {
  readonly callee: string;
  readonly index: number;
  readonly parameter: string;
  /** The agent id's text at the site (`profile.id`). */
  readonly agent: string;
}

function viaParameter(agent: ts.Expression, context: FileContext): ViaParameter | undefined {
  const { ancestors } = context;
  const at = creationAt(ancestors);
  const owner = ancestors[at] as ts.FunctionLikeDeclaration | undefined;
  const parameter = rootName(agent);
  if (owner === undefined || parameter === undefined) return undefined;
  const callee = functionName(owner, ancestors[at - 1]);
  const index = owner.parameters.findIndex((declared) => ts.isIdentifier(declared.name) && declared.name.text === parameter);
  return callee === undefined || index < 0 ? undefined : { callee, index, parameter, agent: textOf(agent, context.sourceFile) };
}

/** One creation of a caller, as far as registering an agent for a session goes. */
interface CallerFrame {
  readonly symbol: string;
  /** Keys of registry writes: `agents.set(profile.id, …)`, `agents[profile.id] = …`. */
  readonly registered: Set<string>;
  /** Calls, with their arguments' text and the variable their result is stored in. */
  readonly calls: Array<{ readonly callee: string; readonly args: readonly string[]; readonly into?: string; readonly line: number }>;
  readonly literals: Array<{ readonly agent: string; readonly session: string; readonly keys?: readonly string[]; readonly agentText: string; readonly sessionRoot?: string; readonly line: number }>;
}

/**
 * Sites that mint a session id for an agent id read from a parameter say `apart` (a new session
 * for an existing agent) unless a caller shows otherwise: a caller that hands the function the
 * agent and, in the same creation, files that agent under its id in a registry (`agents.set(
 * profile.id, profile)`) registers the agent once per session — the agent's entry and its session
 * are born together, one lifecycle under two ids (`together`). A persona is filed when it is
 * defined, not each time a session is opened for it. The caller's own literals putting the agent
 * id beside the id of the session it opened that way say `together` too.
 */
function registeredByCallers(
  sites: readonly LifecycleSite[],
  throughParameter: ReadonlyArray<{ site: LifecycleSite; via: ViaParameter }>,
  files: readonly string[],
  read: (path: string) => string | undefined,
  parse: (path: string, text: string) => ts.SourceFile,
  cwd: string,
  vocabulary: ResolvedVocabulary,
): LifecycleSite[] {
  const callees = [...new Set(throughParameter.map(({ via }) => via.callee))];
  const calls = new RegExp(`(?<![\\w$])(?:${callees.map(escape).join('|')})\\s*[(<]`);
  const promoted = new Map<LifecycleSite, string>();
  const added: LifecycleSite[] = [];
  for (const path of files) {
    const text = read(path);
    if (text === undefined || text.length > MAX_CHARS || !calls.test(text)) continue;
    const sourceFile = parse(path, text);
    const file = relative(cwd, path).split(sep).join('/');
    const line = (node: ts.Node): number => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    const settle = (frame: CallerFrame): void => {
      for (const call of frame.calls) {
        for (const { site, via } of throughParameter) {
          const argument = via.callee === call.callee ? call.args[via.index] : undefined;
          const key = argument === undefined ? undefined : argument + via.agent.slice(via.parameter.length);
          if (key === undefined || !frame.registered.has(key)) continue;
          if (!promoted.has(site)) promoted.set(site, `mints the session id for the agent that its caller '${frame.symbol}' (${file}:${call.line}) files under '${key}' in the same creation`);
          for (const literal of frame.literals) {
            if (literal.agentText !== key || literal.sessionRoot !== call.into || added.some((known) => known.file === file && known.line === literal.line)) continue;
            added.push({ form: 'literal', agent: literal.agent, session: literal.session, ...(literal.keys === undefined ? {} : { keys: literal.keys }), lifecycle: 'together', what: `opens the session through '${call.callee}' and files the agent under '${key}' in the same creation`, file, line: literal.line, symbol: frame.symbol });
          }
        }
      }
    };
    const frames: CallerFrame[] = [];
    const ancestors: ts.Node[] = [];
    const stored: Array<{ readonly name: string; readonly depth: number }> = [];
    const visit = (node: ts.Node): void => {
      const parent = ancestors[ancestors.length - 1];
      const opens = CREATIONS.has(node.kind) && !isCallback(node, parent);
      if (opens) frames.push({ symbol: symbolOf(node, ancestors), registered: new Set(), calls: [], literals: [] });
      const frame = frames[frames.length - 1];
      const holds = frame !== undefined && ts.isVariableDeclaration(node) && ts.isIdentifier(node.name);
      if (holds) stored.push({ name: (node.name as ts.Identifier).text, depth: frames.length });
      if (frame !== undefined && (ts.isCallExpression(node) || ts.isNewExpression(node))) {
        const callee = calledName(node);
        const args = node.arguments ?? [];
        const [key] = args;
        if (callee === 'set' && key !== undefined && args.length >= 2 && ts.isPropertyAccessExpression(node.expression)) frame.registered.add(textOf(key, sourceFile));
        const into = stored[stored.length - 1];
        if (callee !== undefined) frame.calls.push({ callee, args: args.map((arg) => textOf(arg, sourceFile)), ...(into?.depth === frames.length ? { into: into.name } : {}), line: line(node) });
      } else if (frame !== undefined && ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isElementAccessExpression(node.left)) {
        frame.registered.add(textOf(node.left.argumentExpression, sourceFile));
      } else if (frame !== undefined && ts.isObjectLiteralExpression(node)) {
        const pair = literalPair(node, parent, vocabulary);
        const sessionRoot = pair === undefined ? undefined : rootName(pair.session.value);
        if (pair !== undefined) frame.literals.push({ agent: normalizeName(pair.agent.key), session: normalizeName(pair.session.key), ...keysOf(node), agentText: textOf(pair.agent.value, sourceFile), ...(sessionRoot === undefined ? {} : { sessionRoot }), line: line(node) });
      }
      ancestors.push(node);
      ts.forEachChild(node, visit);
      ancestors.pop();
      if (holds) stored.pop();
      if (opens) settle(frames.pop() as CallerFrame);
    };
    ts.forEachChild(sourceFile, visit);
  }
  return [...sites.map((site): LifecycleSite => {
    const what = promoted.get(site);
    return what === undefined || site.form === 'call' ? site : { ...site, lifecycle: 'together', what };
  }), ...added];
}

const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'build', 'out', 'coverage']);
const MAX_CHARS = 2_000_000;

/** The source files of the package `root` (its own, not those of nested packages). */
export function packageFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string, top: boolean): void => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    if (!top && entries.some((entry) => entry.isFile() && entry.name === 'package.json')) return;
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.')) walk(path, false);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  walk(root, true);
  return files;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The folder of the nearest `package.json` above `file`, or `undefined` outside any package. */
export function packageOf(file: string): string | undefined {
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    try {
      if (statSync(join(folder, 'package.json')).isFile()) return folder;
    } catch {
      // No manifest here: look further up.
    }
    if (dirname(folder) === folder) return undefined;
  }
}

/** What a pair's evidence is looked for: the ids' names and, for parameters, the function's name. */
export interface Wanted {
  readonly agent: string;
  readonly session: string;
  readonly callee?: string;
}

/**
 * Reads the lifecycle evidence about `wanted` from `files` (a package's, see {@link packageFiles};
 * paths in it relative to `cwd`). Only files that name the session id (any spelling) or call the
 * function are parsed: the others cannot hold a site the pair's verdict reads — unless a literal
 * with the pair says nothing by itself: then files naming the agent id are read too, for the
 * function that minted its session for a parameter's agent (see `registeredByCallers`).
 */
export function readLifecycleEvidence(
  files: readonly string[],
  read: (path: string) => string | undefined,
  parse: (path: string, text: string) => ts.SourceFile,
  wanted: Wanted,
  cwd: string,
  vocabulary: ResolvedVocabulary,
  mintFunctions: ReadonlySet<string>,
  repositories: Repositories,
): LifecycleSite[] {
  const naming = (name: string): RegExp => new RegExp(splitWords(name).map(escape).join('[_-]?'), 'i');
  const session = naming(wanted.session);
  const calls = wanted.callee === undefined ? undefined : new RegExp(`(?<![\\w$])${escape(wanted.callee)}\\s*[(<]`);
  const sites: LifecycleSite[] = [];
  const where = (node: ts.Node, context: FileContext, at = node): { file: string; line: number; symbol: string } => ({
    file: context.file,
    line: context.position(at).line,
    symbol: symbolOf(node, context.ancestors),
  });
  // A creation that mints both ids (`double-mint`'s shape) says so of their names.
  const tracker = mintTracker(mintFunctions, (creation, node, context) => {
    const [agent] = creation.agents;
    if (agent === undefined || !mintsBoth(creation)) return;
    for (const session of creation.sessions) {
      sites.push({ form: 'creation', agent: normalizeName(agent.name), session: normalizeName(session.name), lifecycle: 'together', what: `mints '${agent.name}' and '${session.name}'`, ...where(node, context, (node as { name?: ts.Node }).name ?? node) });
    }
  });
  const sources = (value: ts.Expression, context: FileContext): ts.Node | undefined => mintSource(value, tracker.creations, mintFunctions, context);
  // Sites minting a session id for an agent id read from a parameter: their callers may show the
  // agent filed under that id for the session (see `registeredByCallers`).
  const throughParameter: Array<{ site: LifecycleSite; via: ViaParameter }> = [];
  // A literal with the wanted pair that says nothing by itself (`{ agentId: profile.id,
  // sessionId: session.id }`): its session may come from such a site in a file naming only the agent.
  let undecided = false;
  const onLiteral = (node: ts.Node, context: FileContext): void => {
    const literal = node as ts.ObjectLiteralExpression;
    const pair = literalPair(literal, context.ancestors[context.ancestors.length - 1], context.vocabulary);
    if (pair === undefined) return;
    const { agent, session } = pair;
    const found = pairing(agent.value, session.value, sources, context);
    if (found === undefined) {
      undecided ||= normalizeName(agent.key) === normalizeName(wanted.agent) && normalizeName(session.key) === normalizeName(wanted.session) && openedByCall(session.value, context.ancestors);
      return;
    }
    const site: LifecycleSite = { form: 'literal', agent: normalizeName(agent.key), session: normalizeName(session.key), ...keysOf(literal), ...found, ...where(node, context) };
    sites.push(site);
    const via = found.lifecycle === 'apart' ? viaParameter(agent.value, context) : undefined;
    if (via !== undefined) throughParameter.push({ site, via });
  };
  const onCall = (node: ts.Node, context: FileContext): void => {
    const call = node as ts.CallExpression | ts.NewExpression;
    const callee = calledName(call);
    const args = call.arguments ?? [];
    if (callee === undefined || args.length < 2) return;
    const mints: ts.Node[] = [];
    const described = args.map((arg): CallArgument => {
      const source = sources(arg, context);
      if (source !== undefined && !mints.includes(source)) mints.push(source);
      return { ...(source === undefined ? {} : { mint: mints.indexOf(source) }), fromAgent: builtFromKind(arg, 'agent-id', context), fromSession: builtFromKind(arg, 'session-id', context) };
    });
    if (described.some((arg) => arg.mint !== undefined || arg.fromAgent || arg.fromSession)) sites.push({ form: 'call', callee, args: described, ...where(node, context) });
  };
  const pairs: RuleVisitor = {
    triggers: ['agent', 'session'],
    enter: { [ts.SyntaxKind.ObjectLiteralExpression]: onLiteral, [ts.SyntaxKind.CallExpression]: onCall, [ts.SyntaxKind.NewExpression]: onCall },
  };
  const dispatch = buildDispatch([tracker, pairs]);
  const walked = new Set<string>();
  const walk = (accept: (text: string) => boolean): void => {
    for (const path of files) {
      const text = walked.has(path) ? undefined : read(path);
      if (text === undefined || text.length > MAX_CHARS || !accept(text)) continue;
      walked.add(path);
      walkFile(parse(path, text), relative(cwd, path).split(sep).join('/'), vocabulary, dispatch, repositories);
    }
  };
  walk((text) => session.test(text) || calls?.test(text) === true);
  if (undecided) {
    // Only a file putting the agent id in an object literal (`agentId:`, `{ agentId }`) and minting
    // (an id generator or a clock) can hold a session minted for a parameter's agent.
    const agent = new RegExp(`${naming(wanted.agent).source}['"]?\\s*[:,}]`, 'i');
    const mints = new RegExp(`(?<![\\w$])(?:${[...mintFunctions].map(escape).concat('Date\\.now', 'Math\\.random', 'performance\\.now').join('|')})\\s*\\(`);
    walk((text) => agent.test(text) && mints.test(text));
  }
  return throughParameter.length === 0 ? sites : registeredByCallers(sites, throughParameter, files, read, parse, cwd, vocabulary);
}

/** How the sites decide a pair: the first `together` and the first `apart` site, with what they do. */
export interface Verdicts {
  readonly together?: { readonly site: LifecycleSite; readonly what: string };
  readonly apart?: { readonly site: LifecycleSite; readonly what: string };
}

/**
 * What the sites say about a pair: object literals with both keys (`agent`, `session`, any
 * spelling), and — for a function's parameters — calls of `callee` with the agent id at
 * `agentIndex` and the session id at `sessionIndex`.
 */
export function verdicts(sites: readonly LifecycleSite[], agent: string, session: string, call?: { callee: string; agentIndex: number; sessionIndex: number }, members?: readonly string[]): Verdicts {
  const wantedAgent = normalizeName(agent);
  const wantedSession = normalizeName(session);
  const found: { together?: { site: LifecycleSite; what: string }; apart?: { site: LifecycleSite; what: string } } = {};
  for (const site of sites) {
    let decided: { lifecycle: Lifecycle; what: string } | undefined;
    if (site.form !== 'call') {
      const fits = members === undefined || site.keys === undefined || site.keys.every((key) => members.includes(key));
      if (site.agent === wantedAgent && site.session === wantedSession && fits) decided = site;
    } else if (call !== undefined && site.callee === call.callee) {
      const agentArg = site.args[call.agentIndex];
      const sessionArg = site.args[call.sessionIndex];
      if (agentArg === undefined || sessionArg === undefined) continue;
      if (agentArg.mint !== undefined && sessionArg.mint !== undefined && agentArg.mint !== sessionArg.mint) decided = { lifecycle: 'together', what: 'mints both ids' };
      else if (agentArg.fromSession) decided = { lifecycle: 'together', what: 'builds one id from the other' };
      else if (sessionArg.mint !== undefined && agentArg.mint === undefined) decided = { lifecycle: 'apart', what: 'mints the session id for an agent id it takes from elsewhere' };
      else if (sessionArg.fromAgent) decided = { lifecycle: 'together', what: 'builds one id from the other' };
    }
    if (decided !== undefined) found[decided.lifecycle] ??= { site, what: decided.what };
  }
  return found;
}
