/**
 * The preload for Node 20 (pass it with `--import`): the published packages declare Node >= 22.19
 * and call built-ins that Node 20 lacks. Each line installs one of them from core-js, and only
 * where it is missing; nothing of the harness is patched.
 *
 * - `Promise.withResolvers` (Node 22): dsh-agent, dsh-agent-loop, dsh-session-persistence.
 * - `Set.prototype.union` and the other set methods (Node 22): dsh-llm, dsh-tools.
 */
import 'core-js/actual/promise/with-resolvers.js';
import 'core-js/actual/set/union.js';
import 'core-js/actual/set/intersection.js';
import 'core-js/actual/set/difference.js';
import 'core-js/actual/set/symmetric-difference.js';
import 'core-js/actual/set/is-subset-of.js';
import 'core-js/actual/set/is-superset-of.js';
import 'core-js/actual/set/is-disjoint-from.js';
