import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDocs, type DocsReport } from '../../tools/docs/run-docs.js';
import { fixtureRepo, removeFixtureRepos, write } from './_fixture-repo.js';

afterAll(removeFixtureRepos);

// Each test writes its own Markdown file into a fresh copy of the clean fixture (two fences, no fragments).
const fence = (code: string, language = 'ts'): string => `\`\`\`${language}\n${code}\n\`\`\`\n\n`;
/** The findings as `line message`, and the number of fragment fences the note counts (0 without the note). */
const outcome = (report: DocsReport): { findings: string[]; fragments: number } => ({
  findings: report.findings.map((finding) => `${finding.rule} ${finding.line ?? ''} ${finding.message}`),
  fragments: Number(report.notes.map((note) => /^(\d+) fences are fragments /.exec(note)?.[1]).find((count) => count !== undefined) ?? 0),
});
/** The 1-based line of `file` in `root` whose text is `text`. */
const lineOf = (root: string, file: string, text: string, after = 0): number => {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  let index = lines.indexOf(text);
  for (let skipped = 0; skipped < after; skipped += 1) index = lines.indexOf(text, index + 1);
  return index + 1;
};
const tsconfig = (root: string, extra: Record<string, unknown>): void => {
  const current = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
  write(root, 'tsconfig.json', JSON.stringify({ ...current, compilerOptions: { ...current.compilerOptions, ...extra } }));
};

describe('docs gate: TypeScript fences that are excerpts of larger programs', () => {
  it('checks a ```ts fence that parses only as TSX as TSX; a type assertion stays TypeScript, and JSX that parses as neither, even enclosed, is reported', () => {
    const root = fixtureRepo();
    write(
      root,
      'docs/view.md',
      [
        fence("const heading: string = 'Sessions';\nexport const view = <section><h1>{heading}</h1></section>;\nconst count: number = 'many';"),
        fence('const size = <number>(2 as unknown);\nexport const label: string = size;', 'typescript'),
        fence('export const broken = <section><h1>Sessions</section>;'),
        // Class members: they parse only enclosed, and only as TSX.
        fence('render() {\n  return <section>ready</section>;\n}'),
      ].join(''),
    );
    const report = runDocs({ root });
    expect(outcome(report)).toEqual({
      findings: [
        `fence-typecheck ${lineOf(root, 'docs/view.md', "const count: number = 'many';")} TS2322: Type 'string' is not assignable to type 'number'.`,
        `fence-typecheck ${lineOf(root, 'docs/view.md', 'export const label: string = size;')} TS2322: Type 'number' is not assignable to type 'string'.`,
        `fence-typecheck ${lineOf(root, 'docs/view.md', 'export const broken = <section><h1>Sessions</section>;')} TS1161: Unterminated regular expression literal.`,
      ],
      fragments: 1,
    });
    // No JSX types loaded (jsx left unset, so `preserve`): each opening and closing tag is a library gap, not a finding.
    expect(report.notes).toContain("4 fence errors name globals the typecheck's libraries lack (JSX.IntrinsicElements): not reported; docs.project naming a tsconfig whose lib or types has them checks them");
  });

  it('counts a TSX fence whose JSX factory it never imports as a fragment, with the project’s jsx options', () => {
    const root = fixtureRepo();
    tsconfig(root, { jsx: 'react', jsxFactory: 'h', jsxFragmentFactory: 'Fragment' });
    write(root, 'docs/view.md', fence('export const view = <><section>ready</section></>;\nconst ready: boolean = "yes";'));
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [`fence-typecheck ${lineOf(root, 'docs/view.md', 'const ready: boolean = "yes";')} TS2322: Type 'string' is not assignable to type 'boolean'.`],
      fragments: 1,
    });
  });

  it('counts a JSX runtime module that does not resolve where nothing is installed as not installed', () => {
    const root = fixtureRepo();
    tsconfig(root, { jsx: 'react-jsx' });
    write(root, 'docs/view.md', fence('export const view = <section>ready</section>;'));
    const report = runDocs({ root });
    expect(outcome(report)).toEqual({ findings: [], fragments: 0 });
    expect(report.notes).toContain('dependencies not installed (no node_modules): 1 imports in fences not resolved, not reported');
  });

  it('counts a "did you mean" for a name the repository’s code declares, or suggesting a library global, as a fragment; a misspelling of the fence’s own name is reported', () => {
    const root = fixtureRepo();
    tsconfig(root, { lib: ['ES2023', 'DOM'] });
    write(root, 'src/store.ts', 'export interface ISessionStore {\n  readonly size: number;\n}\n');
    write(
      root,
      'docs/store.md',
      [
        fence('export class MemSessionStore implements ISessionStore {\n  readonly size = 0;\n}'),
        fence('const sessionCount = 2;\nexport const doubled = sesionCount * 2;'),
        // `openai` from a package the excerpt never imports; TypeScript suggests the DOM's `open`, a global, not the fence's own name.
        fence("export const model = openai('gpt-4o-mini');"),
      ].join(''),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [`fence-typecheck ${lineOf(root, 'docs/store.md', 'export const doubled = sesionCount * 2;')} TS2552: Cannot find name 'sesionCount'. Did you mean 'sessionCount'?`],
      fragments: 2,
    });
  });

  it('counts a fence that parses once its elisions (`...`, `…` where no spread can be) are removed as a fragment; another syntax error is still reported', () => {
    const root = fixtureRepo();
    write(
      root,
      'docs/elided.md',
      [
        fence('private readonly byId = new Map<string, {...}>();\nprivate pending = new Set<string>(); // ids …'),
        fence("return tracer.run('step', { … }, …);"),
        fence('const steps = [first, ...rest];\nconst options = { ... };\n...\nconst total = 1 +;'),
      ].join(''),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [`fence-typecheck ${lineOf(root, 'docs/elided.md', 'const total = 1 +;')} TS1109: Expression expected.`],
      fragments: 2,
    });
  });

  it('counts a fence cut as API docs cut code (module lines and class members, optional-argument marks, elided values and type arguments, a chain without its receiver, a bare object literal, blocks left open for the next fence) as a fragment; a real syntax error is reported', () => {
    const root = fixtureRepo();
    write(
      root,
      'docs/cuts.md',
      [
        fence('import { tool } from "ai";\n\ngetTools() {\n  return { search: tool };\n}'),
        fence('async invoke(name: string): Promise<unknown> {\n  return name;\n}\n\nexport async function call(): Promise<void> {}'),
        fence('await manager.append(sessionId, message, parentId?);'),
        fence('const result = streamText({\n  messages: ...,\n  tools: {...}\n});'),
        fence('addMcpServer(name: string): Promise<...>'),
        fence('.withContext("soul", { provider })\n.compactAfter(1000)'),
        fence('{\n  support: telegram({ token: "a" }),\n  sales: telegram({ token: "b" })\n};'),
        fence('export class Reminders {\n  async send(): Promise<void> {\n    await this.flush();\n  }\n'),
        fence('interface MessageBlock =\n  | { type: "text" };'),
        fence('class TurnQueue {\n  get generation(): number;\n  constructor(limit: number);\n  enqueue(id: string): void;\n}'),
      ].join(''),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [`fence-typecheck ${lineOf(root, 'docs/cuts.md', 'interface MessageBlock =')} TS1005: '{' expected.`],
      fragments: 9,
    });
  });

  it('counts decorated signatures without bodies (an API summary) as a fragment', () => {
    const root = fixtureRepo();
    write(root, 'docs/api.md', fence('declare function callable(): (value: unknown, context: ClassMethodDecoratorContext) => void;\nexport class Api {\n  @callable()\n  greet(name: string): string;\n}'));
    expect(outcome(runDocs({ root }))).toEqual({ findings: [], fragments: 1 });
  });

  it('counts a fence ending in closers of blocks it never opened as a fragment; an unopened closer followed by more code is reported', () => {
    const root = fixtureRepo();
    write(
      root,
      'docs/tail.md',
      [
        // Brackets inside a string, a regular expression and a template literal do not count.
        fence("  const quote = ')';\n  const pattern = /[)}\\]]/;\n  report(`${quote}}`, pattern);\n}); // end of test\n}\n"),
        fence('class Tool {\n  readonly name = "grep";\n  }\n}'),
        fence('class Tool {\n  readonly name = "grep";\n  }\n}\n\nexport const tool = new Tool();'),
      ].join(''),
    );
    const lines = readFileSync(join(root, 'docs/tail.md'), 'utf8').split('\n');
    expect(outcome(runDocs({ root }))).toEqual({ findings: [`fence-typecheck ${lines.lastIndexOf('}') + 1} TS1128: Declaration or statement expected.`], fragments: 2 });
  });

  it('counts an error at `this` outside any class or non-arrow function, and `this` in a function without a `this:` annotation (TS2683, noImplicitThis’s implicit any), as a fragment’s; the fence’s other errors are reported', () => {
    const root = fixtureRepo();
    write(
      root,
      'docs/this.md',
      [
        fence("if (this.options.verbose) {\n  const level: number = 'debug';\n}\nexport const later = () => this.options;"),
        fence("export function describe(): string {\n  const size: number = 'large';\n  return this.name;\n}"),
      ].join(''),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [
        `fence-typecheck ${lineOf(root, 'docs/this.md', "  const level: number = 'debug';")} TS2322: Type 'string' is not assignable to type 'number'.`,
        `fence-typecheck ${lineOf(root, 'docs/this.md', "  const size: number = 'large';")} TS2322: Type 'string' is not assignable to type 'number'.`,
      ],
      fragments: 2,
    });
  });

  it('counts a missing property of a type extending a class or interface the fence never declares as a fragment’s; of a type it declares, reported', () => {
    const root = fixtureRepo();
    write(
      root,
      'docs/bases.md',
      [
        fence('class Base extends Widget<{ title: string }> {}\nexport class Panel extends Base {\n  heading(): string {\n    return this.props.title;\n  }\n}'),
        fence(
          'interface Options extends BaseOptions {\n  readonly name: string;\n}\ndeclare const options: Options;\nexport const retries = options.retries;\nclass Child implements Options {\n  readonly name = "c";\n}\nclass Grandchild extends Child {}\nexport const timeout = new Grandchild().timeout;',
        ),
        fence('export class Panel {\n  heading(): string {\n    return this.props.title;\n  }\n}'),
      ].join(''),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [
        `fence-typecheck ${lineOf(root, 'docs/bases.md', 'export const timeout = new Grandchild().timeout;')} TS2339: Property 'timeout' does not exist on type 'Grandchild'.`,
        `fence-typecheck ${lineOf(root, 'docs/bases.md', 'export class Panel {') + 2} TS2339: Property 'props' does not exist on type 'Panel'.`,
      ],
      fragments: 2,
    });
  });

  it('counts a missing property of a class whose base comes from a package that is not installed as a fragment’s; of one whose bases all resolve, reported', () => {
    const root = fixtureRepo();
    write(root, 'src/agent.ts', "import { DurableObject } from 'cloudflare:workers';\n\n/** An agent, a Durable Object. */\nexport class Agent extends DurableObject {\n  greet(): string {\n    return 'hi';\n  }\n}\n");
    write(root, 'src/named.ts', "/** Something with a name. */\nexport class Named {\n  readonly name: string = 'n';\n}\n");
    write(
      root,
      'src/voice.ts',
      "/** A class's constructor. */\nexport type Constructor<T = object> = new (...args: any[]) => T;\n/** What a voice adds. */\nexport interface Voice {\n  speak(): string;\n}\n/** `Base` with a voice. */\nexport function withVoice<TBase extends Constructor>(Base: TBase): TBase & Constructor<Voice> {\n  return class extends Base {\n    speak(): string {\n      return 'hello';\n    }\n  };\n}\n",
    );
    write(
      root,
      'docs/agents.md',
      [
        // `env` is a member of the uninstalled `DurableObject`: after an install it exists.
        fence("import { Agent } from '../src/agent.js';\n\nexport class MyAgent extends Agent {\n  key(): unknown {\n    return this.env.KEY;\n  }\n}"),
        fence("import { Named } from '../src/named.js';\n\nexport class Titled extends Named {\n  heading(): string {\n    return this.title;\n  }\n}"),
        // Through a mixin: the base is a value whose construct signatures return the uninstalled class's subclass.
        fence("import { Agent } from '../src/agent.js';\nimport { withVoice } from '../src/voice.js';\n\nconst VoiceAgent = withVoice(Agent);\nexport class Speaker extends VoiceAgent {\n  key(): unknown {\n    return this.env.KEY;\n  }\n}\nexport class Caller extends withVoice(Agent) {\n  key(): unknown {\n    return this.env.KEY;\n  }\n}"),
        fence("import { Named } from '../src/named.js';\nimport { withVoice } from '../src/voice.js';\n\nexport class Announcer extends withVoice(Named) {\n  line(): string {\n    return this.speak() + this.subtitle;\n  }\n}"),
      ].join(''),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [
        `fence-typecheck ${lineOf(root, 'docs/agents.md', '    return this.title;')} TS2339: Property 'title' does not exist on type 'Titled'.`,
        `fence-typecheck ${lineOf(root, 'docs/agents.md', '    return this.speak() + this.subtitle;')} TS2339: Property 'subtitle' does not exist on type 'Announcer'.`,
      ],
      fragments: 2,
    });
  });

  it('counts what an unseen base or a library global causes (an instance passed where a type is expected, the DOM’s `event` used as the program’s) as a fragment’s; with every base seen, reported', () => {
    const root = fixtureRepo();
    write(root, 'src/agent.ts', "import { DurableObject } from 'cloudflare:workers';\n\n/** An agent, a Durable Object. */\nexport class Agent extends DurableObject {}\n/** What runs tools needs of an agent. */\nexport interface ToolHost {\n  readonly env: { readonly LOADER: string };\n}\n/** A tool run on `host`. */\nexport function executeTool(host: ToolHost): string {\n  return host.env.LOADER;\n}\n");
    write(
      root,
      'docs/hosts.md',
      [
        fence("import { Agent, executeTool } from '../src/agent.js';\n\nexport class Researcher extends Agent {\n  tools(): string {\n    return executeTool(this);\n  }\n}"),
        fence("import { Agent, type ToolHost } from '../src/agent.js';\n\ndeclare const agent: Agent;\nexport const hosts: { agent: ToolHost } = { agent };"),
        fence("import { executeTool } from '../src/agent.js';\n\nexport class Plain {\n  tools(): string {\n    return executeTool(this);\n  }\n}"),
        // The argument is a call on such an instance, not the instance: what it returns is seen, and does not fit.
        fence("import { Agent, executeTool } from '../src/agent.js';\n\nexport class Caller extends Agent {\n  host(): string {\n    return 'none';\n  }\n  tools(): string {\n    return executeTool(this.host());\n  }\n}"),
      ].join(''),
    );
    tsconfig(root, { lib: ['ES2023', 'DOM'] });
    write(root, 'docs/workflow.md', fence('export const topic: string = event.payload.topic;\nexport const late: number = document.title;'));
    const report = outcome(runDocs({ root }));
    expect(report).toEqual({
      findings: [
        `fence-typecheck ${lineOf(root, 'docs/hosts.md', '    return executeTool(this);', 1)} TS2345: Argument of type 'this' is not assignable to parameter of type 'ToolHost'.   Property 'env' is missing in type 'Plain' but required in type 'ToolHost'.`,
        `fence-typecheck ${lineOf(root, 'docs/hosts.md', '    return executeTool(this.host());')} TS2345: Argument of type 'string' is not assignable to parameter of type 'ToolHost'.`,
        `fence-typecheck ${lineOf(root, 'docs/workflow.md', 'export const late: number = document.title;')} TS2322: Type 'string' is not assignable to type 'number'.`,
      ],
      fragments: 3,
    });
  });

  it('counts what an elided body causes (no value returned, an override returning nothing) and a catch variable used as an Error as missing context; a body that just forgets to return is reported', () => {
    const root = fixtureRepo();
    write(root, 'src/chat.ts', "/** A chat agent. */\nexport class ChatAgent {\n  /** The reply to a message. */\n  async onChatMessage(): Promise<string> {\n    return 'ok';\n  }\n}\n");
    write(
      root,
      'docs/bodies.md',
      [
        fence('export class Store {\n  query(sql: string): string[] {\n    /* ... */\n  }\n  async load(id: string): Promise<string> {\n    if (id === "") return "none";\n    // ... fetch, cache, return\n  }\n}'),
        fence("import { ChatAgent } from '../src/chat.js';\n\nexport class Digest extends ChatAgent {\n  override async onChatMessage() {\n    // your LLM call\n  }\n}"),
        fence("try {\n  JSON.parse('{');\n} catch (error) {\n  console.log(error.message);\n}"),
        fence('export function size(items: string[]): number {\n  items.sort();\n}'),
      ].join(''),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [`fence-typecheck ${lineOf(root, 'docs/bodies.md', 'export function size(items: string[]): number {')} TS2355: A function whose declared type is neither 'undefined', 'void', nor 'any' must return a value.`],
      fragments: 3,
    });
  });

  it('counts an `override` in a class whose base did not resolve as a fragment’s; in a class with no base, reported', () => {
    const root = fixtureRepo();
    write(
      root,
      'docs/override.md',
      [
        fence("export class Extractor extends Think {\n  protected override summary(): string {\n    return 'done';\n  }\n}"),
        fence('export class Plain {\n  override run(): void {}\n}'),
      ].join(''),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [`fence-typecheck ${lineOf(root, 'docs/override.md', '  override run(): void {}')} TS4112: This member cannot have an 'override' modifier because its containing class 'Plain' does not extend another class.`],
      fragments: 1,
    });
  });

  it('does not report a name a fence declares twice (alternatives shown one after another); its other errors are', () => {
    const root = fixtureRepo();
    write(
      root,
      'docs/alternatives.md',
      fence(
        "// ✅ Correct\nconst mode = 'fast';\n// ❌ Wrong\nconst mode = 'safe';\nfunction pick(): string {\n  return mode;\n}\nfunction pick(): string {\n  return 'other';\n}\ninterface Options {}\nclass Options {}\nexport { pick };\nconst size: number = mode;",
      ),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [`fence-typecheck ${lineOf(root, 'docs/alternatives.md', 'const size: number = mode;')} TS2322: Type 'string' is not assignable to type 'number'.`],
      fragments: 1,
    });
  });

  it('counts a relative import of the reader’s own file (its first segment is not beside the document) as missing context; of a repository folder’s missing file, reported', () => {
    const root = fixtureRepo();
    write(
      root,
      'docs/setup.md',
      [
        fence("export { Counter } from './agents/counter';\nexport type { Chat } from './server.js';\nexport type Room = import('../rooms/room').Room;"),
        fence("export { gone } from '../src/gone.js';"),
      ].join(''),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [`fence-typecheck ${lineOf(root, 'docs/setup.md', "export { gone } from '../src/gone.js';")} TS2307: Cannot find module '../src/gone.js' or its corresponding type declarations.`],
      fragments: 1,
    });
  });

  it('does not make unreachable code or an unused label an error in fences, whatever the project says; a type error there is reported', () => {
    const root = fixtureRepo();
    tsconfig(root, { allowUnreachableCode: false, allowUnusedLabels: false });
    write(root, 'docs/alternatives.md', fence("export function pick(): string {\n  // Simple:\n  return 'one';\n  // Advanced:\n  spare: for (const _ of [1]) break;\n  const late: number = 'two';\n  return String(late);\n}"));
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [`fence-typecheck ${lineOf(root, 'docs/alternatives.md', "  const late: number = 'two';")} TS2322: Type 'string' is not assignable to type 'number'.`],
      fragments: 0,
    });
  });

  it('counts a declaration whose type the excerpt leaves out (implicit any) and a shorthand property of a value it never declares as missing context; a type that contradicts the code is reported', () => {
    const root = fixtureRepo();
    tsconfig(root, { strict: true });
    write(
      root,
      'docs/cookbook.md',
      [
        // A callback whose parameter the API it is registered with would type, in the larger program: TS7006.
        fence('export function onEvent(handler: unknown, listener) {\n  return [handler, listener];\n}'),
        fence("export const pick = ({ id }) => id;\nconst wrong: number = 'seven';"),
        // A shorthand property of a value the larger program holds: TS18004.
        fence('export const state = { messages, ready: true };'),
      ].join(''),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [`fence-typecheck ${lineOf(root, 'docs/cookbook.md', "const wrong: number = 'seven';")} TS2322: Type 'string' is not assignable to type 'number'.`],
      fragments: 3,
    });
  });

  it('reports an error that follows from an earlier one of the same fence under that root: counted with a counted root, named in the root’s finding otherwise; an error of its own is still reported', () => {
    const root = fixtureRepo();
    tsconfig(root, { strict: true });
    write(
      root,
      'docs/cascades.md',
      [
        // An unbound `this` (a method's excerpt) gives `state` its value, `state` the loop's `server`.
        fence('const state = this.listServers();\nfor (const [id, server] of Object.entries(state.servers)) {\n  console.log(id, server.name);\n}'),
        // A call of a name the fence never declares: its callback's parameter is untyped, and so are the values read from it.
        fence('watch({\n  onUpdate: (servers) => {\n    for (const [id, server] of Object.entries(servers)) console.log(id, server.state);\n  },\n});'),
        // A reported root: the value it gives fails twice more; an unrelated error stays its own finding.
        fence("declare function locate(options: { precise: boolean }): void;\nconst position = locate();\nconsole.log(position.coords, position.coords.latitude);\nconst wrong: number = 'north';"),
      ].join(''),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [
        `fence-typecheck ${lineOf(root, 'docs/cascades.md', 'const position = locate();')} TS2554: Expected 1 arguments, but got 0. (2 later errors of this fence follow from it, not reported)`,
        `fence-typecheck ${lineOf(root, 'docs/cascades.md', "const wrong: number = 'north';")} TS2322: Type 'string' is not assignable to type 'number'.`,
      ],
      fragments: 2,
    });
  });

  it('counts a class that lists its fields without a constructor (TS2564) as missing context; a constructor that leaves a field unassigned is reported', () => {
    const root = fixtureRepo();
    tsconfig(root, { strict: true });
    write(
      root,
      'docs/shapes.md',
      [
        fence('export class StreamAccumulator {\n  messageId: string;\n  metadata?: Record<string, unknown>;\n}'),
        fence('export class Session {\n  id: string;\n  constructor() {}\n}'),
      ].join(''),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [`fence-typecheck ${lineOf(root, 'docs/shapes.md', '  id: string;')} TS2564: Property 'id' has no initializer and is not definitely assigned in the constructor.`],
      fragments: 1,
    });
  });

  it('counts pseudo-code as an excerpt — a template placeholder, a comment eliding union members, a flow drawn with arrows —; another syntax error is reported', () => {
    const root = fixtureRepo();
    write(
      root,
      'docs/pseudo.md',
      [
        fence('type Env = { <AGENT_CLASS>: string };\nexport class <AGENT_CLASS> {}'),
        fence('export type Event =\n  | /* ...started | chunk | finished... */\n  | { kind: "progress"; runId: string };'),
        fence('// When you call a method:\nagent.customMethod()\n  → wrapped with agentContext.run()\n  → your method runs with its context'),
        fence('export interface Broken = { id: string };'),
      ].join(''),
    );
    expect(outcome(runDocs({ root }))).toEqual({
      findings: [`fence-typecheck ${lineOf(root, 'docs/pseudo.md', 'export interface Broken = { id: string };')} TS1005: '{' expected.`],
      fragments: 3,
    });
  });

  it('counts values shown one after another (object literals starting their lines) and a signature written as an option’s value as excerpts; a value of the wrong type is reported', () => {
    const root = fixtureRepo();
    tsconfig(root, { strict: true });
    const declaration = 'declare function compact(options: { summarize: (prompt: string) => Promise<string>; head: number }): void;';
    write(
      root,
      'docs/values.md',
      [
        fence('// The first call site\n{ requestId: first, continuation: false }\n\n// The second\n{ requestId, continuation: true }'),
        fence(`${declaration}\ncompact({\n  summarize: (prompt: string) => Promise<string>,\n  head: 3,\n});`),
        fence(`${declaration}\ncompact({\n  summarize: async (prompt: string) => prompt.length,\n  head: 3,\n});`),
      ].join(''),
    );
    const { findings, fragments } = outcome(runDocs({ root }));
    expect(fragments).toBe(2);
    expect(findings.map((finding) => finding.split(':')[0])).toEqual([`fence-typecheck ${lineOf(root, 'docs/values.md', '  summarize: async (prompt: string) => prompt.length,')} TS2322`]);
  });
});
