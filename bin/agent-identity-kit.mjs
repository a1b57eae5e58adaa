#!/usr/bin/env node
// The `agent-identity-kit` command. A source checkout runs its TypeScript sources through tsx
// (so a stale build never answers); the installed package, which ships no sources, runs dist/.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import(new URL('../dist/src/cli/main.js', import.meta.url).href));
}
process.exitCode = await main(process.argv.slice(2));
