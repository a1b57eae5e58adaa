import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyName, classifyTypeName, resolveVocabulary, splitWords } from '../../tools/lint/_internals/identity-names.js';
import { lint } from '../../tools/lint/index.js';

describe('identity vocabulary', () => {
  const vocabulary = resolveVocabulary(undefined);

  it('splits camelCase, PascalCase, snake_case, SCREAMING_CASE, acronyms and private names', () => {
    expect(splitWords('agentId')).toEqual(['agent', 'id']);
    expect(splitWords('AgentID')).toEqual(['agent', 'id']);
    expect(splitWords('resume_session_id')).toEqual(['resume', 'session', 'id']);
    expect(splitWords('SESSION_ID')).toEqual(['session', 'id']);
    expect(splitWords('#agentIdBySession')).toEqual(['agent', 'id', 'by', 'session']);
    expect(splitWords('HTTPSessionId')).toEqual(['http', 'session', 'id']);
  });

  it.each([
    ['agentId', 'agent-id'],
    ['agent_id', 'agent-id'],
    ['AgentId', 'agent-id'],
    ['AGENT_ID', 'agent-id'],
    ['childAgentId', 'agent-id'],
    ['agentId2', 'agent-id'],
    ['sessionId', 'session-id'],
    ['resumeSessionId', 'session-id'],
    ['session_id', 'session-id'],
    ['childSessionId', 'session-id'],
    ['parentSessionId', 'lineage'],
    ['parent_agent_id', 'lineage'],
    ['parentSession', 'lineage'],
    ['wireSessionId', 'wire-local'],
    ['remote_session_id', 'wire-local'],
    ['acpChildSessionId', 'wire-local'],
    ['providerSessionId', 'wire-local'],
    ['sdk_session_id', 'wire-local'],
    ['claudeSessionId', 'wire-local'],
    ['codexSessionId', 'wire-local'],
    ['agentLabel', 'label'],
    ['label', 'label'],
  ])('%s is %s', (name, kind) => {
    expect(classifyName(name, vocabulary)).toBe(kind);
  });

  it.each(['id', 'runId', 'agent', 'session', 'sessions', 'agentName2x', 'idle', 'video', 'sessionTimeout', 'agentidentity'])('%s is not an identity name', (name) => {
    expect(classifyName(name, vocabulary)).toBeUndefined();
  });

  it('classifies type names: id types and the objects', () => {
    expect(classifyTypeName('AgentId')).toBe('agent-id');
    expect(classifyTypeName('SessionID')).toBe('session-id');
    expect(classifyTypeName('LiveAgent')).toBe('agent-object');
    expect(classifyTypeName('Session')).toBe('session-object');
    expect(classifyTypeName('SessionStore')).toBeUndefined();
  });

  it('adds configured allow-list entries, matched whatever the spelling', () => {
    const configured = resolveVocabulary({ labelNames: ['ownerAgentId'], wireLocalNames: ['peer_session_id'], compatibilityFields: ['HookPayload.agent_id'] });
    expect(classifyName('owner_agent_id', configured)).toBe('label');
    expect(classifyName('peerSessionId', configured)).toBe('wire-local');
    expect(classifyName('agent_id', configured, 'HookPayload')).toBe('compatibility');
    expect(classifyName('agent_id', configured, 'Other')).toBe('agent-id');
  });

  it('a configured compatibility field is not a finding; the same shape elsewhere is', async () => {
    const root = mkdtempSync(join(tmpdir(), 'aik-lint-vocabulary-'));
    try {
      writeFileSync(
        join(root, 'hooks.ts'),
        'export interface HookPayload { session_id: string; agent_id: string }\nexport interface Other { session_id: string; agent_id: string }\n',
      );
      const result = await lint({ cwd: root, config: { unconfirmed: 'warning', vocabulary: { compatibilityFields: ['HookPayload.agent_id'] } } });
      expect(result.findings.map((finding) => `${finding.ruleId}:${finding.symbol}`)).toEqual(['two-id-members:Other']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
