/**
 * `two-id-parameters` (AIK-ID-004): a function, method, constructor or signature that takes an
 * agent id and a session id (or an agent id beside a `Session` object) as separate inputs —
 * plain parameters, destructured parameters or the members of a parameter's own type literal.
 */
import { ts } from 'ts-morph';
import { isAgentSide, isSessionSide, type IdentityKind } from '../_internals/identity-names.js';
import { slotKind, typeElementMembers } from '../_internals/members.js';
import { classifyTypeNode, nameText, symbolOf } from '../_internals/syntax.js';
import type { FileContext, Question, Rule, RuleVisitor } from './rule.js';

interface Input {
  readonly name: string;
  readonly kind: IdentityKind | undefined;
  /** Where the input's name starts: what the type checker is asked about. */
  readonly at: number;
  /** Annotated with an id type (`SessionId`, a brand), not only named like an id. */
  readonly typed?: boolean;
  /** A constructor parameter property: the class's shape is judged by `two-id-members`. */
  readonly property: boolean;
  /** The parameter's position, for a plain parameter (not a member of its type, not destructured). */
  readonly index?: number;
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
  for (const [index, parameter] of node.parameters.entries()) {
    const property = ts.isConstructorDeclaration(node) && ts.isParameterPropertyDeclaration(parameter, node);
    if (ts.isIdentifier(parameter.name)) {
      const name = parameter.name.text;
      const typed = classifyTypeNode(parameter.type, file) === 'session-id';
      inputs.push({ name, kind: slotKind(name, parameter.type, file), property, at: parameter.name.getStart(file.sourceFile), typed, index });
      for (const literal of ownTypeLiterals(parameter.type)) {
        for (const member of typeElementMembers(literal.members, file)) {
          const at = ((member.node as ts.NamedDeclaration).name ?? member.node).getStart(file.sourceFile);
          inputs.push({ name: `${name}.${member.name}`, kind: member.kind, property: false, at });
        }
      }
    } else if (ts.isObjectBindingPattern(parameter.name)) {
      for (const element of parameter.name.elements) {
        const name = nameText(element.propertyName ?? element.name);
        if (name !== undefined) inputs.push({ name, kind: slotKind(name, undefined, file), property: false, at: element.name.getStart(file.sourceFile) });
      }
    }
  }
  return inputs;
}

/** The rule. */
export const twoIdParameters: Rule = {
  id: 'two-id-parameters',
  description: 'A function, method or constructor takes an agent id and a session id (or a Session object) as separate inputs.',
  mode: 'type-aware',
  options: {},
  start(run): RuleVisitor {
    const check = (node: ts.Node, file: FileContext): void => {
      const inputs = inputsOf(node as ts.SignatureDeclaration, file);
      const session = inputs.find((input) => input.kind === 'session-object') ?? inputs.find((input) => isSessionSide(input.kind));
      // Beside a `Session` object, any other id of it can disagree with it — also a `SessionId`
      // left over from a rename (`open(id: SessionId, session: Session)`).
      const agent =
        inputs.find((input) => isAgentSide(input.kind)) ??
        (session?.kind === 'session-object' ? inputs.find((input) => input !== session && input.kind === 'session-id' && input.typed === true) : undefined);
      if (agent === undefined || session === undefined) return;
      if (agent.property && session.property) return;
      const symbol = symbolOf(node, file.ancestors);
      const object = session.kind === 'session-object';
      const advice = object ? `drop '${agent.name}'.` : `take only the session id ('${session.name}: SessionId'): the agent id is the session id.`;
      const name = (node as { name?: ts.Node }).name;
      // A binding element's own name is what the checker types (`{ agentId: owner }` → `owner`).
      const question = (input: Input, role: Question['role']): Question => ({ at: input.at, name: input.name, role, ...(input.index === undefined ? {} : { index: input.index }) });
      run.report({
        file: file.file,
        ...file.position(name ?? node),
        symbol,
        message: `'${symbol}' takes both '${agent.name}' and '${session.name}' as separate inputs; ${advice}`,
        ...(object ? { fix: `The agent id is '${session.name}.{id}'.` } : {}),
        // A leftover `SessionId` beside the `Session` names the same identity twice whatever the
        // lifecycle: asked as a session id, it needs no evidence of one lifecycle.
        questions: [question(agent, isAgentSide(agent.kind) ? 'agent-id' : 'session-id'), question(session, object ? 'session-object' : 'session-id')],
      });
    };
    return { triggers: ['agent', 'session'], enter: Object.fromEntries(FUNCTION_KINDS.map((kind) => [kind, check])) };
  },
};
