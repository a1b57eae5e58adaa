import { RECORDER } from '../../src/contract/adapter.js';
import { KIT, SYSTEM } from '../../properties/reporters/html/counterexample-sequence.js';
import type { SequenceDiagram, SequenceMessage } from '../../properties/reporters/html/sequence-diagram.js';
import type { ReplayFailure, TimelineEntry } from './replay-scenario.js';

/** At most this many handle lanes; operations on later handles are drawn to the system's lane. */
const HANDLE_LANES = 8;

/** The name a call binds (`create(a) → short`), when it binds one. */
function bound(line: string): string | undefined {
  return / → ([^\s()]+)(?: \(not awaited\))?$/.exec(line)?.[1];
}

/** The call without the name it binds: what the kit asked. */
function asked(line: string): string {
  const name = bound(line);
  return name === undefined ? line : line.replace(` → ${name}`, '');
}

/**
 * A replay's timeline as a sequence diagram of the run: the kit, the system and a lane per name a
 * step bound and a later one acts on; each call, its outcome and every event heard in the order the kit saw them; the
 * first diverging step marked (drawn as a note on the kit's lane when it is a check, which makes
 * no call).
 */
export function replaySequence(timeline: readonly TimelineEntry[], failure?: ReplayFailure): SequenceDiagram {
  const calls = timeline.flatMap((entry) => (entry.kind === 'call' ? [entry.line] : []));
  const names = new Set(calls.map(bound));
  // A lane per bound name some later call acts on (its first argument): a name nothing acts on would be an empty lane.
  const target = (line: string) => /^[A-Za-z]+\(([^,()]+)[,)]/.exec(line)?.[1];
  const handles = [...new Set(calls.map(target).filter((name): name is string => name !== undefined && names.has(name)))].slice(0, HANDLE_LANES);
  const laneOf = (line: string) => {
    const first = target(line);
    return first !== undefined && handles.includes(first) ? first : SYSTEM;
  };
  const divergence = failure === undefined ? undefined : { step: failure.step, note: { from: KIT, to: KIT, label: failure.line, kind: 'operation', failing: `first divergence (step ${failure.step})` } satisfies SequenceMessage };
  const flag = (step: number) => (divergence !== undefined && step === divergence.step ? { failing: divergence.note.failing } : {});
  const messages: SequenceMessage[] = [];
  const lanes = new Map<number, string>();
  let drawn = false;
  for (const entry of timeline) {
    if (entry.kind === 'call') {
      // A divergence at a step that made no call (a check) is drawn before the first later call.
      if (divergence !== undefined && !drawn && entry.step > divergence.step) messages.push(divergence.note);
      if (divergence !== undefined && entry.step >= divergence.step) drawn = true;
      const lane = laneOf(entry.line);
      lanes.set(entry.step, lane);
      messages.push({ from: KIT, to: lane, label: asked(entry.line), kind: 'operation', ...flag(entry.step) });
    } else if (entry.kind === 'return') {
      const name = bound(entry.line);
      messages.push({ from: lanes.get(entry.step) ?? SYSTEM, to: KIT, label: `${entry.outcome}${name === undefined || entry.outcome !== 'ok' ? '' : ` → ${name}`}`, kind: 'outcome', ...flag(entry.step) });
    } else {
      const { event } = entry;
      messages.push({ from: SYSTEM, to: KIT, label: `${event.listener === RECORDER ? '' : `${event.listener}: `}${event.type} ${event.id}`, kind: 'event' });
    }
  }
  if (divergence !== undefined && !drawn) messages.push(divergence.note);
  return { lanes: [KIT, SYSTEM, ...handles], messages };
}
