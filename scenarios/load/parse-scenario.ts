import { Ajv, type ErrorObject } from 'ajv';
import { isRequirementId } from '../../src/contract/requirements.js';
import type { Scenario } from '../../src/contract/scenario.js';
import schema from '../scenario.schema.json' with { type: 'json' };
import { ScenarioFormatError } from './scenario-format-error.js';
import { scenarioReferences } from './_internals/scenario-references.js';

const validate = new Ajv({ allErrors: false, verbose: true, strict: false }).compile<Scenario>(schema);

/**
 * Parses and validates the text of a scenario file: JSON, the JSON Schema
 * (`scenarios/scenario.schema.json`), known requirement ids, and names that resolve (handles,
 * calls, owners, injected values). Throws {@link ScenarioFormatError} naming `file`, the JSON
 * pointer (or line and column for bad JSON) and the problem.
 */
export function parseScenario(text: string, file: string): Scenario {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message)?.[1];
    const where = position === undefined ? '' : `:${lineAndColumn(text, Number(position))}`;
    // V8 quotes the offending text in some messages; keep the reason only, on one line.
    const reason = message.replace(/, .* is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '').replace(/\s+/g, ' ');
    throw new ScenarioFormatError(`${file}${where}: not JSON (${reason})`);
  }
  const deep = tooDeep(value);
  if (deep !== undefined) {
    const segments = deep.split('/').slice(1);
    const shown = segments.length > 6 ? `/${segments.slice(0, 5).join('/')}/…` : deep;
    throw new ScenarioFormatError(`${file}: ${shown} nests deeper than ${MAX_DEPTH} levels (a scenario value is plain data; this one cannot be checked or replayed)`);
  }
  if (!validate(value)) throw new ScenarioFormatError(`${file}: ${describe(validate.errors?.[0])}`);
  const scenario = value;
  scenario.requirements.forEach((id, index) => {
    if (!isRequirementId(id)) throw new ScenarioFormatError(`${file}: /requirements/${index} unknown requirement id ${JSON.stringify(id)}`);
  });
  scenario.steps.forEach((step, index) => {
    step.check?.requirements?.forEach((id, position) => {
      if (!isRequirementId(id)) throw new ScenarioFormatError(`${file}: /steps/${index}/check/requirements/${position} unknown requirement id ${JSON.stringify(id)}`);
    });
  });
  const unresolved = scenarioReferences(scenario);
  if (unresolved !== undefined) throw new ScenarioFormatError(`${file}: ${unresolved}`);
  return scenario;
}

/** The deepest nesting a scenario value may have: far beyond any real plan, far below what recursive code (the schema validator, deep equality, printing) survives. */
const MAX_DEPTH = 256;

/** The JSON pointer of the first value nested deeper than {@link MAX_DEPTH}, found without recursion; undefined when none is. */
function tooDeep(root: unknown): string | undefined {
  const pending: { readonly value: unknown; readonly path: string; readonly depth: number }[] = [{ value: root, path: '', depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= MAX_DEPTH) return next.path;
    for (const [key, child] of Object.entries(next.value)) pending.push({ value: child, path: `${next.path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth: next.depth + 1 });
  }
  return undefined;
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

function describe(error: ErrorObject | undefined): string {
  if (error === undefined) return '/ is not a scenario';
  const pointer = error.instancePath === '' ? '/' : error.instancePath;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${pointer} has an unknown field "${String(error.params['additionalProperty'])}"`;
    case 'enum':
      return `${pointer} ${JSON.stringify(error.data)} is not one of ${(error.params['allowedValues'] as unknown[]).join(', ')}`;
    case 'required':
      return `${pointer} is missing the field "${String(error.params['missingProperty'])}"`;
    default:
      return `${pointer} ${error.message ?? 'is invalid'}`;
  }
}
