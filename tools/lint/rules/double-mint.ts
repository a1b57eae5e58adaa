/**
 * `double-mint` (AIK-ID-004): one function mints two independent ids for one creation — one for
 * the agent and one for the session. Any mint counts: an id generator (`randomUUID()`, `nanoid()`,
 * `ulid()`…), a time- or random-based value (`Date.now()`, `Math.random()`), a counter (`++next`),
 * also when it is first stored in a variable not named like an id and passed on later
 * (`const id = nanoid(); … { agentId: id }`). One minted value used for both ids is the correct
 * form; a subagent run's separate `runId` is not an identity and is not counted.
 */
import { ts } from 'ts-morph';
import { classifyName } from '../_internals/identity-names.js';
import { assignmentTarget, nameText, symbolOf } from '../_internals/syntax.js';
import type { FileContext, Rule, RuleVisitor } from './rule.js';

/** The id generators recognised by default; the `mintFunctions` option adds more. */
const DEFAULT_MINT_FUNCTIONS = ['randomUUID', 'uuid', 'uuidv4', 'uuidv7', 'v4', 'v7', 'nanoid', 'ulid', 'cuid', 'createId'];

const FUNCTION_KINDS = [
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
] as const;

/** Where an id's value came from: the mint expression that produced it. */
interface Minted {
  readonly name: string;
  readonly source: ts.Node;
}

interface Frame {
  agent?: Minted;
  session?: Minted;
  /** Variables holding a minted value, by name. */
  readonly values: Map<string, ts.Node>;
}

/** Time- and random-based values: `Date.now()`, `Math.random()`, `performance.now()`. */
const CLOCKS = new Set(['Date.now', 'Math.random', 'performance.now']);

/** The rule. */
export const doubleMint: Rule = {
  id: 'double-mint',
  description: 'One creation mints two independent ids, one for the agent and one for the session.',
  mode: 'syntactic',
  options: { mintFunctions: { type: 'array', items: { type: 'string', pattern: '^[A-Za-z_$][\\w$]*$' } } },
  start(run): RuleVisitor {
    // The configuration was validated against `options` above: a list of identifiers.
    const mintFunctions = new Set([...DEFAULT_MINT_FUNCTIONS, ...((run.options['mintFunctions'] as readonly string[] | undefined) ?? [])]);
    const frames: Frame[] = [];
    const enterFunction = (): void => {
      frames.push({ values: new Map() });
    };
    const leaveFunction = (node: ts.Node, file: FileContext): void => {
      const frame = frames.pop();
      if (frame?.agent === undefined || frame.session === undefined || frame.agent.source === frame.session.source) return;
      const symbol = symbolOf(node, file.ancestors);
      const name = (node as { name?: ts.Node }).name;
      run.report({
        file: file.file,
        ...file.position(name ?? node),
        symbol,
        message: `'${symbol}' mints two ids for one creation ('${frame.agent.name}' and '${frame.session.name}'): mint one session id and use it as the agent id.`,
      });
    };
    // A value stored under `target`: an agent id, a session id, or a variable to follow.
    const store = (frame: Frame, target: string, source: ts.Node, file: FileContext): void => {
      const kind = classifyName(target, file.vocabulary);
      if (kind === 'agent-id' || target === 'id') frame.agent ??= { name: target, source };
      else if (kind === 'session-id') frame.session ??= { name: target, source };
      if (kind === undefined || target === 'id') frame.values.set(target, source);
    };
    const onMint = (node: ts.Node, file: FileContext): void => {
      const frame = frames[frames.length - 1];
      const target = assignmentTarget(file.ancestors);
      if (frame !== undefined && target !== undefined) store(frame, target, node, file);
    };
    const onCall = (node: ts.Node, file: FileContext): void => {
      const callee = (node as ts.CallExpression).expression;
      const called = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      const qualified = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) ? `${callee.expression.text}.${callee.name.text}` : undefined;
      if ((called !== undefined && mintFunctions.has(called)) || (qualified !== undefined && CLOCKS.has(qualified))) onMint(node, file);
    };
    const onCounter = (node: ts.Node, file: FileContext): void => {
      const { operator } = node as ts.PrefixUnaryExpression | ts.PostfixUnaryExpression;
      if (operator === ts.SyntaxKind.PlusPlusToken || operator === ts.SyntaxKind.MinusMinusToken) onMint(node, file);
    };
    // A minted variable passed on: `{ agentId: id }`, `const sessionId = id`, `this.agentId = id`.
    const onStore = (target: string | undefined, value: ts.Expression | undefined, file: FileContext): void => {
      const frame = frames[frames.length - 1];
      if (frame === undefined || target === undefined || value === undefined || !ts.isIdentifier(value)) return;
      for (let index = frames.length - 1; index >= 0; index -= 1) {
        const source = frames[index]?.values.get(value.text);
        if (source === undefined) continue;
        if (value.text !== target) store(frame, target, source, file);
        return;
      }
    };
    return {
      triggers: [...[...mintFunctions].map((name) => `(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`), 'Date\\.now', 'Math\\.random', 'performance\\.now', '\\+\\+', '--'],
      enter: {
        ...Object.fromEntries(FUNCTION_KINDS.map((kind) => [kind, enterFunction])),
        [ts.SyntaxKind.CallExpression]: onCall,
        [ts.SyntaxKind.PrefixUnaryExpression]: onCounter,
        [ts.SyntaxKind.PostfixUnaryExpression]: onCounter,
        [ts.SyntaxKind.VariableDeclaration]: (node, file) => {
          const declaration = node as ts.VariableDeclaration;
          onStore(nameText(declaration.name), declaration.initializer, file);
        },
        [ts.SyntaxKind.PropertyAssignment]: (node, file) => {
          const assignment = node as ts.PropertyAssignment;
          onStore(nameText(assignment.name), assignment.initializer, file);
        },
        [ts.SyntaxKind.BinaryExpression]: (node, file) => {
          const { left, operatorToken, right } = node as ts.BinaryExpression;
          if (operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
          onStore(ts.isIdentifier(left) ? left.text : ts.isPropertyAccessExpression(left) ? left.name.text : undefined, right, file);
        },
      },
      leave: Object.fromEntries(FUNCTION_KINDS.map((kind) => [kind, leaveFunction])),
    };
  },
};
