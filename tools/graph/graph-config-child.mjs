// The process a repository's dependency-cruiser config is loaded in (forked by
// tools/graph/load-graph-config.ts). A config is the repository's code: it may exit, throw or never
// return, and none of that may end or hang the gate that reads it. Plain JavaScript, because a
// process cannot start from a .ts file before a loader is registered. It receives the config's
// path, loads it with what its `extends` names, and sends back the options (as JSON) or why not.
// It first says it is ready: the time limit is the config's, not this process's start on a busy machine.
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

/** One line of what went wrong, whatever was thrown. */
function describe(value) {
  if (value instanceof Error) return value.message;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Sends the one answer, then leaves: what the config left running must not keep this process. */
function answer(message) {
  process.send(message, () => process.exit(0));
}

// Code a config leaves behind (a timer that throws, a promise nobody awaits) fails the load.
process.on('uncaughtException', (error) => answer({ error: describe(error) }));
process.on('unhandledRejection', (reason) => answer({ error: describe(reason) }));

process.once('message', async ({ file }) => {
  try {
    answer({ options: JSON.stringify(await extractDepcruiseOptions(file)) });
  } catch (error) {
    answer({ error: describe(error) });
  }
});
process.send({ ready: true });
