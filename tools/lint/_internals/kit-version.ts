/**
 * The kit's version, read once from its `package.json` (the lint may import only `src/contract`,
 * which carries no version).
 */
import { readFileSync } from 'node:fs';

/** `version` of the kit's package.json. */
export const KIT_VERSION: string = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
