import type { Check } from '../runner/check.js';
import { configChecks } from './config-checks.js';
import { consumerChecks } from './consumer-checks.js';
import { conflictChecks } from './conflict-checks.js';
import { createChecks } from './create-checks.js';
import { durableChecks } from './durable-checks.js';
import { eventChecks } from './event-checks.js';
import { identityChecks } from './identity-checks.js';
import { remoteChecks } from './remote-checks.js';
import { subagentChecks } from './subagent-checks.js';
import { teardownChecks } from './teardown-checks.js';
import { transactionChecks } from './transaction-checks.js';

/** Every directed check, in contract order: each non-STATIC requirement has at least one. */
export const DIRECTED_CHECKS: readonly Check[] = [
  ...identityChecks,
  ...createChecks,
  ...configChecks,
  ...transactionChecks,
  ...conflictChecks,
  ...teardownChecks,
  ...eventChecks,
  ...durableChecks,
  ...subagentChecks,
  ...remoteChecks,
  ...consumerChecks,
];
