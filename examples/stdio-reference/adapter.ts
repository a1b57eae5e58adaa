/**
 * The reference runtime behind the stdio protocol: `conform --adapter-cmd "npx tsx
 * examples/stdio-reference/adapter.ts"` drives it as it would drive an implementation in any
 * language. Its verdicts on the stdio subset equal the in-process ones (test/stdio/).
 */
import referenceAdapter from 'agent-identity-kit/reference-adapter';
import { serveStdio } from 'agent-identity-kit/stdio';

serveStdio(referenceAdapter, 'reference runtime');
