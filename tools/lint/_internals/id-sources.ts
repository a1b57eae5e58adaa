/**
 * Where an id's value comes from, as the syntax shows it: a mint (an id generator, a time- or
 * random-based value, a counter) stored under an agent-id or session-id name within one creation
 * (a function), or another id (a template or concatenation built from it, a fallback letting it
 * stand in), or a literal written in a constant list. Shared by the `double-mint`, `derived-id`
 * and `id-text-parsing` rules and by the lifecycle evidence the confirmation step reads
 * (`lifecycle-evidence.ts`).
 */
import { readFileSync } from 'node:fs';
import { ts } from 'ts-morph';
import type { FileContext, NodeHandler, RuleVisitor } from '../rules/rule.js';
import { classifyName, classifyTypeName, ID_MAKER_WORDS, namesOtherLifecycle, SESSION_PART_WORDS, splitWords } from './identity-names.js';
import { parseSource } from './parse-source.js';
import { inNodeModules } from './repository-root.js';
import { assignmentTarget, calledName, expressionKind, nameText } from './syntax.js';

/** The id generators recognised by default; `double-mint`'s `mintFunctions` option adds more. */
export const DEFAULT_MINT_FUNCTIONS = ['randomUUID', 'uuid', 'uuidv4', 'uuidv7', 'v4', 'v7', 'nanoid', 'ulid', 'cuid', 'createId'];

/** The id generators of a run: the defaults and those of `double-mint`'s (validated) `mintFunctions` option. */
export function mintFunctionsOf(options: Readonly<Record<string, unknown>> | undefined): Set<string> {
  return new Set([...DEFAULT_MINT_FUNCTIONS, ...((options?.['mintFunctions'] as readonly string[] | undefined) ?? [])]);
}

/** Time- and random-based values: `Date.now()`, `Math.random()`, `performance.now()`. */
const CLOCKS = new Set(['Date.now', 'Math.random', 'performance.now']);

/**
 * The name of a helper that makes an id (`generateTaskId`, `newSessionId`, `makeId`): a mint when
 * the same file declares it with a body that calls an id generator or a clock.
 */
const MINT_HELPER = /^(?:generate|gen|create|new|make|mint|next|random)\w*(?:Id|ID)$/;

const helpersByFile = new WeakMap<ReadonlySet<string>, WeakMap<ts.SourceFile, ReadonlySet<string>>>();

/**
 * The id generators of one file: those of the run, the file's own mint helpers (a function or
 * method named like {@link MINT_HELPER} whose body mints, as `private generateTaskId() { return
 * `bg_${Date.now().toString(36)}…` }`), and the helpers so named it imports from a module of its
 * repository whose body mints (§6: "a mint counts … in a helper imported from another module").
 */
function mintsIn(file: FileContext, mintFunctions: ReadonlySet<string>): ReadonlySet<string> {
  let byFile = helpersByFile.get(mintFunctions);
  if (byFile === undefined) {
    byFile = new WeakMap();
    helpersByFile.set(mintFunctions, byFile);
  }
  let mints = byFile.get(file.sourceFile);
  if (mints === undefined) {
    const helpers = new Set(mintFunctions);
    const visit = (node: ts.Node): void => {
      const fn =
        ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)
          ? node
          : (ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)) && node.initializer !== undefined && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
            ? node.initializer
            : undefined;
      const name = fn === undefined ? undefined : nameText((node as ts.NamedDeclaration).name);
      if (fn?.body !== undefined && name !== undefined && MINT_HELPER.test(name) && mintsWithin(fn.body, mintFunctions)) helpers.add(name);
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(file.sourceFile, visit);
    for (const name of importedMints(file, mintFunctions)) helpers.add(name);
    mints = helpers.size === mintFunctions.size ? mintFunctions : helpers;
    byFile.set(file.sourceFile, mints);
  }
  return mints;
}

/** What a run learnt of other modules, per set of id generators (one per run): the mint helpers of each module read. */
const moduleMintsByRun = new WeakMap<ReadonlySet<string>, Map<string, ReadonlySet<string>>>();

/** The modules each linted file's imported mint helpers and constant lists were read from (absolute paths). */
const modulesReadByFile = new WeakMap<ts.SourceFile, Set<string>>();

/**
 * The other modules whose text decided something while `sourceFile` was walked (its imported mint
 * helpers', its imported constant lists'): the lint cache re-lints the file when one of them changes.
 */
export function modulesReadFor(sourceFile: ts.SourceFile): readonly string[] {
  return [...(modulesReadByFile.get(sourceFile) ?? [])];
}

/**
 * The local names of the mint helpers `sourceFile` imports by name (`import { generateSessionId }
 * from './ids.js'`) from a module of its own repository whose top-level function of that name
 * mints. Each module is read once per run; a package in `node_modules` is not read.
 */
function importedMints(file: FileContext, mintFunctions: ReadonlySet<string>): string[] {
  const { sourceFile } = file;
  const names: string[] = [];
  let known: Map<string, ReadonlySet<string>> | undefined;
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings === undefined || !ts.isNamedImports(bindings) || statement.importClause?.isTypeOnly === true) continue;
    const wanted = bindings.elements.filter((element) => !element.isTypeOnly && MINT_HELPER.test(element.name.text));
    if (wanted.length === 0) continue;
    if (known === undefined) {
      known = moduleMintsByRun.get(mintFunctions) ?? new Map();
      moduleMintsByRun.set(mintFunctions, known);
    }
    const resolver = file.repositories.resolverOf(file.repositories.rootOf(sourceFile.fileName));
    const target = resolver.resolve(statement.moduleSpecifier.text, sourceFile.fileName)?.resolvedFileName;
    if (target === undefined || inNodeModules(target) || target.endsWith('.d.ts')) continue;
    const read = modulesReadByFile.get(sourceFile) ?? new Set();
    modulesReadByFile.set(sourceFile, read.add(target));
    let helpers = known.get(target);
    if (helpers === undefined) {
      helpers = moduleMintHelpers(target, mintFunctions);
      known.set(target, helpers);
    }
    for (const element of wanted) if (helpers.has(nameText(element.propertyName) ?? element.name.text)) names.push(element.name.text);
  }
  return names;
}

/** The top-level functions of the module at `path` named like {@link MINT_HELPER} whose body mints. */
function moduleMintHelpers(path: string, mintFunctions: ReadonlySet<string>): ReadonlySet<string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return new Set();
  }
  const helpers = new Set<string>();
  for (const statement of parseSource(path, text).statements) {
    const functions: { name: ts.Node | undefined; body: ts.Node | undefined }[] = ts.isFunctionDeclaration(statement)
      ? [{ name: statement.name, body: statement.body }]
      : ts.isVariableStatement(statement)
        ? statement.declarationList.declarations.map((declaration) => ({
            name: declaration.name,
            body: declaration.initializer !== undefined && (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer)) ? declaration.initializer.body : undefined,
          }))
        : [];
    for (const { name, body } of functions) {
      const text = nameText(name);
      if (text !== undefined && body !== undefined && MINT_HELPER.test(text) && mintsWithin(body, mintFunctions)) helpers.add(text);
    }
  }
  return helpers;
}

/** Modules read for their constants, by path, per run's repositories (the parse is reused). */
const constantModules = new WeakMap<FileContext['repositories'], Map<string, ts.SourceFile | undefined>>();

/**
 * The value of the top-level `const` that `name` names in `file`: declared there, or imported by
 * name from a module of its repository (`import { DEMO_ROWS } from './fixtures.js'`; a package in
 * `node_modules` is not read). The module read is noted for the lint cache.
 */
function constantOf(name: string, file: FileContext): ts.Expression | undefined {
  const declared = (sourceFile: ts.SourceFile, wanted: string): ts.Expression | undefined => {
    for (const statement of sourceFile.statements) {
      if (!ts.isVariableStatement(statement) || (statement.declarationList.flags & ts.NodeFlags.Const) === 0) continue;
      const declaration = statement.declarationList.declarations.find((entry) => ts.isIdentifier(entry.name) && entry.name.text === wanted);
      if (declaration !== undefined) return declaration.initializer === undefined ? undefined : unwrap(declaration.initializer);
    }
    return undefined;
  };
  const own = declared(file.sourceFile, name);
  if (own !== undefined) return own;
  const { sourceFile } = file;
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    const element = bindings !== undefined && ts.isNamedImports(bindings) ? bindings.elements.find((entry) => entry.name.text === name) : undefined;
    if (element === undefined) continue;
    const resolver = file.repositories.resolverOf(file.repositories.rootOf(sourceFile.fileName));
    const target = resolver.resolve(statement.moduleSpecifier.text, sourceFile.fileName)?.resolvedFileName;
    if (target === undefined || inNodeModules(target) || target.endsWith('.d.ts')) return undefined;
    modulesReadByFile.set(sourceFile, (modulesReadByFile.get(sourceFile) ?? new Set()).add(target));
    let modules = constantModules.get(file.repositories);
    if (modules === undefined) {
      modules = new Map();
      constantModules.set(file.repositories, modules);
    }
    if (!modules.has(target)) {
      let text: string | undefined;
      try {
        text = readFileSync(target, 'utf8');
      } catch {
        text = undefined;
      }
      modules.set(target, text === undefined ? undefined : parseSource(target, text));
    }
    const module = modules.get(target);
    return module === undefined ? undefined : declared(module, nameText(element.propertyName) ?? name);
  }
  return undefined;
}

/**
 * True when the objects a list holds carry, at `path` (`['session']` for `rows[i].session`), an
 * `id` that is a string literal written in the code, in every element: `list` names a `const`
 * array literal of object literals, of this file or imported from a module of the repository.
 * Such ids are a fixed list that no creation minted (§6: "The shapes are about *one lifecycle*";
 * "any minting counts") — demo rows, a catalogue —, not a lifecycle's ids.
 */
export function holdsLiteralIds(list: string, path: readonly string[], file: FileContext): boolean {
  const value = constantOf(list, file);
  if (value === undefined || !ts.isArrayLiteralExpression(value) || value.elements.length === 0) return false;
  const member = (object: ts.Expression, key: string): ts.Expression | undefined => {
    const node = unwrap(object);
    if (!ts.isObjectLiteralExpression(node)) return undefined;
    const property = node.properties.find((entry) => ts.isPropertyAssignment(entry) && nameText(entry.name) === key);
    return property !== undefined && ts.isPropertyAssignment(property) ? unwrap(property.initializer) : undefined;
  };
  return value.elements.every((element) => {
    let node: ts.Expression | undefined = element;
    for (const key of [...path, 'id']) node = node === undefined ? undefined : member(node, key);
    return node !== undefined && ts.isStringLiteralLike(node);
  });
}

const selfMintingByFile = new WeakMap<ReadonlySet<string>, WeakMap<ts.SourceFile, ReadonlyMap<string, 'agent-id' | 'session-id'>>>();

/**
 * The classes of one file that are an agent or a session (by name: `AgentSession`, `ChildAgent`)
 * and mint their own id — in a property initializer (`readonly id = randomUUID()`) or their
 * constructor (`this.sessionId = nanoid()`): building one mints that side's id (§6: "a mint counts
 * wherever the code that runs for the creation performs it: … in the constructor of an object the
 * creation builds"). Only the file's own classes: an imported class's body is not read.
 */
function selfMintingClasses(file: FileContext, mintFunctions: ReadonlySet<string>): ReadonlyMap<string, 'agent-id' | 'session-id'> {
  let byFile = selfMintingByFile.get(mintFunctions);
  if (byFile === undefined) {
    byFile = new WeakMap();
    selfMintingByFile.set(mintFunctions, byFile);
  }
  let classes = byFile.get(file.sourceFile);
  if (classes === undefined) {
    const found = new Map<string, 'agent-id' | 'session-id'>();
    const ownId = (name: string | undefined): boolean => {
      const kind = name === undefined ? undefined : classifyName(name, file.vocabulary);
      return name === 'id' || kind === 'agent-id' || kind === 'session-id';
    };
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node) && node.name !== undefined) {
        const kind = classifyTypeName(node.name.text, file.vocabulary);
        const side = kind === 'agent-object' ? 'agent-id' : kind === 'session-object' ? 'session-id' : undefined;
        const mints = node.members.some((member) => {
          if (ts.isPropertyDeclaration(member)) return ownId(nameText(member.name)) && member.initializer !== undefined && mintsWithin(member.initializer, mintFunctions);
          if (!ts.isConstructorDeclaration(member) || member.body === undefined) return false;
          const assigns = (child: ts.Node): boolean =>
            (ts.isBinaryExpression(child) &&
              child.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
              ts.isPropertyAccessExpression(child.left) &&
              child.left.expression.kind === ts.SyntaxKind.ThisKeyword &&
              ownId(child.left.name.text) &&
              mintsWithin(child.right, mintFunctions)) ||
            (ts.forEachChild(child, assigns) ?? false);
          return assigns(member.body);
        });
        if (side !== undefined && mints) found.set(node.name.text, side);
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(file.sourceFile, visit);
    classes = found;
    byFile.set(file.sourceFile, classes);
  }
  return classes;
}

/** The syntax kinds that open a creation: one function's mints belong together. */
export const CREATION_KINDS = [
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
] as const;

/** An id's value and the mint expression that produced it. */
export interface Minted {
  readonly name: string;
  readonly source: ts.Node;
  /** The innermost loop the id is stored in, if any. */
  readonly loop?: ts.Node;
}

const LOOPS = new Set([
  ts.SyntaxKind.ForStatement,
  ts.SyntaxKind.ForOfStatement,
  ts.SyntaxKind.ForInStatement,
  ts.SyntaxKind.WhileStatement,
  ts.SyntaxKind.DoStatement,
]);

/** The innermost loop among `ancestors`: a store there happens once per pass. */
function loopOf(ancestors: readonly ts.Node[]): ts.Node | undefined {
  return ancestors.findLast((node) => LOOPS.has(node.kind));
}

/** What one creation (function) minted so far. */
export interface Creation {
  /** Agent ids minted (an `id` target counts as the agent's own id), in order. */
  readonly agents: Minted[];
  readonly sessions: Minted[];
  /**
   * Minted values placed by another name into an object's bare `id` (`{ id: taskId, sessionId }`),
   * or minted under another lifecycle noun's id (`chatId: uuidv4()`, §6 "which ids"): the
   * object's own id — an agent's, or a work item's beside the session made for it — or a chat,
   * task or thread that is one lifecycle with the session only if filed one-to-one with it; the
   * names cannot tell. Not agent ids, so not lifecycle evidence.
   */
  readonly records: Minted[];
  /** Variables holding a minted value, by name. */
  readonly values: Map<string, ts.Node>;
  /** Variables holding an object literal with a minted agent id (`const profile = { id: nanoid() }`), by name. */
  readonly holders: Map<string, ts.Node>;
  /**
   * Session ids taken from a call that was handed the agent id minted here (`const sessionId =
   * await spawn(profile)`): the callee mints the second id of this creation. Not read as
   * lifecycle evidence (which matches pairs by name across a package).
   */
  readonly received: Array<Minted & { readonly callee: string }>;
}

/**
 * A visitor that follows mints through each creation and calls `leave` when a creation's
 * function is left, with the enclosing creation (if any). Any mint counts, also one first stored
 * in a variable not named like an id and passed on later (`const id = nanoid(); … { agentId: id }`).
 */
export function mintTracker(mintFunctions: ReadonlySet<string>, leave: (creation: Creation, node: ts.Node, file: FileContext) => void): RuleVisitor & { readonly creations: readonly Creation[] } {
  const creations: Creation[] = [];
  const enter = (): void => {
    creations.push({ agents: [], sessions: [], records: [], values: new Map(), holders: new Map(), received: [] });
  };
  const onLeave: NodeHandler = (node, file) => {
    const creation = creations.pop();
    if (creation !== undefined) leave(creation, node, file);
  };
  // A value stored under `target`: an agent id, a session id, or a variable to follow. A bare `id`
  // is the agent's own unless its object literal names the agent apart (`{ id, agentId, … }`: a
  // record's id) or is an entry (`timeline: [{ id, … }]`, `const message = { id, sessionId }`: an entry's id).
  // A variable named `id` is only followed: whose id it holds, the literal it goes into tells.
  // An object literal's key (`literalKey`) is no variable: its value is placed, never followed
  // (`messages.push({ id: uuid() })` does not rebind a `const id = uuid()` minted before it).
  const store = (creation: Creation, target: string, source: ts.Node, file: FileContext, variable = false, via?: string, literalKey = false): void => {
    const kind = classifyName(target, file.vocabulary);
    const loop = loopOf(file.ancestors);
    const minted = loop === undefined ? { name: target, source } : { name: target, source, loop };
    const ownId = target === 'id' && !variable && !namesAgentApart(file) && !entry(file);
    if (ownId && via !== undefined && via !== 'id' && classifyName(via, file.vocabulary) !== 'agent-id') creation.records.push(minted);
    else if (kind === 'agent-id' || ownId) creation.agents.push(minted);
    else if (kind === 'session-id') creation.sessions.push(minted);
    else if (namesOtherLifecycle(target) && !inEntry(file)) creation.records.push(minted);
    if (!literalKey && (kind === undefined || target === 'id')) creation.values.set(target, source);
  };
  const onMint = (node: ts.Node, file: FileContext): void => {
    const creation = creations[creations.length - 1];
    const target = assignmentTarget(file.ancestors);
    const holder = file.ancestors.findLast((ancestor) => ts.isVariableDeclaration(ancestor) || ts.isPropertyAssignment(ancestor) || ts.isPropertyDeclaration(ancestor) || ts.isBinaryExpression(ancestor));
    const site = file.ancestors.findLast((ancestor) => ts.isVariableDeclaration(ancestor) || ts.isPropertyAssignment(ancestor) || ts.isPropertyDeclaration(ancestor) || (ts.isBinaryExpression(ancestor) && ancestor.operatorToken.kind === ts.SyntaxKind.EqualsToken));
    if (creation !== undefined && target !== undefined) store(creation, target, node, file, holder !== undefined && ts.isVariableDeclaration(holder), undefined, site !== undefined && ts.isPropertyAssignment(site));
  };
  const onCall: NodeHandler = (node, file) => {
    if (mintCallIn(node as ts.CallExpression, file, mintFunctions)) onMint(node, file);
  };
  // `new AgentSession()` whose class mints its own id: that side's id, minted by the constructor.
  const onNew: NodeHandler = (node, file) => {
    const creation = creations[creations.length - 1];
    const callee = (node as ts.NewExpression).expression;
    if (creation === undefined || !ts.isIdentifier(callee)) return;
    const side = selfMintingClasses(file, mintFunctions).get(callee.text);
    if (side === undefined) return;
    const loop = loopOf(file.ancestors);
    const minted = { name: `${callee.text}.id`, source: node, ...(loop === undefined ? {} : { loop }) };
    (side === 'agent-id' ? creation.agents : creation.sessions).push(minted);
  };
  // An index stepped inside an element access (`args[++i]`) reads a list; it mints nothing.
  const onCounter: NodeHandler = (node, file) => {
    const parent = file.ancestors[file.ancestors.length - 1];
    const index = parent !== undefined && ts.isElementAccessExpression(parent) && parent.argumentExpression === node;
    if (!index && isCounter(node as ts.PrefixUnaryExpression | ts.PostfixUnaryExpression)) onMint(node, file);
  };
  // The open creation whose minted agent id `argument` carries: the id itself, a variable holding
  // it, or an object holding it (`profile`, `profile.id`).
  const minterOf = (argument: ts.Expression): Creation | undefined => {
    let node = unwrap(argument);
    if (ts.isPropertyAccessExpression(node)) node = unwrap(node.expression);
    if (!ts.isIdentifier(node)) return undefined;
    const name = node.text;
    for (let index = creations.length - 1; index >= 0; index -= 1) {
      const creation = creations[index] as Creation;
      const value = creation.values.get(name);
      if (creation.holders.has(name) || creation.agents.some((minted) => minted.name === name || minted.source === value)) return creation;
    }
    return undefined;
  };
  // A session id taken from a call handed the agent id minted here: `const sessionId = await spawn(profile)`.
  const onReceived = (target: string, value: ts.Expression, file: FileContext): void => {
    const call = unwrap(value);
    if (classifyName(target, file.vocabulary) !== 'session-id' || !ts.isCallExpression(call) || mintCall(call, mintFunctions)) return;
    for (const argument of call.arguments) {
      const creation = minterOf(argument);
      if (creation === undefined) continue;
      const callee = ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : call.expression.getText(file.sourceFile);
      creation.received.push({ name: target, source: call, callee });
      return;
    }
  };
  // A minted variable passed on: `{ agentId: id }`, `const sessionId = id`, `this.agentId = id`.
  const onStore = (target: string | undefined, value: ts.Expression | undefined, file: FileContext, variable = false, literalKey = false): void => {
    const creation = creations[creations.length - 1];
    if (creation === undefined || target === undefined || value === undefined) return;
    if (!ts.isIdentifier(value)) {
      onReceived(target, value, file);
      return;
    }
    for (let index = creations.length - 1; index >= 0; index -= 1) {
      const source = creations[index]?.values.get(value.text);
      if (source === undefined) continue;
      // `{ id }` places a followed `id` variable in a literal; other same-name stores add nothing.
      if (value.text !== target || (target === 'id' && !variable)) store(creation, target, source, file, variable, value.text, literalKey);
      return;
    }
  };
  return {
    creations,
    triggers: [
      ...[...mintFunctions].map((name) => `(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`),
      'Date\\.now',
      'Math\\.random',
      'performance\\.now',
      '\\+\\+',
      '--',
      `(?<![\\w$])${MINT_HELPER.source.slice(1, -1)}\\s*\\(`,
      // An `id` in an object literal, shorthand (`{ id, sessionId }`) or keyed (`{ id: taskId }`): a
      // followed value placed there.
      '(?<![\\w$.])id\\s*[,}:]',
    ],
    enter: {
      ...Object.fromEntries(CREATION_KINDS.map((kind) => [kind, enter])),
      [ts.SyntaxKind.CallExpression]: onCall,
      [ts.SyntaxKind.NewExpression]: onNew,
      [ts.SyntaxKind.PrefixUnaryExpression]: onCounter,
      [ts.SyntaxKind.PostfixUnaryExpression]: onCounter,
      [ts.SyntaxKind.VariableDeclaration]: (node, file) => {
        const declaration = node as ts.VariableDeclaration;
        onStore(nameText(declaration.name), declaration.initializer, file, true);
      },
      [ts.SyntaxKind.PropertyAssignment]: (node, file) => {
        const assignment = node as ts.PropertyAssignment;
        onStore(nameText(assignment.name), assignment.initializer, file, false, true);
      },
      [ts.SyntaxKind.ShorthandPropertyAssignment]: (node, file) => {
        const { name } = node as ts.ShorthandPropertyAssignment;
        onStore(name.text, name, file, false, true);
      },
      [ts.SyntaxKind.BinaryExpression]: (node, file) => {
        const { left, operatorToken, right } = node as ts.BinaryExpression;
        if (operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
        onStore(ts.isIdentifier(left) ? left.text : ts.isPropertyAccessExpression(left) ? left.name.text : undefined, right, file);
      },
    },
    leave: {
      ...Object.fromEntries(CREATION_KINDS.map((kind) => [kind, onLeave])),
      // An object literal holding a minted agent id, once its properties were read: `const profile = { id: nanoid(), … }`.
      [ts.SyntaxKind.VariableDeclaration]: (node) => {
        const { name, initializer } = node as ts.VariableDeclaration;
        const creation = creations[creations.length - 1];
        if (creation === undefined || initializer === undefined || !ts.isIdentifier(name) || !ts.isObjectLiteralExpression(unwrap(initializer))) return;
        const held = creation.agents.find((minted) => minted.source.pos >= initializer.pos && minted.source.end <= initializer.end);
        if (held !== undefined) creation.holders.set(name.text, held.source);
      },
    },
  };
}

/**
 * The session id a creation took from a call it handed its freshly minted agent id
 * (`const sessionId = await spawn(profile)` after `profile = { id: nanoid() }`): the callee
 * minted a second id for this creation.
 */
export function receivesSecond(creation: Creation): (Minted & { readonly callee: string }) | undefined {
  return creation.received[0];
}

/**
 * True when the object literal a value is being stored into is an entry, not the agent: an
 * element of an array literal (`timeline: [{ id, … }]`), or a record named as a part of a session
 * (`const message = { id, sessionId }`, `events.push({ id, … })`, `: ChatMessage`).
 */
function entry(file: FileContext, at = file.ancestors.findLastIndex((node) => ts.isObjectLiteralExpression(node) || ts.isBlock(node) || ts.isFunctionLike(node))): boolean {
  const owner = file.ancestors[at];
  if (owner === undefined || !ts.isObjectLiteralExpression(owner)) return false;
  let parent = at - 1;
  while (parent >= 0 && (ts.isParenthesizedExpression(file.ancestors[parent] as ts.Node) || ts.isAsExpression(file.ancestors[parent] as ts.Node) || ts.isSatisfiesExpression(file.ancestors[parent] as ts.Node))) parent -= 1;
  const holder = file.ancestors[parent];
  if (holder === undefined) return false;
  if (ts.isArrayLiteralExpression(holder)) return true;
  const names: string[] = [];
  if (ts.isVariableDeclaration(holder) || ts.isPropertyAssignment(holder) || ts.isPropertyDeclaration(holder)) {
    names.push(nameText(holder.name) ?? '');
    const type = 'type' in holder ? holder.type : undefined;
    if (type !== undefined && ts.isTypeReferenceNode(type)) names.push(type.typeName.getText(file.sourceFile));
  } else if (ts.isCallExpression(holder) || ts.isNewExpression(holder)) {
    names.push(holder.expression.getText(file.sourceFile));
  } else if (ts.isBinaryExpression(holder) && holder.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    names.push(holder.left.getText(file.sourceFile));
  }
  return names.some((name) => splitWords(name.replace(/[^\w$]+/g, ' ')).some((word) => SESSION_PART_WORDS.has(word.replace(/ies$/, 'y').replace(/s$/, ''))));
}

/** True when any object literal the value sits in, up to its function, is an entry (`{ id, payload: { taskId: uuid() } }` in a message). */
function inEntry(file: FileContext): boolean {
  for (let at = file.ancestors.length - 1; at >= 0; at -= 1) {
    const node = file.ancestors[at] as ts.Node;
    if (ts.isBlock(node) || ts.isFunctionLike(node)) return false;
    if (ts.isObjectLiteralExpression(node) && entry(file, at)) return true;
  }
  return false;
}

/** True when the object literal a value is being stored into also has an agent-id key (`{ id, agentId }`). */
function namesAgentApart(file: FileContext): boolean {
  // Values are stored only within a creation, so a function-like ancestor is always found.
  const owner = file.ancestors.findLast((node) => ts.isObjectLiteralExpression(node) || ts.isBlock(node) || ts.isFunctionLike(node));
  return (
    owner !== undefined &&
    ts.isObjectLiteralExpression(owner) &&
    owner.properties.some((property) => {
      const key = ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property) ? nameText(property.name) : undefined;
      return key !== undefined && classifyName(key, file.vocabulary) === 'agent-id';
    })
  );
}

/** True when the creation minted an agent id (or, with `records`, an object's own id placed by another name) and a session id from two different mints. */
export function mintsBoth(creation: Creation, records = false): boolean {
  const [agent] = records ? creation.records : creation.agents;
  const [session] = creation.sessions;
  // Ids stored in different loops (one agent per pass of one, one session per pass of another),
  // or one in a loop and one outside, belong to different objects, not to one creation.
  return agent !== undefined && session !== undefined && agent.source !== session.source && agent.loop === session.loop;
}

/** A call to an id generator, a clock or a mint helper of `file` (`generateTaskId()`). */
function mintCallIn(call: ts.CallExpression, file: FileContext, mintFunctions: ReadonlySet<string>): boolean {
  const called = calledName(call);
  return mintCall(call, called !== undefined && MINT_HELPER.test(called) ? mintsIn(file, mintFunctions) : mintFunctions);
}

/** True when `node` calls an id generator or a clock anywhere inside it. */
export function mintsWithin(node: ts.Node, mintFunctions: ReadonlySet<string>): boolean {
  return (ts.isCallExpression(node) && mintCall(node, mintFunctions)) || (ts.forEachChild(node, (child) => mintsWithin(child, mintFunctions) || undefined) ?? false);
}

/** A call to an id generator or a clock (`randomUUID()`, `Date.now()`). */
function mintCall(call: ts.CallExpression, mintFunctions: ReadonlySet<string>): boolean {
  const callee = call.expression;
  const called = calledName(call);
  const qualified = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) ? `${callee.expression.text}.${callee.name.text}` : undefined;
  return (called !== undefined && mintFunctions.has(called)) || (qualified !== undefined && CLOCKS.has(qualified));
}

function isCounter(node: ts.PrefixUnaryExpression | ts.PostfixUnaryExpression): boolean {
  return node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken;
}

/** The expression under parentheses, `!`, `as` and `await`. */
export function unwrap(expression: ts.Expression): ts.Expression {
  let node = expression;
  while (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node) || ts.isAwaitExpression(node)) node = node.expression;
  return node;
}

/**
 * The mint a value comes from, within the open `creations` (innermost last): a mint expression
 * (also formatted: `Date.now().toString(36)`, `` `s-${randomUUID()}` ``), or a name (`sessionId`,
 * `this.sessionId`, a variable holding a mint) that one of them stored a mint under.
 */
export function mintSource(expression: ts.Expression, creations: readonly Creation[], mintFunctions: ReadonlySet<string>, file: FileContext): ts.Node | undefined {
  const node = unwrap(expression);
  if (ts.isCallExpression(node)) {
    if (mintCallIn(node, file, mintFunctions)) return node;
    return ts.isPropertyAccessExpression(node.expression) ? mintSource(node.expression.expression, creations, mintFunctions, file) : undefined;
  }
  if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && isCounter(node)) return node;
  if (ts.isTemplateExpression(node) || (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)) {
    for (const part of parts(node)) {
      const source = mintSource(part, creations, mintFunctions, file);
      if (source !== undefined) return source;
    }
    return undefined;
  }
  const name = ts.isIdentifier(node) ? node.text : ts.isPropertyAccessExpression(node) ? node.name.text : undefined;
  if (name === undefined) return undefined;
  for (let index = creations.length - 1; index >= 0; index -= 1) {
    const creation = creations[index] as Creation;
    const source = creation.values.get(name) ?? creation.sessions.find((minted) => minted.name === name)?.source ?? creation.agents.find((minted) => minted.name === name)?.source;
    if (source !== undefined) return source;
  }
  return undefined;
}

/** True when `expression` is built from (or falls back to) an id of `kind`: `` `s-${agentId}` ``, `sessionId ?? agentId`. */
export function builtFromKind(expression: ts.Expression, kind: 'agent-id' | 'session-id', file: FileContext): boolean {
  const node = unwrap(expression);
  if (ts.isBinaryExpression(node) && FALLBACKS.has(node.operatorToken.kind)) return [node.left, node.right].some((side) => expressionKind(side, file) === kind);
  // `AgentId(sessionId)`: the other id's constructor applied to this one (§6: "one id standing in for the other").
  if (ts.isCallExpression(node)) {
    const made = idMaker(calledName(node));
    return made !== undefined && made !== kind && node.arguments.some((argument) => expressionKind(argument, file) === kind || builtFromKind(argument, kind, file));
  }
  return (ts.isTemplateExpression(node) || ts.isBinaryExpression(node)) && parts(node).some((part) => expressionKind(part, file) === kind);
}

const FALLBACKS = new Set([ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken]);

/**
 * The id kind a function makes, judged by its name alone: the id's words, with at most a verb
 * before them and a preposition after (`SessionId`, `asSessionId`, `sessionIdFor`). A lookup
 * (`getSessionIdForAgent`, `findSessionId`) is not a maker: it reads a map (`id-translation-map`).
 */
export function idMaker(name: string | undefined): 'agent-id' | 'session-id' | undefined {
  if (name === undefined) return undefined;
  const words = splitWords(name).filter((word) => !ID_MAKER_WORDS.has(word));
  if (words.length !== 2 || words[1] !== 'id') return undefined;
  return words[0] === 'session' ? 'session-id' : words[0] === 'agent' ? 'agent-id' : undefined;
}

/** The parts a string is built from: the spans of a template, the operands of a `+` chain. */
export function parts(expression: ts.Expression): ts.Expression[] {
  if (ts.isTemplateExpression(expression)) return expression.templateSpans.map((span) => span.expression);
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) return [...parts(expression.left), ...parts(expression.right)];
  if (ts.isParenthesizedExpression(expression)) return parts(expression.expression);
  return [expression];
}

/** One id linked to the other: `target` built from `from`, or `from` standing in for `target`. */
export interface IdLink {
  readonly target: string;
  readonly targetKind: 'agent-id' | 'session-id';
  readonly from: ts.Expression;
}

/**
 * For a template or the outermost `+` of a chain stored under an id name: the other id it is
 * built from (`sessionId: `s-${agentId}``, `const agentId = 'agent-' + sessionId`).
 */
export function builtFrom(node: ts.Expression, file: FileContext): IdLink | undefined {
  const target = assignmentTarget(file.ancestors);
  if (target === undefined) return undefined;
  const kind = classifyName(target, file.vocabulary);
  if (kind !== 'agent-id' && kind !== 'session-id') return undefined;
  const other = kind === 'agent-id' ? 'session-id' : 'agent-id';
  const from = parts(node).find((part) => expressionKind(part, file) === other);
  return from === undefined ? undefined : { target, targetKind: kind, from };
}

/** For `a ?? b` / `a || b` between an agent id and a session id: the pair (`left` is the target). */
export function standIn(node: ts.BinaryExpression, file: FileContext): { readonly left: 'agent-id' | 'session-id'; readonly right: 'agent-id' | 'session-id' } | undefined {
  if (!FALLBACKS.has(node.operatorToken.kind)) return undefined;
  const left = expressionKind(node.left, file);
  const right = expressionKind(node.right, file);
  return left === undefined || right === undefined || left === right ? undefined : { left, right };
}

/** True when `node` is a `+` whose parent is not a `+`: one construct per chain. */
export function outermostPlus(node: ts.BinaryExpression, file: FileContext): boolean {
  if (node.operatorToken.kind !== ts.SyntaxKind.PlusToken) return false;
  const parent = file.ancestors[file.ancestors.length - 1];
  return parent === undefined || !ts.isBinaryExpression(parent) || parent.operatorToken.kind !== ts.SyntaxKind.PlusToken;
}

/**
 * For an agent's own id and its session's id read from one agent object — `agent.id` beside
 * `agent.session.id`, `agent.session.header.id` or `agent.session.sessionId` — the object they are
 * read from (`agent`); `undefined` otherwise. The object carries its session, so both are its one
 * identity, read twice. (A record's two fields, `entry.agentId` and `entry.sessionId`, say nothing
 * of the kind: they are copied, not read from an agent that carries its session.)
 */
export function readFromOneObject(agent: ts.Expression, session: ts.Expression): string | undefined {
  const path = (expression: ts.Expression): string[] | undefined => {
    const names: string[] = [];
    let node = unwrap(expression);
    while (ts.isPropertyAccessExpression(node)) {
      names.unshift(node.name.text);
      node = unwrap(node.expression);
    }
    if (ts.isIdentifier(node)) names.unshift(node.text);
    else if (node.kind === ts.SyntaxKind.ThisKeyword) names.unshift('this');
    else return undefined;
    return names;
  };
  const agentPath = path(agent);
  const sessionPath = path(session);
  if (agentPath === undefined || sessionPath === undefined || agentPath.length < 2) return undefined;
  const owner = agentPath.slice(0, -1).join('.');
  const ownId = agentPath[agentPath.length - 1] === 'id';
  const sessionRest = sessionPath.slice(agentPath.length - 1).join('.');
  const sameOwner = sessionPath.slice(0, agentPath.length - 1).join('.') === owner;
  return ownId && sameOwner && /^session\.(?:header\.id|id|sessionId)$/.test(sessionRest) ? owner : undefined;
}
