#!/usr/bin/env node
// The `agent-identity-kit` command. An installed package runs its compiled JavaScript (dist/);
// a source checkout without a build runs the TypeScript sources through tsx.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/src/cli/main.js', import.meta.url);
let main;
if (existsSync(compiled)) {
  ({ main } = await import(compiled.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
