import ts from 'typescript';

/**
 * The names `source` declares anywhere: variables, functions, classes, interfaces, types, enums
 * and their members, properties (of types, classes and object literals), methods, accessors and
 * parameters. Parsing only, no type information, so it is cheap across a whole project.
 */
export function declaredNames(source: ts.SourceFile, into: Set<string> = new Set()): Set<string> {
  const visit = (node: ts.Node): void => {
    const name = declarationName(node);
    if (name !== undefined) into.add(name);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return into;
}

function declarationName(node: ts.Node): string | undefined {
  if (
    ts.isVariableDeclaration(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isEnumMember(node) ||
    ts.isPropertySignature(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isShorthandPropertyAssignment(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isParameter(node) ||
    ts.isBindingElement(node)
  ) {
    const { name } = node;
    if (name === undefined) return undefined;
    if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  }
  return undefined;
}
