/**
 * Reads the `lint` key of `agent-identity-kit.config.json` (other keys belong to other gates)
 * and validates it with a JSON Schema, so a typo is one line naming the file and the field.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { CONFIG_FILE_NAME } from '../../../src/contract/config-file.js';
import { configFileProblem, schemaErrorText } from '../../check/config-keys.js';
import { LintConfigError } from '../lint-config-error.js';
import type { RULES } from '../rules/index.js';
import type { LintConfig } from '../types.js';

/** The configuration file looked up in the working directory when none is named. */
export { CONFIG_FILE_NAME };

/** A configuration and the folder its ignore globs are relative to. */
export interface LoadedConfig {
  readonly config: LintConfig;
  readonly base: string;
}

const severity = { enum: ['error', 'warning', 'off'] };
const stringList = { type: 'array', items: { type: 'string', minLength: 1 } };

function schema(rules: typeof RULES): object {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      ignores: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['pattern', 'reason'],
          properties: { pattern: { type: 'string', minLength: 1 }, reason: { type: 'string', minLength: 1 } },
        },
      },
      rules: {
        type: 'object',
        propertyNames: { enum: rules.map((rule) => rule.id) },
        properties: Object.fromEntries(
          rules.map((rule) => [
            rule.id,
            {
              anyOf: [
                severity,
                {
                  type: 'object',
                  additionalProperties: false,
                  properties: { severity, options: { type: 'object', additionalProperties: false, properties: rule.options } },
                },
              ],
            },
          ]),
        ),
      },
      vocabulary: {
        type: 'object',
        additionalProperties: false,
        properties: { labelNames: stringList, wireLocalNames: stringList, lineageNames: stringList, compatibilityFields: stringList },
      },
      baseline: { type: 'string', minLength: 1 },
      unconfirmed: { enum: ['error', 'warning', 'off'] },
      level: { enum: ['error', 'warning'] },
    },
  };
}

/** Validates a configuration object; `where` names its file in the error. */
export function validateConfig(value: unknown, where: string, rules: typeof RULES): LintConfig {
  const validate = new Ajv({ allErrors: false, verbose: true }).compile(schema(rules));
  if (!validate(value)) {
    const [error] = validate.errors ?? [];
    const allowed = error?.params !== undefined && 'allowedValues' in error.params ? ` (${(error.params['allowedValues'] as unknown[]).join(', ')})` : '';
    throw new LintConfigError(`${where}: ${schemaErrorText(error, 'lint')}${allowed}`);
  }
  return value as LintConfig;
}

/** Loads the configuration file (`file`, or `agent-identity-kit.config.json` in `cwd` when present). */
export function loadConfig(cwd: string, file: string | undefined, rules: typeof RULES): LoadedConfig {
  const path = resolve(cwd, file ?? CONFIG_FILE_NAME);
  const where = relative(cwd, path) || path;
  if (!existsSync(path)) {
    if (file !== undefined) throw new LintConfigError(`${where}: configuration file not found`);
    return { config: {}, base: cwd };
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new LintConfigError(`${where}: cannot read configuration (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new LintConfigError(`${where}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const problem = configFileProblem(parsed);
  if (problem !== undefined) throw new LintConfigError(`${where}: ${problem}`);
  const section = (parsed as Record<string, unknown>)['lint'];
  return { config: section === undefined ? {} : validateConfig(section, where, rules), base: dirname(path) };
}
