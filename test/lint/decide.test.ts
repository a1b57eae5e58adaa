import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decide, DECISION_TABLE, type Facts } from '../../tools/lint/_internals/decide.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const flat = (text: string): string => text.replace(/\s+/g, ' ');

/** Facts with no evidence beyond `extra`; `reads` counts how often the lifecycle evidence was asked for. */
function facts(extra: Partial<Facts>, lifecycle: { together?: string; apart?: string } = {}): { facts: Facts; reads: () => number } {
  let reads = 0;
  return {
    facts: {
      shape: 'id-pair',
      typed: false,
      names: [],
      lifecycle: () => {
        reads += 1;
        return lifecycle;
      },
      ...extra,
    },
    reads: () => reads,
  };
}

describe('decide(): the identity lint\'s one decision table (docs/contract.md §6)', () => {
  it('cites every row\'s sentence verbatim from §6 of the contract', () => {
    const contract = readFileSync(join(root, 'docs/contract.md'), 'utf8');
    const section = flat(contract.slice(contract.indexOf('## 6.'), contract.indexOf('## 7.') === -1 ? undefined : contract.indexOf('## 7.')));
    for (const row of DECISION_TABLE) expect(section, row.id).toContain(flat(row.cites));
  });

  it('is shown, row by row and in order, in the rules README', () => {
    const readme = readFileSync(join(root, 'docs/rules/README.md'), 'utf8');
    const lines = DECISION_TABLE.map((row) => `| \`${row.id}\` | ${row.when} | ${row.level} | ${row.cites.replace(/\|/g, '\\|')} |`);
    expect(readme).toContain(lines.join('\n'));
  });

  it('drops a refuted claim whatever else the declarations prove, without reading the package', () => {
    const { facts: input, reads } = facts({ refuted: 'other-session', proof: 'typed as two identities', pair: ['agentId', 'sessionId'] }, { together: 'x' });
    expect(decide(input)).toMatchObject({ level: 'dropped', row: 'dropped:other-session' });
    expect(reads()).toBe(0);
  });

  it('keeps the rule\'s own level for a claim no type settles', () => {
    expect(decide(facts({ settled: { status: 'unknown', reason: 'why' }, pair: ['a', 'b'] }).facts)).toEqual({ level: 'warning', row: 'settled-by-rule', reason: 'why' });
    expect(decide(facts({ settled: { status: 'confirmed' } }).facts)).toEqual({ level: 'error', row: 'confirmed-by-rule' });
  });

  it('decides a pair by the package\'s lifecycle evidence: together an error, apart dropped, both a warning', () => {
    const pair = ['agentId', 'sessionId'] as const;
    expect(decide(facts({ pair }, { together: "'start' (a.ts:1) mints both ids" }).facts)).toEqual({
      level: 'error',
      row: 'error:together',
      reason: "'start' (a.ts:1) mints both ids, so they name one lifecycle",
    });
    expect(decide(facts({ pair, proof: 'typed' }, { apart: 'opens' }).facts).level).toBe('dropped');
    expect(decide(facts({ pair }, { apart: 'opens', together: 'mints' }).facts)).toMatchObject({ level: 'warning', row: 'warning:together-and-apart' });
  });

  it('without evidence: an unresolved type warns, a proof is an error, names alone warn, checked objects are an error', () => {
    expect(decide(facts({ unresolved: "'x' is typed 'any'", proof: 'p' }).facts)).toEqual({ level: 'warning', row: 'warning:unresolved', reason: "'x' is typed 'any'" });
    expect(decide(facts({ proof: 'p', pair: ['a', 'b'] }).facts)).toEqual({ level: 'error', row: 'error:declared', reason: 'p' });
    expect(decide(facts({ pair: ['x.agentId', 'sessionId'] }).facts)).toMatchObject({ level: 'warning', row: 'warning:names-only' });
    expect(decide(facts({ pair: ['x.agentId', 'sessionId'] }).facts).reason).toMatch(/^only names relate 'agentId' and 'sessionId', and no code/);
    expect(decide(facts({ shape: 'objects' }).facts)).toEqual({ level: 'error', row: 'error:objects' });
  });

  it('reads what typed declarations prove by the claim\'s shape', () => {
    const typed = { typed: true, names: ['agentId', 'sessionId'] } as const;
    expect(decide(facts({ ...typed, pair: ['agentId', 'sessionId'] }).facts)).toEqual({ level: 'error', row: 'error:typed-pair', reason: "'agentId' and 'sessionId' are typed as two identities" });
    expect(decide(facts({ ...typed, shape: 'id-beside-session', pair: ['agentId', 'sessionId'] }).facts)).toMatchObject({ level: 'error', row: 'error:typed-beside-session' });
    expect(decide(facts({ ...typed, shape: 'id-type', pair: ['agentId', 'sessionId'] }).facts)).toMatchObject({ level: 'error', row: 'error:typed-id-type' });
    // The same declarations not confirmed as typed: names only.
    expect(decide(facts({ names: typed.names, pair: ['agentId', 'sessionId'] }).facts)).toMatchObject({ level: 'warning', row: 'warning:names-only' });
    // Typed, but the package also opens sessions for agent ids from elsewhere: a warning that says what the types prove.
    expect(decide(facts({ ...typed, pair: ['agentId', 'sessionId'] }, { apart: 'opens', together: 'mints' }).facts).reason).toMatch(/^'agentId' and 'sessionId' are typed as two identities, and opens/);
  });
});
