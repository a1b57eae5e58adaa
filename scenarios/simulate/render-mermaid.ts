import { RECORDER } from '../../src/contract/adapter.js';
import type { Scenario } from '../../src/contract/scenario.js';
import { showId } from '../../properties/runner/step.js';
import type { ObservedEvent } from '../../src/contract/adapter.js';
import type { TimelineEntry } from '../replay/replay-scenario.js';

/** Text safe inside a Mermaid message: `#`, `;`, `<` and `>` are syntax or markup there, so they become entity codes. */
function safe(text: string): string {
  return text.replace(/#/g, '#35;').replace(/;/g, '#59;').replace(/</g, '#lt;').replace(/>/g, '#gt;').replace(/[\r\n]+/g, ' ');
}

/** The messages one observed event stands for, between the four participants. */
function eventMessages({ type, id, run }: ObservedEvent): string[] {
  const shown = safe(showId(id));
  switch (type) {
    case 'session/created':
      return [`Transaction->>Registries: enter session ${shown}`, `Registries--)Listeners: session/created ${shown}`];
    case 'agent/created':
      return [`Transaction->>Registries: enter agent ${shown}`, `Registries--)Listeners: agent/created ${shown}`];
    case 'agent/disposed':
      return [`Transaction->>Registries: detach agent ${shown}`, `Registries--)Listeners: agent/disposed ${shown}`];
    case 'session/disposed':
      return [`Transaction->>Registries: detach session ${shown}`, `Registries--)Listeners: session/disposed ${shown}`];
    default:
      return [`Transaction--)Listeners: ${type} ${shown}${run === undefined ? '' : safe(` → ${showId(run.id)} (${run.provider}, ${run.local ? 'local' : 'remote'}${run.outcome === undefined ? '' : `, ${run.outcome}`})`)}`];
  }
}

/**
 * A replay timeline as a Mermaid sequence diagram in a Markdown code fence: the caller's steps,
 * the transaction, the registries and the listeners. Events heard by the adapter's recorder are
 * drawn as messages; what named listeners heard is noted beside them.
 */
export function renderMermaid(scenario: Scenario, timeline: readonly TimelineEntry[]): string {
  const lines = [
    '```mermaid',
    'sequenceDiagram',
    `  title ${safe(`${scenario.id}: ${scenario.title}`)}`,
    '  participant Caller',
    '  participant Transaction',
    '  participant Registries',
    '  participant Listeners',
  ];
  for (const entry of timeline) {
    if (entry.kind === 'call') {
      lines.push(`  Caller->>Transaction: ${safe(entry.step < 0 ? entry.line : `${entry.step}. ${entry.line}`)}`);
    } else if (entry.kind === 'return') {
      lines.push(`  Transaction-->>Caller: ${safe(`step ${entry.step} ${entry.outcome}`)}`);
    } else if (entry.event.listener === RECORDER) {
      lines.push(...eventMessages(entry.event).map((message) => `  ${message}`));
    } else {
      lines.push(`  Note right of Listeners: ${safe(`${entry.event.listener} heard ${entry.event.type} ${showId(entry.event.id)}`)}`);
    }
  }
  lines.push('```');
  return `${lines.join('\n')}\n`;
}
