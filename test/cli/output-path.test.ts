/**
 * checkOutputPath and adapterFiles in process (the CLI tests run them in a child, out of this run's
 * coverage): every refusal names the path, the flag and the problem; a counterexample beside the
 * adapter is fine.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { adapterFiles, checkOutputPath } from '../../src/cli/output-path.js';

const work = mkdtempSync(join(tmpdir(), 'aik-output-path-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const folder = join(work, 'conformance');
mkdirSync(folder);
const adapter = join(folder, 'adapter.ts');
const helper = join(folder, 'helper.mjs');
const preload = join(work, 'preload.mjs');
const tsconfig = join(work, 'tsconfig.json');
for (const file of [adapter, helper, preload, tsconfig]) writeFileSync(file, '');
const spec = { file: adapter, url: pathToFileURL(adapter).href, exportName: 'default' };
const reads = adapterFiles(spec, { preloads: [pathToFileURL(preload).href, 'tsx/esm'], tsconfig });

/** What checkOutputPath says of `path` under `--out` with the adapter's files: the usage error's message, or undefined. */
function refusal(path: string, options: Parameters<typeof checkOutputPath>[1] = { flag: '--out', ...reads }): string | undefined {
  try {
    checkOutputPath(path, options);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('an output path, checked before the work', () => {
  it('takes no path, a new JSON file beside the adapter, and a folder that may be created', () => {
    expect(refusal(undefined as unknown as string)).toBeUndefined();
    expect(refusal(join(folder, 'counterexample.json'))).toBeUndefined();
    expect(refusal(join(work, 'new', 'deeper', 'out.json'), { flag: '--record', kind: 'folder', createFolders: true })).toBeUndefined();
  });

  it('refuses the files the run reads, a source file beside the adapter (also through a link), a directory and a missing folder', () => {
    expect(refusal(adapter)).toBe(`${adapter}: --out names the adapter module, which this run reads; write to another file`);
    expect(refusal(preload)).toBe(`${preload}: --out names an --import preload, which this run reads; write to another file`);
    expect(refusal(tsconfig)).toBe(`${tsconfig}: --out names the --tsconfig, which this run reads; write to another file`);
    expect(refusal(helper)).toBe(`${helper}: --out names a source file beside the adapter module; write to another file`);
    const link = join(work, 'link.mjs');
    symlinkSync(helper, link);
    expect(refusal(link)).toBe(`${link}: --out names a source file beside the adapter module; write to another file`);
    expect(refusal(folder)).toBe(`${folder}: --out names a directory, not a file`);
    expect(refusal(join(work, 'missing', 'out.json'))).toBe(`${join(work, 'missing', 'out.json')}: --out directory ${join(work, 'missing')} does not exist`);
  });

  it('leaves a source file outside the adapter folder to the writer, and knows no files without an adapter', () => {
    expect(refusal(preload, { flag: '--out', sources: folder })).toBeUndefined();
    expect(adapterFiles(undefined, { preloads: [] })).toEqual({});
  });
});
