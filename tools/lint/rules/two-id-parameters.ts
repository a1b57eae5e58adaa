/**
 * `two-id-parameters` (AIK-ID-004): a function, method, constructor or signature that takes an
 * agent id and a session id (or an agent id beside a `Session` object) as separate inputs —
 * plain parameters, destructured parameters or the members of a parameter's own type literal.
 */
import { ts } from 'ts-morph';
import { isAgentSide, isSessionSide, type IdentityKind } from '../_internals/identity-names.js';
import { slotKind, typeElementMembers } from '../_internals/members.js';
import { nameText, symbolOf } from '../_internals/syntax.js';
import type { FileContext, Rule, RuleVisitor } from './rule.js';

interface Input {
  readonly name: string;
  readonly kind: IdentityKind | undefined;
  /** A constructor parameter property: the class's shape is judged by `two-id-members`. */
  readonly property: boolean;
}

const FUNCTION_KINDS = [
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.ConstructSignature,
  ts.SyntaxKind.CallSignature,
  ts.SyntaxKind.FunctionType,
  ts.SyntaxKind.ConstructorType,
] as const;

/** The type literals a parameter's annotation is made of: `{ … }` or `{ … } & { … }`. */
function ownTypeLiterals(type: ts.TypeNode | undefined): ts.TypeLiteralNode[] {
  if (type === undefined) return [];
  if (ts.isTypeLiteralNode(type)) return [type];
  if (ts.isParenthesizedTypeNode(type)) return ownTypeLiterals(type.type);
  if (ts.isIntersectionTypeNode(type)) return type.types.flatMap(ownTypeLiterals);
  return [];
}

function inputsOf(node: ts.SignatureDeclaration, file: FileContext): Input[] {
  const inputs: Input[] = [];
  for (const parameter of node.parameters) {
    const property = ts.isConstructorDeclaration(node) && ts.isParameterPropertyDeclaration(parameter, node);
    if (ts.isIdentifier(parameter.name)) {
      const name = parameter.name.text;
      inputs.push({ name, kind: slotKind(name, parameter.type, file), property });
      for (const literal of ownTypeLiterals(parameter.type)) {
        for (const member of typeElementMembers(literal.members, file)) {
          inputs.push({ name: `${name}.${member.name}`, kind: member.kind, property: false });
        }
      }
    } else if (ts.isObjectBindingPattern(parameter.name)) {
      for (const element of parameter.name.elements) {
        const name = nameText(element.propertyName ?? element.name);
        if (name !== undefined) inputs.push({ name, kind: slotKind(name, undefined, file), property: false });
      }
    }
  }
  return inputs;
}

/** The rule. */
export const twoIdParameters: Rule = {
  id: 'two-id-parameters',
  description: 'A function, method or constructor takes an agent id and a session id (or a Session object) as separate inputs.',
  mode: 'syntactic',
  options: {},
  start(run): RuleVisitor {
    const check = (node: ts.Node, file: FileContext): void => {
      const inputs = inputsOf(node as ts.SignatureDeclaration, file);
      const agent = inputs.find((input) => isAgentSide(input.kind));
      const session = inputs.find((input) => isSessionSide(input.kind));
      if (agent === undefined || session === undefined) return;
      if (agent.property && session.property) return;
      const symbol = symbolOf(node, file.ancestors);
      const advice =
        session.kind === 'session-object'
          ? `the agent id is '${session.name}.id': drop '${agent.name}'.`
          : `take only the session id ('${session.name}: SessionId'): the agent id is the session id.`;
      const name = (node as { name?: ts.Node }).name;
      run.report({
        file: file.file,
        ...file.position(name ?? node),
        symbol,
        message: `'${symbol}' takes both '${agent.name}' and '${session.name}' as separate inputs; ${advice}`,
      });
    };
    return { triggers: ['agent', 'session'], enter: Object.fromEntries(FUNCTION_KINDS.map((kind) => [kind, check])) };
  },
};
