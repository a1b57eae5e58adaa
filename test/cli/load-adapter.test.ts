import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adapterSpec, loadAdapter, moduleFormat } from '../../src/supervisor/load-adapter.js';
import { runReplayWorker, type ReplayWorkerMessage } from '../../src/supervisor/replay-worker.js';
import { AdapterOutput } from '../../src/supervisor/worker-process.js';
import { loadScenarios } from '../../scenarios/load/load-scenarios.js';

/** A fresh folder with `files` written into it. */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'aik-load-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const failure = async (file: string): Promise<string> => {
  try {
    await loadAdapter(adapterSpec(file));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${file} loaded`);
};

describe('loading an adapter module', () => {
  it('takes a path against a base folder (the working directory by default) or a file: URL whose fragment names the export', () => {
    const dir = folder({ 'conformance/adapter.ts': 'export default () => undefined;\n' });
    const url = pathToFileURL(join(dir, 'conformance', 'adapter.ts')).href;
    // Outside the working directory, a module is named by its whole path.
    expect(adapterSpec('./adapter.ts#scopeFirst', join(dir, 'conformance'))).toEqual({ file: join(dir, 'conformance', 'adapter.ts'), url, exportName: 'scopeFirst' });
    expect(adapterSpec(new URL(`${url}#named`))).toEqual({ file: join(dir, 'conformance', 'adapter.ts'), url, exportName: 'named' });
    expect(adapterSpec(new URL(url))).toMatchObject({ url, exportName: 'default' });
    // Inside it, relative to it; as written when written relative to it.
    expect(adapterSpec('../fixtures/hostile/replacing.ts', resolve('test/support'))).toMatchObject({ file: join('test', 'fixtures', 'hostile', 'replacing.ts') });
    expect(adapterSpec('test/fixtures/hostile/replacing.ts')).toMatchObject({ file: 'test/fixtures/hostile/replacing.ts' });
    expect(() => adapterSpec('./nowhere.ts', join(dir, 'conformance'))).toThrow(`${join(dir, 'conformance', 'nowhere.ts')}: adapter module not found`);
    expect(() => adapterSpec(new URL('https://example.com/adapter.ts'))).toThrow('https://example.com/adapter.ts: an adapter module is a file (a file: URL or a path)');
  });

  it('follows Node: .mjs/.mts ES modules, .cjs/.cts CommonJS, others by the nearest package.json "type" (none: CommonJS)', () => {
    const dir = folder({ 'untyped/package.json': '{"name":"u"}', 'typed/package.json': '{"type":"module"}', 'broken/package.json': '{' });
    expect([moduleFormat(join(dir, 'x.mjs')), moduleFormat(join(dir, 'x.mts')), moduleFormat(join(dir, 'x.cjs')), moduleFormat(join(dir, 'x.cts'))]).toEqual(['esm', 'esm', 'cjs', 'cjs']);
    expect([moduleFormat(join(dir, 'untyped', 'a.ts')), moduleFormat(join(dir, 'typed', 'a.js')), moduleFormat(join(dir, 'broken', 'a.js'))]).toEqual(['cjs', 'esm', 'cjs']);
  });

  it('requires a CommonJS module: module.exports = factory is its default export, exports.name a named one', async () => {
    const dir = folder({ 'package.json': '{"name":"u"}', 'a.js': 'module.exports = function factory() {};\n', 'b.cjs': 'exports.named = function factory() {};\n' });
    expect(typeof (await loadAdapter(adapterSpec(join(dir, 'a.js'))))).toBe('function');
    expect(typeof (await loadAdapter(adapterSpec(`${join(dir, 'b.cjs')}#named`)))).toBe('function');
    expect(await failure(join(dir, 'b.cjs'))).toBe(`${join(dir, 'b.cjs')}: exports no adapter factory named "default"`);
  });

  // (An ES module's syntax error is loaded by vite inside vitest, so the packed-kit test in test/e2e covers that case.)
  it('names file:line:column and one line of the cause for a syntax error in a CommonJS module', async () => {
    const dir = folder({ 'package.json': '{"name":"u"}', 'bad.cjs': 'module.exports = 1;\nconst x = {;\n' });
    expect(await failure(join(dir, 'bad.cjs'))).toBe(`${join(dir, 'bad.cjs')}:2:12: cannot load the adapter module (SyntaxError: Unexpected token ';')`);
  });

  it('names where a module threw while loading', async () => {
    const dir = folder({ 'package.json': '{"type":"module"}', 'throws.js': "import './helper.js';\n", 'helper.js': "\nthrow new Error('no database');\n" });
    expect(await failure(join(dir, 'throws.js'))).toBe(`${join(dir, 'helper.js')}:2:7: cannot load the adapter module (no database)`);
  });

  it('names the module itself, not a frame of Node’s own loader, when what it imports cannot be found', async () => {
    const dir = folder({ 'package.json': '{"name":"u"}', 'adapter.js': "module.exports = require('aik-no-such-package');\n" });
    expect(await failure(join(dir, 'adapter.js'))).toMatch(new RegExp(`^${join(dir, 'adapter.js').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(:1:\\d+)?: cannot load the adapter module \\(Cannot find module 'aik-no-such-package'`));
  });
});

describe('the replay worker', () => {
  it('replays from the scenario it is told to start at, posting each one as it starts and ends', async () => {
    const scenarios = loadScenarios(['scenarios/identity']);
    const messages: ReplayWorkerMessage[] = [];
    const adapter = { file: 'properties/reference-adapter.ts', url: `file://${resolve('properties/reference-adapter.ts')}`, exportName: 'default' };
    await runReplayWorker({ task: 'replay', adapter, preloads: [], scenarios, from: 1, record: true }, (message) => messages.push(message));
    expect(messages.map((message) => message.kind)).toEqual(['loaded', 'scenario-start', 'scenario-end', 'done']);
    expect(messages[2]).toMatchObject({ kind: 'scenario-end', index: 1, status: 'PASS', history: expect.arrayContaining([expect.any(String)]) });
    const missing: ReplayWorkerMessage[] = [];
    await runReplayWorker({ task: 'replay', adapter: { ...adapter, exportName: 'nope' }, preloads: [], scenarios, from: 0, record: false }, (message) => missing.push(message));
    expect(missing).toEqual([{ kind: 'usage', message: 'properties/reference-adapter.ts: exports no adapter factory named "nope"' }]);
  });
});

describe('adapter output', () => {
  it('is echoed line by line with its stream, at most 200 lines, and kept up to 64 KiB per stream', () => {
    const echoed: string[] = [];
    const output = new AdapterOutput((text) => echoed.push(text));
    expect(output.report).toBeUndefined();
    output.add('stdout', 'one\ntw');
    output.add('stdout', 'o\n');
    output.add('stderr', 'partial');
    output.flush();
    expect(echoed).toEqual(['adapter stdout | one\n', 'adapter stdout | two\n', 'adapter stderr | partial\n']);
    output.add('stdout', 'x\n'.repeat(40_000));
    expect(echoed).toHaveLength(201);
    expect(echoed.at(-1)).toBe('adapter output: more than 200 lines, the rest is not shown here (see adapterOutput in --format json)\n');
    expect(output.report).toMatchObject({ stderr: 'partial', truncated: true });
    expect(output.report?.stdout).toHaveLength(64 * 1024);
  });
});
