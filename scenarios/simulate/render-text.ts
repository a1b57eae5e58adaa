import { RECORDER } from '../../src/contract/adapter.js';
import type { Scenario } from '../../src/contract/scenario.js';
import { showId } from '../../properties/runner/step.js';
import type { TimelineEntry } from '../replay/replay-scenario.js';

/** A replay timeline as readable text: each step, the events it caused (indented), and its outcome. */
export function renderText(scenario: Scenario, timeline: readonly TimelineEntry[]): string {
  const lines = [`${scenario.id} — ${scenario.title}`, `requirements: ${scenario.requirements.join(', ')}`, ''];
  for (const entry of timeline) {
    if (entry.kind === 'call') lines.push(`${entry.step < 0 ? '  -' : String(entry.step).padStart(3)}  ${entry.line}`);
    else if (entry.kind === 'return') lines.push(`       ⇐ step ${entry.step} ${entry.outcome}`);
    else {
      const { event } = entry;
      const who = event.listener === RECORDER ? '' : `   (heard by ${event.listener}${event.scope === undefined ? '' : `, scoped`})`;
      const run = event.run === undefined ? '' : ` → ${showId(event.run.id)} (${event.run.provider}, ${event.run.local ? 'local' : 'remote'}${event.run.outcome === undefined ? '' : `, ${event.run.outcome}`})`;
      lines.push(`       • ${event.type} ${showId(event.id)}${run}${who}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
