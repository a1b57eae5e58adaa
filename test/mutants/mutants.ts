import type { Mutant } from './_support/mutant.js';
import abortAfterPublicationKills from './abort-after-publication-kills.js';
import childHeaderIdDrifts from './child-header-id-drifts.js';
import childMintsTwoIds from './child-mints-two-ids.js';
import collisionLoserEmits from './collision-loser-emits.js';
import createMintsOwnId from './create-mints-own-id.js';
import disposeNotMemoized from './dispose-not-memoized.js';
import disposedWithoutCreated from './disposed-without-created.js';
import forwarderForwardsNonLocal from './forwarder-forwards-non-local.js';
import labelAsRegistryKey from './label-as-registry-key.js';
import nonErrorReplaced from './non-error-replaced.js';
import registryKeyedByAgentId from './registry-keyed-by-agent-id.js';
import remoteRunIdIsWireId from './remote-run-id-is-wire-id.js';
import resumeDropsZeroDepth from './resume-drops-zero-depth.js';
import resumeMintsNewId from './resume-mints-new-id.js';
import rollbackLeavesSessionEntry from './rollback-leaves-session-entry.js';
import scopedListenerMatchedById from './scoped-listener-matched-by-id.js';
import shutdownResolvesEarly from './shutdown-resolves-early.js';
import staleHandleRemovesNewer from './stale-handle-removes-newer.js';
import vetoEmitsAgentDisposed from './veto-emits-agent-disposed.js';

/** Every mutant of the kill matrix: the reference runtime with one realistic defect each. */
export const MUTANTS: readonly Mutant[] = [
  abortAfterPublicationKills,
  childHeaderIdDrifts,
  childMintsTwoIds,
  collisionLoserEmits,
  createMintsOwnId,
  disposeNotMemoized,
  disposedWithoutCreated,
  forwarderForwardsNonLocal,
  labelAsRegistryKey,
  nonErrorReplaced,
  registryKeyedByAgentId,
  remoteRunIdIsWireId,
  resumeDropsZeroDepth,
  resumeMintsNewId,
  rollbackLeavesSessionEntry,
  scopedListenerMatchedById,
  shutdownResolvesEarly,
  staleHandleRemovesNewer,
  vetoEmitsAgentDisposed,
];
