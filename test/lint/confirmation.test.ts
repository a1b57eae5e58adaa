import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FORMATTERS, lint, RULES } from '../../tools/lint/index.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/lint/rules');
const BRANDS = "export type SessionId = string & { readonly __brand: 'SessionId' };\n";

describe('identity lint: semantic confirmation (issue 14)', () => {
  const scratch: string[] = [];
  afterEach(() => {
    for (const folder of scratch.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /** A folder with the given files (paths relative to it; folders created). */
  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'aik-lint-confirm-'));
    scratch.push(root);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, name)), { recursive: true });
      writeFileSync(join(root, name), text);
    }
    return root;
  }

  it("each rule's declared mode matches whether its findings went through the type checker", async () => {
    for (const rule of RULES) {
      const result = await lint({ cwd: join(fixtures, rule.id), paths: ['incorrect.ts'], config: { unconfirmed: 'error' } });
      const own = result.findings.filter((finding) => finding.ruleId === rule.id);
      expect(own.length, rule.id).toBeGreaterThan(0);
      const checked = own.filter((finding) => finding.confirmation?.status === 'confirmed').length;
      if (rule.mode === 'type-aware') expect(own.filter((finding) => finding.confirmation !== undefined).length, rule.id).toBeGreaterThan(0);
      // A syntactic rule may say it is unsure (only a name shows the shape); nothing confirms it.
      else expect(checked, rule.id).toBe(0);
    }
  });

  it('double-mint on an object whose own id was minted under another name is unconfirmed; an agent id or a bare id is an error', async () => {
    const root = tree({
      'package.json': JSON.stringify({ name: 'records' }),
      'record.ts': "declare function uuid(): string;\nexport function launch() {\n  const taskId = uuid();\n  const sessionId = uuid();\n  return { id: taskId, sessionId };\n}\n",
      'agent.ts': "declare function uuid(): string;\nexport function spawn() {\n  const agentId = uuid();\n  return { agentId, sessionId: uuid() };\n}\n",
      'bare.ts': "declare function uuid(): string;\nexport function spawn() {\n  return { id: uuid(), sessionId: uuid() };\n}\n",
    });
    const result = await lint({ cwd: root, config: {} });
    const levels = Object.fromEntries(result.findings.map((finding) => [finding.file, `${finding.ruleId} ${finding.severity}${finding.message.includes('(Unconfirmed: the object') ? ' unconfirmed' : ''}`]));
    expect(levels).toEqual({ 'record.ts': 'double-mint warning unconfirmed', 'agent.ts': 'double-mint error', 'bare.ts': 'double-mint error' });
  });

  it('id-text-parsing on an agent id known by its name only is unconfirmed; a mint in the file, an identity type or an agent object confirms it', async () => {
    const root = tree({
      'package.json': JSON.stringify({ name: 'tiers' }),
      'catalogue.ts': "export const isAcp = (agentId: string): boolean => agentId.startsWith('acp-');\n",
      'minted.ts':
        "declare function randomUUID(): string;\nexport const spawn = (): string => {\n  const agentId = `agent-local-${randomUUID()}`;\n  return agentId;\n};\nexport const isLocal = (agentId: string): boolean => agentId.startsWith('agent-local-');\n",
      'typed.ts': "export type AgentId = string & { readonly __brand: 'AgentId' };\nexport const isLocal = (agentId: AgentId): boolean => agentId.startsWith('agent-local-');\n",
      'object.ts': "export const isRemote = (agent: { readonly id: string }): boolean => agent.id.startsWith('acp:');\n",
      'session.ts': "export const isPending = (sessionId: string): boolean => sessionId.startsWith('pending_');\n",
    });
    const severities = async (config: Record<string, unknown>, syntactic = false) =>
      Object.fromEntries(
        (await lint({ cwd: root, config, syntactic })).findings.filter((finding) => finding.ruleId === 'id-text-parsing').map((finding) => [finding.file, `${finding.severity}${finding.message.includes('(Unconfirmed: only its name says') ? ' unconfirmed' : ''}`]),
      );
    expect(await severities({})).toEqual({ 'catalogue.ts': 'warning unconfirmed', 'minted.ts': 'error', 'typed.ts': 'error', 'object.ts': 'error', 'session.ts': 'error' });
    expect((await severities({ unconfirmed: 'error' }))['catalogue.ts']).toBe('error unconfirmed');
    expect(await severities({ unconfirmed: 'off' })).not.toHaveProperty('catalogue.ts');
    expect((await severities({}, true))['catalogue.ts']).toBe('error');
  });

  it("id-text-parsing on a 'header.id' follows the header's declaration: a session's is an error, a typed other header's nothing, an untyped one unconfirmed", async () => {
    const root = tree({
      'package.json': JSON.stringify({ name: 'headers' }),
      'typed.ts': "interface SessionHeader {\n  readonly id: string;\n}\nexport const isForked = (header: SessionHeader): boolean => header.id.startsWith('fork-');\n",
      'read.ts': "interface Session {\n  readonly header: { readonly id: string };\n}\nexport function isForked(session: Session): boolean {\n  const { header } = session;\n  return header.id.startsWith('fork-');\n}\n",
      'table.ts': "import type { Header } from '@tanstack/react-table';\nexport const isTargetColumn = (header: Header<unknown, unknown>): boolean => header.id.startsWith('target.');\n",
      'untyped.ts':
        "declare const table: { getHeaderGroups(): Array<{ headers: Array<{ id: string }> }> };\nexport const targets = table.getHeaderGroups().flatMap((headerGroup) => headerGroup.headers.filter((header) => header.id.startsWith('target.')));\n",
    });
    const result = await lint({ cwd: root, config: {} });
    const levels = Object.fromEntries(
      result.findings.filter((finding) => finding.ruleId === 'id-text-parsing').map((finding) => [finding.file, `${finding.severity}${finding.message.includes("(Unconfirmed: 'header' is neither typed as nor read from an agent or a session") ? ' unconfirmed' : ''}`]),
    );
    expect(levels).toEqual({ 'typed.ts': 'error', 'read.ts': 'error', 'untyped.ts': 'warning unconfirmed' });
  });

  it('--syntactic reports the candidates unconfirmed checks would drop, and nothing carries a confirmation', async () => {
    const folder = join(fixtures, 'two-id-members');
    const checked = await lint({ cwd: folder, paths: ['correct.ts'], config: {} });
    const syntactic = await lint({ cwd: folder, paths: ['correct.ts'], config: {}, syntactic: true });
    expect(checked.findings).toEqual([]);
    expect(syntactic.findings.map((finding) => finding.symbol)).toEqual(expect.arrayContaining(['TerminalAttach', 'TeamMessage', 'VendorBridge']));
    expect(syntactic.findings.every((finding) => finding.confirmation === undefined)).toBe(true);
    expect(syntactic.rules.every((run) => run.mode === 'syntactic')).toBe(true);
  });

  it('gives a package the same findings whether it is linted alone or with the whole monorepo (bases resolved through imports)', async () => {
    const root = tree({
      'package.json': JSON.stringify({ name: 'acme', private: true, workspaces: ['packages/*'] }),
      'packages/core/package.json': JSON.stringify({ name: '@acme/core' }),
      'packages/core/src/index.ts': `${BRANDS}export interface HasAgent {\n  readonly agentId: string;\n}\n`,
      'packages/app/package.json': JSON.stringify({ name: '@acme/app' }),
      'packages/app/src/options.ts':
        "import type { HasAgent, SessionId } from '@acme/core';\n\nexport interface StartOptions extends HasAgent {\n  readonly sessionId: SessionId;\n}\n",
    });
    const whole = await lint({ cwd: root, config: {} });
    const alone = await lint({ cwd: root, paths: ['packages/app'], config: {} });
    expect(whole.files).toBe(2);
    expect(alone.files).toBe(1);
    expect(alone.findings).toEqual(whole.findings);
    // The session id is typed, the agent id only named (`agentId: string`): a warning.
    expect(alone.findings.map((finding) => [finding.ruleId, finding.symbol, finding.severity])).toEqual([['two-id-members', 'StartOptions', 'warning']]);
    expect(alone.findings[0]?.message).toContain("'agentId' (from 'HasAgent') and 'sessionId'");
    // By name over the run only: the base's package must be in the run.
    const syntactic = await lint({ cwd: root, paths: ['packages/app'], config: {}, syntactic: true });
    expect(syntactic.findings).toEqual([]);
  });

  it('reads a base from another package through what its type is built of (aliases, intersections, indexed access), not through a class’s method bodies', async () => {
    const root = tree({
      'package.json': JSON.stringify({ name: 'acme', private: true, workspaces: ['packages/*'] }),
      'packages/core/package.json': JSON.stringify({ name: '@acme/core' }),
      'packages/core/src/index.ts': [
        BRANDS,
        "export type AgentId = string & { readonly __brand: 'AgentId' };",
        'interface Identified {',
        '  readonly agentId: AgentId;',
        '}',
        'export type WithAgent = Identified & { readonly label: string };',
        'interface Registry {',
        '  readonly entry: { readonly agentId: AgentId };',
        '}',
        "export type ViaIndex = Registry['entry'];",
        'export { Identified as Renamed };',
        'export class Worker {',
        "  readonly label = 'worker';",
        '  describe(): string {',
        "    const agentId = 'in a method body: no member';",
        '    return agentId;',
        '  }',
        '}',
        '',
      ].join('\n'),
      'packages/app/package.json': JSON.stringify({ name: '@acme/app' }),
      'packages/app/src/options.ts': [
        "import type { Renamed, SessionId, ViaIndex, WithAgent, Worker } from '@acme/core';",
        'export interface FromAlias extends WithAgent {',
        '  readonly sessionId: SessionId;',
        '}',
        'export interface FromIndex extends ViaIndex {',
        '  readonly sessionId: SessionId;',
        '}',
        'export interface FromRenamed extends Renamed {',
        '  readonly sessionId: SessionId;',
        '}',
        'export interface FromWorker extends Worker {',
        '  readonly sessionId: SessionId;',
        '}',
        '',
      ].join('\n'),
    });
    const alone = await lint({ cwd: root, paths: ['packages/app'], config: {} });
    expect(alone.findings.map((finding) => [finding.ruleId, finding.symbol, finding.severity])).toEqual([
      ['two-id-members', 'FromAlias', 'error'],
      ['two-id-members', 'FromIndex', 'error'],
      ['two-id-members', 'FromRenamed', 'error'],
    ]);
  });

  it('resolves a workspace package’s subpath through its package.json exports, to the source of the export’s target', async () => {
    const root = tree({
      'package.json': JSON.stringify({ name: 'acme', private: true, workspaces: ['packages/*'] }),
      'packages/core/package.json': JSON.stringify({ name: '@acme/core', exports: { './agents': { types: './dist/lib/agents/index.d.ts', default: './dist/lib/agents/index.js' } } }),
      'packages/core/src/lib/agents/index.ts': `${BRANDS}export type AgentId = string & { readonly __brand: 'AgentId' };\nexport interface HasAgent {\n  readonly agentId: AgentId;\n}\n`,
      'packages/app/package.json': JSON.stringify({ name: '@acme/app' }),
      'packages/app/src/options.ts':
        "import type { HasAgent, SessionId } from '@acme/core/agents';\n\nexport interface StartOptions extends HasAgent {\n  readonly sessionId: SessionId;\n}\n",
    });
    const alone = await lint({ cwd: root, paths: ['packages/app'], config: {} });
    // Both ids typed, the agent one through the export's source (src/lib/agents, not src/agents): an error.
    expect(alone.findings.map((finding) => [finding.ruleId, finding.symbol, finding.severity])).toEqual([['two-id-members', 'StartOptions', 'error']]);
  });

  it("decides plain-string pairs by how the package builds them: together is an error, a session minted for a given agent is dropped, no evidence is a warning that says why", async () => {
    const root = tree({
      'package.json': JSON.stringify({ name: 'pairs', private: true }),
      'types.ts':
        'export interface Opened { agentId: string; sessionId: string }\nexport interface Started { agent_id: string; run_session_id: string }\nexport interface Joined { agentId: string; chatSessionId: string }\n',
      'open.ts': [
        "import { randomUUID } from 'node:crypto';",
        "import type { Opened, Started } from './types.js';",
        'export function open(agentId: string): Opened {',
        '  const sessionId = randomUUID();',
        '  return { agentId, sessionId };',
        '}',
        'export function start(): Started {',
        '  return { agent_id: randomUUID(), run_session_id: randomUUID() };',
        '}',
        '',
      ].join('\n'),
      'calls.ts': [
        'export function record(hostAgentId: string, hostSessionId: string): void {}',
        'export function attach(workerAgentId: string, workerSessionId: string): void {}',
        'export function begin(agentId: string): void {',
        '  record(agentId, `${Date.now()}`);',
        '  attach(agentId, `session-${agentId}`);',
        '}',
        '',
      ].join('\n'),
    });
    const result = await lint({ cwd: root, config: {} });
    expect(result.findings.map((finding) => [finding.ruleId, finding.symbol, finding.severity])).toEqual([
      ['two-id-parameters', 'attach', 'error'],
      ['double-mint', 'start', 'error'],
      ['two-id-members', 'Started', 'error'],
      ['two-id-members', 'Joined', 'warning'],
    ]);
    expect(result.unconfirmedLeftOut).toBe(0);
    expect(result.findings.find((finding) => finding.symbol === 'Joined')?.confirmation?.reason).toBe(
      "only names relate 'agentId' and 'chatSessionId', and no code of this package mints or builds them together, so the type checker cannot tell one lifecycle from a persona used by many sessions",
    );
    // `unconfirmed: 'off'` leaves the name-level candidate out and counts it.
    expect(await lint({ cwd: root, config: { unconfirmed: 'off' } })).toMatchObject({ unconfirmedLeftOut: 1 });
    const started = result.findings.find((finding) => finding.symbol === 'Started');
    expect(started?.confirmation).toEqual({ status: 'confirmed', reason: "'start' (open.ts:8) mints both ids, so they name one lifecycle" });
    expect(started?.message).toContain("(Confirmed: 'start' (open.ts:8) mints both ids, so they name one lifecycle.)");
    expect(result.findings.find((finding) => finding.symbol === 'attach')?.confirmation?.reason).toBe("'begin' (calls.ts:5) builds one id from the other, so they name one lifecycle");
    // The evidence is read from the package on disk: linting one file gives it the same verdict.
    const alone = await lint({ cwd: root, paths: ['types.ts'], config: {} });
    expect(alone.findings).toEqual(result.findings.filter((finding) => finding.file === 'types.ts'));
    // With both kinds of evidence the checker cannot tell: listed on request, saying why.
    writeFileSync(join(root, 'resume.ts'), "import { randomUUID } from 'node:crypto';\nexport const resume = () => ({ agentId: randomUUID(), sessionId: randomUUID() });\n");
    const mixed = await lint({ cwd: root, paths: ['types.ts'], config: { unconfirmed: 'warning' } });
    const opened = mixed.findings.find((finding) => finding.symbol === 'Opened');
    expect(opened?.severity).toBe('warning');
    expect(opened?.confirmation?.reason).toBe(
      "only names relate 'agentId' and 'sessionId', and 'open' (open.ts:5) mints the session id for an agent id it takes from elsewhere (one agent, many sessions) while 'resume' (resume.ts:2) mints both ids (one lifecycle)",
    );
  });

  it('decides a typed pair by its types unless the code refutes it: drops one it uses apart (a new session for an agent id from elsewhere), an error for one it mints together and for one it says nothing about', async () => {
    const root = tree({
      'package.json': JSON.stringify({ name: 'typed-pairs', private: true }),
      'ids.ts': "export type AgentId = string & { readonly __brand: 'AgentId' };\n" + BRANDS,
      'records.ts': [
        "import type { AgentId, SessionId } from './ids.js';",
        'export interface Opened { readonly agentId: AgentId; readonly sessionId: SessionId }',
        'export interface Spawned { readonly agentId: AgentId; readonly runSessionId: SessionId }',
        'export interface Joined { readonly agentId: AgentId; readonly joinSessionId: SessionId }',
        '',
      ].join('\n'),
      'spawn.ts': [
        "import { randomUUID } from 'node:crypto';",
        "import type { AgentId, SessionId } from './ids.js';",
        "import type { Spawned } from './records.js';",
        '/** A spawn mints both ids: one lifecycle, two names. */',
        'export const spawn = (): Spawned => ({ agentId: randomUUID() as AgentId, runSessionId: randomUUID() as SessionId });',
        '',
      ].join('\n'),
      'attach.ts': [
        "import { randomUUID } from 'node:crypto';",
        "import type { AgentId, SessionId } from './ids.js';",
        '/** Typed parameters, decided at the call sites too: this one is handed two fresh ids. */',
        'export function attach(agentId: AgentId, hostSessionId: SessionId): void {}',
        'export const attached = (): void => attach(randomUUID() as AgentId, randomUUID() as SessionId);',
        '',
      ].join('\n'),
      'open.ts': [
        "import { randomUUID } from 'node:crypto';",
        "import type { AgentId, SessionId } from './ids.js';",
        "import type { Opened } from './records.js';",
        '/** A persistent agent: each open starts one more of its sessions. */',
        'export function open(agentId: AgentId): Opened {',
        '  const sessionId = randomUUID() as SessionId;',
        '  return { agentId, sessionId };',
        '}',
        '',
      ].join('\n'),
    });
    // Nor is that `AgentId` a second id type for objects keyed by `SessionId`: the agents are keyed by it.
    const result = await lint({ cwd: root, config: {} });
    expect(result.findings.map((finding) => [finding.ruleId, finding.symbol, finding.severity])).toEqual([
      ['two-id-parameters', 'attach', 'error'],
      ['two-id-members', 'Spawned', 'error'],
      ['two-id-members', 'Joined', 'error'],
      ['double-mint', 'spawn', 'error'],
    ]);
    expect(result.findings[0]?.message).toContain("(Confirmed: 'attached' (attach.ts:5) mints both ids, so they name one lifecycle.)");
    expect(result.findings[1]?.message).toContain("(Confirmed: 'spawn' (spawn.ts:5) mints both ids, so they name one lifecycle.)");
    // The types alone prove the pair the code says nothing about.
    expect(result.findings[2]?.message).toContain("(Confirmed: 'agentId' and 'joinSessionId' are typed as two identities.)");
  });

  it("decides a session minted for a parameter's agent by the callers: filing that agent under its id for the session is one lifecycle, a persona's is not", async () => {
    const files = {
      'package.json': JSON.stringify({ name: 'orchestra', private: true }),
      'types.ts': [
        'export interface AgentSession { id: string; agentId: string; startedAt: number }',
        'export interface PersonaSession { id: string; agentId: string }',
        'export interface Spawned { agentId: string; profile: { id: string }; sessionId: string }',
        'export interface MemoryEntry { agentId: string; sessionId: string; text: string }',
        '',
      ].join('\n'),
      'sessions.ts': [
        "import type { AgentSession, PersonaSession } from './types.js';",
        'export class Sessions {',
        '  open(profile: { id: string }): AgentSession {',
        '    const session: AgentSession = { id: `session_${Date.now()}`, agentId: profile.id, startedAt: 0 };',
        '    return session;',
        '  }',
        '  chat(persona: { id: string }): PersonaSession {',
        '    const session: PersonaSession = { id: `chat_${Date.now()}`, agentId: persona.id };',
        '    return session;',
        '  }',
        '}',
        '',
      ].join('\n'),
      'orchestrator.ts': [
        "import { Sessions } from './sessions.js';",
        'declare function retry<T>(run: () => T): T;',
        'declare function emit(event: object): void;',
        'const agents = new Map<string, { id: string }>();',
        'const sessions = new Sessions();',
        'export function spawnAgent(profile: { id: string }): string {',
        '  const session = retry(() => sessions.open(profile));',
        '  agents.set(profile.id, profile);',
        '  emit({ agentId: profile.id, profile, sessionId: session.id });',
        '  return session.id;',
        '}',
        'export const talk = (persona: { id: string }) => sessions.chat(persona);',
        '',
      ].join('\n'),
    };
    const root = tree(files);
    const result = await lint({ cwd: root, config: {} });
    expect(result.findings.map((finding) => [finding.ruleId, finding.symbol, finding.severity, finding.confirmation?.reason])).toEqual([
      [
        'two-id-members',
        'AgentSession',
        'error',
        "'Sessions.session' (sessions.ts:4) mints the session id for the agent that its caller 'spawnAgent' (orchestrator.ts:7) files under 'profile.id' in the same creation, so they name one lifecycle",
      ],
      ['two-id-members', 'Spawned', 'error', "'spawnAgent' (orchestrator.ts:9) opens the session through 'open' and files the agent under 'profile.id' in the same creation, so they name one lifecycle"],
      [
        'two-id-members',
        'MemoryEntry',
        'warning',
        "only names relate 'agentId' and 'sessionId', and no code of this package mints or builds them together, so the type checker cannot tell one lifecycle from a persona used by many sessions",
      ],
    ]);
    // `PersonaSession` is a persona's (its session is minted for an agent nobody files for it): dropped;
    // the emitted literal cannot be a `MemoryEntry` (it has a `profile`), so that pair stays a warning.
    // Only the registration ties them: without it the session is a new one for an existing agent.
    writeFileSync(join(root, 'orchestrator.ts'), files['orchestrator.ts'].replace('  agents.set(profile.id, profile);\n', ''));
    expect((await lint({ cwd: root, config: {} })).findings.map((finding) => [finding.symbol, finding.severity])).toEqual([
      ['Spawned', 'warning'],
      ['MemoryEntry', 'warning'],
    ]);
    // A session type's own id is read only with the evidence: `--syntactic` keeps today's findings.
    expect((await lint({ cwd: root, config: {}, syntactic: true })).findings.map((finding) => finding.symbol)).toEqual(['Spawned', 'MemoryEntry']);
  });

  it('decides a map filled at run time as it decides plain-string pairs, with one finding per map', async () => {
    const root = tree({
      'package.json': JSON.stringify({ name: 'maps', private: true }),
      'spawn.ts': [
        "import { randomUUID } from 'node:crypto';",
        'const sessionFor = new Map<string, string>();',
        'export function spawn(): { agentId: string; sessionId: string } {',
        '  const spawned = { agentId: randomUUID(), sessionId: randomUUID() };',
        '  sessionFor.set(spawned.agentId, spawned.sessionId);',
        '  return spawned;',
        '}',
        'export function respawn(agentId: string, sessionId: string): void {',
        '  sessionFor.set(agentId, sessionId);',
        '}',
        '',
      ].join('\n'),
      'persona.ts': [
        "import { randomUUID } from 'node:crypto';",
        'const current = new Map<string, { run_session_id: string }>();',
        'export function open(agent_id: string) {',
        '  const run_session_id = randomUUID();',
        '  current.set(agent_id, { run_session_id });',
        '  return { agent_id, run_session_id };',
        '}',
        '',
      ].join('\n'),
    });
    const result = await lint({ cwd: root, config: { unconfirmed: 'warning' } });
    const maps = result.findings.filter((finding) => finding.ruleId === 'id-translation-map');
    expect(maps.map((finding) => [finding.file, finding.line, finding.severity, finding.confirmation?.reason])).toEqual([
      ['spawn.ts', 5, 'error', "'spawned' (spawn.ts:4) mints both ids, so they name one lifecycle"],
    ]);
    // With the syntax alone, the persona's pointer to its current session is proposed too.
    const syntactic = await lint({ cwd: root, config: {}, syntactic: true });
    expect(syntactic.findings.filter((finding) => finding.ruleId === 'id-translation-map').map((finding) => [finding.file, finding.line])).toEqual([
      ['persona.ts', 5],
      ['spawn.ts', 5],
    ]);
  });

  it('reports a map from a session id to the agent object (whose own id is filed as the agent id) at its declaration', async () => {
    const root = tree({
      'package.json': JSON.stringify({ name: 'profiles', private: true }),
      'sessions.ts': [
        "import { randomUUID } from 'node:crypto';",
        'export class Sessions {',
        '  private readonly profiles = new Map<string, { id: string }>();',
        '  private readonly labels = new Map<string, { id: string }>();',
        '  private readonly titles = new Map<string, { id: string }>();',
        '  open(profile: { id: string }, sessionId: string) {',
        '    this.profiles.set(sessionId, profile);',
        '    this.labels.set(sessionId, profile);',
        '    return { agentId: profile.id, sessionId };',
        '  }',
        '  name(label: { id: string }, sessionId: string) {',
        '    this.labels.set(sessionId, label);',
        '    this.titles.set(sessionId, label);',
        '  }',
        '}',
        'export const spawned = () => ({ agentId: randomUUID(), sessionId: randomUUID() });',
        '',
      ].join('\n'),
    });
    const result = await lint({ cwd: root, config: {} });
    const maps = result.findings.filter((finding) => finding.ruleId === 'id-translation-map');
    // One finding per map, at its declaration ('labels' is filled with the agent object in 'open'
    // and with something else in 'name': one construct); 'titles' holds a value whose id is never
    // filed as an agent id, so it is not the agent.
    expect(maps.map((finding) => [finding.line, finding.symbol])).toEqual([
      [3, 'Sessions.profiles'],
      [4, 'Sessions.labels'],
    ]);
    expect(maps[0]?.message).toContain("fills 'this.profiles' with 'sessionId' → 'profile', the agent whose own id is its 'agentId'");
  });

  it('says why it could not confirm, in the message and the SARIF properties, and offers no fix then', async () => {
    const root = tree({
      'session.ts':
        "import type { Session } from './missing-module.js';\n\nexport class AgentRun {\n  readonly sessionId: string;\n  constructor(readonly session: Session, sessionId: string) {\n    this.sessionId = sessionId;\n  }\n}\n",
    });
    // An unresolved type lowers the level, it never drops a candidate: a warning by default.
    expect(await lint({ cwd: root, config: { unconfirmed: 'off' } })).toMatchObject({ findings: [], unconfirmedLeftOut: 1 });
    const result = await lint({ cwd: root, config: {} });
    const [finding] = result.findings;
    expect(finding?.ruleId).toBe('duplicate-identity');
    expect(finding?.severity).toBe('warning');
    expect(finding?.confirmation).toEqual({ status: 'unknown', reason: "the type checker could not resolve 'Session' (imported from './missing-module.js')" });
    expect(finding?.message).toContain("(Unconfirmed: the type checker could not resolve 'Session' (imported from './missing-module.js').)");
    expect(finding?.message).not.toContain('get sessionId()');
    const sarif = JSON.parse(FORMATTERS.sarif(result)) as { runs: Array<{ results: Array<{ properties?: Record<string, string> }> }> };
    expect(sarif.runs[0]?.results[0]?.properties).toEqual({
      confirmation: 'unknown',
      confirmationReason: "the type checker could not resolve 'Session' (imported from './missing-module.js')",
    });
  });

  it('names the property the home really has in the fix, and confirms a copy from the constructor', async () => {
    const result = await lint({ cwd: join(fixtures, 'duplicate-identity'), paths: ['incorrect.ts'], config: {} });
    const cli = result.findings.find((finding) => finding.symbol === 'CliSession.sessionId');
    expect(cli?.confirmation).toEqual({ status: 'confirmed' });
    expect(cli?.message).toContain("'get sessionId() { return this.sdkSession.sessionId; }'");
  });

  it('reports a session id taken from a call handed a freshly minted agent id as a double mint, but does not read it as evidence for same-named pairs', async () => {
    const root = tree({
      'package.json': JSON.stringify({ name: 'spawner', private: true }),
      'types.ts': 'export interface Context { agentId: string; sessionId: string }\n',
      'spawn.ts': [
        'declare function spawnAgent(profile: { id: string }): Promise<string>;',
        'export async function spawnTool() {',
        '  const profile = { id: `agent_${Date.now()}` };',
        '  const sessionId = await spawnAgent(profile);',
        '  return { agentId: profile.id, sessionId };',
        '}',
        '',
      ].join('\n'),
    });
    const result = await lint({ cwd: root, config: {} });
    expect(result.findings.map((finding) => [finding.ruleId, finding.symbol, finding.severity])).toEqual([
      ['double-mint', 'spawnTool', 'error'],
      ['two-id-members', 'Context', 'warning'],
    ]);
    expect(result.findings[0]?.message).toContain("takes 'sessionId' from 'spawnAgent(…)'");
    // The pair type stays a warning: the evidence matches pairs by name, and a package may use one name for several kinds of session.
  });

  it('reports an agent-id type only where its objects are ones a session id could key, and its package mints the two ids together', async () => {
    const SPAWN = "import { randomUUID } from 'node:crypto';\nexport const spawn = () => ({ agentId: randomUUID(), sessionId: randomUUID() });\n";
    const generator = tree({ 'package.json': '{ "name": "codegen" }', 'fixtures/types.ts': 'export type AgentId = string;\nexport type UserId = string;\n' });
    expect((await lint({ cwd: generator, config: {} })).findings).toEqual([]);
    const harness = tree({
      'package.json': '{ "name": "harness" }',
      'src/types.ts': 'export type AgentId = string;\n',
      'src/run.ts': "import type { AgentId } from './types.js';\nexport interface Owned { readonly owner: AgentId }\nexport const open = (sessionId: string) => sessionId;\n",
    });
    // Beside session ids that are only named (no `SessionId` type), and without code that mints or
    // builds the two ids together, names alone relate them: a warning.
    expect((await lint({ cwd: harness, config: {} })).findings.map((finding) => [finding.ruleId, finding.severity])).toEqual([['agent-id-type', 'warning']]);
    // Beside a `SessionId` type, the declarations prove it: an error.
    const typed = tree({ 'package.json': '{ "name": "typed" }', 'src/types.ts': `export type AgentId = string;\n${BRANDS}` });
    expect((await lint({ cwd: typed, config: {} })).findings.map((finding) => [finding.ruleId, finding.severity])).toEqual([['agent-id-type', 'error']]);
    writeFileSync(join(harness, 'src/spawn.ts'), SPAWN);
    expect((await lint({ cwd: harness, config: {} })).findings.map((finding) => finding.ruleId)).toEqual(['double-mint', 'agent-id-type']);
    // Only declared, in a package that names a session id elsewhere.
    const declared = tree({ 'package.json': '{ "name": "declared" }', 'src/types.ts': 'export type AgentId = string;\n', 'src/run.ts': 'export const open = (sessionId: string) => sessionId;\n', 'src/spawn.ts': SPAWN });
    expect((await lint({ cwd: declared, config: {} })).findings.map((finding) => finding.ruleId)).toEqual(['double-mint', 'agent-id-type']);
    // A swarm's composite agent key: the package names session ids, but never where the key is used.
    const swarm = tree({
      'package.json': '{ "name": "swarm" }',
      'src/types.ts': 'export interface AgentId { id: string; swarmId: string }\n',
      'src/agent.ts': "import type { AgentId } from './types.js';\nexport interface AgentState { id: AgentId }\n",
      'src/mcp.ts': 'export const route = (sessionId: string) => sessionId;\n',
      'src/spawn.ts': SPAWN,
    });
    expect((await lint({ cwd: swarm, config: {} })).findings.map((finding) => finding.ruleId)).toEqual(['double-mint']);
  });

  it('re-confirms cached candidates when another file changes (a type-aware finding depends on other files)', async () => {
    const root = tree({
      'agent.ts': "export interface Agent {\n  readonly id: string;\n}\n",
      'record.ts': "import type { Agent } from './agent.js';\n\nexport interface RunRecord {\n  readonly agent: Agent;\n  readonly sessionId: string;\n}\n",
    });
    const cache = { cache: '.aik-cache/lint.json', config: {} };
    expect((await lint({ cwd: root, ...cache })).findings.map((finding) => finding.symbol)).toEqual(['RunRecord']);
    // The agent becomes a definition without an id of its own: record.ts is unchanged (a cache hit), its finding goes.
    writeFileSync(join(root, 'agent.ts'), 'export interface Agent {\n  readonly name: string;\n}\n');
    expect((await lint({ cwd: root, ...cache })).findings).toEqual([]);
  });

  it('reads a file with a byte order mark before its shebang as tsc does (no syntax error)', async () => {
    const root = tree({ 'cli.ts': `\uFEFF#!/usr/bin/env node\n${BRANDS}export const isLocal = (sessionId: SessionId) => sessionId.startsWith('local-');\n` });
    const result = await lint({ cwd: root, config: {} });
    expect(result.findings.map((finding) => `${finding.ruleId}:${finding.line}:${finding.column}`)).toEqual(['id-text-parsing:3:50']);
  });
});
