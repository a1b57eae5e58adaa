import { MUTANTS } from '../test/mutants/mutants.js';
const pick = (name: string) => MUTANTS.find((m) => m.name === name)!.adapter;
export const wire = pick('remote-run-id-is-wire-id');
export const rollback = pick('rollback-leaves-session-entry');
export const dispose = pick('dispose-not-memoized');
