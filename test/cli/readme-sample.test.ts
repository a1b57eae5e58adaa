/**
 * The README's sample failing run is the kit's output: each part of its `text` fence (parts
 * separated by `...` lines) appears, in order, in what the command it shows prints today
 * (issue 37: the sample had gone stale, and nothing checked it).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const INSTALLED = 'node_modules/agent-identity-kit/';

it('the README sample of a failing run matches what conform prints for it', async () => {
  const readme = readFileSync('README.md', 'utf8');
  const fence = /```text\n\$ npx agent-identity-kit (conform [^\n]*)\n([\s\S]*?)```/.exec(readme);
  expect(fence, 'the README shows a failing conform run').not.toBeNull();
  const [, command = '', body = ''] = fence ?? [];
  // The sample runs the example as an installed package has it; in the kit's checkout the same files sit at the root.
  const run = await runCli(command.replaceAll(INSTALLED, '').split(' '));
  expect(run.code).toBe(1);
  const printed = run.stdout.replaceAll('examples/legacy/', `${INSTALLED}examples/legacy/`);
  let from = 0;
  for (const part of body.split(/^\.\.\.\n/m).filter((text) => text !== '')) {
    const at = printed.indexOf(part, from);
    expect(at, `README sample part not printed (in order):\n${part}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}, 300_000);
