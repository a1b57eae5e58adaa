/**
 * `npm run bench`: runs every `bench/*.bench.ts` (or those named on the command line) one after
 * another in its own process, so one benchmark's heap never skews the next one's figures.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.startsWith(w)))
  .sort();
let failed = 0;
for (const name of benches) {
  process.stdout.write(`\n## ${name}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(here, name)], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exitCode = failed === 0 ? 0 : 1;
