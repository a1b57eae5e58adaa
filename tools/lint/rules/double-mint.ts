/**
 * `double-mint` (AIK-ID-004): one function mints two independent ids for one
 * creation — one for the agent and one for the session (`agentId = randomUUID(); sessionId =
 * randomUUID()`). A subagent run's separate `runId` is not an identity and is not counted.
 */
import { ts } from 'ts-morph';
import { classifyName } from '../_internals/identity-names.js';
import { nameText, symbolOf } from '../_internals/syntax.js';
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

interface Frame {
  agent?: string;
  session?: string;
}

/** The name a minted value is stored under: `const x = …`, `{ x: … }`, `this.x = …`. */
function targetName(ancestors: readonly ts.Node[]): string | undefined {
  for (let index = ancestors.length - 1; index >= 0; index -= 1) {
    const node = ancestors[index] as ts.Node;
    if (ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)) return nameText(node.name);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = node.left;
      if (ts.isIdentifier(left)) return left.text;
      if (ts.isPropertyAccessExpression(left)) return left.name.text;
      return undefined;
    }
    if (ts.isBlock(node) || ts.isExpressionStatement(node) || ts.isReturnStatement(node) || ts.isFunctionLike(node)) return undefined;
  }
  return undefined;
}

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
      frames.push({});
    };
    const leaveFunction = (node: ts.Node, file: FileContext): void => {
      const frame = frames.pop();
      if (frame?.agent === undefined || frame.session === undefined) return;
      const symbol = symbolOf(node, file.ancestors);
      const name = (node as { name?: ts.Node }).name;
      run.report({
        file: file.file,
        ...file.position(name ?? node),
        symbol,
        message: `'${symbol}' mints two ids for one creation ('${frame.agent}' and '${frame.session}'): mint one session id and use it as the agent id.`,
      });
    };
    const onCall = (node: ts.Node, file: FileContext): void => {
      const frame = frames[frames.length - 1];
      if (frame === undefined) return;
      const callee = (node as ts.CallExpression).expression;
      const called = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (called === undefined || !mintFunctions.has(called)) return;
      const target = targetName(file.ancestors);
      if (target === undefined) return;
      const kind = classifyName(target, file.vocabulary);
      if (kind === 'agent-id' || target === 'id') frame.agent ??= target;
      else if (kind === 'session-id') frame.session ??= target;
    };
    return {
      triggers: [...mintFunctions].map((name) => `(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`),
      enter: { ...Object.fromEntries(FUNCTION_KINDS.map((kind) => [kind, enterFunction])), [ts.SyntaxKind.CallExpression]: onCall },
      leave: Object.fromEntries(FUNCTION_KINDS.map((kind) => [kind, leaveFunction])),
    };
  },
};
