/**
 * The schema of every message a `conform` worker posts (conform-worker.ts, adapter-worker.mjs),
 * which the supervisor checks before it hears one: the worker runs beside adapter code, so what it
 * posts is evidence to check, never a result to print. A message of a kind the protocol does not
 * have (a `report`), or of the wrong shape, ends the worker as a protocol loss.
 */
import { Ajv, type ValidateFunction } from 'ajv';

const text = { type: 'string' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const texts = { type: 'array', items: text } as const;

const hang = { type: 'object', required: ['op', 'check', 'step'], properties: { op: text, check: text, step: text } } as const;

const step = {
  type: 'object',
  required: ['op', 'line', 'result'],
  properties: { op: text, line: text, result: text, handle: text, awaitedAt: count, entries: { type: 'array', items: { type: ['string', 'null'] } } },
} as const;

const failure = {
  type: 'object',
  required: ['check', 'requirement', 'message', 'adapter', 'expected', 'counterexample'],
  properties: {
    check: text,
    requirement: text,
    clauses: texts,
    message: text,
    adapter: { type: 'boolean' },
    expected: { type: 'boolean' },
    flaky: { const: true },
    counterexample: {
      type: 'object',
      required: ['seed', 'commands', 'steps'],
      properties: { seed: { type: 'integer' }, durable: { const: false }, remote: texts, ids: texts, path: text, commands: texts, steps: { type: 'array', items: step } },
    },
  },
} as const;

const tally = {
  type: 'object',
  required: ['id', 'kind', 'runs', 'failures'],
  properties: { id: text, kind: { enum: ['directed', 'generated'] }, runs: count, failures: count, skipped: text, unsupported: texts, notTried: hang },
} as const;

const outcome = { type: 'object', required: ['tally', 'requirement'], properties: { tally, requirement: text, failure, elsewhere: { type: 'array', items: failure } } } as const;

const chunk = {
  type: 'object',
  required: ['index', 'runs', 'interrupted', 'tallies', 'failures', 'durationMs'],
  properties: {
    index: count,
    runs: count,
    interrupted: { type: 'boolean' },
    tallies: { type: 'array', items: { type: 'object', required: ['id', 'runs', 'failures'], properties: { id: text, runs: count, failures: count } } },
    failures: { type: 'array', items: failure },
    durationMs: { type: 'number', minimum: 0 },
  },
} as const;

const declared = {
  type: 'object',
  required: ['capabilities', 'profiles'],
  properties: {
    capabilities: { type: 'object', additionalProperties: { type: 'boolean' } },
    profiles: { type: 'object', required: ['teardown', 'persistedCreate'], properties: { teardown: { enum: ['scope-last', 'scope-first'] }, persistedCreate: { enum: ['reject-at-create', 'reject-at-flush'] } } },
    olderContract: { type: 'object' },
  },
} as const;

const evidence = {
  oneOf: [
    { type: 'object', required: ['unusable'], additionalProperties: false, properties: { unusable: text } },
    {
      type: 'object',
      required: ['declared', 'directed', 'chunks', 'hangs'],
      additionalProperties: false,
      properties: { declared, directed: { type: 'array', items: outcome }, chunks: { type: 'array', items: chunk }, hangs: { type: 'array', items: hang }, generatedNotMade: hang },
    },
  ],
} as const;

/** The fields of each kind of message, beside `kind`. */
const KINDS: Readonly<Record<string, Readonly<Record<string, object>>>> = {
  alive: { rss: { type: 'number', minimum: 0 } },
  loaded: {},
  stray: { origin: { enum: ['unhandled rejection', 'uncaught exception', 'built-in replaced'] }, message: text },
  usage: { message: text },
  'check-start': { check: text },
  step: { notices: { type: 'array', items: { type: 'object', required: ['index', 'step'], properties: { index: count, step } } } },
  observing: { op: text },
  confirming: { check: text, reason: text },
  hang: { hang },
  'check-end': { outcome },
  generated: {},
  progress: { progress: { type: 'object', required: ['done', 'total', 'chunks', 'label'], properties: { done: count, total: count, chunks: { type: 'object', required: ['done', 'total'], properties: { done: count, total: count } }, label: text } } },
  evidence: { evidence },
};

/** Fields a kind may leave out. */
const OPTIONAL = new Set(['alive.rss']);

const ajv = new Ajv({ allErrors: false, strict: false });
const validators = new Map<string, ValidateFunction>(
  Object.entries(KINDS).map(([kind, fields]) => [
    kind,
    ajv.compile({
      type: 'object',
      required: ['kind', ...Object.keys(fields).filter((field) => !OPTIONAL.has(`${kind}.${field}`))],
      additionalProperties: false,
      properties: { kind: { const: kind }, ...fields },
    }),
  ]),
);

/** The problem with a message from a `conform` worker (its token already taken off), or undefined when the protocol allows it. */
export function conformMessageProblem(message: unknown): string | undefined {
  const kind = typeof message === 'object' && message !== null ? (message as { kind?: unknown }).kind : undefined;
  const validate = typeof kind === 'string' ? validators.get(kind) : undefined;
  if (validate === undefined) return `a message of kind ${JSON.stringify(kind) ?? 'undefined'}, which the protocol does not have`;
  if (validate(message)) return undefined;
  const [error] = validate.errors ?? [];
  return `a message of kind ${JSON.stringify(kind)} that does not fit the protocol (${error === undefined ? 'invalid' : `${error.instancePath || 'the message'} ${error.message ?? 'is invalid'}`})`;
}
