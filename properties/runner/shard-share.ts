import { DIRECTED_CHECKS } from '../checks/index.js';
import { chunksOf } from '../model/chunks.js';
import type { ConformanceReport } from '../report/conformance-report.js';
import { homeShard, inScope } from './run-conformance.js';

/** At most this many ids are named in one problem (then "and n more"). */
const NAMED = 3;

function listed(ids: readonly (string | number)[]): string {
  return ids.length <= NAMED ? ids.join(', ') : `${ids.slice(0, NAMED).join(', ')} and ${ids.length - NAMED} more`;
}

/**
 * What one shard's partial report lacks of the share its shard owes the run it claims (`--shard
 * i/n` of a run of `runsRequested` runs and this scope), or `undefined` when it holds exactly that
 * share: every `n`-th generated chunk, each with all its runs unless the time budget interrupted it
 * (none when its worker was lost in them, which fails the merged run on its own), and an outcome
 * for each directed check of the requirements whose home shard it is. `merge` refuses a part
 * that does not hold its share, so a shard whose chunks or checks were dropped (or never made) is
 * not merged into a verdict that counts only what is left.
 */
export function shardShareProblem(report: ConformanceReport): string | undefined {
  const part = report.part;
  if (part === undefined) return undefined;
  const { index, count } = part.shard;
  const scope = report.scope === 'all' ? undefined : report.scope;
  const name = `shard ${index + 1}/${count}`;
  const owed = part.generatedLost === undefined ? chunksOf(report.runsRequested).filter((chunk) => chunk.index % count === index) : [];
  const held = new Map(part.chunks.map((chunk) => [chunk.index, chunk]));
  const missing = owed.filter((chunk) => !held.has(chunk.index)).map((chunk) => chunk.index + 1);
  const foreign = [...held.keys()].filter((chunk) => !owed.some((own) => own.index === chunk)).map((chunk) => chunk + 1);
  if (missing.length > 0 || foreign.length > 0 || held.size !== part.chunks.length) {
    return `${name} of a ${report.runsRequested}-run run owes generated chunks ${listed(owed.map((chunk) => chunk.index + 1)) || '(none)'}, but holds ${listed(part.chunks.map((chunk) => chunk.index + 1)) || 'none'}`;
  }
  const short = owed.filter((chunk) => {
    const made = held.get(chunk.index);
    return made === undefined || made.runs > chunk.runs || (made.runs < chunk.runs && !made.interrupted);
  });
  if (short.length > 0) return `${name}: generated chunk ${listed(short.map((chunk) => chunk.index + 1))} does not hold the runs it owes (${short.map((chunk) => `${held.get(chunk.index)?.runs ?? 0} of ${chunk.runs}`).join(', ')}) and was not interrupted`;
  const checks = DIRECTED_CHECKS.filter((check) => inScope(check.requirement, scope) && homeShard(check.requirement, scope, count) === index).map((check) => check.id);
  const outcomes = part.directed.map((outcome) => outcome.tally.id);
  const absent = checks.filter((id) => !outcomes.includes(id));
  const extra = outcomes.filter((id, at) => !checks.includes(id) || outcomes.indexOf(id) !== at);
  if (absent.length > 0) return `${name} lacks the outcome of ${absent.length} directed check${absent.length === 1 ? '' : 's'} it owes (${listed(absent)})`;
  if (extra.length > 0) return `${name} holds outcomes it does not owe (${listed(extra)})`;
  return undefined;
}
