import { isDeepStrictEqual } from 'node:util';
import type { Profiles } from '../contract/requirements.js';
import type { Expectation, ScenarioStep, SingleExpectation, StepCondition } from '../contract/scenario.js';
import type { Snapshot } from './counterexample-checks.js';

/** What a counterexample's expectations are widened from: its steps as the reference runtime answered them. */
export interface AnsweredSteps {
  /** The steps, with the reference runtime's answers as their expectations and its observations as their checks. */
  readonly steps: readonly ScenarioStep[];
  /** The reference runtime's snapshot after each step, by step index. */
  readonly snapshots: readonly Snapshot[];
  /** The declared persisted-create profile (AIK-CONFLICT-003). */
  readonly persistedCreate: Profiles['persistedCreate'] | undefined;
}

const OK: SingleExpectation = 'ok';
const CONFLICT: SingleExpectation = { reject: 'conflict' };
const NOT_FOUND: SingleExpectation = { reject: 'not-found' };

/** `expect` (the reference's answer) widened to `{ oneOf }` with the other of `allowed`, when it is one of the two; else undefined. */
function either(expect: Expectation | undefined, allowed: readonly [SingleExpectation, SingleExpectation]): Expectation | undefined {
  if (expect === undefined || typeof expect === 'object' && 'oneOf' in expect) return undefined;
  const at = allowed.findIndex((one) => isDeepStrictEqual(one, expect));
  return at < 0 ? undefined : { oneOf: [expect, allowed[1 - at]!] };
}

/**
 * The steps of a counterexample with the outcomes the contract leaves open written as the set it
 * allows, the way the generated runs' model keeps them (properties/model: `GeneratedRun.undecided`):
 * a session that was published by a create and never appended an event (no turn of it resolved)
 * may or may not be persisted, also after a `flush` that resolved (§2 "Durable store",
 * AIK-DURABLE-001). Over such an id, not live:
 * - a create may be `ok` or refused `conflict` (under `reject-at-create`); when the reference refused
 *   it and the next step resumes the id (the kit's way back to a new agent under it), the create
 *   takes the resume's name and the resume runs only when the create was refused;
 * - a resume may be `ok` or `not-found`;
 * and a `flush` of a session that never appended may resolve where a `put` fault the reference met
 * would have rejected it: the implementation may not have written the session at all (a `flush`
 * fault stays: the store's flush is called either way, and ignoring its failure is a defect).
 * What the reference shows from a step whose outcome became a set on is its own branch's: those
 * checks run only when each such step settled as the reference's did (`check.when`); the way-back
 * create's check is dropped, and the resume's (where the branches join) stays.
 */
export function undecidedPersistence(answered: AnsweredSteps): ScenarioStep[] {
  const { snapshots } = answered;
  const steps = [...answered.steps];
  const published = new Set<string>();
  // The conditions of the reference's branch: each step whose outcome became a set, and how the reference settled it.
  const branch: StepCondition[] = [];
  const appended = new Set<string>();
  const live = (index: number, id: string) => index > 0 && (snapshots[index - 1]?.agents.some((entry) => entry.id === id) ?? false);
  const idOf = (index: number, handle: string) => snapshots[index]?.names.get(handle);
  const undecided = (index: number, id: string) => published.has(id) && !appended.has(id) && !live(index, id);
  const ok = (step: ScenarioStep | undefined) => step?.wait !== false && step?.expect === 'ok';
  const faults = (index: number, id: string) =>
    steps.slice(0, index).flatMap((step) => (step.op === 'fault' && step.effect === 'fail' && step.id === id && step.store === 'put' && step.value !== undefined ? [step.value.$injected] : []));
  for (let index = 0; index < steps.length; index += 1) {
    const step = steps[index] as ScenarioStep;
    let widened: Expectation | undefined;
    if (step.op === 'create' && step.wait !== false && undecided(index, step.input.sessionId) && answered.persistedCreate === 'reject-at-create') {
      widened = either(step.expect, [OK, CONFLICT]);
      const next = steps[index + 1];
      if (widened !== undefined && isDeepStrictEqual(step.expect, CONFLICT) && next?.op === 'resume' && next.wait !== false && next.when === undefined && next.input.resumeSessionId === step.input.sessionId) {
        const name = next.name ?? `way-back-${index}`;
        steps[index + 1] = { ...next, name, when: { call: name, expect: CONFLICT } };
        const { check: _branching, ...bare } = step;
        steps[index] = { ...bare, name, expect: widened } as ScenarioStep;
        widened = undefined;
      }
    } else if (step.op === 'resume' && step.wait !== false && step.when === undefined && undecided(index, step.input.resumeSessionId)) {
      widened = either(step.expect, [OK, NOT_FOUND]);
    } else if (step.op === 'flush' && step.wait !== false && typeof step.expect === 'object' && 'reject' in step.expect && typeof step.expect.reject === 'object') {
      const id = idOf(index, step.handle);
      if (id !== undefined && !appended.has(id) && faults(index, id).includes(step.expect.reject.injected)) steps[index] = { ...step, expect: { oneOf: [step.expect, OK] } };
    }
    if (widened !== undefined && step.expect !== undefined) {
      const name = step.name ?? `either-${index}`;
      branch.push({ call: name, expect: step.expect });
      steps[index] = { ...step, name, expect: widened } as ScenarioStep;
    }
    // What the reference shows from a step whose outcome became a set on is its branch's: checked only when each such step settled the same way.
    const current = steps[index] as ScenarioStep;
    if (branch.length > 0 && current.check !== undefined) steps[index] = { ...current, check: { ...current.check, when: [...branch] } } as ScenarioStep;
    if (step.op === 'create' && ok(step)) published.add(step.input.sessionId);
    // A create started with `wait: false` is published once its await settled ok.
    const awaited = step.op === 'await' && step.expect === 'ok' ? steps.find((other) => other.wait === false && other.name === step.call) : undefined;
    if (awaited?.op === 'create') published.add(awaited.input.sessionId);
    if (step.op === 'prompt' && ok(step)) {
      const id = idOf(index, step.handle);
      if (id !== undefined) appended.add(id);
    }
  }
  return steps;
}
