/**
 * The commands the kit shows users — every command's `--help` examples and the examples' README —
 * run from a project that installed the package: a path into the kit goes through
 * node_modules/agent-identity-kit/ and names a file the package ships (issue 37: they used paths
 * that exist only in the kit's checkout).
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { runCli } from '../support/run-cli.js';

const INSTALLED = 'node_modules/agent-identity-kit/';
const shipped = (JSON.parse(readFileSync('package.json', 'utf8')) as { files: string[] }).files.map((entry) => entry.split('/')[0]);

/** The problems of one command line: checkout-only paths, and installed paths the package does not ship. */
function problems(line: string): string[] {
  const found: string[] = [];
  for (const [, path = ''] of line.matchAll(/(?:^|[\s(="'])\.?\/?((?:examples|scenarios)\/[^\s"']*)/g)) found.push(`${path}: a path of the kit's checkout`);
  for (const [path] of line.matchAll(/node_modules\/agent-identity-kit\/[^\s)"']+/g)) {
    const inKit = path.slice(INSTALLED.length);
    if (!existsSync(inKit) || !shipped.includes(inKit.split('/')[0] ?? '')) found.push(`${path}: not shipped by the package`);
  }
  return found;
}

it('help examples and the examples README use paths an installed package has', async () => {
  const lines: string[] = [];
  for (const command of COMMANDS) {
    const help = await runCli([command.name, '--help']);
    lines.push(...help.stdout.split('\n').filter((line) => line.startsWith('  $ agent-identity-kit ')));
  }
  expect(lines.length).toBeGreaterThan(COMMANDS.length);
  const readme = readFileSync('examples/README.md', 'utf8');
  const fenced = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, body = '']) => body.split('\n').filter((line) => line.trim() !== ''));
  expect(fenced.length).toBeGreaterThan(5);
  expect([...lines, ...fenced].flatMap((line) => problems(line).map((problem) => `${problem} (in: ${line.trim()})`))).toEqual([]);
});
