/**
 * `agent-by-session-id` (AIK-ID-004, §6 "one id standing in for the other"): an agent named by its
 * session's id while it carries an agent id of its own — the session's id read through the agent
 * (`agent.session.header.id`, `agent.session.id`) and made the agent's key: branded as another id
 * (`OwnerToken(agent.session.header.id)`, `… as AgentId`) or stored under an agent id's name
 * (`agentId: agent.session.id`). The consumer chose one of the agent's two names; the other is
 * still its registry key. Where the agent's own id is the session id (`id: SessionId`), the two
 * reads are one identity and nothing is reported: the type checker decides.
 */
import { ts } from 'ts-morph';
import { classifyName, splitWords } from '../_internals/identity-names.js';
import { nameText, symbolOf } from '../_internals/syntax.js';
import type { FileContext, Rule, RuleVisitor } from './rule.js';

/** The last word of an id constructor's or id type's name (`AgentId`, `OwnerToken`, `RunKey`). */
const ID_HEADS: ReadonlySet<string> = new Set(['id', 'token', 'key', 'handle', 'ref']);

/** The agent an expression reads its session's id through: `exec.agent` for `exec.agent.session.header.id`. */
function agentOf(expression: ts.Expression): ts.Expression | undefined {
  let read = expression;
  while (ts.isParenthesizedExpression(read) || ts.isNonNullExpression(read)) read = read.expression;
  if (!ts.isPropertyAccessExpression(read) || read.name.text !== 'id') return undefined;
  const holder = read.expression;
  const session = ts.isPropertyAccessExpression(holder) && holder.name.text === 'header' ? holder.expression : holder;
  if (!ts.isPropertyAccessExpression(session) || session.name.text !== 'session') return undefined;
  return session.expression;
}

/** The identifier the type checker is asked about: `agent` of `exec.agent`, `a` of `a`. */
function agentName(agent: ts.Expression): ts.Identifier | undefined {
  if (ts.isIdentifier(agent)) return agent;
  if (ts.isPropertyAccessExpression(agent) && ts.isIdentifier(agent.name)) return agent.name;
  return undefined;
}

/** True for a name that brands an id other than the session's (`AgentId`, `OwnerToken`; not `SessionId`, `String`). */
function brandsAnotherId(name: string | undefined): boolean {
  if (name === undefined || !/^[A-Z]/.test(name)) return false;
  const words = splitWords(name);
  return !words.includes('session') && ID_HEADS.has(words[words.length - 1] ?? '');
}

/** The rule. */
export const agentBySessionId: Rule = {
  id: 'agent-by-session-id',
  description: "An agent is named by its session's id (agent.session.header.id made its key) while it carries an agent id of its own.",
  mode: 'type-aware',
  options: {},
  start(run): RuleVisitor {
    const check = (read: ts.Expression, reported: ts.Node, made: string, file: FileContext): void => {
      const agent = agentOf(read);
      const name = agent === undefined ? undefined : agentName(agent);
      if (agent === undefined || name === undefined) return;
      const symbol = symbolOf(reported, file.ancestors);
      const text = read.getText(file.sourceFile);
      run.report({
        file: file.file,
        ...file.position(reported),
        symbol,
        message: `'${symbol}' makes '${text}' ${made}, while '${agent.getText(file.sourceFile)}' carries an agent id of its own: the session id stands in for the agent's other name — keep one id: the agent's id is its session id.`,
        questions: [{ at: name.getStart(file.sourceFile), name: name.text, role: 'agent-with-own-id' }],
      });
    };
    return {
      triggers: ['session'],
      enter: {
        // `OwnerToken(agent.session.header.id)`, `AgentId(a.session.id)`.
        [ts.SyntaxKind.CallExpression]: (node, file) => {
          const call = node as ts.CallExpression;
          const [argument] = call.arguments;
          if (argument !== undefined && ts.isIdentifier(call.expression) && brandsAnotherId(call.expression.text)) check(argument, call, `the agent's '${call.expression.text}'`, file);
        },
        // `agent.session.header.id as AgentId`.
        [ts.SyntaxKind.AsExpression]: (node, file) => {
          const cast = node as ts.AsExpression;
          const type = ts.isTypeReferenceNode(cast.type) ? cast.type.typeName.getText(file.sourceFile).split('.').pop() : undefined;
          if (brandsAnotherId(type)) check(cast.expression, cast, `an '${type ?? ''}'`, file);
        },
        // `agentId: agent.session.id`, `const ownerAgentId = agent.session.header.id`.
        [ts.SyntaxKind.PropertyAssignment]: (node, file) => {
          const assignment = node as ts.PropertyAssignment;
          const name = nameText(assignment.name);
          if (name !== undefined && classifyName(name, file.vocabulary) === 'agent-id') check(assignment.initializer, assignment.initializer, `its '${name}'`, file);
        },
        [ts.SyntaxKind.VariableDeclaration]: (node, file) => {
          const declaration = node as ts.VariableDeclaration;
          const name = nameText(declaration.name);
          if (declaration.initializer !== undefined && name !== undefined && classifyName(name, file.vocabulary) === 'agent-id') check(declaration.initializer, declaration.initializer, `its '${name}'`, file);
        },
      },
    };
  },
};
