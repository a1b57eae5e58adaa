import { join } from 'node:path';
import type { ModuleResolver } from '../check/module-resolver.js';

/** What this plugin needs of an enhanced-resolve request. */
interface ResolveRequest {
  readonly path: string | false;
  readonly request?: string;
  readonly [key: string]: unknown;
}
type ResolveCallback = (error?: Error | null, result?: unknown) => void;
/** What this plugin needs of an enhanced-resolve resolver (dependency-cruiser creates it). */
interface Resolver {
  ensureHook(name: string): unknown;
  getHook(name: string): { tapAsync(name: string, handler: (request: ResolveRequest, context: object, callback: ResolveCallback) => void): void };
  doResolve(hook: unknown, request: ResolveRequest, message: string, context: object, callback: ResolveCallback): void;
}

/**
 * An enhanced-resolve plugin that hands every import to the gates' one resolver
 * ({@link ModuleResolver}: TypeScript's, with the importing file's nearest tsconfig and the
 * workspace linked): a file of the repository it finds is the answer. What it leaves — an
 * installed dependency (resolved by enhanced-resolve to the JavaScript that runs, so its
 * dependency type is read from its package.json), a stylesheet or other asset TypeScript does
 * not resolve — goes on through enhanced-resolve as usual.
 */
export class TypeScriptResolution {
  constructor(private readonly resolver: ModuleResolver) {}

  apply(resolver: Resolver): void {
    const target = resolver.ensureHook('internal-resolve');
    resolver.getHook('raw-resolve').tapAsync('TypeScriptResolution', (request, context, callback) => {
      const specifier = request.request;
      if (specifier === undefined || request.path === false) return callback();
      // dependency-cruiser resolves from the importing file's folder; within one folder every file has the same tsconfig and package.json.
      const found = this.resolver.resolve(specifier, join(request.path, 'index.ts'), 'implementation');
      if (found === undefined || found.isExternalLibraryImport === true) return callback();
      resolver.doResolve(target, { ...request, request: found.resolvedFileName }, `TypeScript: ${specifier} → ${found.resolvedFileName}`, context, (error, result) =>
        error === null || error === undefined ? callback(null, result) : callback(),
      );
    });
  }
}
