/**
 * `double-mint` (AIK-ID-004): one function mints two independent ids for one creation — one for
 * the agent and one for the session. Any mint counts: an id generator (`randomUUID()`, `nanoid()`,
 * `ulid()`…), a time- or random-based value (`Date.now()`, `Math.random()`), a counter (`++next`),
 * a helper the same file declares to make ids (`private generateTaskId() { … Date.now() … }`),
 * also when it is first stored in a variable not named like an id and passed on later
 * (`const id = nanoid(); … { agentId: id }`), and a session id taken from a call that was handed
 * the agent id just minted (`profile = { id: nanoid() }; sessionId = await spawn(profile)`: the
 * callee mints the second id). An id named for another lifecycle noun (`chatId`, `taskId`) minted
 * beside the session id is unconfirmed: one lifecycle only if the two are filed one-to-one (§6
 * "which ids"). One minted value used for both ids is the correct form; a subagent run's separate
 * `runId` is not an identity and is not counted. The finding sits at the first
 * id's mint, where the maintainer edits, and names the line of the second.
 */
import { mintFunctionsOf, mintsBoth, mintTracker, receivesSecond, type Minted } from '../_internals/id-sources.js';
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
      if (!mintsBoth(creation) && received === undefined && !record) return;
      // Reported where the maintainer edits: at the first id's mint, naming the line of the second.
      // An object's own `id` says more than the name of the variable that carried its value there.
      const first = (record ? (creation.records.find((minted) => minted.name === 'id') ?? creation.records[0]) : creation.agents[0]) as Minted;
      const second = received ?? (creation.sessions[0] as Minted);
      const line = file.position(second.source).line;
      const symbol = symbolOf(node, file.ancestors);
      const message = mintsBoth(creation)
        ? `'${symbol}' mints two ids for one creation ('${agent}' here and '${session}' on line ${line}): mint one session id and use it as the agent id.`
        : received !== undefined
          ? `'${symbol}' mints '${agent}' here and takes '${received.name}' from '${received.callee}(…)' on line ${line}, which it handed the new agent id: the callee mints a second id for one creation. Mint one session id and use it as the agent id.`
          : first.name === 'id'
            ? `'${symbol}' mints two ids for one creation (an object's own 'id' here and '${session}' on line ${line}): mint one session id and use it as the object's id.`
            : `'${symbol}' mints two ids for one creation ('${first.name}' here and '${session}' on line ${line}): if the one is the other's lifecycle, mint one session id and use it for both.`;
      const reason =
        first.name === 'id'
          ? "the object's own id is minted under another name, so it may be a work item's id beside the session made for it rather than the agent's"
          : `'${first.name}' is named for another lifecycle, one with the session only if each has the other alone`;
      const confirmation = record ? { confirmation: { status: 'unknown' as const, reason } } : {};
      run.report({ file: file.file, ...file.position(first.source), symbol, message, ...confirmation });
    });
  },
};
