/**
 * `agent-id-type` (AIK-ID-004): a distinct agent-id type — alias, brand or interface — for
 * what is keyed by `SessionId`. An agent's id is its session id, so it has that one type.
 */
import { ts } from 'ts-morph';
import { classifyTypeName } from '../_internals/identity-names.js';
import { classifyTypeNode } from '../_internals/syntax.js';
import type { FileContext, Rule, RuleVisitor } from './rule.js';

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
      run.report({
        file: file.file,
        ...file.position(declaration.name),
        symbol: name,
        message: `'${name}' is a second id type for what is keyed by 'SessionId': an agent's id is its session id, so use 'SessionId' and remove '${name}'.`,
        questions: [{ at: declaration.name.getStart(file.sourceFile), name, role: 'id-type' }],
      });
    };
    return { triggers: ['agent'], enter: { [ts.SyntaxKind.TypeAliasDeclaration]: check, [ts.SyntaxKind.InterfaceDeclaration]: check } };
  },
};
