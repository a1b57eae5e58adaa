import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

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

/** The `paths` of one tsconfig and the folder its targets are taken from. */
interface PathMapping {
  readonly paths: ts.MapLike<string[]>;
  readonly base: string;
}

/** Reading a tsconfig for its `paths` only: no file enumeration. */
const PARSE_HOST: ts.ParseConfigHost = { ...ts.sys, readDirectory: () => [] };

/**
 * An enhanced-resolve plugin that resolves path aliases (`@/lib/format`) with the `paths` of the
 * tsconfig.json nearest to each importing file, so every package of a monorepo keeps its own
 * aliases. A tsconfig whose `extends` cannot be found (a shared config package that is not
 * installed) still contributes its own `paths`; a tsconfig that does not parse contributes none,
 * and imports it would map resolve as if it had none (a missing file is then the finding).
 */
export class NearestTsconfigPaths {
  private readonly nearest = new Map<string, PathMapping | undefined>();

  /** `root`: the repository root, above which no tsconfig is looked for. */
  constructor(private readonly root: string) {}

  apply(resolver: Resolver): void {
    const target = resolver.ensureHook('internal-resolve');
    resolver.getHook('raw-resolve').tapAsync('NearestTsconfigPaths', (request, context, callback) => {
      const specifier = request.request;
      if (specifier === undefined || request.path === false || specifier.startsWith('.') || specifier.startsWith('/')) return callback();
      const mapping = this.mappingFor(request.path);
      const candidates = mapping === undefined ? [] : substitutions(mapping, specifier);
      const attempt = (index: number): void => {
        const candidate = candidates[index];
        if (candidate === undefined) return callback();
        resolver.doResolve(target, { ...request, request: candidate }, `tsconfig paths: ${specifier} → ${candidate}`, context, (error, result) => {
          if (error === null || error === undefined) {
            if (result !== undefined) return callback(null, result);
          }
          attempt(index + 1);
        });
      };
      attempt(0);
    });
  }

  /** The `paths` of the tsconfig nearest to `dir`, cached per folder. */
  private mappingFor(dir: string): PathMapping | undefined {
    if (this.nearest.has(dir)) return this.nearest.get(dir);
    const file = join(dir, 'tsconfig.json');
    const parent = dirname(dir);
    const mapping = existsSync(file) ? readMapping(file) : dir === this.root || parent === dir || !dir.startsWith(this.root) ? undefined : this.mappingFor(parent);
    this.nearest.set(dir, mapping);
    return mapping;
  }
}

function readMapping(file: string): PathMapping | undefined {
  const read = ts.readConfigFile(file, (path) => ts.sys.readFile(path));
  if (read.error !== undefined) return undefined;
  // Errors (an `extends` that is not installed, say) are ignored: what the file itself says still counts.
  const { options } = ts.parseJsonConfigFileContent(read.config, PARSE_HOST, dirname(file), undefined, file);
  if (options.paths === undefined) return undefined;
  const base = options.baseUrl ?? (options['pathsBasePath'] as string | undefined) ?? dirname(file);
  return { paths: options.paths, base };
}

/** Where `specifier` may be, by TypeScript's rules: an exact key, else the pattern with the longest prefix. */
function substitutions({ paths, base }: PathMapping, specifier: string): string[] {
  const exact = paths[specifier];
  if (exact !== undefined) return exact.map((target) => resolve(base, target));
  let best: { prefix: string; suffix: string; targets: string[] } | undefined;
  for (const [pattern, targets] of Object.entries(paths)) {
    const star = pattern.indexOf('*');
    if (star < 0) continue;
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    const fits = specifier.length >= prefix.length + suffix.length && specifier.startsWith(prefix) && specifier.endsWith(suffix);
    if (fits && (best === undefined || prefix.length > best.prefix.length)) best = { prefix, suffix, targets };
  }
  if (best === undefined) return [];
  const matched = specifier.slice(best.prefix.length, specifier.length - best.suffix.length);
  return best.targets.map((target) => resolve(base, target.replace('*', matched)));
}
