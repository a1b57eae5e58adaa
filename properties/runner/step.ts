import type { CreateInput, ResumeInput, SetupPlan, SignalPlan } from '../../src/contract/adapter.js';

/**
 * One operation the kit performed on a system, as a counterexample shows it: `line` and `result`
 * read like a log line (`create(s1) ✗conflict`), `args` is the plain data that replays it.
 */
export interface Step {
  readonly op: string;
  readonly args: unknown;
  line: string;
  /** `✓`, `✗<code>`, `✗injected`, `⏳hang`, `✗adapter` or `…` while pending. */
  result: string;
  /** The kit's name of the handle it returned (`h1`, …). */
  handle?: string;
  /** Set when other steps started before it settled: the step count at its settlement (where a replay awaits it). */
  awaitedAt?: number;
  /** For a start with a configuration (`open`, `restart`): the kit's names of its entries' handles, by entry index (null: no handle). */
  entries?: readonly (string | null)[];
}

/** A step of one of the kit's own controls (a pause released, a turn plan, a store fault), which always succeeds. */
export function controlStep(op: string, args: unknown, line: string): Step {
  return { op, args, line, result: '✓' };
}

/** The step as a log line. */
export function stepLine(step: Step): string {
  return `${step.line} ${step.result}`;
}

/** An id as step lines show it: bare when it reads unambiguously, JSON-quoted otherwise. */
export function showId(id: string): string {
  return /^[\p{L}\p{N}._:@/-]+$/u.test(id) ? id : JSON.stringify(id);
}

function setupText(plan: SetupPlan): string {
  return `setup=${plan.pause === undefined ? '' : `${plan.pause}⏸`}${plan.action}`;
}

function signalText(plan: SignalPlan): string {
  return `signal=abort@${typeof plan.at === 'string' ? plan.at : `${plan.at.pause}⏸`}`;
}

function seedText(seed: unknown): string {
  return Array.isArray(seed) ? `seed=${seed.length}` : 'seed=malformed';
}

/** Short renderings of operation inputs for step lines. */
export const describeStep = {
  /** `, setup=…, signal=…` for the plans an input carries. */
  plans(input: { readonly setup?: SetupPlan; readonly signal?: SignalPlan; readonly owner?: string }): string {
    const parts: string[] = [];
    if (input.setup !== undefined) parts.push(setupText(input.setup));
    if (input.signal !== undefined) parts.push(signalText(input.signal));
    if (input.owner !== undefined) parts.push(`owner=${input.owner}`);
    return parts.map((part) => `, ${part}`).join('');
  },
  create(input: CreateInput): string {
    const extras: string[] = [];
    if (input.meta?.cwd !== undefined) extras.push(`cwd=${input.meta.cwd}`);
    if (input.meta?.delegationDepth !== undefined) extras.push(`depth=${input.meta.delegationDepth}`);
    if (input.meta?.parentSession !== undefined) extras.push(`parent=${input.meta.parentSession}`);
    if ('seed' in input) extras.push(seedText(input.seed));
    return `create(${showId(input.sessionId)}${extras.map((extra) => `, ${extra}`).join('')}${describeStep.plans(input)})`;
  },
  resume(input: ResumeInput): string {
    return `resume(${showId(input.resumeSessionId)}${describeStep.plans(input)})`;
  },
};
