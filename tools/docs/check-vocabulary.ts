import type { InlineCode, Nodes } from 'mdast';
import type { Finding } from '../check/finding.js';
import type { MarkdownDocument } from './markdown-document.js';

/** The identity vocabulary every repository is checked for: names of a second, agent-side identity. */
export const DEFAULT_VOCABULARY: readonly string[] = ['agentId', 'AgentId', 'agent_id'];

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/**
 * Reports backticked mentions of a `vocabulary` name (`agentId`, `options.agentId`, ...) that
 * `defined` does not contain (rule `stale-vocabulary`): the docs still talk about an identity
 * the code no longer has. `defined` holds the names the code declares, plus those the
 * document's own TypeScript examples declare (a rule page may show the shape it flags).
 */
export function checkVocabulary(document: MarkdownDocument, vocabulary: ReadonlySet<string>, defined: ReadonlySet<string>): Finding[] {
  const findings: Finding[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'inlineCode') {
      findings.push(...staleMentions(document.file, node, vocabulary, defined));
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(document.tree);
  return findings;
}

function staleMentions(file: string, node: InlineCode, vocabulary: ReadonlySet<string>, defined: ReadonlySet<string>): Finding[] {
  const names = new Set(node.value.match(IDENTIFIER) ?? []);
  const start = node.position?.start;
  return [...names]
    .filter((name) => vocabulary.has(name) && !defined.has(name))
    .map((name) => ({
      rule: 'stale-vocabulary',
      file,
      ...(start === undefined ? {} : { line: start.line, column: start.column }),
      message: `\`${node.value}\` mentions \`${name}\`, which the code no longer defines`,
    }));
}
