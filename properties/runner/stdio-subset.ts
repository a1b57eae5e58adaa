/**
 * The stdio subset (docs/stdio-adapter.md "The stdio subset"): the directed checks that need
 * in-process scheduling, each with the rule that takes it out. Over stdio the kit and the
 * implementation run in two processes, so an order the kit relies on in process (its own
 * callback running before the implementation's, in one turn of one event loop) is not
 * observable; a check that asserts such an order is NOT-APPLICABLE in stdio mode, by this table
 * and by nothing else. Everything else, the generated runs included, runs over stdio as in process.
 */

/** The kinds of in-process scheduling a check can need. */
export const IN_PROCESS_NEEDS = {
  'turn-gate-order':
    "the kit's turn gate must hear a cut turn settle before the implementation hears its turn end (in process the gate's abort listener runs first; over stdio the cut reaches the kit as a cancel message after the implementation moved on)",
} as const;

/** One of {@link IN_PROCESS_NEEDS}. */
export type InProcessNeed = keyof typeof IN_PROCESS_NEEDS;

/** Every directed check that needs in-process scheduling, by check id, with what it needs. */
export const IN_PROCESS_ONLY: Readonly<Record<string, InProcessNeed>> = {
  'AIK-QUIESCE-002/agent-disposed-after-the-turn': 'turn-gate-order',
};

/** Why check `id` is NOT-APPLICABLE in stdio mode, or `undefined` when it runs there. */
export function stdioExclusion(id: string): string | undefined {
  const need = IN_PROCESS_ONLY[id];
  return need === undefined ? undefined : `stdio mode: needs in-process scheduling (${need}: ${IN_PROCESS_NEEDS[need]})`;
}
