import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE_NAME } from '../contract/config-file.js';
import { configFileProblem, schemaErrorText } from '../../tools/check/config-keys.js';
import { UsageError } from '../supervisor/usage-error.js';

/**
 * The `conform` key of `agent-identity-kit.config.json`: defaults for the flags of `conform`, so
 * a CI line stays `npx agent-identity-kit conform`. A flag on the command line wins.
 */
export interface ConformConfig {
  /** `--adapter`: the adapter module (`file.ts` or `file.ts#export`), relative to the working directory. */
  readonly adapter?: string;
  /** `--adapter-cmd`: the command of a stdio adapter process (docs/stdio-adapter.md). */
  readonly adapterCmd?: string;
  /** `--import`: modules preloaded before the adapter. */
  readonly import?: readonly string[];
  /** `--tsconfig`: the tsconfig a `.ts` adapter loads with. */
  readonly tsconfig?: string;
  /** `--seed`. */
  readonly seed?: number;
  /** `--runs`. */
  readonly runs?: number;
  /** `--requirements`: requirement ids or area prefixes. */
  readonly requirements?: readonly string[];
  /** `--expected-failures`: the YAML file of known gaps. */
  readonly expectedFailures?: string;
  /** `--timeout`: the per-operation timeout in ms. */
  readonly timeout?: number;
}

const path = { type: 'string', minLength: 1 };
const count = { type: 'integer', minimum: 0 };
/** The schema of the `conform` key, compiled on use: Ajv and the compilation take a fifth of a second, before `conform`'s header. */
const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    adapter: path,
    adapterCmd: path,
    import: { type: 'array', items: path },
    tsconfig: path,
    seed: { type: 'integer', minimum: -(2 ** 31), maximum: 2 ** 31 - 1 },
    runs: count,
    requirements: { type: 'array', items: path, minItems: 1 },
    expectedFailures: path,
    timeout: { type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 },
  },
};

/** Reads the `conform` key in `cwd` (empty without the file or the key); a bad one is a usage error naming the file and field. */
export async function loadConformConfig(cwd: string): Promise<ConformConfig> {
  const file = join(cwd, CONFIG_FILE_NAME);
  if (!existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${CONFIG_FILE_NAME}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const problem = configFileProblem(parsed);
  if (problem !== undefined) throw new UsageError(`${CONFIG_FILE_NAME}: ${problem}`);
  const section = (parsed as Record<string, unknown>)['conform'];
  if (section === undefined) return {};
  const { Ajv } = await import('ajv');
  const validate = new Ajv({ verbose: true }).compile<ConformConfig>(SCHEMA);
  if (!validate(section)) throw new UsageError(`${CONFIG_FILE_NAME}: ${schemaErrorText(validate.errors?.[0], 'conform')}`);
  return section;
}
