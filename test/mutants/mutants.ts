import type { Mutant } from './_support/mutant.js';
import abortAfterPublicationKills from './abort-after-publication-kills.js';
import agentDisposedDuringTurn from './agent-disposed-during-turn.js';
import bridgeFollowsASameIdLoser from './bridge-follows-a-same-id-loser.js';
import childHeaderIdDrifts from './child-header-id-drifts.js';
import childMintsTwoIds from './child-mints-two-ids.js';
import collisionLoserEmits from './collision-loser-emits.js';
import configResumeTakesEntryCwd from './config-resume-takes-entry-cwd.js';
import createMintsOwnId from './create-mints-own-id.js';
import creationAwaitsFirstWrite from './creation-awaits-first-write.js';
import disposeAbandonsSlowWrites from './dispose-abandons-slow-writes.js';
import disposeNotMemoized from './dispose-not-memoized.js';
import disposedScopeAcceptsListeners from './disposed-scope-accepts-listeners.js';
import disposingScopeAcceptsListeners from './disposing-scope-accepts-listeners.js';
import disposedWithoutCreated from './disposed-without-created.js';
import emptyResumeIdNotFound from './empty-resume-id-not-found.js';
import forkEmptyPrefixDropsSeedLength from './fork-empty-prefix-drops-seed-length.js';
import forwarderForwardsNonLocal from './forwarder-forwards-non-local.js';
import labelAsRegistryKey from './label-as-registry-key.js';
import listenerAddedInDispatchHearsIt from './listener-added-in-dispatch-hears-it.js';
import liveCheckBeforeSignal from './live-check-before-signal.js';
import liveCreateReadsStore from './live-create-reads-store.js';
import loadFailureMeansAbsent from './load-failure-means-absent.js';
import nonErrorReplaced from './non-error-replaced.js';
import ownerAcceptsAfterUnload from './owner-accepts-after-unload.js';
import refusedConfigStartsEarlierEntries from './refused-config-starts-earlier-entries.js';
import registryKeyedByAgentId from './registry-keyed-by-agent-id.js';
import relativeCwdNormalised from './relative-cwd-normalised.js';
import remoteNumericSessionIdAccepted from './remote-numeric-session-id-accepted.js';
import remoteRunIdIsWireId from './remote-run-id-is-wire-id.js';
import requestOverridesVeto from './request-overrides-veto.js';
import resumeDropsZeroDepth from './resume-drops-zero-depth.js';
import resumeMintsNewId from './resume-mints-new-id.js';
import resumedChildFollowsLineageParent from './resumed-child-follows-lineage-parent.js';
import rollbackFailureReplacesRejection from './rollback-failure-replaces-rejection.js';
import rollbackLeavesScopeOpen from './rollback-leaves-scope-open.js';
import rollbackLeavesSessionEntry from './rollback-leaves-session-entry.js';
import scopedListenerMatchedById from './scoped-listener-matched-by-id.js';
import seededEventsFireSessionEvent from './seeded-events-fire-session-event.js';
import seededVetoKeepsSeedRecord from './seeded-veto-keeps-seed-record.js';
import sessionStartThrowVetoes from './session-start-throw-vetoes.js';
import shutdownDropsBufferedAppends from './shutdown-drops-buffered-appends.js';
import shutdownResolvesEarly from './shutdown-resolves-early.js';
import staleFlushSucceeds from './stale-flush-succeeds.js';
import staleHandleRemovesNewer from './stale-handle-removes-newer.js';
import stalePromptReachesNewer from './stale-prompt-reaches-newer.js';
import staleSpawnFromNewer from './stale-spawn-from-newer.js';
import storeFlushFailureIgnored from './store-flush-failure-ignored.js';
import subagentEndAlwaysCompleted from './subagent-end-always-completed.js';
import subagentEndBeforeTeardown from './subagent-end-before-teardown.js';
import vetoEmitsAgentDisposed from './veto-emits-agent-disposed.js';
import vetoedResumeAppendsBookkeeping from './vetoed-resume-appends-bookkeeping.js';
import writeFailureSwallowed from './write-failure-swallowed.js';
import unloadInAnnouncementAfterPublication from './unload-in-announcement-after-publication.js';

/** Every mutant of the kill matrix: the reference runtime with one realistic defect each. */
export const MUTANTS: readonly Mutant[] = [
  abortAfterPublicationKills,
  agentDisposedDuringTurn,
  bridgeFollowsASameIdLoser,
  childHeaderIdDrifts,
  childMintsTwoIds,
  collisionLoserEmits,
  configResumeTakesEntryCwd,
  createMintsOwnId,
  creationAwaitsFirstWrite,
  disposeAbandonsSlowWrites,
  disposeNotMemoized,
  disposedScopeAcceptsListeners,
  disposingScopeAcceptsListeners,
  disposedWithoutCreated,
  emptyResumeIdNotFound,
  forkEmptyPrefixDropsSeedLength,
  forwarderForwardsNonLocal,
  labelAsRegistryKey,
  listenerAddedInDispatchHearsIt,
  liveCheckBeforeSignal,
  liveCreateReadsStore,
  loadFailureMeansAbsent,
  nonErrorReplaced,
  ownerAcceptsAfterUnload,
  refusedConfigStartsEarlierEntries,
  registryKeyedByAgentId,
  relativeCwdNormalised,
  remoteNumericSessionIdAccepted,
  remoteRunIdIsWireId,
  requestOverridesVeto,
  resumeDropsZeroDepth,
  resumeMintsNewId,
  resumedChildFollowsLineageParent,
  rollbackFailureReplacesRejection,
  rollbackLeavesScopeOpen,
  rollbackLeavesSessionEntry,
  scopedListenerMatchedById,
  seededEventsFireSessionEvent,
  seededVetoKeepsSeedRecord,
  sessionStartThrowVetoes,
  shutdownDropsBufferedAppends,
  shutdownResolvesEarly,
  staleFlushSucceeds,
  staleHandleRemovesNewer,
  stalePromptReachesNewer,
  staleSpawnFromNewer,
  storeFlushFailureIgnored,
  subagentEndAlwaysCompleted,
  subagentEndBeforeTeardown,
  unloadInAnnouncementAfterPublication,
  vetoEmitsAgentDisposed,
  vetoedResumeAppendsBookkeeping,
  writeFailureSwallowed,
];
