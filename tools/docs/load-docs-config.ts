import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { ConfigError } from '../check/config-error.js';
import { CONFIG_FILE_NAME } from '../../src/contract/config-file.js';

/** The `docs` key of `agent-identity-kit.config.json`. */
export interface DocsConfig {
  /** Globs (relative to the root) of Markdown files the gate leaves out, besides the default folders. */
  readonly exclude?: readonly string[];
  /** Identity-vocabulary names checked besides `agentId`, `AgentId` and `agent_id`. */
  readonly vocabulary?: readonly string[];
  /**
   * Markdown files whose vocabulary mentions are not checked, each with the reason (pages that
   * document the vocabulary itself, such as the identity lint's rule pages).
   */
  readonly vocabularyIgnores?: readonly { readonly pattern: string; readonly reason: string }[];
}

const names = { type: 'array', items: { type: 'string', minLength: 1 } };
const validate = new Ajv().compile<DocsConfig>({
  type: 'object',
  additionalProperties: false,
  properties: {
    exclude: names,
    vocabulary: names,
    vocabularyIgnores: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['pattern', 'reason'],
        properties: { pattern: { type: 'string', minLength: 1 }, reason: { type: 'string', minLength: 1 } },
      },
    },
  },
});

/**
 * Reads the `docs` key of `<root>/agent-identity-kit.config.json` (empty when the file or the
 * key is absent). A file that is not JSON, or a `docs` key of the wrong shape, is a
 * {@link ConfigError} naming the file and the field.
 */
export function loadDocsConfig(root: string): DocsConfig {
  const path = join(root, CONFIG_FILE_NAME);
  if (!existsSync(path)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(CONFIG_FILE_NAME, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const section = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)['docs'] : undefined;
  if (section === undefined) return {};
  if (!validate(section)) {
    const [error] = validate.errors ?? [];
    const at = `docs${(error?.instancePath ?? '').replace(/\//g, '.')}`;
    throw new ConfigError(CONFIG_FILE_NAME, `${at} ${error?.message ?? 'is invalid'}`);
  }
  return section;
}
