import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { referenceAdapter } from '../../properties/reference-adapter.js';
import { loadScenarios } from '../../scenarios/load/load-scenarios.js';
import { replayScenario } from '../../scenarios/replay/replay-scenario.js';
import { renderMermaid } from '../../scenarios/simulate/render-mermaid.js';

const output: string[] = [];
const errors: string[] = [];
const run = async (...argv: string[]): Promise<number> => {
  const { code, stdout, stderr } = await runCli(argv);
  output.push(stdout);
  errors.push(stderr);
  return code;
};
afterEach(() => {
  output.length = 0;
  errors.length = 0;
});

const veto = 'scenarios/transaction/txn-veto-from-agent-created.json';

/** Message text: no raw `;`, `#`, `<`, `>` — only Mermaid entity codes such as `#59;`. */
const TEXT = String.raw`(?:[^;#<>\n]|#\w+;)+`;
/** The statements of the sequence-diagram subset the renderer emits (Mermaid syntax). */
const STATEMENT = [
  new RegExp(`^ {2}title ${TEXT}$`),
  /^ {2}participant (Caller|Transaction|Registries|Listeners)$/,
  new RegExp(`^ {2}(Caller|Transaction|Registries|Listeners)(->>|-->>|--\\))(Caller|Transaction|Registries|Listeners): ${TEXT}$`),
  new RegExp(`^ {2}Note right of Listeners: ${TEXT}$`),
];

describe('simulate command', () => {
  it('prints the timeline as text: each step, the events it caused, its outcome', async () => {
    expect(await run('simulate', veto)).toBe(0);
    const text = output.join('');
    const order = ['1  create(s1)', '• session/created s1', '• agent/created s1', '(heard by vetoer)', '• agent/disposed s1', '• session/disposed s1', '⇐ step 1 reject: <injected veto>'].map((part) => text.indexOf(part));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it.each(['scenarios/identity/id-is-opaque.json', veto])('renders %s as a Mermaid sequence diagram in a Markdown fence, in the grammar subset Mermaid draws', async (file) => {
    expect(await run('simulate', file, '--format', 'mermaid')).toBe(0);
    const lines = output.join('').trimEnd().split('\n');
    expect(lines[0]).toBe('```mermaid');
    expect(lines[1]).toBe('sequenceDiagram');
    expect(lines.at(-1)).toBe('```');
    const body = lines.slice(2, -1);
    const unmatched = body.filter((line) => !STATEMENT.some((statement) => statement.test(line)));
    expect(unmatched).toEqual([]);
    expect(body.join('\n')).not.toContain('\u0000');
  });

  it('draws every announcement, and shows an id with control characters JSON-quoted', async () => {
    expect(await run('simulate', 'scenarios/identity/id-is-opaque.json', '--format', 'mermaid')).toBe(0);
    const text = output.join('');
    expect(text.split('\n').filter((line) => line.includes('Registries--)Listeners: agent/created')).length).toBe(5);
    expect(text).toContain('enter agent "🙂 ü/\\u0000 ﷽"');
  });

  it('escapes Mermaid syntax characters in messages', async () => {
    expect(await run('simulate', veto, '--format', 'mermaid')).toBe(0);
    const text = output.join('');
    expect(text).toContain('Transaction-->>Caller: step 1 reject: #lt;injected veto#gt;');
    expect(text).toContain('then session/disposed#59; the creation rejects');
  });

  it('gives the same output for the same scenario, byte for byte', async () => {
    await run('simulate', veto, '--format', 'mermaid');
    const first = output.join('');
    output.length = 0;
    await run('simulate', veto, '--format', 'mermaid');
    expect(output.join('')).toBe(first);
  });

  it('exits 1 with the divergence when the scenario does not hold, and 2 for bad input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aik-simulate-'));
    const wrong = join(dir, 'wrong.json');
    writeFileSync(wrong, JSON.stringify({ id: 'wrong', title: 'wrong', requirements: ['AIK-CREATE-001'], steps: [{ op: 'create', input: { sessionId: '' }, expect: 'ok' }] }));
    expect(await run('simulate', wrong)).toBe(1);
    expect(errors.join('')).toContain('the scenario diverged at step 0: expected ok, observed reject: invalid');
    expect(await run('simulate', 'scenarios/create')).toBe(2);
    expect(errors.join('')).toContain('scenarios/create: simulate takes one scenario file, found 3');
    expect(await run('simulate', veto, '--format', 'svg')).toBe(2);
  });

  it('runs a scenario under the profile it names, and refuses a malformed file with its path', async () => {
    expect(await run('simulate', 'scenarios/profiles/conflict-003-reject-at-flush.json')).toBe(0);
    expect(output.join('')).toContain('create');
    const dir = mkdtempSync(join(tmpdir(), 'aik-simulate-'));
    const malformed = join(dir, 'malformed.json');
    writeFileSync(malformed, JSON.stringify({ id: 'malformed', title: 'no steps', requirements: ['AIK-CREATE-001'] }));
    expect(await run('simulate', malformed)).toBe(2);
    expect(errors.at(-1)).toMatch(new RegExp(`^agent-identity-kit: ${malformed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*steps`));
  });
});

describe('Mermaid draws every scenario’s diagram', () => {
  it('parses as a sequence diagram with Mermaid’s own parser, for the whole corpus', async () => {
    // Mermaid sanitises labels with DOMPurify, which needs a DOM: jsdom provides one for the parse.
    const { JSDOM } = await import('jsdom');
    const dom = new JSDOM('<!doctype html><html><body></body></html>');
    vi.stubGlobal('window', dom.window);
    vi.stubGlobal('document', dom.window.document);
    const { default: mermaid } = await import('mermaid');
    const failures: string[] = [];
    for (const { file, scenario } of loadScenarios(['scenarios'])) {
      const result = await replayScenario(scenario, referenceAdapter({ ...(scenario.profiles === undefined ? {} : { profiles: scenario.profiles }) }));
      if (result.status === 'SKIP') continue;
      const fenced = renderMermaid(scenario, result.timeline);
      const diagram = fenced.slice('```mermaid\n'.length, -'```\n'.length);
      try {
        const parsed = await mermaid.parse(diagram);
        if (parsed.diagramType !== 'sequence') failures.push(`${file}: parsed as ${JSON.stringify(parsed)}`);
      } catch (error) {
        failures.push(`${file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
    }
    vi.unstubAllGlobals();
    expect(failures).toEqual([]);
  }, 60_000);

  it('refuses a broken diagram, so the check above can fail', async () => {
    const { JSDOM } = await import('jsdom');
    const dom = new JSDOM('<!doctype html><html><body></body></html>');
    vi.stubGlobal('window', dom.window);
    vi.stubGlobal('document', dom.window.document);
    const { default: mermaid } = await import('mermaid');
    await expect(mermaid.parse('sequenceDiagram\n  Caller-x: no target\n')).rejects.toThrow(/Parse error/);
    vi.unstubAllGlobals();
  });
});
