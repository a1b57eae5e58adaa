/**
 * `agent-id-type` (AIK-ID-004): a distinct agent-id type — alias, brand or interface — for
 * what is keyed by `SessionId`, and the brand constructor that makes values of it (`function
 * toAgentId(raw: string): AgentId`, `const AgentId = (raw: string) => raw as AgentId`). An agent's
 * id is its session id, so it has that one type. Confirmed only where the package names a session
 * id at all: an `AgentId` in a code generator's fixture with no session anywhere is not this shape.
 */
import { ts } from 'ts-morph';
import { classifyTypeName, isIdList } from '../_internals/identity-names.js';
import { classifyTypeNode, nameText } from '../_internals/syntax.js';
import { USUAL_PAIR, type FileContext, type Rule, type RuleVisitor } from './rule.js';

/** A union of string literals (or one literal): a fixed list of kinds, not minted identities. */
function literalUnion(type: ts.TypeNode): boolean {
  const parts = ts.isUnionTypeNode(type) ? type.types : [type];
  return parts.every((part) => ts.isLiteralTypeNode(part) && ts.isStringLiteral(part.literal));
}

/** The rule. */
export const agentIdType: Rule = {
  id: 'agent-id-type',
  description: 'A distinct agent-id brand or alias type exists beside SessionId.',
  mode: 'type-aware',
  options: {},
  start(run): RuleVisitor {
    const check = (node: ts.Node, file: FileContext): void => {
      const declaration = node as ts.TypeAliasDeclaration | ts.InterfaceDeclaration;
      const name = declaration.name.text;
      const aliased = ts.isTypeAliasDeclaration(declaration) ? classifyTypeNode(declaration.type, file) : undefined;
      if (classifyTypeName(name, file.vocabulary) !== 'agent-id' && aliased !== 'agent-id') return;
      // `type AgentId = 'claude' | 'codex'` names a kind of agent from a fixed list, not an
      // identity; `AgentIds` names a collection of ids, not a second id type.
      if ((ts.isTypeAliasDeclaration(declaration) && literalUnion(declaration.type)) || isIdList(name)) return;
      run.report({
        file: file.file,
        ...file.position(declaration.name),
        symbol: name,
        message: `'${name}' is a second id type for what is keyed by 'SessionId': an agent's id is its session id, so use 'SessionId' and remove '${name}'.`,
        questions: [{ at: declaration.name.getStart(file.sourceFile), name, role: 'id-type' }],
        // Only code that builds agent ids and session ids tells a lifecycle from a persona keyed by its own id.
        pair: USUAL_PAIR,
      });
    };
    // A brand constructor: a function returning the agent-id type, or casting to it (`raw as AgentId`).
    const constructs = (fn: ts.SignatureDeclaration & { readonly body?: ts.ConciseBody | undefined }, file: FileContext): string | undefined => {
      if (classifyTypeNode(fn.type, file) === 'agent-id' && fn.type !== undefined) return fn.type.getText(file.sourceFile);
      let body = fn.body;
      if (body !== undefined && ts.isBlock(body) && body.statements.length === 1) {
        const [only] = body.statements;
        body = only !== undefined && ts.isReturnStatement(only) ? only.expression : undefined;
      }
      while (body !== undefined && ts.isParenthesizedExpression(body)) body = body.expression;
      if (body !== undefined && (ts.isAsExpression(body) || ts.isTypeAssertionExpression(body)) && classifyTypeNode(body.type, file) === 'agent-id') return body.type.getText(file.sourceFile);
      return undefined;
    };
    const reportConstructor = (name: ts.Node, fn: ts.SignatureDeclaration & { readonly body?: ts.ConciseBody | undefined }, file: FileContext): void => {
      const type = constructs(fn, file);
      const text = nameText(name);
      if (type === undefined || text === undefined) return;
      run.report({
        file: file.file,
        ...file.position(name),
        symbol: text,
        message: `'${text}' constructs values of '${type}', a second id type beside 'SessionId': remove it with the type and use the session id.`,
        questions: [{ at: name.getStart(file.sourceFile), name: text, role: 'id-type' }],
        pair: USUAL_PAIR,
      });
    };
    return {
      triggers: ['agent'],
      enter: {
        [ts.SyntaxKind.TypeAliasDeclaration]: check,
        [ts.SyntaxKind.InterfaceDeclaration]: check,
        [ts.SyntaxKind.FunctionDeclaration]: (node, file) => {
          const declaration = node as ts.FunctionDeclaration;
          if (declaration.name !== undefined) reportConstructor(declaration.name, declaration, file);
        },
        [ts.SyntaxKind.VariableDeclaration]: (node, file) => {
          const declaration = node as ts.VariableDeclaration;
          const initializer = declaration.initializer;
          if (initializer !== undefined && (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))) reportConstructor(declaration.name, initializer, file);
        },
      },
    };
  },
};
