// Module resolution hooks of a worker run from the kit's own checkout (registered by adapter-worker.mjs
// there, never in the installed package). Code of the checkout that imports the kit by its package
// name (the examples: `agent-identity-kit/adapter`) gets the TypeScript source of that export, as
// tsconfig.json "paths" give it to tsc: the export's compiled target `./dist/<path>.js` is built from
// `./<path>.ts` (scripts/build.mjs mirrors the layout). Every other import resolves as Node resolves it,
// so an adapter in a user's project gets the kit installed there, from its dist/.
import { readFileSync } from 'node:fs';

/** The checkout's root URL (ends with `/`), its package name, and each export's source URL by subpath (`.`, `./adapter`). */
let root = '';
let name = '';
const sources = new Map();

export function initialize(data) {
  root = data.root;
  const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
  name = manifest.name;
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const compiled = typeof target === 'object' && target !== null ? target.default : undefined;
    const match = typeof compiled === 'string' ? /^\.\/dist\/(.+)\.js$/.exec(compiled) : null;
    if (match !== null) sources.set(subpath, new URL(`${match[1]}.ts`, root).href);
  }
}

/** Whether `url` is a module of the checkout itself (not one of its dependencies). */
function inCheckout(url) {
  return url !== undefined && url.startsWith(root) && !url.slice(root.length).split('/').includes('node_modules');
}

export async function resolve(specifier, context, nextResolve) {
  const subpath = specifier === name ? '.' : specifier.startsWith(`${name}/`) ? `.${specifier.slice(name.length)}` : undefined;
  const source = subpath === undefined || !inCheckout(context.parentURL) ? undefined : sources.get(subpath);
  // The source goes on through the next hooks (tsx), which load TypeScript.
  return nextResolve(source ?? specifier, context);
}
