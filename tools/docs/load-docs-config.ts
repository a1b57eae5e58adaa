import { Ajv } from 'ajv';
import { readConfigSection } from '../check/read-config-section.js';

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
  /** The tsconfig (relative to the root) fences typecheck against and code names are read from; default `tsconfig.json`, else every package's. */
  readonly project?: string;
  /**
   * Info-string labels that opt a fence out of typechecking (```` ```ts ignore-check ````), besides
   * the common ones ({@link DEFAULT_FENCE_OPT_OUTS} in `ts-fence.ts`).
   */
  readonly fenceOptOuts?: readonly string[];
  /** Check translation copies (`guide.zh.md` beside `guide.md`) too. Default false: they repeat their original's fences and paths. */
  readonly checkTranslations?: boolean;
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
    project: { type: 'string', minLength: 1 },
    fenceOptOuts: names,
    checkTranslations: { type: 'boolean' },
  },
});

/**
 * Reads the `docs` key of `<root>/agent-identity-kit.config.json` (empty when the file or the
 * key is absent). A file that is not JSON, or a `docs` key of the wrong shape, is a
 * {@link ConfigError} naming the file and the field.
 */
export function loadDocsConfig(root: string): DocsConfig {
  return readConfigSection(root, 'docs', validate);
}
