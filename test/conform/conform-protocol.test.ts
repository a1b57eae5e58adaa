/**
 * The supervisor checks every message of a conform worker against the protocol before it hears
 * it (src/supervisor/conform-protocol.ts): a kind the protocol does not have (a `report`, which
 * the worker used to post and the CLI printed as it was) or a message of the wrong shape is named.
 */
import { describe, expect, it } from 'vitest';
import { conformMessageProblem } from '../../src/supervisor/conform-protocol.js';
import { lossText } from '../../src/supervisor/supervise-conformance.js';

const declared = {
  capabilities: { subagents: true, remote: false },
  profiles: { teardown: 'scope-last', persistedCreate: 'reject-at-create' },
};
const outcome = { tally: { id: 'AIK-ID-001/one-key-everywhere', kind: 'directed', runs: 1, failures: 0 }, requirement: 'AIK-ID-001' };

describe('the conform worker protocol', () => {
  it('takes the messages a worker posts', () => {
    expect(conformMessageProblem({ kind: 'alive', rss: 1234 })).toBeUndefined();
    expect(conformMessageProblem({ kind: 'alive' })).toBeUndefined();
    expect(conformMessageProblem({ kind: 'check-end', outcome })).toBeUndefined();
    expect(conformMessageProblem({ kind: 'hang', hang: { op: 'create', check: 'AIK-ID-001/one-key-everywhere', step: 'create(one)' } })).toBeUndefined();
    expect(conformMessageProblem({ kind: 'evidence', evidence: { declared, directed: [outcome], chunks: [], hangs: [] } })).toBeUndefined();
    expect(conformMessageProblem({ kind: 'evidence', evidence: { unusable: 'adapter: the factory threw' } })).toBeUndefined();
  });

  it('names a kind it does not have, and a message of the wrong shape', () => {
    expect(conformMessageProblem({ kind: 'report', report: { verdict: 'CONFORMANT' } })).toBe('a message of kind "report", which the protocol does not have');
    expect(conformMessageProblem('CONFORMANT')).toBe('a message of kind undefined, which the protocol does not have');
    expect(conformMessageProblem({ kind: 'check-end', outcome: { ...outcome, tally: { ...outcome.tally, failures: -1 } } })).toBe('a message of kind "check-end" that does not fit the protocol (/outcome/tally/failures must be >= 0)');
    expect(conformMessageProblem({ kind: 'evidence', evidence: { declared, directed: [], chunks: [], hangs: [] }, verdict: 'CONFORMANT' })).toBe('a message of kind "evidence" that does not fit the protocol (the message must NOT have additional properties)');
    expect(conformMessageProblem({ kind: 'stray', origin: 'forged message', message: 'x' })).toMatch(/^a message of kind "stray" that does not fit the protocol \(\/origin must be equal to one of the allowed values\)$/);
  });

  it('a worker stopped for it is lost as a protocol loss, and a worker over its memory as a memory loss, each with the figure', () => {
    expect(lossText({ kind: 'protocol', problem: 'a message of kind "report", which the protocol does not have' })).toBe('the worker posted a message of kind "report", which the protocol does not have (adapter code tampering with the worker) and was stopped');
    expect(lossText({ kind: 'memory', limitMb: 320, usedMb: 377 })).toBe('the worker used 377 MB, over its memory limit of 320 MB (memory held by adapter code), and was stopped');
    expect(lossText({ kind: 'memory', limitMb: 320 })).toBe('the worker ran out of heap, over its memory limit of 320 MB (memory held by adapter code), and was stopped');
  });

  it('a worker that ended names its signal, or else its exit code', () => {
    expect(lossText({ kind: 'exit', code: null, signal: 'SIGKILL' })).toBe('the worker process was killed by SIGKILL');
    expect(lossText({ kind: 'exit', code: 3, signal: null })).toBe('the worker process exited with code 3 (adapter code called process.exit, or the process crashed)');
  });
});
