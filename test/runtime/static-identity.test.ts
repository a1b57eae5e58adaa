import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../tools/lint/index.js';

describe('the reference runtime’s own API shape', () => {
  it('AIK-ID-004: the identity lint finds no two-id API or id→id map in src/', async () => {
    const result = await lint({ paths: ['src'], cwd: join(import.meta.dirname, '..', '..') });
    expect(result.findings.map((finding) => `${finding.file}:${finding.line} ${finding.ruleId} ${finding.message}`)).toEqual([]);
    expect(result.files).toBeGreaterThan(20);
  });
});
