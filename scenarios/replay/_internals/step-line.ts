import type { ScenarioStep, UntilStep } from '../../../src/contract/scenario.js';
import { describeStep, showId } from '../../../properties/runner/step.js';

/** A step as a log line, as replay failures and `simulate` show it: `create(s1, setup=p1⏸resolve) → a`. */
export function stepLine(step: ScenarioStep): string {
  const named = (text: string) => `${text}${step.name === undefined || step.op === 'owner' ? '' : ` → ${step.name}`}${step.wait === false ? ' (not awaited)' : ''}`;
  switch (step.op) {
    case 'create':
      return named(describeStep.create(step.input));
    case 'resume':
      return named(describeStep.resume(step.input));
    case 'spawn':
      return named(`${step.input.mode}(${step.parent}${describeStep.plans(step.input)})`);
    case 'spawnRemote':
      return named(`spawnRemote(${step.parent}${describeStep.plans(step.input ?? {})})`);
    case 'prompt':
    case 'dispose':
    case 'flush':
      return named(`${step.op}(${step.handle})`);
    case 'owner':
      return `owner(${JSON.stringify(step.label)}) → ${step.name}`;
    case 'unload':
      return named(`unload(${step.owner})`);
    case 'shutdown':
      return named('shutdown()');
    case 'restart':
      return named(step.config === undefined ? 'restart()' : `restart(config: ${step.config.agents.map((entry) => entry.sessionId ?? entry.resumeSessionId ?? `label ${entry.id}`).map((id) => showId(id)).join(', ')})`);
    case 'listen':
      return `listen(${step.plan.name}: ${step.plan.event} → ${step.plan.action}${step.plan.target === undefined ? '' : ` into ${step.plan.target}`}${step.target === undefined ? '' : ` on ${step.target}`})`;
    case 'unlisten':
      return `unlisten(${step.listener})`;
    case 'release':
      return `release pause ${step.pause}`;
    case 'turns':
      return `turns of ${showId(step.id)}: ${typeof step.plan === 'string' ? step.plan : `fail with <injected ${step.plan.fail.$injected}>`}`;
    case 'release-turns':
      return `release turns of ${showId(step.id)}`;
    case 'fault':
      return `store fault: ${step.once === true ? 'next' : 'every'} ${step.store} of ${showId(step.id)} ${step.effect === 'hang' ? 'hangs' : step.effect === 'hold' ? `waits for pause ${step.pause ?? '?'}` : `fails${step.value === undefined ? '' : ` with <injected ${step.value.$injected}>`}`}`;
    case 'heal':
      return `store heals${step.id === undefined ? '' : ` ${showId(step.id)}`}`;
    case 'bridgeOpen':
      return `bridgeOpen(${step.handle})`;
    case 'startJob':
      return `startJob(${step.handle}) → job ${step.name}`;
    case 'await':
      return `await ${step.call}`;
    case 'until':
      return `until ${untilText(step)}`;
    case 'settle':
      return 'let pending work run';
  }
}

/** What an `until` step waits for, in words: `a load of s1 after call-3 started, or call-3 settled`. */
export function untilText(step: UntilStep): string {
  const what = [
    ...(step.store === undefined ? [] : [`a ${step.store.ops.join(' or ')} of ${showId(step.store.id)}${step.since === undefined ? '' : ` after ${step.since} started`}`]),
    ...(step.turning === true ? ['a turn in flight'] : []),
    ...(step.paused === undefined ? [] : [`something waits on pause ${step.paused}`]),
  ];
  return `${what.join(' and ') || 'nothing'}${step.orSettled === true && step.since !== undefined ? `, or ${step.since} settled` : ''}`;
}
