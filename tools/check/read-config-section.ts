import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { CONFIG_FILE_NAME } from '../../src/contract/config-file.js';
import { ConfigError } from './config-error.js';

/**
 * Reads the `key` section of `<root>/agent-identity-kit.config.json` and validates it (empty
 * when the file or the key is absent). A file that is not JSON, or a section that `validate`
 * rejects, is a {@link ConfigError} naming the file and the field (`graph.moduleGraph.file must
 * be string`).
 */
export function readConfigSection<T>(root: string, key: string, validate: ValidateFunction<T>): Partial<T> {
  const path = join(root, CONFIG_FILE_NAME);
  if (!existsSync(path)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(CONFIG_FILE_NAME, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const section = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)[key] : undefined;
  if (section === undefined) return {};
  if (!validate(section)) {
    const [error] = validate.errors ?? [];
    const at = `${key}${(error?.instancePath ?? '').replace(/\//g, '.')}`;
    throw new ConfigError(CONFIG_FILE_NAME, `${at} ${error?.message ?? 'is invalid'}`);
  }
  return section;
}
