/**
 * `duplicate-identity` (AIK-ID-004): a class that stores the identity a second time
 * — an `id` (or agent/session id) field or constructor property next to the `header` that is
 * identity's one home, or next to the `session` of a class that is an agent or session itself (not
 * a context or manager holding one). A getter derived from the
 * header (`get id() { return this.header.id; }`) is the correct form and is not flagged.
 */
import { ts } from 'ts-morph';
import { isIdList, LIFECYCLE_HEADS, splitWords } from '../_internals/identity-names.js';
import { classMembers } from '../_internals/members.js';
import { nameText } from '../_internals/syntax.js';
import type { FileContext, Rule, RuleVisitor } from './rule.js';

function mentionsLifecycle(name: string | undefined): boolean {
  return name !== undefined && splitWords(name).some((word) => word === 'agent' || word === 'session');
}

/**
 * True when the class is a lifecycle object itself — its name (which names an agent or session)
 * ends with one of {@link LIFECYCLE_HEADS} — not a context, manager or store that holds a session
 * (`RequestAgentContext`): only the former's `sessionId` is its own identity stored twice.
 */
function isLifecycle(name: string): boolean {
  const words = splitWords(name);
  return words.length > 0 && LIFECYCLE_HEADS.has(words[words.length - 1] as string);
}

/** The name of a member's declared type, when it is a type reference. */
function typeName(member: ts.Node): string | undefined {
  const type = (member as { readonly type?: ts.TypeNode }).type;
  if (type === undefined || !ts.isTypeReferenceNode(type)) return undefined;
  return ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
}

/** The home's property a stored field is copied from — `this.id = header.id`, `id = this.session.sessionId` — if it is. */
function copiedFrom(declaration: ts.ClassLikeDeclaration, field: string, home: string): string | undefined {
  const fromHome = (expression: ts.Expression | undefined): string | undefined => {
    if (expression === undefined || !ts.isPropertyAccessExpression(expression)) return undefined;
    const owner = expression.expression;
    const isHome =
      (ts.isIdentifier(owner) && owner.text === home) ||
      (ts.isPropertyAccessExpression(owner) && owner.expression.kind === ts.SyntaxKind.ThisKeyword && owner.name.text === home);
    return isHome ? expression.name.text : undefined;
  };
  for (const member of declaration.members) {
    if (ts.isPropertyDeclaration(member) && nameText(member.name) === field) {
      const copied = fromHome(member.initializer);
      if (copied !== undefined) return copied;
    }
    if (!ts.isConstructorDeclaration(member)) continue;
    for (const statement of member.body?.statements ?? []) {
      if (!ts.isExpressionStatement(statement) || !ts.isBinaryExpression(statement.expression)) continue;
      const { left, operatorToken, right } = statement.expression;
      if (operatorToken.kind !== ts.SyntaxKind.EqualsToken || !ts.isPropertyAccessExpression(left) || left.expression.kind !== ts.SyntaxKind.ThisKeyword) continue;
      if (left.name.text === field) return fromHome(right);
    }
  }
  return undefined;
}

/** The rule. */
export const duplicateIdentity: Rule = {
  id: 'duplicate-identity',
  description: 'A class holds the same identity twice: an id field next to header.id (or next to its session).',
  mode: 'type-aware',
  options: {},
  start(run): RuleVisitor {
    const check = (node: ts.Node, file: FileContext): void => {
      const declaration = node as ts.ClassLikeDeclaration;
      // A class expression takes the name of the variable it is assigned to.
      const parent = file.ancestors[file.ancestors.length - 1];
      const className =
        nameText(declaration.name) ?? (parent !== undefined && ts.isVariableDeclaration(parent) ? nameText(parent.name) : undefined) ?? '<anonymous class>';
      const members = classMembers(declaration, file, className);
      const lifecycleClass = mentionsLifecycle(className);
      // `header` is identity's home in a session-like class, or when typed as a session header;
      // a packet's or a request's header is something else.
      const home =
        members.find((member) => member.name === 'header' && member.stored && (lifecycleClass || mentionsLifecycle(typeName(member.node)))) ??
        (lifecycleClass && isLifecycle(className) ? members.find((member) => member.stored && (member.name === 'session' || member.kind === 'session-object')) : undefined);
      if (home === undefined) return;
      for (const member of members) {
        if (!member.stored || member === home) continue;
        const singularId = (member.kind === 'agent-id' || member.kind === 'session-id') && !isIdList(member.name);
        if (member.name !== 'id' && !singularId) continue;
        const symbol = `${className}.${member.name}`;
        const flow = copiedFrom(declaration, member.name, home.name);
        const homeName = (home.node as ts.NamedDeclaration).name ?? home.node;
        run.report({
          file: file.file,
          ...file.position((member.node as ts.NamedDeclaration).name ?? member.node),
          symbol,
          message: `'${symbol}' stores the identity a second time next to '${home.name}', which carries it: keep the identity in one place.`,
          fix: `Derive it instead: 'get ${member.name}() { return this.${home.name}.{id}; }'.`,
          questions: [{ at: homeName.getStart(file.sourceFile), name: home.name, role: 'home', ...(flow === undefined ? {} : { flow }) }],
        });
      }
    };
    return { triggers: ['header', 'agent', 'session'], enter: { [ts.SyntaxKind.ClassDeclaration]: check, [ts.SyntaxKind.ClassExpression]: check } };
  },
};
