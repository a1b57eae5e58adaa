import type { CounterexampleStep, FailureDetail } from '../../report/conformance-report.js';
import type { SequenceDiagram, SequenceMessage } from './sequence-diagram.js';

/** The kit's lane and the system's. */
export const KIT = 'kit';
export const SYSTEM = 'system';

/** At most this many handle lanes; the operations on later handles are drawn to the system's lane. */
const HANDLE_LANES = 8;

/** Steps of the kit's own controls (a pause released, a turn plan, a store fault): a loop on the kit's lane. */
const CONTROLS = new Set(['fault', 'heal', 'release', 'release-turns', 'settle', 'turns', 'until', 'owner', 'unlisten']);

/** The handle an operation acts on, as the kit names it (`h1`), when its arguments name one. */
function target(step: CounterexampleStep): string | undefined {
  const args = step.args as Record<string, unknown> | null;
  if (typeof args !== 'object' || args === null) return undefined;
  const named = args['handle'] ?? args['parent'] ?? args['target'];
  return typeof named === 'string' ? named : undefined;
}

/** Whether a step hung or broke the protocol. */
function broken(step: CounterexampleStep | undefined): boolean {
  return step?.result === '⏳hang' || step?.result === '✗adapter';
}

/** The error code a failed sub-case says it got (`…, got not-found (…)`; a kit-injected value is `injected`), as a step's result shows it after `✗`. */
function gotCode(message: string): string | undefined {
  if (/, got the (?:kit-)?injected /.test(message)) return 'injected';
  return /, got ([a-z][a-z-]*)(?: \(|$)/.exec(message)?.[1];
}

/**
 * The steps a generated check's message names by its start (`resume(s1, abort-before): …`): the
 * last step of that operation on that first argument, then the last of that operation (-1 for none).
 */
function operationNamed(steps: readonly CounterexampleStep[], message: string): number[] {
  const named = /^([A-Za-z]+)\(([^,)]*)/.exec(message);
  if (named === null) return [];
  const [, op, first] = named;
  return [steps.findLastIndex((step) => step.op === op && (step.line.startsWith(`${op}(${first},`) || step.line.startsWith(`${op}(${first})`))), steps.findLastIndex((step) => step.op === op)];
}

/**
 * The step a failure is drawn at, and whether the run shows it is that step: for the adapter's
 * own failure the step that hung or broke the protocol (a check may plan a hang); else the first
 * step whose outcome is the one the first failed sub-case says it got (`…, got not-found`), or the
 * step a generated check's message starts with (`resume(s1, …): expected …`, see {@link operationNamed});
 * else the last step, where the check told its failure.
 */
function failingStep(failure: FailureDetail): { readonly at: number; readonly shown: boolean } {
  const { steps } = failure.counterexample;
  const first = failure.message.split('\n')[0] ?? '';
  const candidates = [
    failure.adapter ? steps.findIndex(broken) : -1,
    ((code) => (code === undefined ? -1 : steps.findIndex((step) => step.result === `✗${code}`)))(gotCode(first)),
    ...(failure.counterexample.path === undefined ? [] : operationNamed(steps, first)),
  ];
  const at = candidates.find((candidate) => candidate >= 0);
  return at === undefined ? { at: steps.length - 1, shown: false } : { at, shown: true };
}

/**
 * A failure's counterexample as a sequence diagram of the implementation's run: the kit, the
 * system and a lane per handle the run made and acted on; per step its call and (where it settled) its outcome,
 * drawn where the run awaited it; the failing step marked with the check that failed.
 */
export function counterexampleSequence(failure: FailureDetail): SequenceDiagram {
  const { steps } = failure.counterexample;
  // A lane per handle some step acts on, in the order they were made (a handle nothing acts on would be an empty lane).
  const used = new Set(steps.map(target));
  const handles = [...new Set(steps.flatMap((step) => [step.handle, ...(step.entries ?? [])]).filter((name): name is string => typeof name === 'string' && used.has(name)))].slice(0, HANDLE_LANES);
  const { at: failing, shown } = failingStep(failure);
  const mark = `${failure.check} failed ${shown ? 'here' : '(told when its run ended)'}`;
  // Per step, its call, then the outcomes that settled by then (its own, and those of earlier steps awaited there).
  const calls: SequenceMessage[] = [];
  const outcomes: SequenceMessage[][] = steps.map(() => []);
  steps.forEach((step, at) => {
    const flag = at === failing ? { failing: mark } : {};
    if (CONTROLS.has(step.op)) {
      calls.push({ from: KIT, to: KIT, label: `${step.line} ${step.result}`, kind: 'operation', ...flag });
      return;
    }
    const handle = target(step);
    const lane = handle !== undefined && handles.includes(handle) ? handle : SYSTEM;
    const call = step.handle === undefined ? step.line : step.line.replace(` → ${step.handle}`, '');
    calls.push({ from: KIT, to: lane, label: call, kind: 'operation', ...flag });
    if (step.result === '…') return;
    const outcome = `${step.result}${step.handle === undefined ? '' : ` → ${step.handle}`}`;
    // An outcome that settled after later steps started is drawn where the run awaited it.
    const settledAt = step.awaitedAt === undefined ? at : Math.min(steps.length - 1, Math.max(at, step.awaitedAt - 1));
    outcomes[settledAt]!.push({ from: lane, to: KIT, label: outcome, kind: 'outcome', ...(settledAt === failing && at === failing ? flag : {}) });
  });
  return { lanes: [KIT, SYSTEM, ...handles], messages: calls.flatMap((call, at) => [call, ...outcomes[at]!]) };
}
