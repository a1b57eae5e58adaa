/**
 * `id-translation-map` (AIK-ID-004): a map that translates between the two names of one
 * lifecycle — a `Map`/`WeakMap`/`Record`/index signature keyed by an agent id and valued by a
 * session id (or the reverse, or keyed by the agent object), a map named like `labelBySession`
 * or `agentIdBySession`, or a record storing a session id next to the agent object that already
 * carries it. Registries filing an object under its own id (`Map<SessionId, Agent>`) are fine.
 */
import { ts } from 'ts-morph';
import { unwrap } from '../_internals/id-sources.js';
import { classifyName, MAP_CONNECTOR_WORDS, splitWords, type IdentityKind } from '../_internals/identity-names.js';
import { classMembers, typeElementMembers, type MemberInfo } from '../_internals/members.js';
import { classifyTypeNode, expressionKind, nameText, symbolOf } from '../_internals/syntax.js';
import { USUAL_PAIR, type FileContext, type Rule, type RuleVisitor } from './rule.js';

const MAP_TYPES = new Set(['Map', 'WeakMap', 'ReadonlyMap', 'Record']);

/** Key/value pairs that translate one identity into the other. */
function isTranslation(key: IdentityKind | undefined, value: IdentityKind | undefined): boolean {
  return (
    (key === 'agent-id' && value === 'session-id') ||
    (key === 'session-id' && value === 'agent-id') ||
    (key === 'agent-object' && value === 'session-id')
  );
}

/** `labelBySession`, `agentIdBySession`, `sessionIdForAgent`: an id of one side filed by the other side. */
function isTranslationName(name: string): boolean {
  const words = splitWords(name);
  const at = words.findIndex((word) => MAP_CONNECTOR_WORDS.has(word));
  if (at <= 0 || at === words.length - 1) return false;
  const left = words.slice(0, at);
  const right = words.slice(at + 1);
  const leftIsId = left.some((word) => word === 'id' || word === 'ids' || word === 'label' || word === 'labels');
  if (!leftIsId) return false;
  const leftAgent = left.includes('agent') || left.includes('label') || left.includes('labels');
  const leftSession = left.includes('session');
  const rightAgent = right.some((word) => word.startsWith('agent'));
  const rightSession = right.some((word) => word.startsWith('session'));
  return (leftAgent && !leftSession && rightSession) || (leftSession && !leftAgent && rightAgent);
}

/** The id a record type carries, for a map's value type: `{ agentId: string; … }`. */
function carriedId(type: ts.TypeNode | undefined, file: FileContext): IdentityKind | undefined {
  if (type === undefined || !ts.isTypeLiteralNode(type)) return undefined;
  const kinds = typeElementMembers(type.members, file).map((member) => member.kind);
  if (kinds.includes('agent-id') && !kinds.includes('session-id')) return 'agent-id';
  if (kinds.includes('session-id') && !kinds.includes('agent-id')) return 'session-id';
  return undefined;
}

function mapTypeArguments(type: ts.Node | undefined): readonly ts.TypeNode[] | undefined {
  if (type === undefined) return undefined;
  // `Readonly<Record<K, V>>`: the map inside a read-only view is the same map.
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'Readonly' && type.typeArguments?.length === 1) return mapTypeArguments(type.typeArguments[0]);
  if (ts.isTypeOperatorNode(type) && type.operator === ts.SyntaxKind.ReadonlyKeyword) return mapTypeArguments(type.type);
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && MAP_TYPES.has(type.typeName.text)) {
    return type.typeArguments?.length === 2 ? type.typeArguments : [];
  }
  if (ts.isNewExpression(type) && ts.isIdentifier(type.expression) && MAP_TYPES.has(type.expression.text)) {
    return type.typeArguments?.length === 2 ? type.typeArguments : [];
  }
  return undefined;
}

/** The name an id expression is read by, for the lifecycle evidence: `agentId`, `session_id`; `agent.id` as `agentId`. */
function idName(expression: ts.Expression, kind: 'agent-id' | 'session-id'): string {
  const node = unwrap(expression);
  const name = ts.isIdentifier(node) ? node.text : ts.isPropertyAccessExpression(node) ? node.name.text : 'id';
  return name === 'id' ? (kind === 'agent-id' ? 'agentId' : 'sessionId') : name;
}

/**
 * The agent-id key under which the function filling a map files `value`'s own id (`{ agentId:
 * profile.id }` for `profile`): the value is then the agent object. `undefined` otherwise.
 */
function agentIdCarriedBy(value: ts.Expression, file: FileContext): string | undefined {
  if (!ts.isIdentifier(value)) return undefined;
  const owner = file.ancestors.findLast((node) => ts.isFunctionLike(node));
  let found: string | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined) return;
    if (ts.isPropertyAssignment(node)) {
      const key = nameText(node.name);
      const initializer = node.initializer;
      if (key !== undefined && classifyName(key, file.vocabulary) === 'agent-id' && ts.isPropertyAccessExpression(initializer) && initializer.name.text === 'id' && ts.isIdentifier(initializer.expression) && initializer.expression.text === value.text) found = key;
    }
    ts.forEachChild(node, visit);
  };
  if (owner !== undefined) ts.forEachChild(owner, visit);
  return found;
}

/** The declaration of a map filled through `target` (`this.cache` in a class declaring `cache`), when the file shows it. */
function declarationOf(target: ts.Expression, file: FileContext): { node: ts.Node; symbol: string } | undefined {
  if (!ts.isPropertyAccessExpression(target) || target.expression.kind !== ts.SyntaxKind.ThisKeyword) return undefined;
  const owner = file.ancestors.findLast((node): node is ts.ClassLikeDeclaration => ts.isClassLike(node));
  const member = owner?.members.find((candidate) => ts.isPropertyDeclaration(candidate) && nameText(candidate.name) === target.name.text);
  return owner === undefined || member?.name === undefined ? undefined : { node: member.name, symbol: `${nameText(owner.name) ?? '<anonymous class>'}.${target.name.text}` };
}

/** A map declared in a class or block: its name node, key kind and value type's text. */
interface DeclaredMap {
  readonly name: ts.Node;
  readonly text: string;
  readonly key: IdentityKind | undefined;
  readonly value: string;
}

/** The maps among a class's properties or a block's variables (`Map`/`WeakMap`/`Record`, by type or `new`). */
function declaredMaps(declarations: readonly ts.Node[], file: FileContext): DeclaredMap[] {
  const maps: DeclaredMap[] = [];
  for (const declaration of declarations) {
    if (!ts.isPropertyDeclaration(declaration) && !ts.isVariableDeclaration(declaration)) continue;
    const text = nameText(declaration.name);
    const args = mapTypeArguments(declaration.type) ?? mapTypeArguments(declaration.initializer);
    const [key, value] = args ?? [];
    if (text === undefined || key === undefined || value === undefined) continue;
    maps.push({ name: declaration.name, text, key: classifyTypeNode(key, file), value: value.getText(file.sourceFile) });
  }
  return maps;
}

/**
 * The maps keyed by the agent object that mirror a map of the same values keyed by an id, in one
 * class or function body (`entries = new WeakMap<Agent, AgentEntry>()` beside `store = new Map<AgentId,
 * AgentEntry>()`): the object finds the entry the id files, a reverse map from the object to its id.
 */
function mirrors(maps: readonly DeclaredMap[]): { mirror: DeclaredMap; keyed: DeclaredMap }[] {
  const found: { mirror: DeclaredMap; keyed: DeclaredMap }[] = [];
  for (const mirror of maps) {
    if (mirror.key !== 'agent-object') continue;
    const keyed = maps.find((map) => (map.key === 'agent-id' || map.key === 'session-id') && map.value === mirror.value);
    if (keyed !== undefined) found.push({ mirror, keyed });
  }
  return found;
}

/** The variable declarations among a block's statements. */
function variablesOf(statements: readonly ts.Statement[]): ts.VariableDeclaration[] {
  return statements.flatMap((statement) => (ts.isVariableStatement(statement) ? [...statement.declarationList.declarations] : []));
}

/** The rule. */
export const idTranslationMap: Rule = {
  id: 'id-translation-map',
  description: 'A map or record translates between an agent id and a session id, or stores a session id next to the agent that carries it.',
  mode: 'type-aware',
  options: {},
  start(run): RuleVisitor {
    // Map types and `new Map` expressions already judged as part of their declaration.
    const judged = new WeakSet<ts.Node>();
    // Maps reported at their declaration (`file\0name`): filling them is not another finding.
    const reportedMaps = new Set<string>();
    // Maps reported at a fill (`file\0receiver`): the next fills are the same construct.
    const filled = new Set<string>();

    const pairKinds = (node: ts.Node, file: FileContext): readonly [IdentityKind | undefined, IdentityKind | undefined] | undefined => {
      const args = mapTypeArguments(node);
      if (args !== undefined) {
        const [key, value] = args;
        return [classifyTypeNode(key, file), classifyTypeNode(value, file) ?? carriedId(value, file)];
      }
      if (ts.isTypeLiteralNode(node) && node.members.length === 1) {
        const [member] = node.members;
        if (member !== undefined && ts.isIndexSignatureDeclaration(member)) return indexKinds(member, file);
      }
      return undefined;
    };

    const indexKinds = (member: ts.IndexSignatureDeclaration, file: FileContext): readonly [IdentityKind | undefined, IdentityKind | undefined] => {
      const [parameter] = member.parameters;
      const keyName = nameText(parameter?.name);
      const key = (keyName === undefined ? undefined : classifyName(keyName, file.vocabulary)) ?? classifyTypeNode(parameter?.type, file);
      return [key, classifyTypeNode(member.type, file)];
    };

    // A declared translation is decided by how the package builds the two ids (`pair`): one
    // lifecycle's when it mints or builds them together; a persona's pointer at its current
    // session, one of many, when it uses them apart only; unconfirmed otherwise.
    const reportTranslation = (node: ts.Node, file: FileContext, symbol = symbolOf(node, file.ancestors), typed = false): void => {
      run.report({
        file: file.file,
        ...file.position(node),
        symbol,
        message: `'${symbol}' maps one identity to the other: one lifecycle has one id, so there is nothing to translate. File objects under their session id and read the id from the object.`,
        questions: [],
        pair: USUAL_PAIR,
        ...(typed ? { proof: `'${symbol}' is typed as a map between the two identities` } : {}),
      });
    };

    const onDeclaration = (node: ts.Node, file: FileContext): void => {
      const declaration = node as ts.VariableDeclaration | ts.PropertyDeclaration | ts.PropertySignature;
      const name = nameText(declaration.name);
      const initializer = 'initializer' in declaration ? declaration.initializer : undefined;
      const fromType = declaration.type === undefined ? undefined : pairKinds(declaration.type, file);
      const fromValue = initializer === undefined ? undefined : pairKinds(initializer, file);
      if (fromType !== undefined && declaration.type !== undefined) judged.add(declaration.type);
      if (fromValue !== undefined && initializer !== undefined) judged.add(initializer);
      const mapLike =
        fromType !== undefined ||
        fromValue !== undefined ||
        (initializer !== undefined && ts.isObjectLiteralExpression(initializer) && initializer.properties.length === 0);
      if (!mapLike || name === undefined) return;
      const symbol = symbolOf(node, file.ancestors);
      const typed = [fromType, fromValue].some((pair) => pair !== undefined && isTranslation(pair[0], pair[1]));
      if (typed || isTranslationName(name)) {
        reportedMaps.add(`${file.file}\0${name}`);
        reportTranslation(declaration.name, file, symbol, typed);
      }
    };

    const onMapType = (node: ts.Node, file: FileContext): void => {
      const pair = pairKinds(node, file);
      if (pair !== undefined && isTranslation(pair[0], pair[1]) && !judged.has(node)) reportTranslation(node, file, undefined, true);
    };

    // A cache filled at run time: `bySession.set(agent.id, sessionId)`, or a record carrying the
    // other id: `cache.set(sessionId, { agentId, … })`. Keyed by a plain string, only the filling
    // tells that the map translates, and only how the package builds the two ids tells whether they
    // are one lifecycle's (`pair`) or a persona's with many sessions. One finding per map: its
    // first fill in the file.
    const onSet = (node: ts.Node, file: FileContext): void => {
      const call = node as ts.CallExpression;
      const callee = call.expression;
      if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'set' || call.arguments.length !== 2) return;
      const [key, value] = call.arguments as unknown as [ts.Expression, ts.Expression];
      const keyKind = expressionKind(key, file);
      if (keyKind === undefined) return;
      let valueKind = expressionKind(value, file);
      let valueName = valueKind === undefined ? undefined : idName(value, valueKind);
      if (valueKind === undefined && ts.isObjectLiteralExpression(value)) {
        for (const property of value.properties) {
          const name = ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property) ? nameText(property.name) : undefined;
          const kind = name === undefined ? undefined : classifyName(name, file.vocabulary);
          if (kind === 'agent-id' || kind === 'session-id') [valueKind, valueName] = [kind, name];
          if (valueKind !== undefined && valueKind !== keyKind) break;
        }
      }
      // The agent object itself, under a session id: `sessionProfiles.set(session.id, profile)` in
      // a function that files `profile.id` as the agent id (`{ agentId: profile.id }`).
      const agentObject = valueKind === undefined && keyKind === 'session-id' ? agentIdCarriedBy(value, file) : undefined;
      if (agentObject !== undefined) [valueKind, valueName] = ['agent-id', agentObject];
      if (!isTranslation(keyKind, valueKind) || valueName === undefined) return;
      // Filling a map already reported at its declaration, or filled before, is the same construct.
      const target = callee.expression;
      const mapName = ts.isIdentifier(target) ? target.text : ts.isPropertyAccessExpression(target) ? target.name.text : undefined;
      if (mapName !== undefined && reportedMaps.has(`${file.file}\0${mapName}`)) return;
      const receiver = callee.expression.getText(file.sourceFile);
      if (filled.has(`${file.file}\0${receiver}`)) return;
      filled.add(`${file.file}\0${receiver}`);
      const keyName = idName(key, keyKind);
      const symbol = symbolOf(node, file.ancestors);
      const filledWith = agentObject === undefined ? (valueKind === 'agent-id' ? 'an agent id' : 'a session id') : `'${value.getText(file.sourceFile)}', the agent whose own id is its '${agentObject}'`;
      // Reported at the map's declaration in the same class or scope when there is one: the construct is the map.
      const declared = declarationOf(target, file);
      run.report({
        file: file.file,
        ...file.position(declared?.node ?? call),
        symbol: declared?.symbol ?? symbol,
        message: `'${symbol}' fills '${receiver}' with '${key.getText(file.sourceFile)}' → ${filledWith}: a translation between the two names of one lifecycle. Drop the map: file objects under their session id and read the id from the object.`,
        questions: [],
        pair: keyKind === 'agent-id' ? [keyName, valueName] : [valueName, keyName],
      });
    };

    const onIndexSignature = (node: ts.Node, file: FileContext): void => {
      const [key, value] = indexKinds(node as ts.IndexSignatureDeclaration, file);
      if (!isTranslation(key, value)) return;
      const parent = file.ancestors[file.ancestors.length - 1];
      if (parent === undefined || !judged.has(parent)) reportTranslation(node, file);
    };

    // A record that stores a session id (by name: `sessionId`, not a subject's own `id`) next to
    // the agent object that already carries it; a `parent` agent is lineage, not the same agent.
    const checkCopy = (members: readonly MemberInfo[], file: FileContext, symbol: string): void => {
      const agent = members.find((member) => member.kind === 'agent-object' && !/^parent/i.test(member.name));
      const copy = members.find((member) => member.stored && classifyName(member.name, file.vocabulary) === 'session-id');
      if (agent === undefined || copy === undefined) return;
      const at = ((agent.node as ts.NamedDeclaration).name ?? agent.node).getStart(file.sourceFile);
      run.report({
        file: file.file,
        ...file.position(copy.node),
        symbol,
        message: `'${symbol}' stores '${copy.name}' next to '${agent.name}', which already carries it: drop '${copy.name}'.`,
        fix: `Read '${agent.name}.{id}' instead.`,
        questions: [{ at, name: agent.name, role: 'agent-object' }],
      });
    };

    // An object-keyed mirror of an id-keyed map: the values are not ids, so — as for a map named
    // as a translation — how the package builds the two ids decides (`pair`).
    const checkMirrors = (declarations: readonly ts.Node[], file: FileContext, owner?: string): void => {
      for (const { mirror, keyed } of mirrors(declaredMaps(declarations, file))) {
        const symbol = owner === undefined ? mirror.text : `${owner}.${mirror.text}`;
        run.report({
          file: file.file,
          ...file.position(mirror.name),
          symbol,
          message: `'${symbol}' files '${mirror.value}' by the agent object beside '${keyed.text}', which files the same values by id: a reverse map from the agent to its id. Keep the id-keyed map and read the agent's entry by 'agent.id'.`,
          questions: [],
          pair: USUAL_PAIR,
        });
      }
    };

    return {
      triggers: ['agent', 'session'],
      enter: {
        [ts.SyntaxKind.VariableDeclaration]: onDeclaration,
        [ts.SyntaxKind.PropertyDeclaration]: onDeclaration,
        [ts.SyntaxKind.PropertySignature]: onDeclaration,
        [ts.SyntaxKind.TypeReference]: onMapType,
        [ts.SyntaxKind.NewExpression]: onMapType,
        [ts.SyntaxKind.IndexSignature]: onIndexSignature,
        [ts.SyntaxKind.CallExpression]: onSet,
        [ts.SyntaxKind.InterfaceDeclaration]: (node, file) => {
          const declaration = node as ts.InterfaceDeclaration;
          checkCopy(typeElementMembers(declaration.members, file, declaration.name.text), file, declaration.name.text);
        },
        [ts.SyntaxKind.TypeLiteral]: (node, file) => {
          checkCopy(typeElementMembers((node as ts.TypeLiteralNode).members, file), file, symbolOf(node, file.ancestors));
        },
        [ts.SyntaxKind.ClassDeclaration]: (node, file) => {
          const declaration = node as ts.ClassDeclaration;
          const name = nameText(declaration.name) ?? '<anonymous class>';
          checkCopy(classMembers(declaration, file, name), file, name);
          checkMirrors(declaration.members, file, name);
        },
        [ts.SyntaxKind.Block]: (node, file) => {
          checkMirrors(variablesOf((node as ts.Block).statements), file);
        },
      },
    };
  },
};
