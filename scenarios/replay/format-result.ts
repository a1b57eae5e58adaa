import { RECORDER } from '../../src/contract/adapter.js';
import type { Scenario } from '../../src/contract/scenario.js';
import type { ScenarioResult } from './replay-scenario.js';

/** One scenario's result for a person: PASS / SKIP in one line, FAIL with the first diverging step, expected vs observed. */
export function formatResult(file: string, scenario: Scenario, result: ScenarioResult): string {
  if (result.status === 'PASS') return `PASS  ${scenario.id} — ${scenario.title}\n`;
  if (result.status === 'SKIP') return `SKIP  ${scenario.id} — ${result.reason}\n`;
  const { failure } = result;
  const heard = result.timeline.flatMap((entry, index) => {
    if (entry.kind !== 'event' || entry.event.listener !== RECORDER) return [];
    const stepStart = result.timeline.findLastIndex((candidate, at) => at < index && candidate.kind === 'call');
    const owner = result.timeline[stepStart];
    return owner?.kind === 'call' && owner.step === failure.step ? [`${entry.event.type} ${entry.event.id}`] : [];
  });
  return [
    `FAIL  ${scenario.id} — ${scenario.title}`,
    `      ${file}`,
    `      first divergence at step ${failure.step}: ${failure.line}`,
    ...(failure.check === undefined ? [] : [`      check: ${failure.check}`]),
    `      requirements: ${failure.requirements.join(', ')}`,
    `      expected: ${failure.expected}`,
    `      observed: ${failure.observed}`,
    `      events heard during that step: ${heard.length === 0 ? '(none)' : heard.join(', ')}`,
    '',
  ].join('\n');
}
