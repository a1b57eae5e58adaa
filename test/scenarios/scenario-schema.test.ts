import { readFileSync } from 'node:fs';
import { Project, ts, type Type } from 'ts-morph';
import { describe, expect, it } from 'vitest';

/** The schema as data: `definitions` by name, the root as `scenario`. */
const schema = JSON.parse(readFileSync('scenarios/scenario.schema.json', 'utf8')) as {
  properties: Record<string, unknown>;
  required: string[];
  definitions: Record<string, { properties?: Record<string, { const?: string; enum?: string[] }>; required?: string[] }>;
};
const definition = (name: string) => (name === 'scenario' ? { properties: schema.properties, required: schema.required } : schema.definitions[name]);

const project = new Project({ tsConfigFilePath: 'tsconfig.json', skipAddingFilesFromTsConfig: true });
const scenarioFile = project.addSourceFileAtPath('src/contract/scenario.ts');
const adapterFile = project.addSourceFileAtPath('src/contract/adapter.ts');
const storeFile = project.addSourceFileAtPath('src/contract/durable-store.ts');

function typeOf(name: string): Type {
  for (const file of [scenarioFile, adapterFile, storeFile]) {
    const found = file.getInterface(name) ?? file.getTypeAlias(name);
    if (found !== undefined) return found.getType();
  }
  throw new Error(`no type ${name}`);
}

function members(type: Type): { names: string[]; required: string[] } {
  const properties = type.getProperties();
  return {
    names: properties.map((property) => property.getName()).sort(),
    required: properties.filter((property) => !property.hasFlags(ts.SymbolFlags.Optional)).map((property) => property.getName()).sort(),
  };
}

/** Every object type of a scenario file and the schema definition that must describe it. */
const PAIRS: Record<string, string> = {
  Scenario: 'scenario',
  ScenarioCheck: 'scenarioCheck',
  ConfigEntryExpectation: 'configEntryExpectation',
  PlanOutcomeExpectation: 'planOutcomeExpectation',
  HeaderExpectation: 'headerExpectation',
  InjectedRef: 'injectedRef',
  CreateStep: 'createStep',
  ResumeStep: 'resumeStep',
  SpawnStep: 'spawnStep',
  SpawnRemoteStep: 'spawnRemoteStep',
  HandleStep: 'handleStep',
  OwnerStep: 'ownerStep',
  UnloadStep: 'unloadStep',
  ShutdownStep: 'shutdownStep',
  RestartStep: 'restartStep',
  ListenStep: 'listenStep',
  UnlistenStep: 'unlistenStep',
  ReleaseStep: 'releaseStep',
  TurnsStep: 'turnsStep',
  ReleaseTurnsStep: 'releaseTurnsStep',
  FaultStep: 'faultStep',
  HealStep: 'healStep',
  BridgeOpenStep: 'bridgeOpenStep',
  StartJobStep: 'startJobStep',
  JobAuthorization: 'jobAuthorization',
  AwaitStep: 'awaitStep',
  StepCondition: 'stepCondition',
  SettleStep: 'settleStep',
  UntilStep: 'untilStep',
  CreateInput: 'createInput',
  CreateMeta: 'createMeta',
  ResumeInput: 'resumeInput',
  SpawnInput: 'spawnInput',
  SpawnRemoteInput: 'spawnRemoteInput',
  ListenPlan: 'listenPlan',
  SetupPlan: 'setupPlan',
  SignalPlan: 'signalPlan',
  ConfigEntry: 'configEntry',
  ConfigInput: 'configInput',
  DurableRecord: 'durableRecord',
  StoredHeader: 'storedHeader',
  StoredEvent: 'storedEvent',
};

describe('the scenario JSON Schema and the TypeScript type agree', () => {
  it.each(Object.entries(PAIRS))('%s has the fields of schema definition %s, with the same required ones', (typeName, definitionName) => {
    const schemaSide = definition(definitionName);
    if (schemaSide === undefined) throw new Error(`no schema definition ${definitionName}`);
    const typeSide = members(typeOf(typeName));
    expect(Object.keys(schemaSide.properties ?? {}).sort(), 'field names').toEqual(typeSide.names);
    expect([...(schemaSide.required ?? [])].sort(), 'required fields').toEqual(typeSide.required);
  });

  it('names every step kind in both, with the same op values', () => {
    const stepTypes = typeOf('ScenarioStep').getUnionTypes();
    const typeOps = stepTypes.flatMap((step) => {
      const op = step.getProperty('op')?.getTypeAtLocation(scenarioFile);
      return (op?.isUnion() === true ? op.getUnionTypes() : op === undefined ? [] : [op]).map((literal) => String(literal.getLiteralValue()));
    });
    const schemaOps = Object.values(schema.definitions)
      .filter((candidate) => candidate.properties?.['op'] !== undefined && candidate.properties['check'] !== undefined)
      .flatMap((step) => (step.properties?.['op']?.const !== undefined ? [step.properties['op'].const] : (step.properties?.['op']?.enum ?? [])));
    expect(schemaOps.sort()).toEqual(typeOps.sort());
    expect(stepTypes.length).toBe(Object.keys(PAIRS).filter((name) => name.endsWith('Step')).length);
  });
});
