/**
 * `derived-id` (AIK-ID-004): one id derived from the other, or standing in for it — a session id
 * built from an agent id by a template or concatenation (`sessionId = `session-${agentId}``, or
 * the reverse), and a fallback where one id replaces the other (`sessionId ?? agentId`). Both say
 * that the two ids name one lifecycle: keep the one id. Lineage ids (`parentSessionId`) and labels
 * are not identities here.
 */
import { ts } from 'ts-morph';
import { builtFrom, mintFunctionsOf, mintSource, outermostPlus, standIn } from '../_internals/id-sources.js';
import { symbolOf } from '../_internals/syntax.js';
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
    // next session, not the agent's second name.
    const onBuilt = (node: ts.Node, file: FileContext): void => {
      const link = builtFrom(node as ts.Expression, file);
      if (link === undefined || mintSource(node as ts.Expression, [], mints, file) !== undefined) return;
      report(
        node,
        file,
        (symbol) =>
          `'${symbol}' builds '${link.target}' from '${link.from.getText(file.sourceFile)}': one id derived from the other still names one lifecycle twice — use the session id itself.`,
      );
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
      },
    };
  },
};
