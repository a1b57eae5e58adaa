/**
 * Every rule of the identity lint, in the order of docs/contract.md §6. Adding a rule touches this
 * list, its module and its `docs/rules/<id>.md` page.
 */
import { agentBySessionId } from './agent-by-session-id.js';
import { agentIdType } from './agent-id-type.js';
import { derivedId } from './derived-id.js';
import { doubleMint } from './double-mint.js';
import { duplicateIdentity } from './duplicate-identity.js';
import { idTextParsing } from './id-text-parsing.js';
import { idTranslationMap } from './id-translation-map.js';
import type { Rule } from './rule.js';
import { twoIdMembers } from './two-id-members.js';
import { twoIdParameters } from './two-id-parameters.js';

/** The rules, each enforcing AIK-ID-004 for one shape of docs/contract.md §6. */
export const RULES: readonly Rule[] = [
  twoIdMembers,
  twoIdParameters,
  idTranslationMap,
  duplicateIdentity,
  doubleMint,
  agentIdType,
  idTextParsing,
  derivedId,
  agentBySessionId,
];
