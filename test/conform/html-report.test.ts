/** The HTML report (issue 37): self-contained, escaped, deterministic, each failure drawn as a sequence diagram of its run. */
import { describe, expect, it } from 'vitest';
import type { ConformanceReport, FailureDetail } from '../../properties/report/conformance-report.js';
import { REPORTERS } from '../../properties/reporters/index.js';
import { runConformance } from '../../properties/runner/run-conformance.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { sequenceDiagramSvg } from '../../properties/reporters/html/sequence-diagram.js';
import { counterexampleSequence } from '../../properties/reporters/html/counterexample-sequence.js';
import { clause } from '../../src/contract/clauses.js';
import { escapeHtml } from '../../src/contract/html-escape.js';
import { replaySequence } from '../../scenarios/replay/replay-sequence.js';
import { notFoundAsInvalid } from './_support/with-overrides.js';

const failing: Promise<ConformanceReport> = runConformance(notFoundAsInvalid, { runs: 20, requirements: ['AIK-RESUME-002', 'AIK-ID-004', 'AIK-CREATE-001'] });
const invocation = { conform: ['npx', 'agent-identity-kit', 'conform', '--adapter', 'my adapter.ts'], replay: ['npx', 'agent-identity-kit', 'replay', '--adapter', 'my adapter.ts'] };

/** Every URL the page could load or navigate to, but its own fragments. */
function references(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href|action|srcset|xlink:href)\s*=\s*"([^"]*)"|url\(([^)]*)\)|@import/g)].map((match) => match[1] ?? match[2] ?? match[0]).filter((url) => !url.startsWith('#'));
}

/** A failure whose run settled one step late, with hostile text in every field that is shown. */
function hostile(report: ConformanceReport): ConformanceReport {
  const failure: FailureDetail = {
    check: 'AIK-RESUME-002/not-persisted-is-not-found',
    requirement: 'AIK-RESUME-002',
    clauses: ['AIK-RESUME-002.c1'],
    message: 'expected <b>not-found</b>, got "</pre><script>alert(1)</script>" \u202eevil',
    adapter: false,
    expected: false,
    counterexample: {
      seed: 7,
      commands: ['create(<img src=x onerror=alert(2)>) → h1 ✓'],
      steps: [
        { op: 'create', args: { sessionId: '<img src=x onerror=alert(2)>' }, line: 'create(<img src=x onerror=alert(2)>) → h1', result: '✓', handle: 'h1', awaitedAt: 2 },
        { op: 'prompt', args: { handle: 'h1' }, line: 'prompt(h1)', result: '✗invalid' },
      ],
    },
  };
  return { ...report, failures: [failure] };
}

describe('--format html', () => {
  it('one self-contained page: the verdict and run facts, the filterable table, each failure with its clause text, diagram and rerun line', async () => {
    const report = await failing;
    const html = REPORTERS.html(report, { color: false, invocation });
    expect(html).toMatch(/^<!DOCTYPE html>\n/);
    expect(html).toContain('<title>agent-identity-kit conform: NOT CONFORMANT</title>');
    expect(html).toContain(`<p class="verdict fail" id="verdict">NOT CONFORMANT — 1 pass, 1 fail, 0 not applicable, 0 not tested, 1 static</p>`);
    expect(html).toContain(`<dt>seed</dt><dd>${report.seed}</dd>`);
    expect(html).toContain(`<dt>contract</dt><dd>${report.contract}</dd>`);
    expect(html).toContain('<dt>adapter</dt><dd>teardown scope-last');
    // A row per requirement, its status for the filter; the failing one links to its failure.
    expect([...html.matchAll(/<tr data-status="([A-Z-]+)">/g)].map((match) => match[1])).toEqual(report.requirements.map((result) => result.status));
    expect(html).toMatch(/<tr data-status="FAIL"><td class="status status-FAIL">FAIL<\/td><td class="short"><a href="#failure-0">AIK-RESUME-002<\/a>/);
    expect(html).toContain('<input id="filter-text" type="search"');
    expect(html).toContain('<select id="filter-status"><option value="">every status</option><option value="PASS">PASS</option>');
    // The failure: the clause as the contract words it, the diagram of its run, the rerun line quoted for a shell.
    const section = html.slice(html.indexOf('<section class="failure" id="failure-0">'));
    expect(section).toContain(`<blockquote class="clause"><span class="where">AIK-RESUME-002.c1 · docs/contract.md § ${clause('AIK-RESUME-002.c1')!.section}</span>${escapeHtml(clause('AIK-RESUME-002.c1')!.text)}</blockquote>`);
    expect(section).toMatch(/<svg xmlns="http:\/\/www.w3.org\/2000\/svg" class="sequence"/);
    // The failing step: the one whose outcome is the one the failure says it got (`got invalid`).
    expect(section).toMatch(/<g class="message operation failing-step" data-row="\d+"><title>resume\(ghost\)<\/title>/);
    expect(section).toMatch(/<g class="message outcome failing-step" data-row="\d+"><title>✗invalid<\/title>/);
    expect(section).toContain('✗ AIK-RESUME-002/not-persisted-is-not-found failed here');
    expect(section).toContain(`<pre class="rerun">npx agent-identity-kit conform --adapter &#39;my adapter.ts&#39; --requirements AIK-RESUME-002 --seed ${report.seed} --runs 0</pre>`);
    // Nothing is loaded from anywhere: no URL but the page's own fragments, and a policy that forbids any.
    expect(references(html)).toEqual([]);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"`);
  });

  it('a conformant run: a green verdict, no failure section', async () => {
    const report = await runConformance(referenceAdapter(), { runs: 5, requirements: ['AIK-RESUME-002'] });
    const html = REPORTERS.html(report, { color: false });
    expect(html).toContain('<p class="verdict pass" id="verdict">CONFORMANT — 1 pass');
    expect(html).not.toContain('<section class="failure');
  });

  it('escapes everything the adapter and the run put in the page, once', async () => {
    const html = REPORTERS.html(hostile(await failing), { color: false, invocation });
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>not-found');
    expect(html).toContain('expected &lt;b&gt;not-found&lt;/b&gt;, got &quot;&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot; \\u202eevil');
    expect(html).toContain('<title>create(&lt;img src=x onerror=alert(2)&gt;)</title>');
    // Escaped once: no entity is escaped again.
    expect(html).not.toContain('&amp;lt;');
    expect(references(html)).toEqual([]);
    // The only scripts are the page's own filter.
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('is deterministic: the same seed gives the same bytes, whatever the run took', async () => {
    const again = await runConformance(notFoundAsInvalid, { runs: 20, requirements: ['AIK-RESUME-002', 'AIK-ID-004', 'AIK-CREATE-001'] });
    const first = await failing;
    expect(REPORTERS.html({ ...again, durationMs: 1 }, { color: false, invocation })).toBe(REPORTERS.html({ ...first, durationMs: 99_999 }, { color: false, invocation }));
  });
});

describe('the sequence diagram of a counterexample', () => {
  it('lanes for the kit, the system and each handle; a call to the handle it names; an outcome drawn where the run awaited it', async () => {
    const failure = hostile(await failing).failures[0]!;
    const diagram = counterexampleSequence(failure);
    expect(diagram.lanes).toEqual(['kit', 'system', 'h1']);
    expect(diagram.messages.map((message) => [message.from, message.to, message.kind, message.label, message.failing !== undefined])).toEqual([
      ['kit', 'system', 'operation', 'create(<img src=x onerror=alert(2)>)', false],
      ['kit', 'h1', 'operation', 'prompt(h1)', true],
      // The create settled after the prompt started (awaitedAt 2): its outcome comes after that call.
      ['system', 'kit', 'outcome', '✓ → h1', false],
      ['h1', 'kit', 'outcome', '✗invalid', true],
    ]);
  });

  it('marks the step that hung when the failure is the adapter\'s, not a hang the check planned', async () => {
    const base = hostile(await failing).failures[0]!;
    const steps = [
      { op: 'create', args: { sessionId: 'a' }, line: 'create(a)', result: '⏳hang' },
      { op: 'shutdown', args: {}, line: 'shutdown()', result: '✓' },
    ];
    const adapter = counterexampleSequence({ ...base, adapter: true, counterexample: { ...base.counterexample, steps } });
    expect(adapter.messages.filter((message) => message.failing !== undefined).map((message) => message.label)).toEqual(['create(a)', '⏳hang']);
    expect(adapter.messages.find((message) => message.failing !== undefined)?.failing).toBe('AIK-RESUME-002/not-persisted-is-not-found failed here');
    const planned = counterexampleSequence({ ...base, counterexample: { ...base.counterexample, steps } });
    expect(planned.messages.filter((message) => message.failing !== undefined).map((message) => message.label)).toEqual(['shutdown()', '✓']);
    // A kit-injected value it got: the step whose outcome was the injected one.
    const injected = counterexampleSequence({ ...base, message: 'AIK-RESUME-003.c1 "…": resume of a live id: expected conflict, got the kit-injected value Error("x")', counterexample: { ...base.counterexample, steps: [steps[1]!, { op: 'resume', args: {}, line: 'resume(busy)', result: '✗injected' }, steps[1]!] } });
    expect(injected.messages.filter((message) => message.failing !== undefined).map((message) => message.label)).toEqual(['resume(busy)', '✗injected']);
    // A generated check's message names its operation: the last one on that first argument.
    const generated = counterexampleSequence({
      ...base,
      message: 'create(a, depth=2): expected conflict, but it succeeded',
      counterexample: { ...base.counterexample, path: '1:0', steps: [steps[1]!, { op: 'create', args: {}, line: 'create(a, depth=2) → h1', result: '✓', handle: 'h1' }, { op: 'create', args: {}, line: 'create(ab) → h2', result: '✓', handle: 'h2' }, steps[1]!] },
    });
    expect(generated.messages.filter((message) => message.failing !== undefined).map((message) => message.label)).toEqual(['create(a, depth=2)', '✓ → h1']);
  });

  it('SVG: one failing mark per step, red arrows in a group marked failing-step, every text escaped, the same bytes every time', () => {
    const diagram = {
      lanes: ['kit', 'system', '<h1>'],
      messages: [
        { from: 'kit', to: 'kit', label: 'release(p1)', kind: 'operation' as const },
        { from: 'kit', to: '<h1>', label: 'prompt("<h1>")', kind: 'operation' as const, failing: 'x failed after this step' },
        { from: '<h1>', to: 'kit', label: '✗invalid', kind: 'outcome' as const, failing: 'x failed after this step' },
        { from: 'system', to: 'kit', label: 'event agent/created a', kind: 'event' as const },
      ],
    };
    const svg = sequenceDiagramSvg(diagram, { title: 'a & b', key: 'k1' });
    expect(svg).toBe(sequenceDiagramSvg(diagram, { title: 'a & b', key: 'k1' }));
    expect(svg.match(/class="failing-mark"/g)).toHaveLength(1);
    expect(svg.match(/<g class="message [a-z]+ failing-step"/g)).toHaveLength(2);
    expect(svg.match(/<rect class="failing-band"/g)).toHaveLength(2);
    expect(svg).toContain('stroke="#dc2626" stroke-width="2.5"');
    expect(svg).toContain('marker-end="url(#k1-failing)"');
    expect(svg).toContain('<title>a &amp; b</title>');
    expect(svg).toContain('&lt;h1&gt;</text>');
    expect(svg).toContain('prompt(&quot;&lt;h1&gt;&quot;)');
    expect(svg).not.toContain('<h1>');
    expect(svg).not.toMatch(/ (?:x|y|x1|x2|y1|y2|width|height)="[^"]*\./); // integer coordinates only
  });

  it('of a replay: a lane per bound name a later call acts on, events from the system, a divergence at a check (no call) drawn as a note before the next call', () => {
    const diagram = replaySequence(
      [
        { kind: 'call', step: 0, line: 'create(a) → x' },
        { kind: 'event', event: { type: 'session/created', listener: 'recorder', subject: 'session-1', id: 'a' } },
        { kind: 'return', step: 0, line: 'create(a) → x', outcome: 'ok' },
        { kind: 'call', step: 1, line: 'create(b) → unused' },
        { kind: 'return', step: 1, line: 'create(b) → unused', outcome: 'reject: conflict' },
        { kind: 'call', step: 2, line: 'prompt(x)' },
        { kind: 'return', step: 2, line: 'prompt(x)', outcome: 'ok' },
        { kind: 'call', step: 4, line: 'shutdown() (end of the replay)' },
      ],
      { step: 3, line: 'check: one live identity', requirements: ['AIK-ID-001'], expected: 'a', observed: 'b' },
    );
    expect(diagram.lanes).toEqual(['kit', 'system', 'x']);
    expect(diagram.messages.map((message) => [message.from, message.to, message.kind, message.label, message.failing ?? ''])).toEqual([
      ['kit', 'system', 'operation', 'create(a)', ''],
      ['system', 'kit', 'event', 'session/created a', ''],
      ['system', 'kit', 'outcome', 'ok → x', ''],
      ['kit', 'system', 'operation', 'create(b)', ''],
      ['system', 'kit', 'outcome', 'reject: conflict', ''],
      ['kit', 'x', 'operation', 'prompt(x)', ''],
      ['x', 'kit', 'outcome', 'ok', ''],
      ['kit', 'kit', 'operation', 'check: one live identity', 'first divergence (step 3)'],
      ['kit', 'system', 'operation', 'shutdown() (end of the replay)', ''],
    ]);
  });

  it('escapeHtml: markup characters as entities, terminal controls and bidi overrides as printable escapes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>\u001b[31m\u202e`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\\x1b[31m\\u202e');
  });
});
