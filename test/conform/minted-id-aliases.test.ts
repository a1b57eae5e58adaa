import { withoutTimings } from '../../properties/report/conformance-report.js';
import { describe, expect, it } from 'vitest';
import legacyAdapter from '../../examples/legacy/adapter.js';
import { jsonReporter } from '../../properties/reporters/json-reporter.js';
import { IdAliases } from '../../properties/runner/id-aliases.js';
import { runConformance } from '../../properties/runner/run-conformance.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('ids an implementation mints itself (no idSource) in reports', () => {
  it('aliases minted ids by first appearance and never an id the kit chose', () => {
    const aliases = new IdAliases();
    aliases.choose('exact');
    aliases.note('f00d-2');
    aliases.note('exact');
    aliases.note('f00d');
    aliases.note('f00d-2');
    // An id seen as minted stays minted even when the kit later passes it back.
    aliases.choose('f00d');
    expect(aliases.apply('got ["f00d-2","f00d"], expected ["exact"]')).toBe('got ["#1","#2"], expected ["exact"]');
  });

  it('gives the legacy example the same JSON report twice for one seed, naming its random ids #1, #2', async () => {
    const first = await runConformance(legacyAdapter, { seed: 7, timeoutMs: 200 });
    const second = await runConformance(legacyAdapter, { seed: 7, timeoutMs: 200 });
    const json = jsonReporter(withoutTimings(first), { color: false });
    expect(jsonReporter(withoutTimings(second), { color: false })).toBe(json);
    expect(json).not.toMatch(UUID);
    const messages = new Map(first.failures.map((failure) => [failure.check, failure.message]));
    // Each sub-case names and quotes the clause it broke.
    expect(messages.get('AIK-CREATE-001/publishes-exactly-the-given-id')).toBe('AIK-CREATE-001.c1 "create publishes exactly the given id; nothing else is minted": live agent ids: expected ["exact"], got ["#1"]');
    // An id that surfaces only in the implementation's own error is named too.
    expect(messages.get('AIK-DETACH-001/idempotent-and-stale-safe')).toMatch(/no agent #\d+/);
    // The legacy host publishes the config label itself: a kit-chosen name, shown as is.
    const subcases = messages.get('AIK-CONFIG-001/label-is-never-a-key')?.split('\n') ?? [];
    expect(subcases[0]).toBe('AIK-CONFIG-001.c1 "a label is never a registry key or a durable key": a fresh start published the label itself as an id: main, main');
    // Every failed sub-case of the check is reported, not only the first.
    expect(subcases).toContain('AIK-CONFIG-001.c2 "a fresh start publishes an id that is not the label, not live, not persisted, and new on every start": restart reused the id main instead of a new fresh one');
  }, 120_000);
});
