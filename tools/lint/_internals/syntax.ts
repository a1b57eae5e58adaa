/**
 * Small readers over the TypeScript syntax tree shared by the rules: names of declarations,
 * the symbol a node belongs to, and the identity kind a type annotation stands for.
 */
import { ts } from 'ts-morph';
import { classifyName, classifyTypeName, LIFECYCLE_HOLDER_WORDS, splitWords, type IdentityKind, type ResolvedVocabulary } from './identity-names.js';

/** What classifying a type needs: the file's identity aliases and the run's vocabulary (for its memo). */
export interface TypeScope {
  readonly aliasKinds: ReadonlyMap<string, IdentityKind>;
  readonly vocabulary: ResolvedVocabulary;
}

/** The text of a declaration name, or `undefined` for computed and binding-pattern names. */
export function nameText(name: ts.Node | undefined): string | undefined {
  if (name === undefined) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) {
    return name.text;
  }
  return undefined;
}

/** The name a call is made by: `open` for `open(…)` and `sessions.open(…)`; `undefined` for anything else. */
export function calledName(call: ts.CallExpression | ts.NewExpression): string | undefined {
  const callee = call.expression;
  return ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
}

/** The name of a node that declares something (`interface X`, `function f`, `const m = …`). */
export function declaredName(node: ts.Node): string | undefined {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const name = (node as { readonly name?: ts.Node }).name;
  return nameText(name);
}

const CONTAINERS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.ClassExpression,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
]);

const MEMBERS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.PropertyDeclaration,
  ts.SyntaxKind.PropertySignature,
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.VariableDeclaration,
]);

/**
 * A human name for the symbol that `node` (with `ancestors`, outermost first) belongs to:
 * `Registry.open`, `CreateOptions`, `makeAgent`; `<anonymous>` at the top level.
 */
export function symbolOf(node: ts.Node, ancestors: readonly ts.Node[]): string {
  const parts: string[] = [];
  const chain = [...ancestors, node];
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const current = chain[index] as ts.Node;
    if (CONTAINERS.has(current.kind) || (MEMBERS.has(current.kind) && parts.length === 0)) {
      const name = declaredName(current);
      if (name !== undefined) parts.unshift(name);
      if (CONTAINERS.has(current.kind) && name !== undefined) break;
    }
  }
  return parts.length === 0 ? '<anonymous>' : parts.join('.');
}

/** The last identifier of a type reference's name (`ids.AgentId` → `AgentId`). */
function referenceName(name: ts.EntityName): string {
  return ts.isIdentifier(name) ? name.text : name.right.text;
}

/**
 * The identity kind a type annotation stands for: by name (`AgentId`, `Session`), through a
 * same-file alias (`type Key = AgentId`), through a brand (`Brand<string, 'AgentId'>`,
 * `string & { __brand: 'AgentId' }`), or through an optional/nullable union.
 */
export function classifyTypeNode(type: ts.TypeNode | undefined, scope: TypeScope): IdentityKind | undefined {
  if (type === undefined) return undefined;
  switch (type.kind) {
    case ts.SyntaxKind.TypeReference: {
      const reference = type as ts.TypeReferenceNode;
      const name = referenceName(reference.typeName);
      const byName = classifyTypeName(name, scope.vocabulary) ?? scope.aliasKinds.get(name);
      if (byName !== undefined) return byName;
      for (const argument of reference.typeArguments ?? []) {
        if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) {
          const branded = brandKind(argument.literal.text);
          if (branded !== undefined) return branded;
        }
      }
      return undefined;
    }
    case ts.SyntaxKind.ParenthesizedType:
      return classifyTypeNode((type as ts.ParenthesizedTypeNode).type, scope);
    case ts.SyntaxKind.LiteralType: {
      const literal = (type as ts.LiteralTypeNode).literal;
      return ts.isStringLiteral(literal) ? brandKind(literal.text) : undefined;
    }
    case ts.SyntaxKind.IntersectionType: {
      for (const part of (type as ts.IntersectionTypeNode).types) {
        const kind = classifyTypeNode(part, scope);
        if (kind === 'agent-id' || kind === 'session-id') return kind;
      }
      return undefined;
    }
    case ts.SyntaxKind.UnionType: {
      let found: IdentityKind | undefined;
      for (const part of (type as ts.UnionTypeNode).types) {
        if (isNullish(part)) continue;
        const kind = classifyTypeNode(part, scope);
        if (kind === undefined || (found !== undefined && found !== kind)) return undefined;
        found = kind;
      }
      return found;
    }
    case ts.SyntaxKind.TypeLiteral: {
      // A brand member: `{ readonly __brand: 'AgentId' }`.
      for (const member of (type as ts.TypeLiteralNode).members) {
        if (ts.isPropertySignature(member) && member.type !== undefined && ts.isLiteralTypeNode(member.type)) {
          const kind = classifyTypeNode(member.type, scope);
          if (kind !== undefined) return kind;
        }
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

function brandKind(text: string): IdentityKind | undefined {
  const kind = classifyTypeName(text);
  return kind === 'agent-id' || kind === 'session-id' ? kind : undefined;
}

function isNullish(type: ts.TypeNode): boolean {
  return (
    type.kind === ts.SyntaxKind.UndefinedKeyword ||
    (ts.isLiteralTypeNode(type) && type.literal.kind === ts.SyntaxKind.NullKeyword)
  );
}

/** Kinds of the top-level type aliases of a file whose right-hand side names an identity type. */
export function collectAliasKinds(sourceFile: ts.SourceFile, vocabulary: ResolvedVocabulary): Map<string, IdentityKind> {
  const kinds = new Map<string, IdentityKind>();
  const scope: TypeScope = { aliasKinds: kinds, vocabulary };
  for (const statement of sourceFile.statements) {
    if (ts.isTypeAliasDeclaration(statement)) {
      const kind = classifyTypeNode(statement.type, scope);
      if (kind === 'agent-id' || kind === 'session-id') kinds.set(statement.name.text, kind);
    }
  }
  return kinds;
}

/**
 * The name a value is stored under, from the ancestors of the expression producing it: `const x =
 * …`, `{ x: … }`, `x = …`, `this.x = …`. `undefined` when the value is not stored under a name.
 */
export function assignmentTarget(ancestors: readonly ts.Node[]): string | undefined {
  for (let index = ancestors.length - 1; index >= 0; index -= 1) {
    const node = ancestors[index] as ts.Node;
    if (ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)) return nameText(node.name);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = node.left;
      if (ts.isIdentifier(left)) return left.text;
      if (ts.isPropertyAccessExpression(left)) return left.name.text;
      return undefined;
    }
    if (ts.isBlock(node) || ts.isExpressionStatement(node) || ts.isReturnStatement(node) || ts.isFunctionLike(node)) return undefined;
  }
  return undefined;
}

/** Where an expression is read: the scope for its names' declared types (the walker's ancestors, outermost first). */
export interface ExpressionScope extends TypeScope {
  readonly ancestors: readonly ts.Node[];
}

/**
 * The id an expression reads, as far as its names and the declared types of it and its holders
 * tell: `agentId`, `opts.session_id`, `id` declared in scope as `id: AgentId`, `String(agentId)`,
 * `agent.id` / `session.id` (an `id` read from an object named like one side), and `core.id` where `core` is declared in scope with a type naming one side
 * (`core: Session`, §6: "the `id` of a value typed as the agent or the session, whatever the
 * variable is called"). `undefined` for anything else, including look-alikes (`parentSessionId`, a label).
 */
export function expressionKind(expression: ts.Expression, scope: ExpressionScope): 'agent-id' | 'session-id' | undefined {
  let node = expression;
  for (;;) {
    if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node)) node = node.expression;
    // `String(agent.id)`: the same id as a string.
    else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'String' && node.arguments.length === 1) node = node.arguments[0] as ts.Expression;
    else break;
  }
  let kind: IdentityKind | undefined;
  if (ts.isIdentifier(node)) {
    kind = classifyName(node.text, scope.vocabulary);
    // `id` in `create(id: AgentId)`: an id by its declared type, whatever it is called (§6).
    if (kind === undefined) kind = classifyTypeNode(declaredTypeOf(node.text, scope.ancestors), scope);
  }
  else if (ts.isPropertyAccessExpression(node)) {
    kind = classifyName(node.name.text, scope.vocabulary);
    if (kind === undefined && node.name.text === 'id') {
      const owner = node.expression;
      const ownerName = ts.isIdentifier(owner) ? owner.text : ts.isPropertyAccessExpression(owner) ? owner.name.text : undefined;
      const words = ownerName === undefined ? [] : splitWords(ownerName);
      const last = words[words.length - 1];
      kind = last === 'agent' ? 'agent-id' : last === 'session' ? 'session-id' : undefined;
      if (kind === undefined && ts.isIdentifier(owner)) {
        const holder = classifyTypeNode(declaredTypeOf(owner.text, scope.ancestors), scope);
        kind = holder === 'agent-object' ? 'agent-id' : holder === 'session-object' ? 'session-id' : undefined;
      }
    }
  }
  return kind === 'agent-id' || kind === 'session-id' ? kind : undefined;
}

/** How a name is declared: its type annotation, and the value it is bound to (for `const { header } = session`, the object it is taken from). */
interface Declared {
  readonly type?: ts.TypeNode;
  readonly value?: ts.Expression;
}

/**
 * The declaration of `name` in the scopes around the node being visited: a parameter of an
 * enclosing function, or a variable of an enclosing block or of the file (also one destructured
 * from an object); the innermost declaration wins. `undefined` when it is not in sight.
 */
function declarationOf(name: string, ancestors: readonly ts.Node[]): Declared | undefined {
  for (let index = ancestors.length - 1; index >= 0; index -= 1) {
    const scope = ancestors[index] as ts.Node;
    if (ts.isFunctionLike(scope)) {
      const parameter = scope.parameters.find((entry) => ts.isIdentifier(entry.name) && entry.name.text === name);
      if (parameter !== undefined) return parameter.type === undefined ? {} : { type: parameter.type };
    } else if (ts.isBlock(scope) || ts.isSourceFile(scope) || ts.isModuleBlock(scope)) {
      for (const statement of scope.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations) {
          const value = declaration.initializer === undefined ? {} : { value: declaration.initializer };
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration.type === undefined ? value : { ...value, type: declaration.type };
          if (ts.isObjectBindingPattern(declaration.name) && declaration.name.elements.some((element) => ts.isIdentifier(element.name) && element.name.text === name)) return value;
        }
      }
    }
  }
  return undefined;
}

/**
 * The type annotation `name` is declared with in the scopes around the node being visited.
 * `undefined` when it is declared without a type, or not in sight.
 */
function declaredTypeOf(name: string, ancestors: readonly ts.Node[]): ts.TypeNode | undefined {
  return declarationOf(name, ancestors)?.type;
}

/**
 * The variables a variable's value is built from, as the code around the node being visited binds
 * it (docs/contract.md §6: "where its value comes from"): the variables and parameters in sight
 * read by its initializer, by the list a `for … of` takes it from, or by what a `let` declared
 * without a value is assigned in its block — and, `depth` steps back, those they are built from.
 * Only the data is followed, not the functions that transform it (`SessionIdForCLI.parse(resource)`
 * names `resource`) nor members read from it (`entry.slice(…)` names `entry`); a parameter's value
 * comes from its callers, out of sight.
 */
export function originNames(name: string, ancestors: readonly ts.Node[], depth = 5): string[] {
  const names: string[] = [];
  const seen = new Set<string>([name]);
  let frontier = [name];
  for (let step = 0; step < depth && frontier.length > 0; step += 1) {
    const next: string[] = [];
    for (const variable of frontier) {
      for (const source of sourcesOf(variable, ancestors) ?? []) {
        const visit = (node: ts.Node): void => {
          if (ts.isPropertyAccessExpression(node)) return visit(node.expression);
          if (ts.isCallExpression(node) && !ts.isPropertyAccessExpression(node.expression)) return node.arguments.forEach(visit);
          if (ts.isIdentifier(node) && !seen.has(node.text) && sourcesOf(node.text, ancestors) !== undefined) {
            seen.add(node.text);
            names.push(node.text);
            next.push(node.text);
          }
          ts.forEachChild(node, visit);
        };
        visit(source);
      }
    }
    frontier = next;
  }
  return names;
}

/**
 * The expressions a variable declared around the visited node takes its value from (see
 * {@link originNames}): none for a parameter; `undefined` when `name` is no variable or parameter in sight.
 */
function sourcesOf(name: string, ancestors: readonly ts.Node[]): ts.Expression[] | undefined {
  const declares = (list: ts.VariableDeclarationList): ts.VariableDeclaration | undefined => list.declarations.find((entry) => ts.isIdentifier(entry.name) && entry.name.text === name);
  for (let index = ancestors.length - 1; index >= 0; index -= 1) {
    const scope = ancestors[index] as ts.Node;
    if ((ts.isForOfStatement(scope) || ts.isForInStatement(scope)) && ts.isVariableDeclarationList(scope.initializer) && declares(scope.initializer) !== undefined) return [scope.expression];
    if (ts.isFunctionLike(scope) && scope.parameters.some((entry) => ts.isIdentifier(entry.name) && entry.name.text === name)) return [];
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope) && !ts.isModuleBlock(scope)) continue;
    for (const statement of scope.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const declaration = declares(statement.declarationList);
      if (declaration === undefined) continue;
      if (declaration.initializer !== undefined) return [declaration.initializer];
      const assigned: ts.Expression[] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left) && node.left.text === name) assigned.push(node.right);
        if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
      };
      visit(scope);
      return assigned;
    }
  }
  return undefined;
}

/** True when a piece of code's text names the agent or the session (`SessionHeader`, `session.header`). */
function namesLifecycle(text: string): boolean {
  return splitWords(text.replace(/[^\w$]+/g, ' ')).some((word) => LIFECYCLE_HOLDER_WORDS.has(word));
}

/**
 * Whose object a holder named only by a part or a relative of a lifecycle (`header`, `child`,
 * `parent`) is, as its declaration in sight shows (docs/contract.md §6: "the `id` of a value
 * typed as the agent or the session, whatever the variable is called"): `lifecycle` when it is
 * declared with a type naming the agent or the session (`header: SessionHeader`) or bound to a
 * value read from one (`const header = session.header`, `const { header } = session`); `other`
 * when it is declared with another type (`header: Header<Row>`, a table's column header);
 * `undefined` when nothing in sight tells (a callback's untyped parameter, `any`).
 */
export function holderShows(name: string, scope: ExpressionScope, sourceFile: ts.SourceFile): 'lifecycle' | 'other' | undefined {
  const declared = declarationOf(name, scope.ancestors);
  if (declared === undefined) return undefined;
  const { type, value } = declared;
  if (type !== undefined && type.kind !== ts.SyntaxKind.AnyKeyword && type.kind !== ts.SyntaxKind.UnknownKeyword) {
    return classifyTypeNode(type, scope) !== undefined || namesLifecycle(type.getText(sourceFile)) ? 'lifecycle' : 'other';
  }
  return value !== undefined && namesLifecycle(value.getText(sourceFile)) ? 'lifecycle' : undefined;
}
