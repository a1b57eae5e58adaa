/**
 * `double-mint` (AIK-ID-004): one function mints two independent ids for one creation — one for
 * the agent and one for the session. Any mint counts: an id generator (`randomUUID()`, `nanoid()`,
 * `ulid()`…), a time- or random-based value (`Date.now()`, `Math.random()`), a counter (`++next`),
 * also when it is first stored in a variable not named like an id and passed on later
 * (`const id = nanoid(); … { agentId: id }`). One minted value used for both ids is the correct
 * form; a subagent run's separate `runId` is not an identity and is not counted.
 */
import type { ts } from 'ts-morph';
import { mintFunctionsOf, mintsBoth, mintTracker } from '../_internals/id-sources.js';
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
      if (!mintsBoth(creation)) return;
      const symbol = symbolOf(node, file.ancestors);
      const name = (node as { name?: ts.Node }).name;
      run.report({
        file: file.file,
        ...file.position(name ?? node),
        symbol,
        message: `'${symbol}' mints two ids for one creation ('${creation.agents[0]?.name ?? ''}' and '${creation.sessions[0]?.name ?? ''}'): mint one session id and use it as the agent id.`,
      });
    });
  },
};
