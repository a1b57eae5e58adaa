import { describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../src/contract/requirements.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { declaredCapabilities } from '../../properties/runner/declared-capabilities.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { runCli } from '../support/run-cli.js';
import { withoutProgress } from '../support/without-progress.js';
import older, { stated } from '../fixtures/conform/older-contract-adapter.js';

const FIXTURE = 'test/fixtures/conform/older-contract-adapter.ts';
const all = Object.fromEntries(CAPABILITIES.map((name) => [name, false]));
const { configHandles: _configHandles, ...before } = all;
const { clock: _clock, ...noClock } = before;

describe('an adapter written for an earlier contract version', () => {
  it('declaredCapabilities: a capability added after the version it was written for counts as absent; one of that version left out is an error', () => {
    expect(declaredCapabilities(undefined, { ...all, configHandles: true })).toEqual({ capabilities: { ...all, configHandles: true } });
    expect(declaredCapabilities(undefined, before)).toEqual({ capabilities: all, olderContract: { contract: '2026-11', stated: false, absent: ['configHandles'] } });
    expect(declaredCapabilities('2026-11', before)).toEqual({ capabilities: all, olderContract: { contract: '2026-11', stated: true, absent: ['configHandles'] } });
    // Written for 2026-11, declaring the later capability anyway: it is taken as declared.
    expect(declaredCapabilities('2026-11', { ...before, configHandles: true })).toEqual({ capabilities: { ...all, configHandles: true } });
    expect(() => declaredCapabilities('2026-12', before)).toThrow('adapter: capabilities must declare every capability of contract 2026-12 as a boolean (not declared: configHandles)');
    expect(() => declaredCapabilities(undefined, noClock)).toThrow('adapter: capabilities must declare every capability as a boolean (not declared: clock, configHandles)');
    expect(() => declaredCapabilities(undefined, { ...before, clock: 'yes' })).toThrow('(not declared: clock, configHandles)');
    expect(() => declaredCapabilities('2027-01', all)).toThrow('adapter: contract must be one of the contract versions this kit checks (2026-11, 2026-12), got "2027-01"');
    expect(() => declaredCapabilities(undefined, null)).toThrow(`(not declared: ${CAPABILITIES.join(', ')})`);
  });

  it('reaches the verdict the reference runtime reaches, with configHandles absent', async () => {
    const options = { runs: 5, requirements: ['AIK-CONFIG', 'AIK-ID'] };
    const [report, statedReport, reference] = await Promise.all([runConformance(older, options), runConformance(stated, options), runConformance(referenceAdapter(), options)]);
    expect(report.adapter).toMatchObject({ capabilities: { configHandles: false }, olderContract: { contract: '2026-11', stated: false, absent: ['configHandles'] } });
    expect(statedReport.adapter).toMatchObject({ olderContract: { stated: true } });
    expect(report.verdict).toBe('CONFORMANT');
    expect(report.requirements.map((result) => `${result.id} ${result.status}`)).toEqual(reference.requirements.map((result) => `${result.id} ${result.status}`));
  });

  it('conform: one warning line naming the new key, even over several workers; the verdict and its exit code stand', async () => {
    const run = await runCli(['conform', '--adapter', FIXTURE, '--runs', '20', '--workers', '2', '--requirements', 'AIK-CONFIG']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^CONFORMANT/m);
    expect(withoutProgress(run.stderr)).toBe(
      'agent-identity-kit: warning: the adapter is written for contract 2026-11 (it does not declare configHandles): configHandles (added in contract 2026-12) counts as absent; declare configHandles in capabilities (true or false) to check the adapter as written for contract 2026-12\n',
    );
    const statedRun = await runCli(['conform', '--adapter', `${FIXTURE}#stated`, '--runs', '1', '--requirements', 'AIK-CONFIG-001']);
    expect(withoutProgress(statedRun.stderr)).toMatch(/^agent-identity-kit: warning: the adapter is written for contract 2026-11 \(its contract says so\): configHandles .*\n$/);
  });

  it('conform: an adapter it cannot use exits 2 (not the NOT CONFORMANT 1), one line naming the module and the problem, nothing on stdout', async () => {
    const run = await runCli(['conform', '--adapter', `${FIXTURE}#unusable`, '--runs', '1', '--format', 'json']);
    expect({ ...run, stderr: withoutProgress(run.stderr) }).toEqual({ code: 2, stdout: '', stderr: `agent-identity-kit: ${FIXTURE}: capabilities must declare every capability as a boolean (not declared: clock)\n` });
  });
});
