import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AdapterFactory } from '../contract/adapter.js';
import { UsageError } from './usage-error.js';

/** An `--adapter <module>[#export]` argument, checked to exist. */
export interface AdapterSpec {
  /** The module's path as the user wrote it (for messages). */
  readonly file: string;
  readonly url: string;
  /** The export holding the factory: `default` unless `#name` was given. */
  readonly exportName: string;
}

/** Parses `--adapter <module>[#export]`; a missing file is a usage error naming it. */
export function adapterSpec(spec: string): AdapterSpec {
  const hash = spec.lastIndexOf('#');
  const file = hash < 0 ? spec : spec.slice(0, hash);
  const exportName = hash < 0 ? 'default' : spec.slice(hash + 1);
  if (!existsSync(file)) throw new UsageError(`${file}: adapter module not found`);
  return { file, url: pathToFileURL(resolve(file)).href, exportName };
}

let typescriptLoader: Promise<void> | undefined;

/**
 * Loads the adapter factory of `spec` in this thread. A TypeScript adapter loads with no setup by
 * the user: tsx is registered first (once) when the kit itself runs as compiled JavaScript.
 */
export async function loadAdapter(spec: AdapterSpec): Promise<AdapterFactory> {
  let module: Record<string, unknown>;
  try {
    if (/\.[cm]?tsx?$/.test(spec.file)) {
      typescriptLoader ??= import('tsx/esm/api').then(({ register }) => void register());
      await typescriptLoader;
    }
    module = (await import(spec.url)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`${spec.file}: cannot load the adapter module (${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)})`);
  }
  const factory = module[spec.exportName];
  if (typeof factory !== 'function') throw new UsageError(`${spec.file}: exports no adapter factory named "${spec.exportName}"`);
  return factory as AdapterFactory;
}
