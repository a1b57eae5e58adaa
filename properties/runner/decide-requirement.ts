import type { Capabilities } from '../../src/contract/adapter.js';
import type { Profiles, Requirement } from '../../src/contract/requirements.js';
import type { CheckTally, RequirementStatus } from '../report/conformance-report.js';

/**
 * A requirement's status from the tallies of its checks (README.md "In an implementation's CI"): STATIC is
 * decided elsewhere; an undeclared capability is NOT-APPLICABLE; any failing check is FAIL; no
 * check that ran is NOT-TESTED (which counts as a failure for MUST, declared CAP and PROFILE).
 */
export function decideRequirement(requirement: Requirement, tallies: readonly CheckTally[], declared: { readonly capabilities: Capabilities; readonly profiles: Profiles }): { status: RequirementStatus; note?: string } {
  if (requirement.tier === 'STATIC') return { status: 'STATIC', note: 'decided on source code by lint / check, not by conform' };
  if (requirement.capability !== undefined && !declared.capabilities[requirement.capability]) {
    return { status: 'NOT-APPLICABLE', note: `capability ${requirement.capability} not declared` };
  }
  if (tallies.some((tally) => tally.failures > 0)) return { status: 'FAIL' };
  // A check that needs an operation the adapter reports unsupported could not run: the requirement is untested, whatever else passed.
  const unsupported = [...new Set(tallies.flatMap((tally) => tally.unsupported ?? []))].sort();
  if (unsupported.length > 0) return { status: 'NOT-TESTED', note: unsupportedNote(unsupported) };
  // So could a check that an operation the run confirmed to hang hung in again: it was not waited for again.
  const notTried = tallies.find((tally) => tally.notTried !== undefined);
  if (notTried?.skipped !== undefined) return { status: 'NOT-TESTED', note: notTried.skipped };
  // Over stdio, a requirement whose every check needs in-process scheduling is outside the stdio subset.
  if (tallies.length > 0 && tallies.every((tally) => tally.inProcessOnly === true)) return { status: 'NOT-APPLICABLE', note: 'stdio mode: every check needs in-process scheduling' };
  if (!tallies.some((tally) => tally.runs > 0)) {
    const reasons = [...new Set(tallies.map((tally) => tally.skipped).filter((reason) => reason !== undefined))];
    return { status: 'NOT-TESTED', note: reasons.length > 0 ? reasons.join('; ') : 'no check ran' };
  }
  const profile = requirement.profile === undefined ? undefined : `checked variant ${declared.profiles[requirement.profile.axis]}`;
  return profile === undefined ? { status: 'PASS' } : { status: 'PASS', note: profile };
}

/** The verdict note of operations the adapter reports unsupported: "needs resume; the adapter reports it unsupported". */
export function unsupportedNote(operations: readonly string[]): string {
  return `needs ${operations.join(', ')}; the adapter reports ${operations.length === 1 ? 'it' : 'them'} unsupported`;
}
