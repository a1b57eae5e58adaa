import type { AdapterEnv, RemoteCommand } from '../../src/contract/adapter.js';
import type { StoredEvent } from '../../src/contract/durable-store.js';
import { createMemoryStore } from '../../src/runtime/durable-store.js';
import { acpChildServer } from '../../src/runtime/index.js';
import { createFaultStore, type FaultStore } from './fault-store.js';
import { PauseGate } from './pause-gate.js';
import { TurnGate } from './turn-gate.js';
import type { Step } from '../runner/step.js';

/** Options of {@link createKitEnv}. */
export interface KitEnvOptions {
  /** Give the system a durable store (default true); false checks the no-durability paths. */
  readonly durable?: boolean;
  /** Where `env.pause` waits: a {@link PauseGate} by default, fast-check's scheduler in generated runs. */
  readonly pause?: (name: string) => Promise<void>;
  /** The fake ACP child command, when the check needs one. */
  readonly remote?: RemoteCommand;
  /** Ids `env.ids` hands out first, in order, before its fresh `minted-<n>` ones. */
  readonly ids?: readonly string[];
}

/** The env handed to an adapter plus the kit's controls over it. One per directed check or property run. */
export interface KitEnv {
  readonly env: AdapterEnv;
  /** The store, shared by every restart of the system (undefined without durability). */
  readonly store: FaultStore | undefined;
  readonly turns: TurnGate;
  readonly pauses: PauseGate;
  /** Every id `env.ids` handed out, in order: provenance for AIK-SUB-001 and AIK-CONFIG-001. */
  readonly minted: readonly string[];
  /** The step log of the check: the kit's controls land here, and the systems of the check add their operations. */
  readonly steps: Step[];
}

/** The fixed epoch the kit's clock starts at, so `createdAt` is the same for the same run. */
const CLOCK_START = 1_767_225_600_000;

/** A valid completed-turn log: `user`, `assistant`, `turn-end` per turn, `seq` from 0. */
export function seedLog(turns: number): readonly StoredEvent[] {
  const events: StoredEvent[] = [];
  for (let turn = 0; turn < turns; turn += 1) {
    for (const kind of ['user', 'assistant', 'turn-end']) events.push({ seq: events.length, kind });
  }
  return events;
}

/** The plan flags of the fake ACP child `remote` launches (its `--pid-file` left out), or undefined when it launches something else. */
export function acpChildPlan(remote: RemoteCommand | undefined): readonly string[] | undefined {
  const server = acpChildServer();
  if (remote === undefined || remote.command !== server.command || remote.args[0] !== server.args?.[0]) return undefined;
  const flags = remote.args.slice(1);
  const at = flags.indexOf('--pid-file');
  return at < 0 ? flags : [...flags.slice(0, at), ...flags.slice(at + 2)];
}

/** Builds a deterministic env: counter ids, a stepping clock, a fault-plan store, gated turns and pauses. */
export function createKitEnv(options: KitEnvOptions = {}): KitEnv {
  const steps: Step[] = [];
  const log = (step: Step) => {
    steps.push(step);
  };
  const turns = new TurnGate(log);
  const pauses = new PauseGate(log);
  const store = options.durable === false ? undefined : createFaultStore(createMemoryStore(), log, (name) => pauses.pause(name));
  const minted: string[] = [];
  let now = CLOCK_START;
  const env: AdapterEnv = {
    store,
    ids() {
      const id = options.ids?.[minted.length] ?? `minted-${minted.length + 1}`;
      minted.push(id);
      return id;
    },
    clock() {
      now += 1000;
      return now;
    },
    turn: (request) => turns.turn(request),
    remote: options.remote,
    seed: seedLog,
    pause: options.pause ?? ((name) => pauses.pause(name)),
  };
  return { env, store, turns, pauses, minted, steps };
}
