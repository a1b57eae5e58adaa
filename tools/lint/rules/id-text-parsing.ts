/**
 * `id-text-parsing` (AIK-ID-004): ownership or locality derived from an id's text —
 * `startsWith`, `split`, `match`, a regex `test` on an agent or session id, or a piece cut from
 * it and compared. Ids are opaque: the fact belongs on the object as data.
 */
import { ts } from 'ts-morph';
import { holdsLiteralIds, mintFunctionsOf, mintsWithin, unwrap } from '../_internals/id-sources.js';
import { classifyName, ID_HOLDER_WORDS, isIdList, LIFECYCLE_HOLDER_WORDS, OTHER_SESSION_WORDS, splitWords, WIRE_LOCAL_WORDS } from '../_internals/identity-names.js';
import { calledName, classifyTypeNode, declaredName, holderShows, nameText, originNames, symbolOf } from '../_internals/syntax.js';
import type { Confirmation, FileContext, Rule, RuleVisitor } from './rule.js';

/** String methods that ask the text a question: always a finding on an id. */
const QUESTIONS = new Set(['startsWith', 'endsWith', 'split', 'match', 'matchAll', 'includes', 'indexOf', 'lastIndexOf', 'search']);
/**
 * String methods that cut the text: a finding when the piece is compared (`id.slice(0, 4) ===
 * 'acp-'`), not when it is only shown (`session.id.slice(0, 8)` in a log line).
 */
const CUTS = new Set(['slice', 'substring', 'substr', 'charAt', 'at']);
/**
 * String methods that rewrite the text: a finding when what they cut is a named part of the id
 * (`id.replace(/-session-.*$/, '')`: a word of two letters or more) and what is left is compared
 * or becomes the other identity (docs/contract.md §6: "one id derived from the other … and one id
 * standing in for the other": `agentIdBySession[id] ?? id.replace(/-session-.*$/, '')`). Stripping
 * a prefix to show or pass on the same id (`sessionId.replace(/^sess_/, '')` as a trace id) reads
 * no owner or place, and reformatting (`id.replace(/-/g, '')`) none either.
 */
const REWRITES = new Set(['replace', 'replaceAll']);
const STRING_METHODS = new Set([...QUESTIONS, ...CUTS, ...REWRITES]);
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);
const REGEX_METHODS = new Set(['test', 'exec']);
const ID_KINDS = new Set(['agent-id', 'session-id', 'lineage']);

/** True when the call's value is compared: an operand of `===`/`!==`, or a `switch` subject. */
function isCompared(ancestors: readonly ts.Node[]): boolean {
  let index = ancestors.length - 1;
  while (index >= 0 && ts.isParenthesizedExpression(ancestors[index] as ts.Node)) index -= 1;
  const parent = ancestors[index];
  if (parent === undefined) return false;
  return (ts.isBinaryExpression(parent) && EQUALITY.has(parent.operatorToken.kind)) || ts.isSwitchStatement(parent);
}

/** The two identities of §6. */
type Identity = 'agent-id' | 'session-id';

/**
 * The identity a name gives the value it holds or answers: an id's own name (`agentId`), or a map
 * or helper named for its values (`agentIdBySession`, `sessionIdFor`, `agentOf`).
 */
function identityOfName(name: string | undefined, file: FileContext): Identity | undefined {
  if (name === undefined) return undefined;
  const values = /^(.+?)(?:By|For|Of|From)(?:[A-Z_]|$)/.exec(name)?.[1] ?? name;
  const kind = classifyName(values, file.vocabulary);
  const [word, ...more] = splitWords(values);
  if (more.length === 0 && (word === 'agent' || word === 'subagent')) return 'agent-id';
  if (more.length === 0 && word === 'session') return 'session-id';
  if (kind === 'agent-id' || kind === 'agent-object') return 'agent-id';
  return kind === 'session-id' || kind === 'session-object' || kind === 'lineage' ? 'session-id' : undefined;
}

/** The name an expression is known by: a variable, a member, the map it indexes (`byId[key]`, `byId.get(key)`), the function it calls. */
function knownName(expression: ts.Expression): string | undefined {
  const node = unwrap(expression);
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node)) return knownName(node.expression);
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'get') return knownName(callee.expression);
    return calledName(node);
  }
  return undefined;
}

/** The identity of an id the rule found, from its text (`sessionId`, `agent.id`, `panel.focusedSessionId`). */
function identityOfId(id: string, file: FileContext): Identity | undefined {
  const segments = id.split('.');
  const own = identityOfName(segments[segments.length - 1], file);
  if (own !== undefined) return own;
  const owner = splitWords(segments[segments.length - 2] ?? '');
  if (owner.includes('agent') || owner.includes('subagent')) return 'agent-id';
  return owner.includes('session') || owner.includes('header') ? 'session-id' : undefined;
}

const FALLBACKS = new Set([ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken]);

/**
 * The identity the value of `call` becomes, as the code around it names it: the other side of a
 * fallback it stands in for (`agentIdBySession[id] ?? id.replace(…)`), the variable, member or
 * property it is stored in, or the function whose answer it is (`agentIdOf`).
 */
function becomes(call: ts.Node, ancestors: readonly ts.Node[], file: FileContext): Identity | undefined {
  let node = call;
  let at = ancestors.length - 1;
  for (; at >= 0; at -= 1) {
    const parent = ancestors[at] as ts.Node;
    if (ts.isBinaryExpression(parent) && FALLBACKS.has(parent.operatorToken.kind)) {
      const other = identityOfName(knownName(parent.left === node ? parent.right : parent.left), file);
      if (other !== undefined) return other;
    } else if (!ts.isParenthesizedExpression(parent) && !ts.isAsExpression(parent) && !ts.isNonNullExpression(parent) && !(ts.isConditionalExpression(parent) && parent.condition !== node)) {
      break;
    }
    node = parent;
  }
  const parent = ancestors[at];
  if (parent === undefined) return undefined;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.initializer === node) return identityOfName(nameText(parent.name), file);
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === node) return identityOfName(knownName(parent.left), file);
  if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === node)) {
    const fn = ancestors.findLastIndex((ancestor) => ts.isFunctionLike(ancestor));
    const holder = ancestors[fn];
    return holder === undefined ? undefined : identityOfName(declaredName(holder) ?? (fn > 0 ? declaredName(ancestors[fn - 1] as ts.Node) : undefined), file);
  }
  return undefined;
}

/** A parameter (a bare `id`, an `agentId`) is typed as an identity when an enclosing function declares it `SessionId` or `AgentId`. */
function isTypedIdParameter(ancestors: readonly ts.Node[], file: FileContext, name = 'id'): boolean {
  for (let index = ancestors.length - 1; index >= 0; index -= 1) {
    const node = ancestors[index] as ts.Node;
    if (!ts.isFunctionLike(node)) continue;
    for (const parameter of node.parameters) {
      if (ts.isIdentifier(parameter.name) && parameter.name.text === name) {
        const kind = classifyTypeNode(parameter.type, file);
        return kind === 'agent-id' || kind === 'session-id';
      }
    }
  }
  return false;
}

/** An id name, as opposed to a collection of ids (`sessionIds.includes(id)` is not text parsing). */
function isSingleId(name: string, file: FileContext): boolean {
  const kind = classifyName(name, file.vocabulary);
  return kind !== undefined && ID_KINDS.has(kind) && !isIdList(name);
}

/** A name that reads an agent or session id by itself: `sessionId`, `record.confirmedSessionId`. */
function namesId(expression: ts.Expression, file: FileContext): boolean {
  const node = unwrap(expression);
  const name = ts.isIdentifier(node) ? node.text : ts.isPropertyAccessExpression(node) ? node.name.text : undefined;
  return name !== undefined && isSingleId(name, file);
}

/**
 * For a parameter not named like an id (`id`, `key`): the name of the function it belongs to and
 * its position, when the function is named (a declaration, a method, a `const` holding it).
 */
function parameterOf(name: ts.Identifier, ancestors: readonly ts.Node[]): { callee: string; index: number } | undefined {
  for (let at = ancestors.length - 1; at >= 0; at -= 1) {
    const node = ancestors[at] as ts.Node;
    if (!ts.isFunctionLike(node)) continue;
    const index = node.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === name.text);
    if (index < 0) continue;
    const holder = ancestors[at - 1];
    const callee = nameText(node.name) ?? (holder !== undefined && ts.isVariableDeclaration(holder) ? nameText(holder.name) : undefined);
    return callee === undefined ? undefined : { callee, index };
  }
  return undefined;
}

/** True when a call in the file hands the function `callee` an agent or session id at `index` (`remember(sessionId)`). */
function calledWithId(callee: string, index: number, file: FileContext): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node)) {
      const name = calledName(node);
      const argument = node.arguments[index];
      if (name === callee && argument !== undefined && namesId(argument, file)) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(file.sourceFile);
  return found;
}

/** The text of an expression that is an agent or session id, for the message; otherwise `undefined`. */
function idExpression(expression: ts.Expression, file: FileContext, byCallers?: (name: ts.Identifier) => boolean): string | undefined {
  const node = unwrap(expression);
  if (ts.isIdentifier(node)) {
    if (isSingleId(node.text, file)) return node.text;
    if (node.text === 'id' && isTypedIdParameter(file.ancestors, file)) return node.text;
    if (byCallers?.(node) === true) return node.text;
    // A `const` holding an id under another name (`const sourceId = message.agentSource?.sessionId`)
    // is that id: named by it, and judged by its name.
    const bound = constValue(node, file);
    if (bound === undefined) return undefined;
    if (ts.isIdentifier(bound)) return isSingleId(bound.text, file) ? bound.text : undefined;
    return ts.isPropertyAccessExpression(bound) ? idExpression(bound, file) : undefined;
  }
  if (ts.isPropertyAccessExpression(node)) {
    const name = node.name.text;
    const owner = unwrap(node.expression);
    const ownerName = ts.isIdentifier(owner) ? owner.text : ts.isPropertyAccessExpression(owner) ? owner.name.text : undefined;
    const ownedId =
      name === 'id' &&
      ownerName !== undefined &&
      ((splitWords(ownerName).some((word) => ID_HOLDER_WORDS.has(word)) && partHolder(owner, file) !== 'other') || (ts.isIdentifier(owner) && elementOfLifecycles(owner, file.ancestors)));
    if (isSingleId(name, file) || ownedId) return `${ownerName ?? '…'}.${name}`;
  }
  return undefined;
}

/**
 * For an `id`'s holder named only by a part or a relative of a lifecycle (`header`, `child`,
 * `parent`), as a variable or parameter: whose it is, as its declaration shows (`holderShows`);
 * `lifecycle` for any other holder (`agent`, `session.header`, an element of a list of sessions).
 */
function partHolder(owner: ts.Expression, file: FileContext): 'lifecycle' | 'other' | undefined {
  if (!ts.isIdentifier(owner) || splitWords(owner.text).some((word) => LIFECYCLE_HOLDER_WORDS.has(word)) || elementOfLifecycles(owner, file.ancestors)) return 'lifecycle';
  return holderShows(owner.text, file, file.sourceFile);
}

/**
 * The doubt about a checked `holder.id` whose holder is named only by a part or a relative of a
 * lifecycle and declared in no way that shows whose (`headerGroup.headers.map((header) => …)`):
 * it may be a table's header or a DOM node's child — §6: "It says where it cannot tell".
 */
function holderDoubt(subject: ts.Expression, file: FileContext): { confirmation: Confirmation } | undefined {
  const node = unwrap(subject);
  if (!ts.isPropertyAccessExpression(node) || node.name.text !== 'id') return undefined;
  const owner = unwrap(node.expression);
  if (partHolder(owner, file) !== undefined) return undefined;
  const name = (owner as ts.Identifier).text;
  return { confirmation: { status: 'unknown', reason: `'${name}' is neither typed as nor read from an agent or a session, so '${name}.id' may be another object's id (a table's header, a DOM node's child)` } };
}

/**
 * True when `name` is the parameter of a callback handed to a method of a collection of agents
 * or sessions (`listSessions().find((candidate) => …)`, `this.agents.filter((entry) => …)`): each
 * value it takes is an agent or a session, so its `id` is that lifecycle's id.
 */
function elementOfLifecycles(name: ts.Identifier, ancestors: readonly ts.Node[]): boolean {
  for (let at = ancestors.length - 1; at > 0; at -= 1) {
    const callback = ancestors[at] as ts.Node;
    if (!ts.isArrowFunction(callback) && !ts.isFunctionExpression(callback)) continue;
    const [first] = callback.parameters;
    if (first === undefined || !ts.isIdentifier(first.name) || first.name.text !== name.text) continue;
    const call = ancestors[at - 1];
    return call !== undefined && ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) && namesLifecycles(call.expression.expression);
  }
  return false;
}

/**
 * True when the checked `X.id` is the id of an element of a constant list whose ids are string
 * literals (`DEMO_ROWS.filter(({ session }) => session.id.startsWith('quest-'))` over rows written
 * in the code, here or in an imported module): a fixed list no creation minted, not a lifecycle's
 * ids (§6: "The shapes are about *one lifecycle*").
 */
function literalElement(subject: ts.Expression, file: FileContext): boolean {
  const node = unwrap(subject);
  if (!ts.isPropertyAccessExpression(node) || node.name.text !== 'id') return false;
  const owner = unwrap(node.expression);
  if (!ts.isIdentifier(owner)) return false;
  for (let at = file.ancestors.length - 1; at > 0; at -= 1) {
    const callback = file.ancestors[at] as ts.Node;
    if (!ts.isArrowFunction(callback) && !ts.isFunctionExpression(callback)) continue;
    const [first] = callback.parameters;
    if (first === undefined) continue;
    let path: string[] | undefined;
    if (ts.isIdentifier(first.name) && first.name.text === owner.text) path = [];
    else if (ts.isObjectBindingPattern(first.name)) {
      const element = first.name.elements.find((entry) => ts.isIdentifier(entry.name) && entry.name.text === owner.text);
      const key = element === undefined ? undefined : (nameText(element.propertyName) ?? owner.text);
      if (key !== undefined) path = [key];
    }
    if (path === undefined) continue;
    const call = file.ancestors[at - 1];
    if (call === undefined || !ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return false;
    const list = unwrap(call.expression.expression);
    return ts.isIdentifier(list) && holdsLiteralIds(list.text, path, file);
  }
  return false;
}

/** Views of a list that hand on its elements: `sessions.values()`, `agents.list()`. */
const LIST_VIEWS = new Set(['values', 'list', 'all', 'entries']);

/**
 * True when a receiver is a list of agents or sessions: a name along its chain says so
 * (`listSessions()`, `this.agents`), reached through calls and list views only.
 */
function namesLifecycles(receiver: ts.Expression): boolean {
  for (let node = receiver; ; ) {
    const callee = ts.isCallExpression(node) ? node.expression : node;
    const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;
    if (name !== undefined && splitWords(name).some((word) => word === 'sessions' || word === 'agents')) return true;
    if (!ts.isPropertyAccessExpression(callee) || (!ts.isCallExpression(node) && !LIST_VIEWS.has(callee.name.text))) return false;
    node = callee.expression;
  }
}

/**
 * True when the id is another kind of session's (docs/contract.md §6: "shown by the id's name, its
 * holder's name or where its value comes from"): a session id named after one
 * (`terminalSessionId`, `cdpSession.id`), read in code named after one (`BrowserConnector`,
 * `terminalSessionCounter`) — a browser's or a terminal's session, not an agent's —, or a
 * variable whose value is built from values named after one or after the party whose own session
 * it is (`const sessionId = entry.slice(0, -6)` for the entries of `claudeProjectsDir`: a coding
 * tool's transcript, as a `claudeSessionId` is the tool's id).
 */
function otherSession(id: string, ancestors: readonly ts.Node[], file: string): boolean {
  const named = splitWords(id.replace(/\./g, ' '));
  if (!named.includes('session')) return false;
  if (named.some((word) => OTHER_SESSION_WORDS.has(word))) return true;
  // An id whose own name says it is an agent's (`agentSource.sessionId`) is not re-kinded by the
  // code around it: the nearest name speaks first.
  if (named.includes('agent') || named.includes('subagent')) return false;
  if (!id.includes('.') && originNames(id, ancestors).some((name) => splitWords(name).some((word) => OTHER_SESSION_WORDS.has(word) || WIRE_LOCAL_WORDS.has(word)))) return true;
  const context = ancestors.flatMap((node) => {
    const name = declaredName(node);
    return name === undefined ? [] : splitWords(name);
  });
  // The file's own name is context too (`stripe-checkout-receipts.ts`).
  const module = splitWords(file.slice(file.lastIndexOf('/') + 1).replace(/\.[^.]*$/, ''));
  return [...context, ...module].some((word) => OTHER_SESSION_WORDS.has(word));
}

/** Array methods that treat every piece alike. */
const ALIKE = new Set(['map', 'filter', 'flatMap', 'forEach', 'join']);

/**
 * Where a chain of array methods treating every piece alike ends, from `start` (whose parent is
 * `ancestors[from - 1]`): the outermost such call, its position among the ancestors, and whether
 * the chain ends in a `join`.
 */
function alikeChain(start: ts.Node, ancestors: readonly ts.Node[], from: number): { end: ts.Node; at: number; joined: boolean } {
  let end = start;
  let at = from;
  let joined = false;
  for (;;) {
    const access = ancestors[at - 1];
    const call = ancestors[at - 2];
    if (access === undefined || call === undefined || !ts.isPropertyAccessExpression(access) || access.expression !== end || !ALIKE.has(access.name.text)) break;
    if (!ts.isCallExpression(call) || call.expression !== access) break;
    joined = access.name.text === 'join';
    end = call;
    at -= 2;
  }
  return { end, at, joined };
}

/**
 * True when a `split` cuts the text at whitespace (`agentId.split(' ')[0]`): an id has no spaces,
 * so the value split is prose — a model's answer or a user's words naming an agent — being
 * tokenised, not an id whose parts carry meaning.
 */
function splitsWords(needle: ts.Expression | undefined): boolean {
  if (needle === undefined) return false;
  if (ts.isStringLiteral(needle) || ts.isNoSubstitutionTemplateLiteral(needle)) return /^\s+$/.test(needle.text);
  return ts.isRegularExpressionLiteral(needle) && /^\/(?:\\s| )[+*]?\/[a-z]*$/.test(needle.text);
}

/**
 * True when a `split` only reformats the text: its pieces are all treated alike — mapped,
 * filtered, counted — and put back together with `join` (`'code-review'` → `'Code Review'`),
 * none singled out by its position or compared. Followed through one `const` holding the pieces.
 */
function reformats(call: ts.CallExpression, ancestors: readonly ts.Node[]): boolean {
  const chain = alikeChain(call, ancestors, ancestors.length);
  if (chain.joined) return true;
  const holder = ancestors[chain.at - 1];
  if (holder === undefined || !ts.isVariableDeclaration(holder) || holder.initializer !== chain.end || !ts.isIdentifier(holder.name)) return false;
  const name = holder.name.text;
  const scope = ancestors.slice(0, chain.at - 1).findLast((node) => ts.isFunctionLike(node) || ts.isSourceFile(node) || ts.isBlock(node));
  if (scope === undefined) return false;
  let joined = false;
  let alike = true;
  const path: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (!alike) return;
    if (ts.isIdentifier(node) && node.text === name && node !== holder.name) {
      const access = path[path.length - 1];
      if (access !== undefined && ts.isPropertyAccessExpression(access) && access.expression === node && access.name.text === 'length') return;
      const used = alikeChain(node, path, path.length);
      if (used.end === node) alike = false;
      joined ||= used.joined;
      return;
    }
    path.push(node);
    ts.forEachChild(node, visit);
    path.pop();
  };
  ts.forEachChild(scope, visit);
  return alike && joined;
}

/** Calls that assert their first argument in a test: `assert(…)`, `assert.ok(…)`, `expect(…)`. */
const ASSERTIONS = new Set(['assert', 'ok', 'expect', 'assertTrue', 'true']);

/**
 * True when the check is what a test asserts (`assert(sessionId.startsWith('sess_'))`): it
 * verifies the format the code under test mints, and nothing acts on its answer.
 */
function asserted(construct: ts.Node, call: ts.CallExpression, ancestors: readonly ts.Node[]): boolean {
  const at = construct === call ? ancestors.length : ancestors.indexOf(construct);
  const parent = ancestors[at - 1];
  if (parent === undefined || !ts.isCallExpression(parent) || parent.arguments[0] !== construct) return false;
  const name = calledName(parent);
  return name !== undefined && ASSERTIONS.has(name);
}

/** A function that only says whether a value is acceptable: `isValidSessionId`, `validateId`, `isSafeKey`. */
const VALIDATOR = /^(?:(?:is|assert|check|ensure)(?:Valid|Safe|Allowed|WellFormed)|validate|sanitize)/;

/**
 * True when the check only refuses the id: its needle is punctuation, and it is the condition of
 * an `if` whose branch is a lone `throw` (`if (agentId.includes(':')) throw …` before a colon-
 * delimited signature) or part of a validator's answer (`const isValidSessionId = (id) => … &&
 * !id.includes(':')`). Rejecting a character reads no meaning; a marker made of letters
 * (`'local-'`) still does, even when the check throws.
 */
function refusesOnly(construct: ts.Node, call: ts.CallExpression, ancestors: readonly ts.Node[]): boolean {
  const needle = call.arguments[0];
  if (needle === undefined || !(ts.isStringLiteral(needle) || ts.isNoSubstitutionTemplateLiteral(needle)) || !/^[^\p{L}\p{N}]+$/u.test(needle.text)) return false;
  const fn = ancestors.findLastIndex((node) => ts.isFunctionLike(node));
  const holder = ancestors[fn];
  const fnName = holder === undefined ? undefined : (declaredName(holder) ?? (fn > 0 ? declaredName(ancestors[fn - 1] as ts.Node) : undefined));
  if (fnName !== undefined && VALIDATOR.test(fnName)) return true;
  const at = construct === call ? ancestors.length : ancestors.indexOf(construct);
  const parent = ancestors[at - 1];
  if (parent === undefined || !ts.isIfStatement(parent) || parent.expression !== construct) return false;
  const branch = parent.thenStatement;
  const only = ts.isBlock(branch) ? (branch.statements.length === 1 ? branch.statements[0] : undefined) : branch;
  return only !== undefined && ts.isThrowStatement(only);
}

const LOGICAL = new Set([ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken]);

const LENGTH_TESTS = new Set([
  ...EQUALITY,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
]);

/**
 * True when the check is joined with a test of the same id's length (`id.length === 36 &&
 * id.includes('-')`: is this a whole UUID or an abbreviation?): it tests the id's shape, as a
 * format check does, and reads no owner or place from it.
 */
function testsShape(construct: ts.Node, id: ts.Expression, file: FileContext): boolean {
  const subject = unwrap(id).getText(file.sourceFile);
  const measures = (side: ts.Expression): boolean => {
    const node = unwrap(side);
    return ts.isPropertyAccessExpression(node) && node.name.text === 'length' && unwrap(node.expression).getText(file.sourceFile) === subject;
  };
  const visit = (node: ts.Node): boolean =>
    (ts.isBinaryExpression(node) && LENGTH_TESTS.has(node.operatorToken.kind) && (measures(node.left) || measures(node.right))) ||
    ((ts.isBinaryExpression(node) && LOGICAL.has(node.operatorToken.kind)) || ts.isParenthesizedExpression(node) || ts.isPrefixUnaryExpression(node)
      ? (ts.forEachChild(node, visit) ?? false)
      : false);
  return visit(construct);
}

/** `x === true`, `x !== false`…: a comparison with a boolean literal, which is `x` itself (or its negation). */
function isBooleanTest(node: ts.Node): boolean {
  if (!ts.isBinaryExpression(node) || !EQUALITY.has(node.operatorToken.kind)) return false;
  const literal = (side: ts.Expression): boolean => side.kind === ts.SyntaxKind.TrueKeyword || side.kind === ts.SyntaxKind.FalseKeyword;
  return literal(node.left) || literal(node.right);
}

/**
 * The construct a call belongs to: the whole logical expression it is part of (`a.startsWith(x)
 * || a.startsWith(y)` is one check, also as `a?.startsWith(x) === true || …`), else the call itself.
 */
function constructOf(call: ts.Node, ancestors: readonly ts.Node[]): ts.Node {
  let root = call;
  for (let index = ancestors.length - 1; index >= 0; index -= 1) {
    const node = ancestors[index] as ts.Node;
    const logical = ts.isBinaryExpression(node) && LOGICAL.has(node.operatorToken.kind);
    if (!logical && !isBooleanTest(node) && !ts.isParenthesizedExpression(node) && !(ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken)) break;
    root = node;
  }
  return root;
}

/** True when a needle's literal text holds a word (two letters or more): a named part of the text, not a separator. */
function namesPart(needle: ts.Expression | undefined): boolean {
  if (needle === undefined) return false;
  const text = ts.isRegularExpressionLiteral(needle) ? literalText(needle.text.slice(1, needle.text.lastIndexOf('/'))) : ts.isStringLiteral(needle) || ts.isNoSubstitutionTemplateLiteral(needle) ? needle.text : '';
  return /\p{L}{2}/u.test(text);
}

/** Characters a sanitising check looks for: path separators and traversal, quotes, shell and control characters. */
const UNSAFE = /^[/\\.'"`$;|&<>*?!\s\0-\x1f]+$/u;
/** What a regular expression may keep outside its character classes and escapes and still only sanitise. */
const PATTERN_SYNTAX = /^[\^$+*?()|{},\d/\\.'"`;&<>!\s-]*$/u;

/**
 * A check that only sanitises the text — a quote, a path separator, `..`, an allow-list of
 * characters (`/^[\w-]+$/`) — as opposed to one that reads meaning from it (`'agent-local-'`,
 * a `':'` separator). A string needle must be made of unsafe characters only; a pattern may
 * have no literal text outside character classes and escapes but those characters.
 */
function sanitises(method: string, needle: ts.Expression | undefined): boolean {
  if (needle === undefined || method === 'split') return false;
  if (ts.isStringLiteral(needle) || ts.isNoSubstitutionTemplateLiteral(needle)) return UNSAFE.test(needle.text);
  if (ts.isRegularExpressionLiteral(needle)) {
    const source = needle.text.slice(1, needle.text.lastIndexOf('/'));
    const literal = literalText(source);
    // A pattern of digits with no word of its own (`/^(\d{6})-[a-z]+$/`, `/^\d+$/`) reads a date or
    // a number, and names no owner or place, as a marker (`/^pending_/`) or a segment before a
    // delimiter (`/^([a-z]+):/`) does.
    if (/\\d|\[0-9\]/.test(source) && !/\p{L}{2}/u.test(literal)) return true;
    if (source.includes('[')) return PATTERN_SYNTAX.test(literal);
    const bare = literal.replace(/[\^$+*?()|]/g, '');
    return bare.length > 0 && UNSAFE.test(bare);
  }
  return false;
}

/** A pattern's literal text: character classes and class escapes (`\w`) dropped, the rest unescaped (`\.` → `.`). */
function literalText(source: string): string {
  return source
    .replace(/\[(?:\\.|[^\]\\])*\]/g, '')
    .replace(/\\[A-Za-z]/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/\{\d+(?:,\d*)?\}/g, '');
}

/**
 * The regular expression a `test`/`exec` is called on: a literal, or a name bound by a `const` to
 * one in an enclosing block or the module (`const SAFE_ID = /^[\w-]+$/; … SAFE_ID.test(id)`), so
 * the pattern is judged the same wherever it is written. A name bound otherwise (a `let`, a
 * parameter, an import) is not resolved: the check stays a finding.
 */
function regexOf(expression: ts.Expression, file: FileContext): ts.Expression {
  const node = unwrap(expression);
  return (ts.isIdentifier(node) ? constValue(node, file) : undefined) ?? node;
}

/** The initializer of the `const` an identifier names in an enclosing block or the module, if any. */
function constValue(name: ts.Identifier, file: FileContext): ts.Expression | undefined {
  const scopes = [file.sourceFile, ...file.ancestors];
  for (let index = scopes.length - 1; index >= 0; index -= 1) {
    const scope = scopes[index] as ts.Node;
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
    for (const statement of scope.statements) {
      if (!ts.isVariableStatement(statement) || (statement.declarationList.flags & ts.NodeFlags.Const) === 0) continue;
      const declaration = statement.declarationList.declarations.find((candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === name.text);
      if (declaration?.initializer !== undefined) return unwrap(declaration.initializer);
    }
  }
  return undefined;
}

/** Methods that match one text against another as a whole or as its start or end. */
const MATCHES = new Set(['startsWith', 'endsWith', 'includes']);

/**
 * True when a `startsWith`/`endsWith`/`includes` needle is a value, not a marker: another id
 * (`session.sessionId.startsWith(sessionId)`, a git-style abbreviation a user typed) or a variable
 * known only at run time — neither a `const` bound to text nor named as a constant (`trimmed`, a
 * parameter). The id is matched against another value, which reads no meaning from its text,
 * unlike a fixed marker (`'local-'`, `LOCAL_PREFIX`, `` `${owner}:` ``).
 */
function matchesValue(method: string, needle: ts.Expression | undefined, file: FileContext): boolean {
  if (!MATCHES.has(method) || needle === undefined) return false;
  if (idExpression(needle, file) !== undefined) return true;
  const node = unwrap(needle);
  if (!ts.isIdentifier(node) || /^[A-Z][A-Z0-9_]*$/.test(node.text)) return false;
  const bound = constValue(node, file);
  return bound === undefined || !(ts.isStringLiteralLike(bound) || ts.isTemplateExpression(bound) || ts.isBinaryExpression(bound));
}

/**
 * The marker a check looks for, when it is fixed text: a string literal (`'PID-'`) or a name
 * written as a constant (`LOCAL_PREFIX`); `undefined` for anything computed.
 */
function markerOf(method: string, needle: ts.Expression | undefined): string | undefined {
  if (!MATCHES.has(method) || needle === undefined) return undefined;
  const node = unwrap(needle);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text.length > 0 ? JSON.stringify(node.text) : undefined;
  return ts.isIdentifier(node) && /^[A-Z][A-Z0-9_]*$/.test(node.text) ? node.text : undefined;
}

/** A method call (`x.startsWith(…)`) the walk may not reach, with its ancestors. */
interface Reached {
  readonly call: ts.CallExpression & { readonly expression: ts.PropertyAccessExpression };
  readonly path: readonly ts.Node[];
}

/**
 * The method calls within `scope` that `keep` picks, each with its ancestors (`path`: the scope's
 * own, outermost first). For checks the walk does not reach because they name no trigger word.
 */
function callsWithin(scope: ts.Node, path: readonly ts.Node[], keep: (call: Reached['call']) => boolean): Reached[] {
  const ancestors = [...path];
  const found: Reached[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && keep(node as Reached['call'])) found.push({ call: node as Reached['call'], path: [...ancestors] });
    ancestors.push(node);
    ts.forEachChild(node, visit);
    ancestors.pop();
  };
  ts.forEachChild(scope, visit);
  return found;
}

/** True when the file stores a minted value under an agent id's name (`const agentId = randomUUID()`, `{ agentId: nanoid() }`, `this.agentId = …`). */
function mintsAgentIdIn(sourceFile: ts.SourceFile, file: FileContext, mintFunctions: ReadonlySet<string>): boolean {
  const agentName = (name: string | undefined): boolean => name !== undefined && classifyName(name, file.vocabulary) === 'agent-id';
  const visit = (node: ts.Node): boolean => {
    if ((ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)) && node.initializer !== undefined && agentName(nameText(node.name)) && mintsWithin(node.initializer, mintFunctions)) return true;
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && agentName(knownName(node.left)) && mintsWithin(node.right, mintFunctions)) return true;
    return ts.forEachChild(node, visit) ?? false;
  };
  return visit(sourceFile);
}

/** The rule. */
export const idTextParsing: Rule = {
  id: 'id-text-parsing',
  description: 'Ownership or locality is derived from the text of an agent or session id (startsWith, split, regex).',
  mode: 'syntactic',
  options: {},
  start(run): RuleVisitor {
    // One finding per check: `id.startsWith('a') || id.startsWith('b')` is reported once.
    const reported = new WeakSet<ts.Node>();
    // Files whose checks of a marker were already swept for values not named like ids (`file\0marker`).
    const swept = new Set<string>();
    // A parameter holds an id when the file's calls of its function hand it one (`file\0callee\0index`).
    const calledWithIds = new Map<string, boolean>();
    // Whether a file mints agent ids (`const agentId = randomUUID()`), by path.
    const mintsAgents = new Map<string, boolean>();
    const mints = mintFunctionsOf(undefined);
    /**
     * An agent id known by its name only — not typed `AgentId`/`SessionId`, not the `id` of an agent
     * object, and minted nowhere in the file — may be a definition's or persona's id
     * (`agentId.startsWith('acp')` over a catalogue of agents), which §6 does not judge: the
     * finding is unconfirmed, and says why. Session ids, typed ids and an agent object's own id
     * are lifecycle ids.
     */
    const nameOnly = (id: string, file: FileContext): { confirmation?: Confirmation } => {
      const name = id.slice(id.lastIndexOf('.') + 1);
      if (classifyName(name, file.vocabulary) !== 'agent-id') return {};
      if (!id.includes('.') && isTypedIdParameter(file.ancestors, file, name)) return {};
      let minted = mintsAgents.get(file.file);
      if (minted === undefined) {
        minted = mintsAgentIdIn(file.sourceFile, file, mints);
        mintsAgents.set(file.file, minted);
      }
      if (minted) return {};
      return { confirmation: { status: 'unknown', reason: `only its name says '${id}' is a live agent's id, and no code of this file mints agent ids: it may name an agent definition, whose id §6 does not judge` } };
    };
    const byCallers = (file: FileContext) => (name: ts.Identifier): boolean => {
      const parameter = parameterOf(name, file.ancestors);
      if (parameter === undefined) return false;
      const key = `${file.file}\0${parameter.callee}\0${parameter.index}`;
      let known = calledWithIds.get(key);
      if (known === undefined) {
        known = calledWithId(parameter.callee, parameter.index, file);
        calledWithIds.set(key, known);
      }
      return known;
    };
    const onCall = (node: ts.Node, file: FileContext): void => {
      const call = node as ts.CallExpression;
      const callee = call.expression;
      if (!ts.isPropertyAccessExpression(callee)) return;
      const method = callee.name.text;
      let id: string | undefined;
      let subject: ts.Expression = callee.expression;
      if (QUESTIONS.has(method) || (CUTS.has(method) && isCompared(file.ancestors)) || (REWRITES.has(method) && namesPart(call.arguments[0]))) {
        if (!sanitises(method, call.arguments[0]) && !matchesValue(method, call.arguments[0], file)) id = idExpression(subject, file, byCallers(file));
      } else if (REGEX_METHODS.has(method) && call.arguments[0] !== undefined) {
        subject = call.arguments[0];
        if (!sanitises(method, regexOf(callee.expression, file))) id = idExpression(subject, file);
      }
      if (id === undefined) return;
      if (REWRITES.has(method) && !isCompared(file.ancestors)) {
        const result = becomes(call, file.ancestors, file);
        if (result === undefined || result === identityOfId(id, file)) return;
      }
      const construct = constructOf(call, file.ancestors);
      if (reported.has(construct) || otherSession(id, file.ancestors, file.file) || literalElement(subject, file) || refusesOnly(construct, call, file.ancestors) || asserted(construct, call, file.ancestors) || testsShape(construct, subject, file)) return;
      if (method === 'split' && (reformats(call, file.ancestors) || splitsWords(call.arguments[0]))) return;
      reported.add(construct);
      const symbol = symbolOf(node, file.ancestors);
      const confirmation = holderDoubt(subject, file) ?? nameOnly(id, file);
      run.report({
        file: file.file,
        ...file.position(call),
        symbol,
        message: `'${symbol}' reads meaning from the text of '${id}' ('${method}'): ids are opaque. Keep ownership or locality as data on the object (e.g. a 'local' flag or the owner object) and compare ids only for equality.`,
        ...confirmation,
      });
      const marker = markerOf(method, call.arguments[0]);
      const key = `${file.file}\0${marker ?? ''}`;
      if (marker === undefined || swept.has(key)) return;
      swept.add(key);
      // Every check of the marker in the file (`value.startsWith('PID-')` filtering ids read back from
      // disk): the marker is the id's structure, and testing any value of the file for it reads it.
      for (const other of callsWithin(file.sourceFile, [], (check) => markerOf(check.expression.name.text, check.arguments[0]) === marker)) {
        const construct = constructOf(other.call, other.path);
        // A check of an id the walk reaches by itself is reported there, as reading that id.
        const subject = other.call.expression.expression;
        if (idExpression(subject, { ...file, ancestors: other.path }, byCallers({ ...file, ancestors: other.path })) !== undefined) continue;
        if (reported.has(construct) || refusesOnly(construct, other.call, other.path) || asserted(construct, other.call, other.path)) continue;
        reported.add(construct);
        const value = unwrap(subject).getText(file.sourceFile);
        const where = symbolOf(other.call, other.path);
        run.report({
          file: file.file,
          ...file.position(other.call),
          symbol: where,
          message: `'${where}' tests '${value}' for ${marker.startsWith('"') ? `'${JSON.parse(marker) as string}'` : `'${marker}'`} ('${other.call.expression.name.text}'), the marker '${symbol}' reads from the text of '${id}': ids are opaque. Keep ownership or locality as data on the object (e.g. a 'local' flag or the owner object) and compare ids only for equality.`,
          ...confirmation,
        });
      }
    };
    // A `const` holding an id under a name that is not an id's (`const sourceId =
    // message.agentSource?.sessionId`): its checks name no trigger word, so the walk does not
    // reach them; they are looked for in the constant's scope and judged as the walk judges a call.
    const onAlias = (node: ts.Node, file: FileContext): void => {
      const declaration = node as ts.VariableDeclaration;
      const list = file.ancestors[file.ancestors.length - 1];
      if (!ts.isIdentifier(declaration.name) || declaration.initializer === undefined || isSingleId(declaration.name.text, file)) return;
      if (list === undefined || !ts.isVariableDeclarationList(list) || (list.flags & ts.NodeFlags.Const) === 0) return;
      if (idExpression(declaration.initializer, file) === undefined) return;
      const alias = declaration.name.text;
      const at = file.ancestors.findLastIndex((ancestor) => ts.isBlock(ancestor));
      const scope = at < 0 ? file.sourceFile : (file.ancestors[at] as ts.Block);
      const holdsAlias = (call: Reached['call']): boolean => {
        const subject = REGEX_METHODS.has(call.expression.name.text) ? call.arguments[0] : call.expression.expression;
        return subject !== undefined && ts.isIdentifier(unwrap(subject)) && (unwrap(subject) as ts.Identifier).text === alias;
      };
      for (const { call, path } of callsWithin(scope, file.ancestors.slice(0, at + 1), holdsAlias)) onCall(call, { ...file, ancestors: path });
    };
    return {
      // Owner words of `agent.id`, `header.id`…, id names, and a bare `id` handed to a string or
      // regex method (judged against the enclosing function's `id: SessionId` parameter).
      triggers: [
        'agent',
        'session',
        'header',
        'child',
        'parent',
        `\\bid[?!]?\\.(?:${[...STRING_METHODS].join('|')})\\b`,
        `\\.(?:${[...REGEX_METHODS].join('|')})\\(\\s*id\\b`,
      ],
      enter: { [ts.SyntaxKind.CallExpression]: onCall, [ts.SyntaxKind.VariableDeclaration]: onAlias },
    };
  },
};
