#!/usr/bin/env node
// Runs the CLI from its TypeScript sources through tsx (packaging to compiled JavaScript is issue 7).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
