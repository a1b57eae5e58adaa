import { describe, expect, it } from 'vitest';
import { runGenerated } from '../../properties/model/run-generated.js';
import { Limits } from '../../properties/runner/limits.js';
import type { Mutant } from './_support/mutant.js';
import ownerAcceptsAfterUnload from './owner-accepts-after-unload.js';
import rollbackLeavesSessionEntry from './rollback-leaves-session-entry.js';
import shutdownResolvesEarly from './shutdown-resolves-early.js';
import staleHandleRemovesNewer from './stale-handle-removes-newer.js';

/** What every mutant declares: the reference's own capabilities and default profiles. */
const DECLARED = {
  capabilities: { subagents: true, remote: true, bridge: true, rpc: true, consumers: true, contextDispose: true, idSource: true, clock: true, configHandles: true },
  profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' },
} as const;

/** The requirements the default generated phase (100 runs) of `mutant` reports at `seed`. */
async function blamed(mutant: Mutant, seed: number): Promise<string[]> {
  const result = await runGenerated(mutant.adapter, DECLARED, { seed, runs: 100, limits: new Limits(1000), inScope: () => true });
  return [...new Set(result.failures.map((failure) => failure.requirement))].sort();
}

// Each seed is one at which the generated runs used to report a consequence of the defect under another requirement.
describe('generated runs blame the defect, not what follows from it', () => {
  it('a session entry left by a rolled-back creation is AIK-TXN-003 (live sessions), not the conflicts and shutdowns it causes later', async () => {
    expect(await blamed(rollbackLeavesSessionEntry, 1)).toEqual(['AIK-TXN-003']);
  }, 60_000);

  it("a creation accepted through an unloaded owner is that owner's AIK-QUIESCE-001, not a shutdown's or a listener's", async () => {
    expect(await blamed(ownerAcceptsAfterUnload, 3)).toEqual(['AIK-QUIESCE-001']);
  }, 60_000);

  it('a stale dispose that removes the newer agent is AIK-DETACH-001, not the live set of AIK-TXN-003', async () => {
    expect(await blamed(staleHandleRemovesNewer, 6)).toEqual(['AIK-DETACH-001']);
  }, 60_000);

  it('a shutdown that resolves before its remote runs ended is the teardown requirements, not AIK-RPC-001', async () => {
    const requirements = await blamed(shutdownResolvesEarly, 5);
    expect(requirements).toContain('AIK-QUIESCE-005');
    // A shutdown requested from a listener is judged when the model's run ended: AIK-QUIESCE-001 then, if the real one had not.
    expect(requirements.filter((id) => id !== 'AIK-QUIESCE-001' && id !== 'AIK-QUIESCE-005')).toEqual([]);
  }, 60_000);
});
