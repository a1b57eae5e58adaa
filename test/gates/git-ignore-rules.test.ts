import { describe, expect, it } from 'vitest';
import { GitIgnoreRules } from '../../tools/check/git-ignore-rules.js';

describe('GitIgnoreRules', () => {
  it('applies each .gitignore below its folder, a deeper one overriding, folder-only patterns to folders', () => {
    const rules = new GitIgnoreRules();
    rules.add('', 'node_modules/\n*.gen.ts\nlib/\n');
    rules.add('packages/core', '!keep.gen.ts\nsrc/proto/\n');
    expect(rules.ignores('packages/app/src/a.gen.ts')).toBe(true);
    expect(rules.ignores('packages/core/keep.gen.ts')).toBe(false);
    expect(rules.ignores('packages/core/other.gen.ts')).toBe(true);
    expect(rules.ignores('packages/core/src/proto/x_pb.ts')).toBe(true);
    // The nested file's patterns do not reach outside its folder.
    expect(rules.ignores('packages/app/src/proto/x_pb.ts')).toBe(false);
    // `lib/` names folders: a folder, and what is inside one, but not a file called lib.
    expect(rules.ignores('packages/app/lib/')).toBe(true);
    expect(rules.ignores('packages/app/lib/index.js')).toBe(true);
    expect(rules.ignores('packages/app/lib')).toBe(false);
  });
});
