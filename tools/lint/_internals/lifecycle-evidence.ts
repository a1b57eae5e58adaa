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
 *   has many sessions — a persona, not the session's second name.
 *
 * A function that mints both ids (`double-mint`'s shape) says `together` of their names wherever
 * they meet. Anything else (both ids taken from elsewhere) says nothing. Keys, names and callees
 * are matched by name (`session_id` is `sessionId`), as the syntax shows them.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { ts } from 'ts-morph';
import type { FileContext, RuleVisitor } from '../rules/rule.js';
import { builtFromKind, mintsBoth, mintSource, mintTracker } from './id-sources.js';
import { classifyName, normalizeName, splitWords, type ResolvedVocabulary } from './identity-names.js';
import { nameText, symbolOf } from './syntax.js';
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
  | { readonly form: 'literal' | 'creation'; readonly agent: string; readonly session: string; readonly lifecycle: Lifecycle; readonly what: string }
  | { readonly form: 'call'; readonly callee: string; readonly args: readonly CallArgument[] }
);

/** What a place where an agent id and a session id meet says about them, or `undefined`. */
function pairing(agent: ts.Expression, session: ts.Expression, sources: (value: ts.Expression) => ts.Node | undefined, file: FileContext): { lifecycle: Lifecycle; what: string } | undefined {
  const agentMint = sources(agent);
  const sessionMint = sources(session);
  if (agentMint !== undefined && sessionMint !== undefined && agentMint !== sessionMint) return { lifecycle: 'together', what: 'mints both ids' };
  if (builtFromKind(session, 'agent-id', file) || builtFromKind(agent, 'session-id', file)) return { lifecycle: 'together', what: 'builds one id from the other' };
  if (sessionMint !== undefined && agentMint === undefined) return { lifecycle: 'apart', what: 'mints the session id for an agent id it takes from elsewhere' };
  return undefined;
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

/** What a pair's evidence is looked for: the session id's name and, for parameters, the function's name. */
export interface Wanted {
  readonly session: string;
  readonly callee?: string;
}

/**
 * Reads the lifecycle evidence about `wanted` from `files` (a package's, see {@link packageFiles};
 * paths in it relative to `cwd`). Only files that name the session id (any spelling) or call the
 * function are parsed: the others cannot hold a site the pair's verdict reads.
 */
export function readLifecycleEvidence(
  files: readonly string[],
  read: (path: string) => string | undefined,
  parse: (path: string, text: string) => ts.SourceFile,
  wanted: Wanted,
  cwd: string,
  vocabulary: ResolvedVocabulary,
  mintFunctions: ReadonlySet<string>,
): LifecycleSite[] {
  const session = new RegExp(splitWords(wanted.session).map(escape).join('[_-]?'), 'i');
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
  const sources = (value: ts.Expression): ts.Node | undefined => mintSource(value, tracker.creations, mintFunctions);
  const onLiteral = (node: ts.Node, context: FileContext): void => {
    let agent: { key: string; value: ts.Expression } | undefined;
    let session: { key: string; value: ts.Expression } | undefined;
    for (const property of (node as ts.ObjectLiteralExpression).properties) {
      const key = ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property) ? nameText(property.name) : undefined;
      if (key === undefined) continue;
      const value = ts.isPropertyAssignment(property) ? property.initializer : (property as ts.ShorthandPropertyAssignment).name;
      const kind = classifyName(key, context.vocabulary);
      if (kind === 'agent-id') agent ??= { key, value };
      else if (kind === 'session-id') session ??= { key, value };
    }
    if (agent === undefined || session === undefined) return;
    const found = pairing(agent.value, session.value, sources, context);
    if (found !== undefined) sites.push({ form: 'literal', agent: normalizeName(agent.key), session: normalizeName(session.key), ...found, ...where(node, context) });
  };
  const onCall = (node: ts.Node, context: FileContext): void => {
    const call = node as ts.CallExpression | ts.NewExpression;
    const callee = ts.isIdentifier(call.expression) ? call.expression.text : ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : undefined;
    const args = call.arguments ?? [];
    if (callee === undefined || args.length < 2) return;
    const mints: ts.Node[] = [];
    const described = args.map((arg): CallArgument => {
      const source = sources(arg);
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
  for (const path of files) {
    const text = read(path);
    if (text === undefined || text.length > MAX_CHARS || !(session.test(text) || calls?.test(text) === true)) continue;
    walkFile(parse(path, text), relative(cwd, path).split(sep).join('/'), vocabulary, dispatch);
  }
  return sites;
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
export function verdicts(sites: readonly LifecycleSite[], agent: string, session: string, call?: { callee: string; agentIndex: number; sessionIndex: number }): Verdicts {
  const wantedAgent = normalizeName(agent);
  const wantedSession = normalizeName(session);
  const found: { together?: { site: LifecycleSite; what: string }; apart?: { site: LifecycleSite; what: string } } = {};
  for (const site of sites) {
    let decided: { lifecycle: Lifecycle; what: string } | undefined;
    if (site.form !== 'call') {
      if (site.agent === wantedAgent && site.session === wantedSession) decided = site;
    } else if (call !== undefined && site.callee === call.callee) {
      const agentArg = site.args[call.agentIndex];
      const sessionArg = site.args[call.sessionIndex];
      if (agentArg === undefined || sessionArg === undefined) continue;
      if (agentArg.mint !== undefined && sessionArg.mint !== undefined && agentArg.mint !== sessionArg.mint) decided = { lifecycle: 'together', what: 'mints both ids' };
      else if (sessionArg.fromAgent || agentArg.fromSession) decided = { lifecycle: 'together', what: 'builds one id from the other' };
      else if (sessionArg.mint !== undefined && agentArg.mint === undefined) decided = { lifecycle: 'apart', what: 'mints the session id for an agent id it takes from elsewhere' };
    }
    if (decided !== undefined) found[decided.lifecycle] ??= { site, what: decided.what };
  }
  return found;
}
