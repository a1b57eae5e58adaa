import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../properties/report/conformance-report.js';
import { REPORTERS } from '../../properties/reporters/index.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { notFoundAsInvalid } from './_support/with-overrides.js';

const failing: Promise<ConformanceReport> = runConformance(notFoundAsInvalid, { runs: 100, requirements: ['AIK-RESUME-002', 'AIK-ID-004', 'AIK-CREATE-001'] });

describe('reporters', () => {
  it('text: each requirement with its checks, the failure with its counterexample, the verdict; colour only when asked', async () => {
    const report = await failing;
    const text = REPORTERS.text(report, { color: false });
    expect(text).toMatch(/^ {2}FAIL {11}AIK-RESUME-002 {2}\d+ checks, \d+ runs$/m);
    expect(text).toMatch(/^ {2}STATIC {9}AIK-ID-004 {2}decided on source code/m);
    expect(text).toContain('  ✗ AIK-RESUME-002/not-persisted-is-not-found\n');
    expect(text).toContain('      resume(ghost) ✗invalid\n');
    expect(text).toMatch(/NOT CONFORMANT — 1 pass, 1 fail, 0 not applicable, 0 not tested, 1 static\n$/);
    expect(text).not.toContain('\u001b[');
    expect(REPORTERS.text(report, { color: true })).toContain('\u001b[31mFAIL');
  });

  it('text: a baseline run says its failures were expected (issue 37)', async () => {
    const all = await runConformance(notFoundAsInvalid, { runs: 10, requirements: ['AIK-RESUME-002', 'AIK-CREATE-001'], expectedFailures: ['AIK-RESUME-002'] });
    expect(REPORTERS.text(all, { color: false })).toMatch(/\nCONFORMANT — 1 pass, 1 fail \(all expected\), 0 not applicable/);
    const some = { ...all, verdict: 'NOT CONFORMANT' as const, summary: { ...all.summary, FAIL: 2 } };
    expect(REPORTERS.text(some, { color: false })).toMatch(/\nNOT CONFORMANT — 1 pass, 2 fail \(1 expected\), 0 not applicable/);
  });

  it('json: the report itself', async () => {
    const report = await failing;
    expect(JSON.parse(REPORTERS.json(report, { color: false }))).toEqual(JSON.parse(JSON.stringify(report)));
  });

  it('junit: one suite per area, a failure for FAIL, skipped for STATIC', async () => {
    const xml = REPORTERS.junit(await failing, { color: false });
    expect(xml).toMatch(/<testsuite name="Create and resume" tests="2" failures="1"/);
    expect(xml).toMatch(/<testcase classname="agent-identity-kit.Create and resume" name="AIK-RESUME-002">\s*<failure message="AIK-RESUME-002\//);
    expect(xml).toMatch(/<testcase classname="agent-identity-kit.Identity" name="AIK-ID-004">\s*<skipped /);
  });

  it('junit is complete: the run time, a failure message and body (counterexample, rerun line), a skip reason (issue 37)', async () => {
    const report = await failing;
    const xml = REPORTERS.junit({ ...report, durationMs: 1234 }, { color: false, invocation: { conform: ['npx', 'agent-identity-kit', 'conform'], replay: ['npx', 'agent-identity-kit', 'replay'] } });
    expect(xml).toMatch(/<testsuites time="1\.234" /);
    expect(xml).toMatch(/<skipped message="STATIC: decided on source code by lint \/ check, not by conform"\/>/);
    const failure = /<failure message="([^"]*)" type="AssertionError"><!\[CDATA\[([\s\S]*?)\]\]><\/failure>/.exec(xml);
    expect(failure?.[1]).toMatch(/^AIK-RESUME-002\/not-persisted-is-not-found: AIK-RESUME-002\.c1 &quot;/);
    expect(failure?.[2]).toContain('counterexample (seed 202611):\n  open() ✓\n  resume(ghost) ✗invalid\n');
    expect(failure?.[2]).toContain('rerun it alone: npx agent-identity-kit conform --requirements AIK-RESUME-002 --seed 202611 --runs 0');
    // An expected failure is skipped, and says why.
    const baseline = REPORTERS.junit(await runConformance(notFoundAsInvalid, { runs: 5, requirements: ['AIK-RESUME-002'], expectedFailures: ['AIK-RESUME-002'] }), { color: false });
    expect(baseline).toMatch(/<skipped message="expected failure \(--expected-failures\): AIK-RESUME-002\/not-persisted-is-not-found/);
  });

  it('github: an error annotation per failing check (newlines escaped), then the verdict', async () => {
    const lines = REPORTERS.github(await failing, { color: false }).trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('::error title=AIK-RESUME-002/'))).toHaveLength(2);
    expect(lines.every((line) => line.startsWith('::'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^::error title=agent-identity-kit conform::NOT CONFORMANT/);
    expect(lines.find((line) => line.includes('not-persisted-is-not-found'))).toContain('%0Aresume(ghost) ✗invalid');
  });

  it('github: what the adapter said is escaped — control characters as printable escapes, %, CR and LF as workflow commands require', async () => {
    const report = await failing;
    const [first] = report.failures;
    const hostile = { ...report, failures: [{ ...first!, check: 'AIK-RESUME-002/a:b,c', message: 'red \u001b[31mtext\u001b[0m, 100% sure\roverwritten\nnext \u202eevil\u0007' }] };
    const output = REPORTERS.github(hostile, { color: false });
    const line = output.split('\n').find((candidate) => candidate.startsWith('::error title=AIK-RESUME-002/'));
    expect(line).toBe(`::error title=AIK-RESUME-002/a%3Ab%2Cc::red \\x1b[31mtext\\x1b[0m, 100%25 sure%0Doverwritten%0Anext \\u202eevil\\x07%0Aseed ${first!.counterexample.seed}%0A${first!.counterexample.commands.join('%0A')}`);
    expect(output).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it('markdown: the table and a Mermaid sequence diagram of each counterexample', async () => {
    const markdown = REPORTERS.markdown(await failing, { color: false });
    expect(markdown).toMatch(/^## agent-identity-kit conform: NOT CONFORMANT$/m);
    expect(markdown).toMatch(/^\| FAIL \| AIK-RESUME-002 \| MUST \| not-persisted-is-not-found \(1\), generated-[a-z-]+ \(\d+\).* \| {2}\|$/m);
    expect(markdown).toContain('```mermaid\nsequenceDiagram\n  participant Kit\n  participant System\n  Kit->>System: open()\n  System-->>Kit: ✓\n  Kit->>System: resume(ghost)\n  System-->>Kit: ✗invalid\n');
  });
});
