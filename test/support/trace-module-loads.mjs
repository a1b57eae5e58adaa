/**
 * Preloaded with `node --import ./test/support/trace-module-loads.mjs …`: writes
 * `module-load <url>` on standard error each time a module is resolved, in the order the program
 * asks for them, between what the program itself writes there. Standard error into a pipe is
 * written synchronously on Linux, so the two keep their order. Used by tests that check what a
 * command loads, and before which line it loads it.
 */
import { writeSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

/** The resolve hook (it runs on the loader's thread): passes every request on and names what it resolved to. */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  writeSync(2, `module-load ${resolved.url}\n`);
  return resolved;
}

// On the main thread this file registers itself as the hooks module; on the loader's thread it is that module.
if (isMainThread) register(import.meta.url);
