/**
 * The stdio subset's table names real directed checks, each with a declared kind of in-process
 * scheduling, and only stdio mode leaves them out.
 */
import { describe, expect, it } from 'vitest';
import { DIRECTED_CHECKS } from '../../properties/checks/index.js';
import { IN_PROCESS_NEEDS, IN_PROCESS_ONLY, stdioExclusion } from '../../properties/runner/stdio-subset.js';
import referenceAdapter from '../../properties/reference-adapter.js';
import { runConformance } from '../../properties/runner/run-conformance.js';

describe('the stdio subset', () => {
  it('names directed checks that exist, each with a declared need', () => {
    const ids = new Set(DIRECTED_CHECKS.map((check) => check.id));
    for (const [check, need] of Object.entries(IN_PROCESS_ONLY)) {
      expect(ids.has(check), check).toBe(true);
      expect(Object.keys(IN_PROCESS_NEEDS)).toContain(need);
      expect(stdioExclusion(check)).toBe(`stdio mode: needs in-process scheduling (${need}: ${IN_PROCESS_NEEDS[need]})`);
    }
    expect(stdioExclusion('AIK-ID-001/one-key-everywhere')).toBeUndefined();
  });

  it('runs those checks in process, and leaves them out (NOT-APPLICABLE, listed) in stdio mode', async () => {
    const scope = { runs: 0, requirements: ['AIK-QUIESCE-002'] };
    const inProcess = await runConformance(referenceAdapter, scope);
    expect(inProcess.requirements[0]).toMatchObject({ id: 'AIK-QUIESCE-002', status: 'PASS' });
    expect(inProcess.subset).toBeUndefined();
    const stdio = await runConformance(referenceAdapter, { ...scope, stdio: true });
    expect(stdio.requirements[0]).toMatchObject({ id: 'AIK-QUIESCE-002', status: 'NOT-APPLICABLE', note: 'stdio mode: every check needs in-process scheduling' });
    expect(stdio.subset?.notApplicable.map((entry) => entry.check)).toEqual(['AIK-QUIESCE-002/agent-disposed-after-the-turn']);
    expect(stdio.verdict).toBe('CONFORMANT');
  });
});
