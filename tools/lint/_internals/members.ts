/**
 * Reads the members of interfaces, type literals and classes (property members and constructor
 * parameter properties) with the identity kind each one stands for.
 */
import { ts } from 'ts-morph';
import type { FileContext } from '../rules/rule.js';
import { classifyName, isIdList, type IdentityKind } from './identity-names.js';
import { classifyTypeNode, nameText } from './syntax.js';

/** One member and what it stands for. */
export interface MemberInfo {
  readonly name: string;
  readonly kind: IdentityKind | undefined;
  readonly node: ts.Node;
  /** A stored field (property or parameter property), as opposed to an accessor. */
  readonly stored: boolean;
}

/**
 * The identity kind of a named, typed slot: the name decides first (`agentId`, or a look-alike
 * such as `parentSessionId`), then the type (`id: AgentId`, `session: Session`).
 */
export function slotKind(name: string, type: ts.TypeNode | undefined, file: FileContext, owner?: string): IdentityKind | undefined {
  const kind = classifyName(name, file.vocabulary, owner) ?? classifyTypeNode(type, file);
  // A collection of ids (`agentIds: string[]`) names several agents, not a second id of this one.
  return (kind === 'agent-id' || kind === 'session-id') && isIdList(name) ? undefined : kind;
}

/** The property signatures of an interface or type literal. */
export function typeElementMembers(elements: readonly ts.TypeElement[], file: FileContext, owner?: string): MemberInfo[] {
  const members: MemberInfo[] = [];
  for (const element of elements) {
    if (!ts.isPropertySignature(element)) continue;
    const name = nameText(element.name);
    if (name === undefined) continue;
    members.push({ name, kind: slotKind(name, element.type, file, owner), node: element, stored: true });
  }
  return members;
}

/** The properties, accessors and constructor parameter properties of a class. */
export function classMembers(node: ts.ClassLikeDeclaration, file: FileContext, owner?: string): MemberInfo[] {
  const members: MemberInfo[] = [];
  for (const member of node.members) {
    if (ts.isPropertyDeclaration(member) || ts.isGetAccessorDeclaration(member)) {
      if (member.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword) === true) continue;
      const name = nameText(member.name);
      if (name === undefined) continue;
      members.push({ name, kind: slotKind(name, member.type, file, owner), node: member, stored: ts.isPropertyDeclaration(member) });
    } else if (ts.isConstructorDeclaration(member)) {
      for (const parameter of member.parameters) {
        if (!ts.isParameterPropertyDeclaration(parameter, member)) continue;
        const name = nameText(parameter.name);
        if (name === undefined) continue;
        members.push({ name, kind: slotKind(name, parameter.type, file, owner), node: parameter, stored: true });
      }
    }
  }
  return members;
}
