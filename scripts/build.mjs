// `npm run build`: compiles the kit to JavaScript with type declarations in dist/ (the layout
// mirrors the repository: dist/src, dist/properties, dist/scenarios, dist/tools) and copies every
// other file of those folders (.mjs, .cjs, .json; not .md) next to the compiled code that loads it.
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const ROOTS = ['src', 'properties', 'scenarios', 'tools'];

function assets(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return assets(path);
    return entry.name.endsWith('.ts') || entry.name.endsWith('.md') ? [] : [path];
  });
}

rmSync('dist', { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
for (const asset of ROOTS.flatMap(assets)) cpSync(asset, join('dist', asset));
