/**
 * `two-id-members` (AIK-ID-004): an input type — interface, type alias of an object literal or
 * intersection, type literal, class — whose members, own or inherited, carry both an agent id
 * and a session id (or an agent id beside a `Session` object).
 */
import { ts } from 'ts-morph';
import { classifyName, classifyTypeName, isAgentSide, isSessionSide } from '../_internals/identity-names.js';
import { classMembers, typeElementMembers, type MemberInfo } from '../_internals/members.js';
import { calledName, nameText, symbolOf } from '../_internals/syntax.js';
import type { FileContext, Question, Rule, RuleVisitor } from './rule.js';

/**
 * A type-like declaration: the identity sides its own members carry and the names it extends or
 * intersects. Plain data, so the lint cache can keep it for files it does not parse again.
 */
interface Shape {
  readonly name: string | undefined;
  readonly symbol: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly own: Sides;
  readonly bases: readonly string[];
  /** Where the shape's name starts: what the type checker is asked about its inherited members. */
  readonly at: number;
  /** A session type's own `id` member (`interface AgentSession { id; agentId }`): the session id it carries. */
  readonly ownId?: boolean;
  /** The names of its members, for a type without bases that values are written as literals of (not a class). */
  readonly members?: readonly string[];
}

/** A member standing for one side, and the base type it was inherited from, if any. */
interface Side {
  readonly name: string;
  readonly from?: string;
  /** A `Session` object rather than a session id. */
  readonly object: boolean;
  /** Where the member's name starts, in `file`: what the type checker is asked about. */
  readonly file: string;
  readonly at: number;
}

interface Sides {
  readonly agent: Side | undefined;
  readonly session: Side | undefined;
}

function describe(side: Side | undefined): string {
  if (side === undefined) return '';
  return side.from === undefined ? `'${side.name}'` : `'${side.name}' (from '${side.from}')`;
}

function heritageNames(clauses: readonly ts.HeritageClause[] | undefined, token: ts.SyntaxKind): string[] {
  const names: string[] = [];
  for (const clause of clauses ?? []) {
    if (clause.token !== token) continue;
    for (const type of clause.types) {
      const expression = type.expression;
      if (ts.isIdentifier(expression)) names.push(expression.text);
      else if (ts.isPropertyAccessExpression(expression)) names.push(expression.name.text);
    }
  }
  return names;
}

function ownSides(members: readonly MemberInfo[], file: FileContext): Sides {
  const agent = members.find((member) => isAgentSide(member.kind));
  const session = members.find((member) => isSessionSide(member.kind));
  const at = (member: MemberInfo): number => ((member.node as ts.NamedDeclaration).name ?? member.node).getStart(file.sourceFile);
  return {
    agent: agent === undefined ? undefined : { name: agent.name, object: false, file: file.file, at: at(agent) },
    session: session === undefined ? undefined : { name: session.name, object: session.kind === 'session-object', file: file.file, at: at(session) },
  };
}

/** What the type checker is asked about a side found in the shape reported in `file`. */
function question(side: Side, role: Question['role'], file: string): Question {
  return { at: side.at, name: side.name, role, ...(side.file === file ? {} : { file: side.file }) };
}

/** Schema builders whose object argument declares a type: zod, valibot, TypeBox, superstruct. */
const SCHEMA_FACTORIES = new Set(['object', 'strictObject', 'looseObject', 'Object', 'struct']);

/** The rule. */
export const twoIdMembers: Rule = {
  id: 'two-id-members',
  description: 'An input type (interface, type literal, class options, schema) carries both an agent id and a session id.',
  mode: 'type-aware',
  options: {},
  start(run): RuleVisitor {
    const shapes: Shape[] = [];
    const byName = new Map<string, Shape[]>();
    const byFile = new Map<string, Shape[]>();
    const keep = (shape: Shape): void => {
      shapes.push(shape);
      const list = byFile.get(shape.file);
      if (list === undefined) byFile.set(shape.file, [shape]);
      else list.push(shape);
      if (shape.name !== undefined) {
        const named = byName.get(shape.name);
        if (named === undefined) byName.set(shape.name, [shape]);
        else named.push(shape);
      }
    };
    const addShape = (file: FileContext, node: ts.Node, name: string | undefined, members: MemberInfo[], bases: string[]): void => {
      const own = ownSides(members, file);
      // A shape with neither an identity member nor a base can never complete a pair, nor help
      // another shape complete one: most declarations of a codebase stop here.
      if (bases.length === 0 && own.agent === undefined && own.session === undefined) return;
      const named = name === undefined ? node : ((node as { name?: ts.Node }).name ?? node);
      const ownId = name !== undefined && classifyTypeName(name, file.vocabulary) === 'session-object' && members.some((member) => member.name === 'id');
      const literal = bases.length === 0 && !ts.isClassLike(node);
      keep({
        name,
        symbol: name ?? symbolOf(node, file.ancestors),
        file: file.file,
        ...file.position(named),
        own,
        bases,
        at: named.getStart(file.sourceFile),
        ...(ownId ? { ownId } : {}),
        ...(literal ? { members: members.map((member) => member.name) } : {}),
      });
    };

    const intersectionParts = (type: ts.TypeNode, file: FileContext, owner: string, own: MemberInfo[], bases: string[]): void => {
      if (ts.isParenthesizedTypeNode(type)) intersectionParts(type.type, file, owner, own, bases);
      else if (ts.isTypeLiteralNode(type)) own.push(...typeElementMembers(type.members, file, owner));
      else if (ts.isTypeReferenceNode(type)) bases.push(ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text);
      else if (ts.isIntersectionTypeNode(type)) for (const part of type.types) intersectionParts(part, file, owner, own, bases);
    };

    const onClass = (node: ts.Node, file: FileContext): void => {
      const declaration = node as ts.ClassLikeDeclaration;
      const name = nameText(declaration.name);
      addShape(file, node, name, classMembers(declaration, file, name), heritageNames(declaration.heritageClauses, ts.SyntaxKind.ExtendsKeyword));
    };

    // The declaration a base name refers to: the one in the same file, else (`local` false: by
    // name over the run, as `--syntactic` does) the first one seen.
    const baseOf = (shape: Shape, base: string, local = false): Shape | undefined => {
      const candidates = (byName.get(base) ?? []).filter((candidate) => candidate !== shape);
      return candidates.find((candidate) => candidate.file === shape.file) ?? (local ? undefined : candidates[0]);
    };

    // True when a base, or a base's base, is declared in another file than the shape's.
    const foreign = (shape: Shape, seen: Set<Shape>): boolean =>
      shape.bases.some((base) => {
        const target = baseOf(shape, base, true);
        if (target === undefined) return true;
        if (seen.has(target)) return false;
        seen.add(target);
        return foreign(target, seen);
      });

    // The sides a named shape has, own or inherited; `seen` guards against cyclic declarations.
    const resolve = (shape: Shape, seen: Set<Shape>, local = false): Sides => {
      let { agent, session } = shape.own;
      for (const base of shape.bases) {
        const target = baseOf(shape, base, local);
        if (target === undefined || seen.has(target)) continue;
        seen.add(target);
        const inherited = resolve(target, seen, local);
        agent ??= inherited.agent === undefined ? undefined : { ...inherited.agent, from: inherited.agent.from ?? base };
        session ??= inherited.session === undefined ? undefined : { ...inherited.session, from: inherited.session.from ?? base };
      }
      return { agent, session };
    };

    const complete = (sides: Sides): boolean => sides.agent !== undefined && sides.session !== undefined;

    // A schema declaration is a type too: `z.object({ agentId: z.string(), sessionId: z.string() })`.
    const onSchema = (node: ts.Node, file: FileContext): void => {
      const call = node as ts.CallExpression;
      const factory = calledName(call);
      const [shape] = call.arguments;
      if (factory === undefined || !SCHEMA_FACTORIES.has(factory) || shape === undefined || !ts.isObjectLiteralExpression(shape)) return;
      // The schema's name is its type's: a compatibility field is allowed as `SchemaName.member`.
      const symbol = symbolOf(node, file.ancestors);
      const fields = shape.properties.flatMap((property) => {
        const name = ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property) ? nameText(property.name) : undefined;
        return name === undefined ? [] : [{ name, kind: classifyName(name, file.vocabulary, symbol), property }];
      });
      const agent = fields.find((field) => isAgentSide(field.kind));
      const session = fields.find((field) => isSessionSide(field.kind));
      if (agent === undefined || session === undefined) return;
      const branded = /\.brand\s*<\s*['"](?:SessionId|AgentId)['"]/i.test(shape.getText(file.sourceFile));
      run.report({
        file: file.file,
        ...file.position(node),
        symbol,
        message: `'${symbol}' declares both '${agent.name}' and '${session.name}' in one schema: one lifecycle has one id. Drop '${agent.name}' and keep '${session.name}'.`,
        questions: [],
        ...(branded ? { confirmation: { status: 'confirmed' as const } } : { pair: [agent.name, session.name] as const }),
      });
    };

    return {
      triggers: ['agent', 'session'],
      saveFile: (file) => byFile.get(file) ?? [],
      restoreFile: (_file, state) => {
        for (const shape of state as Shape[]) keep(shape);
      },
      enter: {
        [ts.SyntaxKind.InterfaceDeclaration]: (node, file) => {
          const declaration = node as ts.InterfaceDeclaration;
          const name = declaration.name.text;
          addShape(file, node, name, typeElementMembers(declaration.members, file, name), heritageNames(declaration.heritageClauses, ts.SyntaxKind.ExtendsKeyword));
        },
        [ts.SyntaxKind.TypeAliasDeclaration]: (node, file) => {
          const declaration = node as ts.TypeAliasDeclaration;
          const name = declaration.name.text;
          const own: MemberInfo[] = [];
          const bases: string[] = [];
          intersectionParts(declaration.type, file, name, own, bases);
          if (own.length > 0 || bases.length > 1) addShape(file, node, name, own, bases);
        },
        [ts.SyntaxKind.TypeLiteral]: (node, file) => {
          // Type literals that belong to a type alias are part of that alias's shape; a
          // parameter's own type literal is judged by `two-id-parameters`.
          let index = file.ancestors.length - 1;
          while (index >= 0 && (ts.isIntersectionTypeNode(file.ancestors[index] as ts.Node) || ts.isParenthesizedTypeNode(file.ancestors[index] as ts.Node))) index -= 1;
          const owner = file.ancestors[index];
          if (owner === undefined || ts.isParameter(owner) || ts.isTypeAliasDeclaration(owner)) return;
          addShape(file, node, undefined, typeElementMembers((node as ts.TypeLiteralNode).members, file), []);
        },
        [ts.SyntaxKind.ClassDeclaration]: onClass,
        [ts.SyntaxKind.ClassExpression]: onClass,
        [ts.SyntaxKind.CallExpression]: onSchema,
      },
      finish() {
        for (const shape of shapes) {
          const { agent, session } = shape.own;
          // A session record carrying the agent's id beside its own: only how the package fills
          // it tells one spawned agent's session from a persona's, so it needs the evidence.
          if (shape.ownId === true && agent !== undefined && session === undefined && shape.name !== undefined) {
            run.report({
              file: shape.file,
              line: shape.line,
              column: shape.column,
              symbol: shape.symbol,
              message: `'${shape.symbol}' is a session carrying its own 'id' and the agent's ${describe(agent)}: one lifecycle has one id. Drop '${agent.name}' (the agent id is the session's 'id').`,
              questions: [question(agent, 'agent-id', shape.file)],
              pair: [agent.name, shape.name],
              ...(shape.members === undefined ? {} : { members: shape.members }),
              only: 'type-aware',
            });
          }
          // Bases in other files: the type checker resolves them through the imports, so the
          // shape is judged alike whatever else is in the run; `--syntactic` matches them by name
          // over the run.
          const crossFile = foreign(shape, new Set([shape]));
          for (const local of crossFile ? [false] : [true]) {
            const sides = resolve(shape, new Set([shape]), local);
            if (!complete(sides)) continue;
            // Report where the pair first comes together, not again in every extending type.
            const inheritedComplete = shape.bases.some((base) => {
              const target = baseOf(shape, base, local);
              return target !== undefined && complete(resolve(target, new Set([shape, target]), local));
            });
            if (inheritedComplete) continue;
            const { agent, session } = sides as { agent: Side; session: Side };
            run.report({
              file: shape.file,
              line: shape.line,
              column: shape.column,
              symbol: shape.symbol,
              message: `'${shape.symbol}' carries both ${describe(agent)} and ${describe(session)}: one lifecycle has one id. Drop '${agent.name}'${
                session.object ? '.' : ` and keep one 'sessionId: SessionId' (the agent id is the session id).`
              }`,
              ...(session.object ? { fix: `The agent id is '${session.name}.{id}'.` } : {}),
              questions: [question(agent, 'agent-id', shape.file), question(session, session.object ? 'session-object' : 'session-id', shape.file)],
              ...(shape.members === undefined ? {} : { members: shape.members }),
              ...(crossFile ? { only: 'syntactic' as const } : {}),
            });
          }
          if (crossFile && (shape.own.agent !== undefined || shape.own.session !== undefined || shape.bases.length > 1)) {
            run.report({
              file: shape.file,
              line: shape.line,
              column: shape.column,
              symbol: shape.symbol,
              message: `'${shape.symbol}' carries both {pair}: one lifecycle has one id. Drop {agent} and keep one 'sessionId: SessionId' (the agent id is the session id).`,
              questions: [
                {
                  at: shape.at,
                  name: shape.symbol,
                  role: 'inherited',
                  bases: shape.bases,
                  ...(shape.own.agent === undefined ? { missing: 'agent' as const } : shape.own.session === undefined ? { missing: 'session' as const } : {}),
                },
              ],
              only: 'type-aware',
            });
          }
        }
      },
    };
  },
};
