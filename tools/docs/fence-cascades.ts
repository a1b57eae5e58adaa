import ts from 'typescript';

/**
 * The errors of one fence that follow from an earlier error of the same fence, as `tsc` and
 * vitest report a cascade under its root: an error's expression gives a name its value (`const
 * state = this.getMcpServers()` under an unbound `this`; `for (const [id, server] of
 * Object.entries(state.servers))`; a callback's parameters, `onMcpUpdate: (servers) => …`, in a
 * call of a name the fence never declares; the bindings of an import that did not resolve), and a
 * later error whose span uses such a name, directly or through another name it gave a value,
 * follows from that root. The value does not leave a function: an error inside a callback gives
 * nothing to the call around it.
 */
export class FenceCascades<Root> {
  private readonly rootOfSymbol = new Map<ts.Symbol, Root>();
  private references: Map<ts.Symbol, ts.Identifier[]> | undefined;

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly source: ts.SourceFile,
  ) {}

  /** The root an error spanning `start` to `end` follows from, if its span uses a name an earlier error gave its value. */
  rootOf(start: number, end: number): Root | undefined {
    if (this.rootOfSymbol.size === 0) return undefined;
    let node = innermostAt(this.source, start);
    // A missing property's span is its name: the value it is read from is the object before it.
    if (ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) node = node.parent;
    while (node.parent !== undefined && !ts.isSourceFile(node.parent) && node.parent.getStart(this.source) === node.getStart(this.source) && node.parent.end <= end) node = node.parent;
    const from = Math.min(start, node.getStart(this.source));
    let found: Root | undefined;
    const visit = (child: ts.Node): void => {
      // Only the names the span covers: `await` of a name is not an error of that name.
      if (found !== undefined || child.end <= from || child.getStart(this.source) >= end) return;
      if (ts.isIdentifier(child)) {
        const symbol = this.symbolOf(child);
        found = symbol === undefined ? undefined : this.rootOfSymbol.get(symbol);
        return;
      }
      child.forEachChild(visit);
    };
    visit(node);
    return found;
  }

  /** Records that the names the expression around the error at `start` gives a value (and the names those give theirs) follow from `root`. */
  follow(start: number, root: Root): void {
    const pending = [innermostAt(this.source, start)];
    for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
      for (const name of givenNames(node)) {
        const symbol = this.checker.getSymbolAtLocation(name);
        if (symbol === undefined || this.rootOfSymbol.has(symbol)) continue;
        this.rootOfSymbol.set(symbol, root);
        pending.push(...(this.referencesTo().get(symbol) ?? []));
      }
    }
  }

  private symbolOf(identifier: ts.Identifier): ts.Symbol | undefined {
    return ts.isShorthandPropertyAssignment(identifier.parent) ? this.checker.getShorthandAssignmentValueSymbol(identifier.parent) : this.checker.getSymbolAtLocation(identifier);
  }

  /** Every identifier of the fence by the symbol it names (built once, when a first name follows from an error). */
  private referencesTo(): Map<ts.Symbol, ts.Identifier[]> {
    if (this.references !== undefined) return this.references;
    const references = new Map<ts.Symbol, ts.Identifier[]>();
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        const symbol = this.symbolOf(node);
        if (symbol !== undefined) references.set(symbol, [...(references.get(symbol) ?? []), node]);
      }
      node.forEachChild(visit);
    };
    visit(this.source);
    this.references = references;
    return references;
  }
}

/**
 * The names whose value the expression around `node` gives, up to its statement: a variable or
 * parameter it declares or initializes, the loop variables of a `for … of`/`in` over it, the
 * parameters of the callbacks passed to a call it is the callee or an argument of, the name
 * of an import it is, and every name of an import whose module it is.
 */
function givenNames(node: ts.Node): ts.Identifier[] {
  const names: ts.Identifier[] = [];
  for (let at: ts.Node = node; !ts.isSourceFile(at); at = at.parent) {
    const parent = at.parent;
    if (ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isBindingElement(parent)) names.push(...bindings(parent.name));
    else if ((ts.isForOfStatement(parent) || ts.isForInStatement(parent)) && parent.expression === at && ts.isVariableDeclarationList(parent.initializer)) {
      for (const declaration of parent.initializer.declarations) names.push(...bindings(declaration.name));
    } else if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
      for (const argument of parent.arguments ?? []) names.push(...callbackParameters(argument));
    } else if (ts.isImportSpecifier(parent) || ts.isImportClause(parent) || ts.isNamespaceImport(parent)) {
      // One name of an import that is not there: only that name.
      if (parent.name === at && ts.isIdentifier(at)) names.push(at);
      break;
    } else if (ts.isImportDeclaration(parent) && parent.moduleSpecifier === at) {
      parent.importClause?.forEachChild(function visit(child): void {
        if (ts.isIdentifier(child)) names.push(child);
        else child.forEachChild(visit);
      });
    }
    if (ts.isStatement(parent) || ts.isFunctionLike(parent) || ts.isClassElement(parent)) break;
  }
  return names;
}

/** The identifiers a declaration's name binds (each element of a destructuring pattern). */
function bindings(name: ts.BindingName): ts.Identifier[] {
  if (ts.isIdentifier(name)) return [name];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindings(element.name)));
}

/** The parameters of the functions an argument passes, itself or as values of the object and array literals it holds. */
function callbackParameters(argument: ts.Node): ts.Identifier[] {
  if (ts.isArrowFunction(argument) || ts.isFunctionExpression(argument)) return argument.parameters.flatMap((parameter) => bindings(parameter.name));
  if (ts.isObjectLiteralExpression(argument)) {
    return argument.properties.flatMap((property) => (ts.isPropertyAssignment(property) ? callbackParameters(property.initializer) : ts.isMethodDeclaration(property) ? property.parameters.flatMap((parameter) => bindings(parameter.name)) : []));
  }
  if (ts.isArrayLiteralExpression(argument)) return argument.elements.flatMap(callbackParameters);
  if (ts.isParenthesizedExpression(argument)) return callbackParameters(argument.expression);
  return [];
}

/** The innermost node of `source` whose text (without leading trivia) holds `position`. */
export function innermostAt(source: ts.SourceFile, position: number): ts.Node {
  const innermost = (node: ts.Node): ts.Node => node.forEachChild((child) => (child.getStart(source) <= position && position < child.end ? innermost(child) : undefined)) ?? node;
  return innermost(source);
}
