/**
 * `derived-id` (AIK-ID-004): one id derived from the other, or standing in for it — a session id
 * built from an agent id by a template or concatenation (`sessionId = `session-${agentId}``, or
 * the reverse), and a fallback where one id replaces the other (`sessionId ?? agentId`). Both say
 * that the two ids name one lifecycle: keep the one id. Lineage ids (`parentSessionId`) and labels
 * are not identities here.
 */
import { ts } from 'ts-morph';
import { classifyName } from '../_internals/identity-names.js';
import { assignmentTarget, expressionKind, symbolOf } from '../_internals/syntax.js';
import type { FileContext, Rule, RuleVisitor } from './rule.js';

const FALLBACKS = new Set([ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken]);

/** The parts a string is built from: the spans of a template, the operands of a `+` chain. */
function parts(expression: ts.Expression): ts.Expression[] {
  if (ts.isTemplateExpression(expression)) return expression.templateSpans.map((span) => span.expression);
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) return [...parts(expression.left), ...parts(expression.right)];
  if (ts.isParenthesizedExpression(expression)) return parts(expression.expression);
  return [expression];
}

/** True when `expression` is (a string built around) an id of `kind`. */
function builtFrom(expression: ts.Expression, kind: 'agent-id' | 'session-id', file: FileContext): ts.Expression | undefined {
  return parts(expression).find((part) => expressionKind(part, file.vocabulary) === kind);
}

/** The rule. */
export const derivedId: Rule = {
  id: 'derived-id',
  description: 'One id is built from the other (template, concatenation) or stands in for it (sessionId ?? agentId).',
  mode: 'syntactic',
  options: {},
  start(run): RuleVisitor {
    const report = (node: ts.Node, file: FileContext, message: (symbol: string) => string): void => {
      const symbol = symbolOf(node, file.ancestors);
      run.report({ file: file.file, ...file.position(node), symbol, message: message(symbol) });
    };

    const onFallback = (node: ts.Node, file: FileContext): void => {
      const { left, operatorToken, right } = node as ts.BinaryExpression;
      if (!FALLBACKS.has(operatorToken.kind)) return;
      const first = expressionKind(left, file.vocabulary);
      const second = expressionKind(right, file.vocabulary);
      if (first === undefined || second === undefined || first === second) return;
      report(
        node,
        file,
        (symbol) =>
          `'${symbol}' lets '${right.getText(file.sourceFile)}' stand in for '${left.getText(file.sourceFile)}' ('${operatorToken.getText(file.sourceFile)}'): if either may be used, they name one lifecycle — keep one id, the session id.`,
      );
    };

    // `sessionId: `s-${agentId}``, `const agentId = 'agent-' + sessionId`.
    const onBuilt = (node: ts.Node, file: FileContext): void => {
      const target = assignmentTarget(file.ancestors);
      if (target === undefined) return;
      const kind = classifyName(target, file.vocabulary);
      if (kind !== 'agent-id' && kind !== 'session-id') return;
      const from = builtFrom(node as ts.Expression, kind === 'agent-id' ? 'session-id' : 'agent-id', file);
      if (from === undefined) return;
      report(
        node,
        file,
        (symbol) =>
          `'${symbol}' builds '${target}' from '${from.getText(file.sourceFile)}': one id derived from the other still names one lifecycle twice — use the session id itself.`,
      );
    };

    return {
      triggers: ['agent', 'session'],
      enter: {
        [ts.SyntaxKind.BinaryExpression]: (node, file) => {
          const binary = node as ts.BinaryExpression;
          if (binary.operatorToken.kind === ts.SyntaxKind.PlusToken) {
            // Only the outermost `+` of a chain: `'a' + agentId + 'b'` is one construct.
            const parent = file.ancestors[file.ancestors.length - 1];
            if (parent === undefined || !ts.isBinaryExpression(parent) || parent.operatorToken.kind !== ts.SyntaxKind.PlusToken) onBuilt(node, file);
          } else onFallback(node, file);
        },
        [ts.SyntaxKind.TemplateExpression]: onBuilt,
      },
    };
  },
};
