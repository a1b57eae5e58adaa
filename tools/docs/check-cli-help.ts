import type { Code, RootContent } from 'mdast';
import type { Finding } from '../check/finding.js';
import type { MarkdownDocument } from './markdown-document.js';
import { plainText } from './plain-text.js';

/** The README section that holds the CLI usage: a level-2 heading reading exactly `CLI`. */
export const CLI_HEADING = 'CLI';

/** The first line of a help block: `$ agent-identity-kit [command…] --help`. */
const HELP_COMMAND = /^\$ agent-identity-kit((?: [a-z][\w-]*)*) --help$/;

/** What {@link checkCliHelp} found, and the README as it reads with every help block brought up to date. */
export interface CliHelpSync {
  readonly findings: Finding[];
  /** The README text with each recognised block holding the real help (equal to the input when all are current). */
  readonly synced: string;
}

/**
 * The README's CLI usage equals the real help output (rule `cli-help-sync`). In the README's
 * `## CLI` section, every fenced block whose first line is `$ agent-identity-kit [command…]
 * --help` must continue with exactly what that command prints (trailing spaces and blank lines
 * at the end aside); the section must exist and hold at least the program's own
 * `$ agent-identity-kit --help` block. `synced` is the fix for every stale block, which
 * `docs --update` writes.
 */
export function checkCliHelp(readme: MarkdownDocument | undefined, helpTexts: ReadonlyMap<string, string>): CliHelpSync {
  const file = readme?.file ?? 'README.md';
  if (readme === undefined) return { findings: [{ rule: 'cli-help-sync', file, message: `missing: the README must show \`agent-identity-kit --help\` under \`## ${CLI_HEADING}\`` }], synced: '' };
  const blocks = sectionBlocks(readme.tree.children);
  if (blocks === undefined) {
    return { findings: [{ rule: 'cli-help-sync', file, message: `has no \`## ${CLI_HEADING}\` section with the output of \`agent-identity-kit --help\`` }], synced: readme.text };
  }
  const findings: Finding[] = [];
  let synced = readme.text;
  let programBlock = false;
  // From the last block to the first, so earlier offsets stay valid while the text is spliced.
  for (const block of [...blocks].reverse()) {
    const [first = '', ...rest] = block.value.split('\n');
    const command = HELP_COMMAND.exec(first.trim());
    if (command === null) continue;
    const path = (command[1] ?? '').trim().split(' ').filter((word) => word !== '');
    if (path.length === 0) programBlock = true;
    const line = (block.position?.start.line ?? 0) + 1;
    const expected = helpTexts.get(path.join(' '));
    const shown = `agent-identity-kit${path.map((word) => ` ${word}`).join('')} --help`;
    if (expected === undefined) {
      findings.push({ rule: 'cli-help-sync', file, line, message: `\`${shown}\`: no such command` });
      continue;
    }
    const difference = firstDifference(normalise(expected), normalise(rest.join('\n')));
    if (difference === undefined) continue;
    findings.push({
      rule: 'cli-help-sync',
      file,
      line: line + difference.index + 1,
      message: `the block for \`${shown}\` differs from the real help: expected ${JSON.stringify(difference.expected)}, found ${JSON.stringify(difference.found)}`,
    });
    synced = rewriteBlock(synced, block, [first, ...normalise(expected)]);
  }
  if (!programBlock) findings.push({ rule: 'cli-help-sync', file, message: `the \`## ${CLI_HEADING}\` section has no block starting with \`$ agent-identity-kit --help\`` });
  return { findings, synced };
}

/** `text` with the content of the fenced `block` replaced by `lines`, its fence lines kept. */
function rewriteBlock(text: string, block: Code, lines: readonly string[]): string {
  const start = block.position?.start.offset ?? 0;
  const end = block.position?.end.offset ?? 0;
  const fence = text.slice(start, end);
  const opening = fence.slice(0, fence.indexOf('\n'));
  const closing = fence.slice(fence.lastIndexOf('\n') + 1);
  return `${text.slice(0, start)}${[opening, ...lines, closing].join('\n')}${text.slice(end)}`;
}

/** The fenced blocks between the `## CLI` heading and the next heading of level 1 or 2. */
function sectionBlocks(children: readonly RootContent[]): Code[] | undefined {
  const start = children.findIndex((node) => node.type === 'heading' && node.depth === 2 && plainText(node).trim() === CLI_HEADING);
  if (start < 0) return undefined;
  const blocks: Code[] = [];
  for (const node of children.slice(start + 1)) {
    if (node.type === 'heading' && node.depth <= 2) break;
    if (node.type === 'code') blocks.push(node);
  }
  return blocks;
}

function normalise(output: string): string[] {
  const lines = output.split('\n').map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function firstDifference(expected: readonly string[], found: readonly string[]): { index: number; expected: string; found: string } | undefined {
  const length = Math.max(expected.length, found.length);
  for (let index = 0; index < length; index += 1) {
    if (expected[index] !== found[index]) return { index, expected: expected[index] ?? '(end of help)', found: found[index] ?? '(end of block)' };
  }
  return undefined;
}
