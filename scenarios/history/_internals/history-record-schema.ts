import { HISTORY_EVENT_TYPES, HISTORY_OPERATIONS } from '../history-format.js';

const token = { anyOf: [{ type: 'string', minLength: 1 }, { type: 'integer', minimum: 0 }] };

/** The JSON Schema of one history line (README.md "Checking a production log"). */
export const HISTORY_RECORD_SCHEMA = {
  type: 'object',
  required: ['seq', 'kind'],
  properties: {
    seq: { type: 'integer', minimum: 0 },
    kind: { enum: ['invoke', 'ok', 'fail', 'info', 'event'] },
  },
  if: { properties: { kind: { const: 'event' } } },
  then: {
    required: ['type', 'subject'],
    additionalProperties: false,
    properties: {
      seq: true,
      kind: true,
      type: { enum: [...HISTORY_EVENT_TYPES] },
      subject: {
        type: 'object',
        required: ['id', 'object'],
        additionalProperties: false,
        properties: { id: { type: 'string', minLength: 1 }, object: token },
      },
    },
  },
  else: {
    required: ['call', 'op'],
    additionalProperties: false,
    properties: {
      seq: true,
      kind: true,
      call: token,
      op: { enum: [...HISTORY_OPERATIONS] },
      args: true,
      result: true,
      error: true,
    },
  },
} as const;
