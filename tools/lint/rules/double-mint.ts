/**
 * `double-mint` (AIK-ID-004): one function mints two independent ids for one creation — one for
 * the agent and one for the session. Any mint counts: an id generator (`randomUUID()`, `nanoid()`,
 * `ulid()`…), a time- or random-based value (`Date.now()`, `Math.random()`), a counter (`++next`),
 * a helper the same file declares to make ids (`private generateTaskId() { … Date.now() … }`),
 * also when it is first stored in a variable not named like an id and passed on later
 * (`const id = nanoid(); … { agentId: id }`), and a session id taken from a call that was handed
 * the agent id just minted (`profile = { id: nanoid() }; sessionId = await spawn(profile)`: the
 * callee mints the second id). One minted value used for both ids is the correct form; a subagent
 * run's separate `runId` is not an identity and is not counted.
 */
import type { ts } from 'ts-morph';
import { mintFunctionsOf, mintsBoth, mintTracker, receivesSecond } from '../_internals/id-sources.js';
import { symbolOf } from '../_internals/syntax.js';
import type { Rule, RuleVisitor } from './rule.js';

/** The rule. */
export const doubleMint: Rule = {
  id: 'double-mint',
  description: 'One creation mints two independent ids, one for the agent and one for the session.',
  mode: 'syntactic',
  options: { mintFunctions: { type: 'array', items: { type: 'string', pattern: '^[A-Za-z_$][\\w$]*$' } } },
  start(run): RuleVisitor {
    // The configuration was validated against `options` above: a list of identifiers.
    return mintTracker(mintFunctionsOf(run.options), (creation, node, file) => {
      const agent = creation.agents[0]?.name ?? '';
      const received = receivesSecond(creation);
      const session = creation.sessions[0]?.name ?? '';
      // An object's own `id` holding a value minted under another name (`{ id: taskId, sessionId }`)
      // beside a minted session id: two ids for one creation if the object is the agent, a work
      // item's id beside the session made for it if not — the names cannot tell (§6: "it says
      // where it cannot tell").
      const record = !mintsBoth(creation) && received === undefined && mintsBoth(creation, true);
      const describe = mintsBoth(creation)
        ? (symbol: string): string => `'${symbol}' mints two ids for one creation ('${agent}' and '${session}'): mint one session id and use it as the agent id.`
        : received !== undefined
          ? (symbol: string): string =>
              `'${symbol}' mints '${agent}' and takes '${received.name}' from '${received.callee}(…)', which it handed the new agent id: the callee mints a second id for one creation. Mint one session id and use it as the agent id.`
          : record
            ? (symbol: string): string => `'${symbol}' mints two ids for one creation (an object's own 'id' and '${session}'): mint one session id and use it as the object's id.`
            : undefined;
      if (describe === undefined) return;
      const symbol = symbolOf(node, file.ancestors);
      const name = (node as { name?: ts.Node }).name;
      const confirmation = record ? { confirmation: { status: 'unknown' as const, reason: 'the object\'s own id is minted under another name, so it may be a work item\'s id beside the session made for it rather than the agent\'s' } } : {};
      run.report({ file: file.file, ...file.position(name ?? node), symbol, message: describe(symbol), ...confirmation });
    });
  },
};
