import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../tools/check/config-error.js';
import { MARKDOWN_SIZE_LIMIT } from '../../tools/docs/markdown-document.js';
import { runDocs } from '../../tools/docs/run-docs.js';
import { fixtureRepo, removeFixtureRepos, write } from './_fixture-repo.js';

afterAll(removeFixtureRepos);

const append = (root: string, file: string, text: string): void => write(root, file, `${readFileSync(join(root, file), 'utf8')}${text}`);

describe('docs gate', () => {
  it('passes the clean fixture and counts the fences it typechecked and those that opted out', () => {
    const report = runDocs({ root: fixtureRepo() });
    expect(report.findings).toEqual([]);
    expect(report.files).toBe(3);
    expect(report.fences).toEqual({ checked: 2, optedOut: 1 });
    expect(report.notes[0]).toBe('3 Markdown files, 5 code files from 1 tsconfig (tsconfig.json), 2 ts fences typechecked (plain 2), 1 opted out (no-check 1)');
  });

  it('fails on a ```ts fence that does not typecheck, at its line in the Markdown file', () => {
    const root = fixtureRepo();
    append(root, 'docs/guide.md', "\n```ts\nimport { openSession } from 'fixture-kit';\n\nopenSession({ agentId: 'a-1' });\n```\n");
    const lines = readFileSync(join(root, 'docs/guide.md'), 'utf8').split('\n');
    const report = runDocs({ root });
    expect(report.findings).toHaveLength(1);
    const [finding] = report.findings;
    expect(finding).toMatchObject({ rule: 'fence-typecheck', file: 'docs/guide.md', column: 15 });
    expect(finding?.message).toMatch(/^TS2353: Object literal may only specify known properties, and 'agentId' does not exist in type 'SessionOptions'\.$/);
    expect(lines[(finding?.line ?? 0) - 1]).toBe("openSession({ agentId: 'a-1' });");
  });

  it('resolves imports of the package name through its exports, and relative imports from the Markdown folder', () => {
    const root = fixtureRepo();
    append(root, 'docs/guide.md', "\n```ts\nimport { openSession } from 'fixture-kit';\nimport { describeId } from '../src/util/describe-id.js';\n\nexport const text: string = describeId(openSession({ sessionId: 'x' }).id);\n```\n");
    expect(runDocs({ root }).findings).toEqual([]);
  });

  it('treats each fence as its own module, so examples may reuse names', () => {
    const root = fixtureRepo();
    append(root, 'README.md', "\n```ts\nconst session = 1;\nexport { session };\n```\n");
    expect(runDocs({ root }).findings).toEqual([]);
  });

  it('fails on a dead relative link and a dead backticked path, naming the file and line', () => {
    const root = fixtureRepo();
    const text = 'See [the design](docs/design.md#layers), ![diagram](./docs/diagram.png) and `src/util/format-id.ts`.';
    append(root, 'README.md', `\n${text}\n`);
    const line = readFileSync(join(root, 'README.md'), 'utf8').split('\n').indexOf(text) + 1;
    const column = (needle: string): number => text.indexOf(needle) + 1;
    expect(runDocs({ root }).findings).toEqual([
      { rule: 'dead-link', file: 'README.md', line, column: column('[the design]'), message: 'relative link docs/design.md#layers does not resolve' },
      { rule: 'dead-link', file: 'README.md', line, column: column('![diagram]'), message: 'relative link ./docs/diagram.png does not resolve' },
      { rule: 'dead-path', file: 'README.md', line, column: column('`src/util'), message: '`src/util/format-id.ts` names a path that does not exist' },
    ]);
  });

  it('fails on a link to a heading that does not exist, in another document or the same one', () => {
    const root = fixtureRepo();
    append(root, 'docs/guide.md', '\n## Setup\n\n## Setup\n\n<a id="by-hand"></a>\n\n[ok](#setup-1), [ok](#by-hand), [ok](../README.md#fixture-kit), [ok](guide.md#setup)\n\n[no](#teardown) and [no](../README.md#Fixture-Kit)\n');
    expect(runDocs({ root }).findings.map((finding) => `${finding.rule} ${finding.message}`)).toEqual([
      'dead-anchor link #teardown: docs/guide.md has no heading or anchor #teardown',
      'dead-anchor link ../README.md#Fixture-Kit: README.md has no heading or anchor #Fixture-Kit',
    ]);
  });

  it('leaves URLs, anchors, event names, package subpaths and patterns alone', () => {
    const root = fixtureRepo();
    append(
      root,
      'README.md',
      '\n[site](https://example.com/x.md), [top](#fixture-kit), [mail](mailto:a@b.c), `agent/created`, `fixture-kit/extra`, `src/**/*.ts`, `docs/<id>.md`, `npx fixture-kit --root ./x`, [root link](/docs/guide.md)\n',
    );
    expect(runDocs({ root }).findings).toEqual([]);
  });

  it('checks only backticked text that reads as a path, relative to the document, its package and the root, once per path', () => {
    const root = fixtureRepo();
    write(root, 'user/profile.ts', 'export const profile = 1;\n');
    write(root, 'packages/web/package.json', '{ "name": "web" }');
    write(root, 'packages/web/src/app.ts', 'export const app = 1;\n');
    write(
      root,
      'packages/web/docs/usage.md',
      '# Usage\n\n`user/message` and `user/profile` are events; `src/app.ts` is the app, `dist/index.js` its build, `path/to/your-file.ts` yours, `.claude/settings.json` a tool\'s.\n\n`src/gone.ts` moved; `src/gone.ts` is gone; [`src/lost.ts`](../src/lost.ts).\n',
    );
    expect(runDocs({ root }).findings.map((finding) => `${finding.rule} ${finding.line}:${finding.column} ${finding.message}`)).toEqual([
      'dead-path 5:1 `src/gone.ts` names a path that does not exist (mentioned 2 times in this file)',
      'dead-link 5:45 relative link ../src/lost.ts does not resolve',
    ]);
  });

  it('counts a backticked path that is not there but that git ignores (a file each user writes, build output) rather than report it; one git keeps is reported', () => {
    const root = fixtureRepo();
    write(root, '.gitignore', '.env\ncache/\n');
    write(root, 'packages/web/package.json', '{ "name": "web" }');
    write(root, 'packages/web/src/app.ts', 'export const app = 1;\n');
    write(root, 'packages/web/README.md', '# Web\n\nNo `packages/web/.env` is needed; `packages/web/cache/` fills on first run; `packages/web/src/gone.ts` moved.\n');
    const report = runDocs({ root });
    expect(report.findings.map((finding) => `${finding.rule} ${finding.file} ${finding.message}`)).toEqual(['dead-path packages/web/README.md `packages/web/src/gone.ts` names a path that does not exist']);
    expect(report.notes).toContain('2 backticked paths name files git ignores that are not there (written locally, as `.env`, or by a build): not checked');
  });

  it('does not report a backticked path that is not there but that the repository’s task scripts name (made when needed); one they do not name is reported', () => {
    const root = fixtureRepo();
    write(root, 'Makefile', 'integration_tests:\n\t@if [ -d "test/integration/" ]; then node --test test/integration/; fi\n');
    write(root, 'package.json', JSON.stringify({ ...(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>), scripts: { seed: 'node test/seed/run.mjs' } }));
    write(root, 'docs/testing.md', '# Testing\n\nIntegration tests go under `test/integration/`, the seed in `test/seed/run.mjs`; `test/unit/` is gone.\n');
    const report = runDocs({ root });
    expect(report.findings.map((finding) => `${finding.rule} ${finding.file} ${finding.message}`)).toEqual(['dead-path docs/testing.md `test/unit/` names a path that does not exist']);
    expect(report.notes).toContain("2 backticked paths are not there but the repository's task scripts name them (Makefile, justfile, package.json scripts: made when needed): not reported");
  });

  it('counts a backticked path that ends exactly one path of the repository (written from a folder the prose names) rather than report it; one that ends none, or several, is reported', () => {
    const root = fixtureRepo();
    write(root, 'packages/probe/package.json', '{ "name": "probe" }');
    write(root, 'scripts/seed.mjs', 'export {};\n');
    write(root, 'packages/probe/scripts/run-suite.mjs', 'export {};\n');
    write(root, 'packages/probe/src/session/provider.ts', 'export const provider = 1;\n');
    write(root, 'packages/web/package.json', '{ "name": "web" }');
    write(root, 'packages/web/src/core/index.ts', 'export const web = 1;\n');
    write(root, 'packages/probe/src/core/index.ts', 'export const probe = 1;\n');
    write(
      root,
      'docs/design.md',
      '# Design\n\nThe probe package gained `scripts/run-suite.mjs`; read `src/session/provider.ts` there. `src/session/gone.ts` moved, `src/core/index.ts` is whose?\n',
    );
    const report = runDocs({ root });
    expect(report.findings.map((finding) => `${finding.rule} ${finding.file} ${finding.message}`)).toEqual([
      'dead-path docs/design.md `src/session/gone.ts` names a path that does not exist',
      'dead-path docs/design.md `src/core/index.ts` names a path that does not exist',
    ]);
    expect(report.notes).toContain('2 backticked paths are not there from the document, its package or the root, but end a path the repository holds (written relative to a folder the text names in prose): not reported');
  });

  it('reports a backticked identity name the code no longer defines as stale', () => {
    const root = fixtureRepo();
    const text = 'Pass the `agentId` next to `options.sessionId`.';
    append(root, 'docs/guide.md', `\n${text}\n`);
    const line = readFileSync(join(root, 'docs/guide.md'), 'utf8').split('\n').indexOf(text) + 1;
    expect(runDocs({ root }).findings).toEqual([
      { rule: 'stale-vocabulary', file: 'docs/guide.md', line, column: text.indexOf('`agentId`') + 1, message: '`agentId` mentions `agentId`, which the code no longer defines' },
    ]);
  });

  it('accepts the mention while the code, or the document’s own example, still defines the name', () => {
    const inCode = fixtureRepo();
    append(inCode, 'docs/guide.md', '\nThe legacy `agentId` field.\n');
    write(inCode, 'src/legacy.ts', 'export interface Legacy { readonly agentId: string }\n');
    expect(runDocs({ root: inCode }).findings).toEqual([]);

    const inExample = fixtureRepo();
    append(inExample, 'docs/guide.md', '\nNever `agentId` beside `sessionId`:\n\n```ts no-check\ninterface Bad { agentId: string; sessionId: string }\n```\n');
    expect(runDocs({ root: inExample }).findings).toEqual([]);
  });

  it('checks more vocabulary when configured, by option or in agent-identity-kit.config.json', () => {
    const root = fixtureRepo();
    append(root, 'README.md', '\nThe `actorKey` names the agent.\n');
    expect(runDocs({ root }).findings).toEqual([]);
    expect(runDocs({ root, vocabulary: ['actorKey'] }).findings.map((finding) => finding.rule)).toEqual(['stale-vocabulary']);
    write(root, 'agent-identity-kit.config.json', JSON.stringify({ lint: {}, docs: { vocabulary: ['actorKey'] } }));
    expect(runDocs({ root }).findings.map((finding) => finding.rule)).toEqual(['stale-vocabulary']);
  });

  it('exempts files that document the vocabulary itself, when configured with a reason', () => {
    const root = fixtureRepo();
    write(root, 'docs/rules/two-ids.md', '# two-ids\n\nFlags `agentId` beside `sessionId`.\n');
    expect(runDocs({ root }).findings.map((finding) => `${finding.rule} ${finding.file}`)).toEqual(['stale-vocabulary docs/rules/two-ids.md']);
    write(root, 'agent-identity-kit.config.json', JSON.stringify({ docs: { vocabularyIgnores: [{ pattern: 'docs/rules/**', reason: 'rule pages name what the lint flags' }] } }));
    const report = runDocs({ root });
    expect(report.findings).toEqual([]);
    expect(report.notes).toContain('1 files exempt from the vocabulary check (docs.vocabularyIgnores)');
    write(root, 'agent-identity-kit.config.json', JSON.stringify({ docs: { vocabularyIgnores: [{ pattern: 'docs/rules/**' }] } }));
    expect(() => runDocs({ root })).toThrow("agent-identity-kit.config.json: docs.vocabularyIgnores.0 must have required property 'reason'");
  });

  it('leaves out excluded Markdown files and the default folders', () => {
    const root = fixtureRepo();
    write(root, 'notes/draft.md', '[gone](./gone.md)\n');
    write(root, 'node_modules/pkg/README.md', '[gone](./gone.md)\n');
    write(root, 'test/fixtures/other/README.md', '[gone](./gone.md)\n');
    expect(runDocs({ root }).findings.map((finding) => finding.file)).toEqual(['notes/draft.md']);
    expect(runDocs({ root, exclude: ['notes/**'] }).findings).toEqual([]);
    write(root, 'agent-identity-kit.config.json', JSON.stringify({ docs: { exclude: ['notes/*.md'] } }));
    expect(runDocs({ root }).findings).toEqual([]);
  });

  it('typechecks against default options when the repository has no tsconfig, and says so', () => {
    const root = fixtureRepo();
    rmSync(join(root, 'tsconfig.json'));
    const clean = runDocs({ root });
    expect(clean.findings).toEqual([]);
    expect(clean.notes).toContain('no tsconfig.json: fences use default options and no code declarations were read');
    append(root, 'README.md', "\n```ts\nconst n: number = 'one';\n```\n");
    expect(runDocs({ root }).findings.map((finding) => finding.message)).toEqual(["TS2322: Type 'string' is not assignable to type 'number'."]);
  });
});

describe('docs gate: fences typecheck with the library types the repository uses', () => {
  const messages = (root: string): string[] => runDocs({ root }).findings.map((finding) => `${finding.rule} ${finding.message}`);

  it('loads Node’s types when a package depends on @types/node and it is installed (no tsconfig options to say so)', () => {
    const root = fixtureRepo({ linkNodeModules: true });
    rmSync(join(root, 'tsconfig.json'));
    write(root, 'package.json', JSON.stringify({ name: 'fixture-kit', type: 'module', devDependencies: { '@types/node': '20.19.9' } }));
    write(root, 'docs/node.md', "```ts\nconst timer: NodeJS.Timeout = setTimeout(() => console.log(process.env['HOME']), 1);\nclearTimeout(timer);\nconst pid: string = process.pid;\n```\n");
    expect(messages(root)).toEqual(["fence-typecheck TS2322: Type 'number' is not assignable to type 'string'."]);
    // Not depended on: Node's names are unknown, so the fence is a fragment and nothing is reported.
    write(root, 'package.json', JSON.stringify({ name: 'fixture-kit', type: 'module' }));
    expect(messages(root)).toEqual([]);
  });

  it('uses the lib its tsconfigs declare when a solution tsconfig has no options of its own', () => {
    const root = fixtureRepo();
    write(root, 'tsconfig.json', JSON.stringify({ files: [], references: [{ path: './src' }] }));
    write(root, 'src/tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, lib: ['ES2023', 'ESNext.Disposable'], types: [], composite: true }, include: ['.'] }));
    write(root, 'docs/dispose.md', '```ts\nconst resource: Disposable = { [Symbol.dispose]() {} };\nconst name: string = resource;\n```\n');
    expect(messages(root)).toEqual(["fence-typecheck TS2322: Type 'Disposable' is not assignable to type 'string'."]);
  });

  it('does not report a global the loaded libraries lack (console without dom or Node’s types), and says how many', () => {
    const root = fixtureRepo();
    write(root, 'docs/console.md', "```ts\nconsole.log('ready');\nconst ready: boolean = 'yes';\n```\n");
    const report = runDocs({ root });
    expect(report.findings.map((finding) => finding.message)).toEqual(["TS2322: Type 'string' is not assignable to type 'boolean'."]);
    expect(report.notes).toContain("1 fence errors name globals the typecheck's libraries lack (console): not reported; docs.project naming a tsconfig whose lib or types has them checks them");
  });

  it('counts a fence that parses only inside a function, a class, a type or an expression as a fragment; a stray brace followed by more code is still reported', () => {
    const root = fixtureRepo();
    const fence = (code: string): string => `\`\`\`ts\n${code}\n\`\`\`\n\n`;
    write(
      root,
      'docs/fragments.md',
      [
        fence('private readonly entries: string[] = [];\nprivate size = 0;'),
        fence('{\n  "name": "UploadArtifact",\n  "parameters": { "path": "a.txt" }\n}'),
        fence('{\n  active: boolean;\n  endBookmark?: string;\n}'),
        fence('const ready = true;\nreturn ready;'),
        fence('class Tool {\n  readonly name = "grep";\n  }\n}\n\nexport const tool = new Tool();'),
      ].join(''),
    );
    const report = runDocs({ root });
    expect(report.findings.map((finding) => `${finding.rule} ${finding.line ?? ''} ${finding.message}`)).toEqual(['fence-typecheck 29 TS1128: Declaration or statement expected.']);
    expect(report.notes).toContain('4 fences are fragments (they use names they never declare or import, properties of a base they never declare or that is not installed or `this` outside a class or function, import files of the reader\'s project, show alternatives (a name declared twice), leave out the type of a declaration (implicit any), list bodiless signatures, or parse only with their elisions and unopened closing brackets at the end removed, or as the body of a function or class, a type or an expression): those errors, and the errors of the fence that follow from them, not reported');
  });

  it('learns the labels of the doc tools the repository depends on, which typecheck those fences themselves', () => {
    const root = fixtureRepo();
    write(root, 'docs/tools.md', '```ts @ts-nocheck\nconst a: number = "a";\n```\n\n```ts @ts-expect-error=[1]\nconst b: number = "b";\n```\n\n```ts twoslash\nconst c: number = "c";\n```\n');
    // No doc tool declared: every fence is the kit's to check.
    expect(runDocs({ root }).findings.map((finding) => finding.line)).toEqual([2, 6, 10]);
    write(root, 'package.json', JSON.stringify({ name: 'fixture-kit', type: 'module', exports: { '.': './src/index.ts' }, devDependencies: { '@electron/lint-roller': '3.1.1', '@shikijs/vitepress-twoslash': '3.2.1' } }));
    const report = runDocs({ root });
    expect(report.findings).toEqual([]);
    expect(report.notes[0]).toMatch(/, 4 opted out \(@ts-expect-error 1, @ts-nocheck 1, no-check 1, twoslash 1\)$/);
    expect(report.notes).toContain(
      "fence labels the repository's doc tools typecheck themselves, opted out: @ts-nocheck (@electron/lint-roller), @ts-expect-error (@electron/lint-roller), @ts-ignore (@electron/lint-roller), twoslash (@shikijs/vitepress-twoslash)",
    );
  });

  it('breaks the failing fences down by label, with the setting that opts a label out', () => {
    const root = fixtureRepo();
    write(root, 'docs/labels.md', '```ts title="a.ts"\nconst a: number = "a";\n```\n\n```ts title="b.ts"\nconst b: number = "b";\n```\n\n```ts\nconst c: number = "c";\n```\n');
    expect(runDocs({ root }).notes).toContain('3 fence findings in 3 of 5 typechecked fences; failing fences by label (title 2, plain 1): a label whose fences are fragments opts out with docs.fenceOptOuts (one fence with `ts no-check`)');
  });
});

describe('docs gate: one unreadable file is a finding, never the end of the gate', () => {
  it('a Markdown file that is not UTF-8 is a finding naming it, and the other files are still checked', () => {
    const root = fixtureRepo();
    write(root, 'docs/latin1.md', Uint8Array.from([0x23, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x0a]));
    write(root, 'docs/extra.md', '[gone](./gone.md)\n');
    const report = runDocs({ root });
    expect(report.findings.map((finding) => `${finding.rule} ${finding.file} ${finding.message}`)).toEqual([
      'dead-link docs/extra.md relative link ./gone.md does not resolve',
      'markdown-unreadable docs/latin1.md Markdown file not valid UTF-8: not checked',
    ]);
    expect(report.read).toBe(4);
  });

  it('a Markdown file over the size limit is a finding naming it, never parsed (bounded memory), and the other files are still checked', () => {
    const root = fixtureRepo();
    write(root, 'docs/huge.md', `# Dump\n\n[gone](./gone.md)\n${'x'.repeat(MARKDOWN_SIZE_LIMIT)}\n`);
    write(root, 'docs/at-the-limit.md', `[gone](./gone.md)\n${'x'.repeat(MARKDOWN_SIZE_LIMIT - 18)}`);
    const report = runDocs({ root });
    expect(report.findings.map((finding) => `${finding.rule} ${finding.file} ${finding.message}`)).toEqual([
      'dead-link docs/at-the-limit.md relative link ./gone.md does not resolve',
      'markdown-unreadable docs/huge.md Markdown file is over the size limit (2.0 MiB; at most 2 MiB is read): not checked',
    ]);
    expect(report.read).toBe(4);
  });

  it('reads nothing when no Markdown file can be read (so check calls it an error)', () => {
    const root = fixtureRepo();
    for (const file of ['README.md', 'docs/guide.md', 'docs/module-graph.md']) write(root, file, Uint8Array.from([0xff, 0xfe, 0x00]));
    const report = runDocs({ root });
    expect(report.read).toBe(0);
    expect(report.findings.map((finding) => finding.rule)).toEqual(['markdown-unreadable', 'markdown-unreadable', 'markdown-unreadable']);
    // The summary line (the one line of a run that read nothing) says why.
    expect(report.notes[0]).toMatch(/^0 Markdown files \(3 not read, first README\.md: Markdown file not valid UTF-8: not checked\), /);
  });

  it('a package tsconfig whose extends is missing, or that is not JSON, is a finding at its line; the fences still typecheck', () => {
    const root = fixtureRepo();
    rmSync(join(root, 'tsconfig.json'));
    write(root, 'src/tsconfig.json', '{ "compilerOptions": { "strict": true, "module": "NodeNext" } }');
    write(root, 'evals/tsconfig.json', '{ "extends": "./missing-base.json", "include": ["*.ts"] }');
    write(root, 'evals/run.ts', 'export const score = 1;\n');
    write(root, 'bench/tsconfig.json', '{\n  "compilerOptions": { "strict": true, },\n  "include": [\n');
    write(root, 'docs/extra.md', '```ts\nconst n: number = "one";\n```\n');
    const report = runDocs({ root });
    expect(report.findings.map((finding) => `${finding.rule} ${finding.file}:${finding.line ?? ''} ${finding.message}`)).toEqual([
      'tsconfig-invalid bench/tsconfig.json:4 TS1005: \']\' expected.',
      "fence-typecheck docs/extra.md:2 TS2322: Type 'string' is not assignable to type 'number'.",
      "tsconfig-invalid evals/tsconfig.json: TS5083: Cannot read file 'evals/missing-base.json'.",
    ]);
    // What the broken-extends tsconfig still declares is read: src's three files and evals/run.ts.
    expect(report.codeFiles).toBe(4);
  });

  it('a root tsconfig that is not JSON is a finding, and the packages’ own tsconfigs are read instead', () => {
    const root = fixtureRepo();
    write(root, 'tsconfig.json', '{ "compilerOptions": { "module": "nope" } ');
    const report = runDocs({ root });
    expect(report.findings.map((finding) => `${finding.rule} ${finding.file}`)).toEqual(['tsconfig-invalid tsconfig.json']);
    expect(report.notes[0]).toMatch(/^3 Markdown files, 0 code files from 1 tsconfig \(tsconfig\.json\), 2 ts fences typechecked/);
  });
});

describe('docs gate configuration errors', () => {
  it('a --project or docs.project that does not parse is a configuration error naming it', () => {
    const root = fixtureRepo();
    write(root, 'tsconfig.docs.json', '{ "extends": "./missing.json" }');
    expect(() => runDocs({ root, tsconfig: join(root, 'tsconfig.docs.json') })).toThrow(new ConfigError('tsconfig.docs.json', "TS5083: Cannot read file 'missing.json'."));
    write(root, 'agent-identity-kit.config.json', '{ "docs": { "project": "tsconfig.docs.json" } }');
    expect(() => runDocs({ root })).toThrow(/^tsconfig\.docs\.json: TS5083: /);
  });

  it('a --project that does not exist names it', () => {
    const root = fixtureRepo();
    expect(() => runDocs({ root, tsconfig: join(root, 'tsconfig.docs.json') })).toThrow(new ConfigError('tsconfig.docs.json', 'tsconfig not found'));
  });

  it.each([
    ['{ "docs": ', /^agent-identity-kit\.config\.json: not valid JSON/],
    ['{ "docs": { "vocabulary": "agentKey" } }', /^agent-identity-kit\.config\.json: docs\.vocabulary must be array$/],
    ['{ "docs": { "exlude": [] } }', /^agent-identity-kit\.config\.json: docs must NOT have additional properties$/],
  ])('a broken agent-identity-kit.config.json (%s) names the file and the field', (text, message) => {
    const root = fixtureRepo();
    write(root, 'agent-identity-kit.config.json', text);
    expect(() => runDocs({ root })).toThrow(message);
  });
});
