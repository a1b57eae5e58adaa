import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyName, resolveVocabulary } from '../../tools/lint/_internals/identity-names.js';

const word = fc.oneof(
  fc.constantFrom('agent', 'session', 'id', 'ids', 'parent', 'wire', 'remote', 'resume', 'child', 'run', 'label', 'by', 'for'),
  fc.stringMatching(/^[a-z]{2,6}$/),
);

const camel = (words: readonly string[]): string => words.map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
const pascal = (words: readonly string[]): string => words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
const snake = (words: readonly string[]): string => words.join('_');
const screaming = (words: readonly string[]): string => words.join('_').toUpperCase();

describe('identity names, whatever the spelling (property)', () => {
  it('camelCase, PascalCase, snake_case and SCREAMING_CASE of the same words classify alike', () => {
    const vocabulary = resolveVocabulary(undefined);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        const kinds = [camel, pascal, snake, screaming].map((spell) => classifyName(spell(words), vocabulary));
        expect(new Set(kinds).size).toBe(1);
      }),
      { seed: 20261130, numRuns: 500 },
    );
  });

  it('a name ending in agent id or session id is an identity or one of its look-alikes, never nothing', () => {
    const vocabulary = resolveVocabulary(undefined);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 3 }), fc.constantFrom('agent', 'session'), (prefix, side) => {
        const kind = classifyName(camel([...prefix, side, 'id']), vocabulary);
        expect(kind).toBeDefined();
        expect(['agent-id', 'session-id', 'lineage', 'wire-local', 'label']).toContain(kind);
      }),
      { seed: 20261130, numRuns: 300 },
    );
  });
});
