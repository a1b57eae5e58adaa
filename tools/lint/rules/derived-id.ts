/**
 * `derived-id` (AIK-ID-004, §6 "one id derived from the other … and one id standing in for the
 * other"): a session id built from an agent id by a template or concatenation (`sessionId =
 * `session-${agentId}``, or the reverse) — also where the built string goes into an id
 * constructor (`SessionId(`${agentId}-session`)`, `return asSessionId(agentId + '-s')` in a
 * function returning `SessionId`) — a helper that makes one id from the other
 * (`sessionIdFor(agentId)`), a record filled with both ids read from one object (`{ agent_id:
 * agent.id, session_id: agent.session.header.id }`: a consumer choosing between two names of the
 * one identity), a configuration entry's label made into a live id (`const agentId = entry.id as
 * AgentId` for an `entry` of a `…Config…` type: §1, a label is never a live or durable key), and a
 * fallback where one id replaces the other (`sessionId ?? agentId`). Each says that the two ids name one lifecycle: keep the one id. Lineage ids
 * (`parentSessionId`) and labels are not identities here.
 */
import { ts } from 'ts-morph';
import { classifyName, splitWords } from '../_internals/identity-names.js';
import { literalPair } from '../_internals/lifecycle-evidence.js';
import { builtFrom, idMaker, mintFunctionsOf, mintSource, outermostPlus, parts, readFromOneObject, standIn } from '../_internals/id-sources.js';
import { calledName, classifyTypeNode, expressionKind, nameText, symbolOf } from '../_internals/syntax.js';
import type { FileContext, Rule, RuleVisitor } from './rule.js';

/** The rule. */
export const derivedId: Rule = {
  id: 'derived-id',
  description: 'One id is built from the other (template, concatenation) or stands in for it (sessionId ?? agentId).',
  mode: 'syntactic',
  options: {},
  start(run): RuleVisitor {
    const mints = mintFunctionsOf(undefined);
    const report = (node: ts.Node, file: FileContext, message: (symbol: string) => string): void => {
      const symbol = symbolOf(node, file.ancestors);
      run.report({ file: file.file, ...file.position(node), symbol, message: message(symbol) });
    };

    // `sessionId: `s-${agentId}``, `const agentId = 'agent-' + sessionId`. Not with a mint in it
    // (`` `${agentId}-${Date.now()}` ``): that is a new id, tagged with its owner's — one agent's
    // next session, not the agent's second name. Inside an id constructor the mint does not
    // change it (`SessionId(`${agentId}-session-${uuid}`)`): the constructor makes the agent's id
    // part of the session id's text.
    const onBuilt = (node: ts.Node, file: FileContext): void => {
      const stored = builtFrom(node as ts.Expression, file);
      const link = stored !== undefined && mintSource(node as ts.Expression, [], mints, file) === undefined ? stored : constructedFrom(node as ts.Expression, file);
      if (link === undefined) return;
      report(
        node,
        file,
        (symbol) =>
          `'${symbol}' builds '${link.target}' from '${link.from.getText(file.sourceFile)}': one id derived from the other still names one lifecycle twice — use the session id itself.`,
      );
    };

    const onLabel = (value: ts.Expression, target: string, file: FileContext): void => {
      let access = value;
      while (ts.isParenthesizedExpression(access) || ts.isNonNullExpression(access)) access = access.expression;
      if (!ts.isPropertyAccessExpression(access) || access.name.text !== 'id' || !ts.isIdentifier(access.expression) || !configEntry(access.expression, file)) return;
      const label = access.getText(file.sourceFile);
      report(
        value,
        file,
        (symbol) => `'${symbol}' makes the configuration label '${label}' ${target}: a label is display metadata, never a live or durable key — mint the session id (or take the entry's exact 'sessionId').`,
      );
    };
    const onStored = (node: ts.VariableDeclaration | ts.PropertyAssignment, file: FileContext): void => {
      const name = nameText(node.name);
      const kind = name === undefined ? undefined : classifyName(name, file.vocabulary);
      // An agent filed by its configuration id is a definition (a persona): only a session id
      // made of the label is the label as the live key.
      if (node.initializer !== undefined && kind === 'session-id') onLabel(node.initializer, `the '${name}'`, file);
    };

    return {
      triggers: ['agent', 'session'],
      enter: {
        [ts.SyntaxKind.BinaryExpression]: (node, file) => {
          const binary = node as ts.BinaryExpression;
          if (binary.operatorToken.kind === ts.SyntaxKind.PlusToken) {
            // Only the outermost `+` of a chain: `'a' + agentId + 'b'` is one construct.
            if (outermostPlus(binary, file)) onBuilt(node, file);
          } else if (standIn(binary, file) !== undefined) {
            const { left, operatorToken, right } = binary;
            report(
              node,
              file,
              (symbol) =>
                `'${symbol}' lets '${right.getText(file.sourceFile)}' stand in for '${left.getText(file.sourceFile)}' ('${operatorToken.getText(file.sourceFile)}'): if either may be used, they name one lifecycle — keep one id, the session id.`,
            );
          }
        },
        [ts.SyntaxKind.TemplateExpression]: onBuilt,
        // `{ agent_id: agent.id, session_id: agent.session.header.id }`: one object's identity, twice.
        [ts.SyntaxKind.ObjectLiteralExpression]: (node, file) => {
          const pair = literalPair(node as ts.ObjectLiteralExpression, undefined, file.vocabulary);
          const owner = pair === undefined ? undefined : readFromOneObject(pair.agent.value, pair.session.value);
          if (pair === undefined || owner === undefined) return;
          const { agent, session } = pair;
          report(
            node,
            file,
            (symbol) =>
              `'${symbol}' fills '${agent.key}' from '${agent.value.getText(file.sourceFile)}' and '${session.key}' from '${session.value.getText(file.sourceFile)}': both are the one identity of '${owner}', read twice — send one id ('${session.key}: ${owner}.id').`,
          );
        },
        // `entry.id as AgentId`, `agentId: entry.id` for a configuration entry: a label as the live key.
        [ts.SyntaxKind.AsExpression]: (node, file) => {
          const cast = node as ts.AsExpression;
          const kind = classifyTypeNode(cast.type, file);
          if (kind === 'agent-id' || kind === 'session-id') onLabel(cast.expression, `an '${cast.type.getText(file.sourceFile)}'`, file);
        },
        [ts.SyntaxKind.VariableDeclaration]: (node, file) => onStored(node as ts.VariableDeclaration, file),
        [ts.SyntaxKind.PropertyAssignment]: (node, file) => onStored(node as ts.PropertyAssignment, file),
        // `sessionIdFor(agentId)`: a helper named as the maker of one id, handed the other.
        [ts.SyntaxKind.CallExpression]: (node, file) => {
          const call = node as ts.CallExpression;
          const target = idMaker(calledName(call));
          const other = target === 'agent-id' ? 'session-id' : target === 'session-id' ? 'agent-id' : undefined;
          const from = other === undefined ? undefined : call.arguments.find((argument) => expressionKind(argument, file) === other);
          if (from === undefined) return;
          report(
            node,
            file,
            (symbol) =>
              `'${symbol}' makes a ${target === 'session-id' ? 'session' : 'agent'} id from '${from.getText(file.sourceFile)}' through '${calledName(call) ?? ''}': one id derived from the other still names one lifecycle twice — use the session id itself.`,
          );
        },
      },
    };
  },
};

/**
 * For a string built from an id that goes straight into an id constructor — an id maker's
 * argument, an `as SessionId` cast, or the value returned by a function declared to return an id
 * type: the other id it is built from. (`builtFrom` covers strings stored under an id name.)
 */
function constructedFrom(node: ts.Expression, file: FileContext): { target: string; from: ts.Expression } | undefined {
  const constructor = idConstructorAround(file);
  if (constructor === undefined) return undefined;
  const other = constructor.kind === 'agent-id' ? 'session-id' : 'agent-id';
  const from = parts(node).find((part) => expressionKind(part, file) === other);
  return from === undefined ? undefined : { target: constructor.label, from };
}

/** The id constructor an expression goes straight into (through parentheses and casts to other types), if any. */
function idConstructorAround(file: FileContext): { kind: 'agent-id' | 'session-id'; label: string } | undefined {
  for (let index = file.ancestors.length - 1; index >= 0; index -= 1) {
    const ancestor = file.ancestors[index] as ts.Node;
    if (ts.isParenthesizedExpression(ancestor)) continue;
    if (ts.isAsExpression(ancestor) || ts.isTypeAssertionExpression(ancestor)) {
      const kind = classifyTypeNode(ancestor.type, file);
      if (kind === 'agent-id' || kind === 'session-id') return { kind, label: ancestor.type.getText(file.sourceFile) };
      continue;
    }
    if (ts.isCallExpression(ancestor)) {
      const kind = idMaker(calledName(ancestor));
      return kind === undefined ? undefined : { kind, label: `${calledName(ancestor) ?? ''}(…)` };
    }
    if (ts.isReturnStatement(ancestor) || ts.isArrowFunction(ancestor)) {
      const owner = ts.isArrowFunction(ancestor) ? ancestor : file.ancestors.slice(0, index).findLast((candidate) => ts.isFunctionLike(candidate));
      const kind = owner !== undefined && ts.isFunctionLike(owner) ? classifyTypeNode(owner.type, file) : undefined;
      return kind === 'agent-id' || kind === 'session-id' ? { kind, label: `a '${owner?.type?.getText(file.sourceFile) ?? ''}' return value` } : undefined;
    }
    return undefined;
  }
  return undefined;
}

/**
 * True when `name` holds an entry of a configuration: a parameter or a `for…of` variable whose
 * type (or whose list's type) is named with `Config` (`entry: AgentConfigEntry`, `for (const entry
 * of entries)` over `entries: readonly AgentConfigEntry[]`).
 */
function configEntry(name: ts.Identifier, file: FileContext): boolean {
  const configured = (type: ts.TypeNode | undefined): boolean => type !== undefined && splitWords(type.getText(file.sourceFile).replace(/[^\w]+/g, ' ')).includes('config');
  const parameterType = (text: string): ts.TypeNode | undefined => {
    for (const ancestor of file.ancestors) {
      if (!ts.isFunctionLike(ancestor)) continue;
      const parameter = ancestor.parameters.find((candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === text);
      if (parameter !== undefined) return parameter.type;
    }
    return undefined;
  };
  if (configured(parameterType(name.text))) return true;
  for (const ancestor of file.ancestors) {
    if (!ts.isForOfStatement(ancestor) || !ts.isVariableDeclarationList(ancestor.initializer)) continue;
    const [declaration] = ancestor.initializer.declarations;
    if (declaration === undefined || !ts.isIdentifier(declaration.name) || declaration.name.text !== name.text) continue;
    if (configured(declaration.type)) return true;
    return ts.isIdentifier(ancestor.expression) && configured(parameterType(ancestor.expression.text));
  }
  return false;
}
