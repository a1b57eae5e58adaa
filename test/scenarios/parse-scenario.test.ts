import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../../scenarios/load/load-scenarios.js';
import { parseScenario } from '../../scenarios/load/parse-scenario.js';
import { ScenarioFormatError } from '../../scenarios/load/scenario-format-error.js';

// Built at run time, so the registry ↔ checks traceability test (test/requirements.test.ts) does
// not take these deliberately unknown ids for references to the registry.
const UNKNOWN_ID = ['AIK', 'CREATE', '999'].join('-');
const UNKNOWN_AREA_ID = ['AIK', 'NOPE', '001'].join('-');

const valid = {
  id: 'tiny',
  title: 'a tiny scenario',
  requirements: ['AIK-CREATE-001'],
  steps: [{ op: 'create', name: 'a', input: { sessionId: 's1' }, expect: 'ok' }],
};
const problem = (value: unknown): string => {
  try {
    parseScenario(typeof value === 'string' ? value : JSON.stringify(value, null, 2), 'bad.json');
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioFormatError);
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error('expected a ScenarioFormatError');
};

describe('parseScenario', () => {
  it('accepts an either expectation, a condition on an earlier step, and clause ids', () => {
    const either = { ...valid, clauses: ['AIK-CREATE-001.c1'], steps: [{ ...valid.steps[0], expect: { oneOf: ['ok', { reject: 'conflict' }] }, check: { name: 'the branch where a was created', agents: ['s1'], when: [{ call: 'a', expect: 'ok' }] } }, { op: 'resume', name: 'a', input: { resumeSessionId: 's1' }, when: { call: 'a', expect: { reject: 'conflict' } }, expect: 'ok' }] };
    expect(parseScenario(JSON.stringify(either), 'either.json')).toEqual(either);
  });

  it('accepts a valid scenario as written', () => {
    expect(parseScenario(JSON.stringify(valid), 'ok.json')).toEqual(valid);
  });

  it.each([
    ['malformed JSON, with line and column', '{\n  "id": "x",\n}', 'bad.json:3:1: not JSON (Expected double-quoted property name)'],
    ['malformed JSON without a position', '{\n  "id": "x",\n  "title": \n}', "bad.json: not JSON (Unexpected token '}')"],
    ['a missing field', { ...valid, title: undefined }, 'bad.json: / is missing the field "title"'],
    ['an unknown field', { ...valid, colour: 'red' }, 'bad.json: / has an unknown field "colour"'],
    ['an unknown operation', { ...valid, steps: [{ op: 'teleport' }] }, 'bad.json: /steps/0/op "teleport" is not one of create, resume'],
    ['a step field of another kind', { ...valid, steps: [valid.steps[0], { op: 'dispose', handle: 'a', input: { sessionId: 's' } }] }, 'bad.json: /steps/1 has an unknown field "input"'],
    ['a malformed requirement id', { ...valid, requirements: ['REQ-1'] }, 'bad.json: /requirements/0 must match pattern'],
    ['an unknown requirement id', { ...valid, requirements: [UNKNOWN_ID] }, `bad.json: /requirements/0 unknown requirement id "${UNKNOWN_ID}"`],
    ['an unknown requirement id in a check', { ...valid, steps: [{ ...valid.steps[0], check: { name: 'c', requirements: [UNKNOWN_AREA_ID] } }] }, `bad.json: /steps/0/check/requirements/0 unknown requirement id "${UNKNOWN_AREA_ID}"`],
    ['an undeclared injected value', { ...valid, steps: [{ op: 'create', input: { sessionId: 's', setup: { name: 'p', action: 'reject', value: { $injected: 'ghost' } } } }] }, 'bad.json: /steps/0/input/setup/value/$injected names no declared injected value "ghost"'],
    ['a handle named by no earlier step', { ...valid, steps: [{ op: 'dispose', handle: 'nobody' }] }, 'bad.json: /steps/0/handle "nobody" names no earlier handle'],
    ['an await of a call never started', { ...valid, steps: [{ op: 'await', call: 'c' }] }, 'bad.json: /steps/0/call "c" names no earlier step started with "wait": false'],
    ['a condition on no earlier step', { ...valid, steps: [{ op: 'resume', name: 'b', input: { resumeSessionId: 's1' }, when: { call: 'a', expect: { reject: 'conflict' } } }, valid.steps[0]] }, 'bad.json: /steps/0/when/call "a" names no earlier step'],
    ['a check condition on no step', { ...valid, steps: [{ ...valid.steps[0], check: { name: 'c', agents: [], when: [{ call: 'ghost', expect: 'ok' }] } }] }, 'bad.json: /steps/0/check/when/0/call "ghost" names no earlier step'],
    ['an either of one outcome', { ...valid, steps: [{ ...valid.steps[0], expect: { oneOf: ['ok'] } }] }, 'bad.json: /steps/0/expect'],
    ['an either naming an undeclared injected value', { ...valid, steps: [{ ...valid.steps[0], expect: { oneOf: ['ok', { reject: { injected: 'ghost' } }] } }] }, 'bad.json: /steps/0/expect/oneOf/1/reject/injected names no declared injected value "ghost"'],
    ['an unnamed unawaited call', { ...valid, steps: [{ op: 'create', wait: false, input: { sessionId: 's' } }] }, 'bad.json: /steps/0 has "wait": false but no name to await it by'],
    ['planted records without a store', { ...valid, durable: false, planted: { k: { header: { id: 'k', createdAt: 1 }, events: [] } } }, 'bad.json: /planted needs a durable store, but "durable" is false'],
    ['an @id of no handle', { ...valid, steps: [{ ...valid.steps[0], check: { name: 'c', agents: ['@ghost'] } }] }, 'bad.json: /steps/0/check "@ghost" names no handle of this scenario'],
    ['a value nested 100 000 deep (not a stack overflow)', `{"id":"deep","title":"t","requirements":["AIK-CREATE-001"],"injected":{"v":{"value":${'['.repeat(100_000)}1${']'.repeat(100_000)}}},"steps":[]}`, 'bad.json: /injected/v/value/0/0/… nests deeper than 256 levels'],
  ])('refuses %s, naming the file, the pointer and the problem', (_, value, expected) => {
    expect(problem(value)).toContain(expected);
  });
});

describe('loadScenarios', () => {
  it('walks directories for *.json, skips the schema, and refuses two scenarios with one id', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aik-scenarios-'));
    writeFileSync(join(dir, 'a.json'), JSON.stringify(valid));
    writeFileSync(join(dir, 'x.schema.json'), '{}');
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    expect(loadScenarios([dir]).map(({ file }) => file)).toEqual([join(dir, 'a.json')]);
    writeFileSync(join(dir, 'b.json'), JSON.stringify(valid));
    expect(() => loadScenarios([dir])).toThrow(`${join(dir, 'b.json')}: /id "tiny" is already the id of ${join(dir, 'a.json')}`);
  });

  it('names a missing path', () => {
    expect(() => loadScenarios(['no/such/dir'])).toThrow('no/such/dir: cannot read (ENOENT)');
  });
});
