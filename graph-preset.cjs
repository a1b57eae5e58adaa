/**
 * `agent-identity-kit/graph-preset`: the kit's module-graph preset, for a repository's own
 * dependency-cruiser config to extend (`extends: 'agent-identity-kit/graph-preset'`). It sits at
 * the package root because dependency-cruiser resolves `extends` by file name, without the
 * package's `exports`; Node's `require` reaches it through `exports` too.
 */
module.exports = require('./tools/graph/preset.cjs');
